/**
 * `/api/v1/product-options/`: options (e.g. mug type) with translated names
 * and values. Keyed by code.
 *
 * Cost: GET one / list = 1 D1 round trip; create / update / delete = 2 (one
 * read batch that also carries the auth check, then one atomic write batch;
 * a create's write batch ends with the SELECTs of the response).
 */
import { z } from "zod";
import { defineForm, isPlainObject, boundedNext, type FormResult } from "../../form";
import { resourceRoutes } from "../shared/resource";
import { CODE_PATTERN, integer, MAX_INT, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { conflict } from "../../errors";
import { isForeignKeyViolation, isUniqueViolation } from "../../../data/constraints";
import { productOptions, productOptionTranslations } from "../../../data/schema";
import type { Statement } from "../../../data/batch";
import { mustExist } from "../../../data/collections";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import { textFilter, translatedName, type ListSpec } from "../../list-page";
import {
  closeOptionGap,
  createOptionStatements,
  insertedOptionPosition,
  maxOptionPosition,
  moveOptionStatements,
  nextOptionPosition,
  shiftAfterOptionInsert,
  deleteOptionTranslations,
  deleteOptionValues,
  deleteOptionValueTranslations,
  insertOptionValues,
  optionIdByCode,
  existingLocalesQueries,
  localeSet,
  optionAssignedQuery,
  optionReads,
  optionRecords,
  usedValueIdsQuery,
  valueOwners,
  valueOwnersQueries,
  upsertOptionTranslations,
  upsertValueTranslations,
  type OptionValueInput,
  optionPositionByCode,
  optionsOfTranslations,
} from "../../../data/queries/product-options";
import { serializeProductOption } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, type InputShape } from "../../openapi/form-docs";
import { ProductOption, ProductOptionPage } from "./schemas";
import { checkNameTranslations, checkText, nameTranslationsTree, reported } from "../shared/fields";
import { updateById, deleteById } from "../../../data/queries/table-writes";

/** Sylius 1.8's texts (ProductBundle's validators.en.yml), and this service's conflicts. */
export const OPTION_MESSAGES = {
  codeBlank: "Please enter option code.",
  codePattern: "Option code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "The option with given code already exists.",
  nameBlank: "Please enter option name.",
  nameTooShort: "Option name must be at least 2 characters long.",
  nameTooLong: "Option name must not be longer than 255 characters.",
  valueCodeBlank: "Please enter option value code.",
  valueCodePattern: "Option value code can only be comprised of letters, numbers, dashes and underscores.",
  valueCodeTaken: "The option value with given code already exists.",
  valueBlank: "Please enter option value.",
  inUse: "Cannot delete, the product option is in use.",
  valueInUse: (code: string) => `Cannot remove the option value "${code}", it is used by a product variant.`,
  valuesInUse: "Cannot remove option values that are used by product variants.",
} as const;

// ---------------------------------------------------------------------- form
//
// Sylius 1.8's ProductOptionType: position, translations (one
// ProductOptionTranslationType per locale: name), values (a collection of
// ProductOptionValueType: translations per locale with `value`, then code),
// then the code (added on PRE_SET_DATA). Messages: ProductBundle's
// ProductOption*.xml and validators.en.yml. A failure inside a translation or
// a value is reported where Symfony puts it:
// `translations.children.<locale>.children.name`,
// `values.children.<index>.children.code` or
// `...children.translations.children.<locale>.children.value`.

const translationsField = reported(z.record(z.string(), z.unknown()));
const valuesField = reported(z.array(z.unknown()));

/** `translations` and `values` parse `unknown` (their entries are checked one by one): what they accept. */
const optionShapes = {
  translations: {
    schema: z.record(z.string(), z.object({ name: z.string() })).meta({ description: "Name per locale code." }),
    examples: [{ en_US: { name: "Mug type" } }],
  },
  values: {
    schema: z
      .array(
        z.object({
          code: z.string().meta({ description: "Unique across all option values." }),
          translations: z.record(z.string(), z.object({ value: z.string() })).optional(),
        }),
      )
      .meta({ description: "The option's values; on update, values left out are removed (409 when a variant uses one)." }),
    examples: [[{ code: "mug_type_medium", translations: { en_US: { value: "Medium mug" } } }]],
  },
} satisfies Record<string, InputShape>;

const optionCode = () => requiredString(OPTION_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: OPTION_MESSAGES.codePattern });

export const createForm = defineForm({
  position: integer({ min: 0 }).optional(),
  translations: translationsField,
  values: valuesField,
  code: optionCode(),
}, { lists: ["values"] });

documentForm(createForm, {
  component: "ProductOptionCreate",
  shapes: optionShapes,
  descriptions: {
    code: CODE_DESCRIPTION,
    position: "Where the option goes among all options (0 first); left out, it is appended. The others move to make room, as Sylius' sortable positions do.",
  },
  example: {
    code: "mug_color",
    position: 2,
    translations: { en_US: { name: "Mug color" } },
    values: [
      { code: "mug_color_red", translations: { en_US: { value: "Red" } } },
      { code: "mug_color_blue", translations: { en_US: { value: "Blue" } } },
    ],
  },
});

/**
 * Updates: the code is the identity; a sent code is validated, never applied.
 * A PUT leaving them out removes the values (409 while a variant uses one)
 * and moves the option to the end (where a create without a position puts
 * it: past the last position is the last); PATCH keeps them.
 */
export const updateForm = defineForm({ ...createForm.shape, code: createForm.shape.code.optional() }, { cleared: { position: MAX_INT, values: [] }, lists: ["values"] });

documentForm(updateForm, {
  component: "ProductOptionUpdate",
  shapes: optionShapes,
  descriptions: { position: "Moves the option (past the last position: to the end); the options in between close up or make room." },
  example: { translations: { en_US: { name: "Mug colour" } } },
});

type OptionResult = Pick<FormResult<typeof createForm.shape>, "fail" | "failAt" | "shape" | "assertValid">;

interface RawOptionInput {
  translations?: Record<string, unknown>;
  values?: unknown[];
}

/** The locale codes and value codes a body refers to (looked up in the read batch). */
function referenced(input: RawOptionInput): { locales: string[]; valueCodes: string[] } {
  const locales = Object.keys(input.translations ?? {});
  const valueCodes: string[] = [];
  for (const value of input.values ?? []) {
    if (!isPlainObject(value)) continue;
    if (typeof value.code === "string") valueCodes.push(value.code);
    if (isPlainObject(value.translations)) locales.push(...Object.keys(value.translations));
  }
  return { locales, valueCodes };
}


const NAME_LENGTH = { min: 2, tooShort: OPTION_MESSAGES.nameTooShort, max: 255, tooLong: OPTION_MESSAGES.nameTooLong };

/**
 * Checks the sent translations and values entry by entry, reporting each
 * failure in its sub-form, and returns what is valid.
 */
function parseOptionInput(
  result: OptionResult,
  input: RawOptionInput,
  found: { locales: Set<string>; valueOwners: Map<string, number> },
  optionId: number | null,
): { translations?: Map<string, string>; values?: OptionValueInput[] } {
  const parsed: { translations?: Map<string, string>; values?: OptionValueInput[] } = {};
  if (input.translations) {
    result.shape("translations", nameTranslationsTree(Object.keys(input.translations).filter((locale) => found.locales.has(locale))));
    parsed.translations = checkNameTranslations(result, input.translations, found.locales, OPTION_MESSAGES.nameBlank, NAME_LENGTH);
  }
  if (input.values) {
    const values: OptionValueInput[] = [];
    const seen = new Set<string>();
    // Each value is a sub-form {translations (one per sent locale: value), code}.
    const valueTree = (entry: unknown) => {
      const locales = isPlainObject(entry) && isPlainObject(entry.translations) ? Object.keys(entry.translations).filter((l) => found.locales.has(l)) : [];
      const translations = locales.length ? { children: Object.fromEntries(locales.map((l) => [l, { children: { value: {} } }])) } : {};
      return { children: { translations, code: {} } };
    };
    result.shape("values", input.values.length ? { children: Object.fromEntries(input.values.map((entry, i) => [String(i), valueTree(entry)])) } : {});
    input.values.forEach((entry, index) => {
      const at = String(index);
      if (!isPlainObject(entry)) {
        result.failAt("values", [at], MSG.invalid);
        return;
      }
      if (Object.keys(entry).some((key) => key !== "code" && key !== "translations")) result.failAt("values", [at], MSG.extraFields);
      let good = true;
      const checked = checkText(entry.code, OPTION_MESSAGES.valueCodeBlank);
      const code = checked.text ?? "";
      const codeMessage = checked.message ?? (CODE_PATTERN.test(code) ? null : OPTION_MESSAGES.valueCodePattern);
      if (codeMessage) {
        result.failAt("values", [at, "code"], codeMessage);
        good = false;
      } else {
        const owner = found.valueOwners.get(code);
        if (seen.has(code) || (owner !== undefined && owner !== optionId)) {
          result.failAt("values", [at, "code"], OPTION_MESSAGES.valueCodeTaken);
          good = false;
        }
        seen.add(code);
      }
      const translations = new Map<string, string>();
      if (entry.translations !== undefined && entry.translations !== null) {
        if (!isPlainObject(entry.translations)) {
          result.failAt("values", [at, "translations"], MSG.invalid);
          good = false;
        } else {
          for (const [locale, translation] of Object.entries(entry.translations)) {
            if (!found.locales.has(locale)) {
              result.failAt("values", [at, "translations"], MSG.invalid);
              good = false;
              continue;
            }
            if (!isPlainObject(translation)) {
              result.failAt("values", [at, "translations", locale], MSG.invalid);
              good = false;
              continue;
            }
            if (Object.keys(translation).some((key) => key !== "value")) result.failAt("values", [at, "translations", locale], MSG.extraFields);
            const value = checkText(translation.value, OPTION_MESSAGES.valueBlank);
            if (value.message !== null) {
              result.failAt("values", [at, "translations", locale, "value"], value.message);
              good = false;
            } else translations.set(locale, value.text);
          }
        }
      }
      // `good`: the code passed its checks above.
      if (good) values.push({ code, translations });
    });
    parsed.values = values;
  }
  return parsed;
}

function failUniqueViolation(result: OptionResult, error: unknown): never {
  const cause = error instanceof Error ? error.cause : undefined;
  const text = error instanceof Error ? `${error.message} ${cause instanceof Error ? String(cause) : typeof cause === "string" ? cause : ""}` : "";
  if (text.includes("product_option_values.code")) result.fail("values", OPTION_MESSAGES.valueCodeTaken);
  else result.fail("code", OPTION_MESSAGES.codeTaken);
  result.assertValid();
  throw error;
}

// -------------------------------------------------------------------- routes

/** The option of a code, with its translations and values. */
const optionOf = (db: Database, code: string) => optionReads(db, optionIdByCode(db, code));

/** Sylius' sortable positions, the code, the name (the `en_US` translation's), the dates; `criteria[code|name]` (name: any translation's). */
const LIST: ListSpec<"position" | "code" | "name" | "createdAt" | "updatedAt", "code" | "name"> = {
  sortable: {
    position: productOptions.position,
    code: productOptions.code,
    // Sylius' grid sorts `name` by `translation.name` (the request's locale).
    name: translatedName(productOptionTranslations, productOptionTranslations.optionId, productOptionTranslations.name, productOptionTranslations.locale, productOptions.id),
    createdAt: productOptions.createdAt, updatedAt: productOptions.updatedAt },
  // Creation order, as Sylius 1.8's API lists them (no grid, no sorting: the database's id order).
  defaultSorting: { field: "createdAt", direction: "asc" },
  filters: {
    code: textFilter(productOptions.code, containsText),
    // Any translation's name.
    name: {
      ...textFilter(productOptionTranslations.name, containsText),
      ownerOf: optionsOfTranslations,
    },
  },
};

export const productOptionRoutes = resourceRoutes({
  noun: "Product option",
  events: { resource: "product_option" },
  table: productOptions,
  byCode: optionPositionByCode,
  docs: {
    area: "catalog",
    path: "product-options",
    tag: "Product options",
    plural: "product options",
    idPrefix: "ProductOption",
    item: ProductOption,
    page: ProductOptionPage,
    updateConflict: "409 when a value that variants use is removed.",
    putNote: `A sent \`code\` is validated, then ignored. Sent translations (of the option and of its values) replace the old ones. ${EMPTY_PUT_NOTE} (Sylius' option form has no field that fails empty: the form-level \`This value should not be blank.\` says so.)`,
    patchNote: "Fields not sent keep their values; sent translations are merged by locale.",
  },
  // A variant using one of its values, or a product it is assigned to.
  inUseReads: (db, code) => ({ assigned: optionAssignedQuery(db, code), usedValues: usedValueIdsQuery(db, code) }),
  // The options after it close the gap (Sylius' sortable positions).
  deletes: (db, option) => [deleteById(db, productOptions, option.id), closeOptionGap(db, option.position)],
  list: {
    spec: LIST,
    // The page's options are read by their ids, with their translations and values.
    parts: (db, ids, orderBy) => optionReads(db, ids, orderBy),
    items: (_rows, found) => optionRecords(found).map(serializeProductOption),
  },
  one: {
    reads: optionOf,
    item: (found) => {
      const [option] = optionRecords(found);
      return option === undefined ? undefined : serializeProductOption(option);
    },
  },
  create: {
    form: createForm,
    reads: (db, values) => {
      const refs = referenced(values);
      return {
        taken: values.code !== undefined ? optionIdByCode(db, values.code).limit(1) : undefined,
        locales: existingLocalesQueries(db, refs.locales),
        valueOwners: valueOwnersQueries(db, refs.valueCodes),
      };
    },
    check: (result, found) => {
      if ((found.taken?.length ?? 0) > 0) result.fail("code", OPTION_MESSAGES.codeTaken);
      return parseOptionInput(result, result.values, { locales: localeSet(found.locales), valueOwners: valueOwners(found.valueOwners) }, null);
    },
    writes: (db, code, input, { values: { position } }) => ({
      insert: createOptionStatements(db, {
        code,
        // Sylius' sortable position: appended when not given, never past the end.
        position: position === undefined ? boundedNext(nextOptionPosition()) : insertedOptionPosition(position),
        translations: input.translations ?? new Map<string, string>(),
        values: input.values ?? [],
      }),
      shift: position !== undefined ? shiftAfterOptionInsert(db, code) : undefined,
    }),
    outOfRange: { field: "position", column: "product_options.position" },
    rethrow: (error, result) => {
      if (isUniqueViolation(error)) failUniqueViolation(result, error);
    },
  },
  update: {
    form: updateForm,
    reads: (db, code, values) => {
      const refs = referenced(values);
      return {
        current: optionOf(db, code),
        locales: existingLocalesQueries(db, refs.locales),
        valueOwners: valueOwnersQueries(db, refs.valueCodes),
        usedValueIds: usedValueIdsQuery(db, code),
        maxPosition: maxOptionPosition(db),
      };
    },
    rowOf: (found) => optionRecords(found.current)[0],
    check: (result, found, option, { emptyPut }) => {
      const input = parseOptionInput(result, result.values, { locales: localeSet(found.locales), valueOwners: valueOwners(found.valueOwners) }, option.id);
      // Sylius' option form has no field an empty replacement fails: the empty body itself is refused.
      if (emptyPut) result.failForm(MSG.blank);
      result.assertValid();
      const [record] = optionRecords(found.current);
      const values = input.values;
      if (values && record) {
        const sent = new Set(values.map((value) => value.code));
        const used = new Set(found.usedValueIds.map((row) => row.id));
        const inUse = record.values.find((value) => !sent.has(value.code) && used.has(value.id));
        if (inUse) throw conflict(OPTION_MESSAGES.valueInUse(inUse.code));
      }
      return { input, record: mustExist(record, "The option of the update"), maxPosition: found.maxPosition[0]?.max ?? 0 };
    },
    writes: (db, _row, { input, record: option, maxPosition }, { values: { position } }, { merge }) => {
      const statements: Statement[] = [];
      const changes: Partial<typeof productOptions.$inferInsert> = { updatedAt: nowIso() };
      if (position !== undefined) {
        // Sylius' sortable position: past the last one is the last one; the others in between move.
        const to = Math.min(position, maxPosition);
        statements.push(...moveOptionStatements(db, option.id, option.position, to));
        changes.position = to;
      }
      statements.push(updateById(db, productOptions, option.id, changes));

      const sentTranslations = input.translations;
      if (sentTranslations) {
        if (!merge) {
          const dropped = option.translations.filter((t) => !sentTranslations.has(t.locale)).map((t) => t.id);
          statements.push(...deleteOptionTranslations(db, dropped));
        }
        statements.push(...upsertOptionTranslations(db, option.id, sentTranslations));
      }

      if (input.values) {
        const sent = new Set(input.values.map((value) => value.code));
        const existing = new Map(option.values.map((value) => [value.code, value]));
        statements.push(...deleteOptionValues(db, option.values.filter((value) => !sent.has(value.code)).map((value) => value.id)));
        statements.push(...insertOptionValues(db, option.id, input.values.filter((v) => !existing.has(v.code)).map((v) => v.code)));
        if (!merge) {
          const dropped = input.values.flatMap(
            (value) => existing.get(value.code)?.translations.filter((t) => !value.translations.has(t.locale)).map((t) => t.id) ?? [],
          );
          statements.push(...deleteOptionValueTranslations(db, dropped));
        }
        statements.push(...upsertValueTranslations(db, input.values));
      }
      return statements;
    },
    rethrow: (error, result) => {
      if (isUniqueViolation(error)) failUniqueViolation(result, error);
      if (isForeignKeyViolation(error)) throw conflict(OPTION_MESSAGES.valuesInUse);
    },
  },
});
