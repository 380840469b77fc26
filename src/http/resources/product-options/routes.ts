/**
 * `/api/v1/product-options/`: options (e.g. mug type) with translated names
 * and values. Keyed by code.
 *
 * Cost: GET one / list = 1 D1 round trip; create / update / delete = 2 (one
 * read batch that also carries the auth check, then one atomic write batch;
 * a create's write batch ends with the SELECTs of the response).
 */
import { Hono } from "hono";
import { and, eq, exists } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, validateForm, type Failable } from "../../form";
import { integer, requiredCode, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { conflict, notFound } from "../../errors";
import { isForeignKeyViolation, isUniqueViolation } from "../../../data/constraints";
import { productOptions, productOptionTranslations } from "../../../data/schema";
import { Batch, type Statement } from "../../../data/batch";
import { unique } from "../../../data/collections";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import { listPage } from "../../list-page";
import {
  createOptionStatements,
  deleteOptionTranslations,
  deleteOptionValues,
  deleteOptionValueTranslations,
  insertOptionValues,
  optionIdByCode,
  queueExistingLocales,
  queueOptionAssigned,
  queueOptions,
  queueUsedValueIds,
  queueValueOwners,
  upsertOptionTranslations,
  upsertValueTranslations,
  type OptionValueInput,
} from "../../../data/queries/product-options";
import { serializeProductOption } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpec } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, type InputShape } from "../../openapi/form-docs";
import { ProductOption, ProductOptionPage } from "./schemas";

export const OPTION_MESSAGES = {
  codeTaken: "The option with given code already exists.",
  valueCodeTaken: "The option value with given code already exists.",
  inUse: "Cannot delete, the product option is in use.",
  valueInUse: (code: string) => `Cannot remove the option value "${code}", it is used by a product variant.`,
  valuesInUse: "Cannot remove option values that are used by product variants.",
} as const;

// ------------------------------------------------------- shared form helpers

const KNOWN_MESSAGES = new Set((Object.values(MSG) as unknown[]).filter((m): m is string => typeof m === "string"));

/**
 * An optional compound field validated by `schema`: its issues are reported
 * on the field itself with the texts of `MSG` (anything else becomes
 * `This value is not valid.`), each message once.
 */
export function reported<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value, ctx): z.output<T> | undefined => {
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const messages = new Set(parsed.error.issues.map((i) => (KNOWN_MESSAGES.has(i.message) ? i.message : MSG.invalid)));
    for (const message of messages) ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** A list of resource codes (duplicates dropped, order kept). */
export const codeListField = () =>
  reported(z.array(requiredString()).transform(unique));

/** Fails `field` once when any of `codes` is missing from `found`. */
export function failUnknown<F extends string>(
  result: Failable<F>,
  field: F,
  codes: Iterable<string>,
  found: Set<string>,
): void {
  for (const code of codes) {
    if (!found.has(code)) {
      result.fail(field, MSG.invalid);
      return;
    }
  }
}

// ---------------------------------------------------------------------- form

const translationsField = reported(z.record(z.string(), z.strictObject({ name: requiredString() })));

const valuesField = reported(
  z.array(
    z.strictObject({
      code: requiredCode(),
      translations: z.record(z.string(), z.strictObject({ value: requiredString() })).optional(),
    }),
  ),
);

/** `translations` and `values` parse `unknown` (their messages are re-worded): what they accept. */
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

export const createForm = defineForm({
  code: requiredCode(),
  position: integer({ min: 0 }).optional(),
  translations: translationsField,
  values: valuesField,
});

documentForm(createForm, {
  component: "ProductOptionCreate",
  shapes: optionShapes,
  descriptions: { code: CODE_DESCRIPTION },
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

/** Updates: the code is the identity; a sent code is validated, never applied. */
export const updateForm = defineForm({ ...createForm.shape, code: createForm.shape.code.optional() });

documentForm(updateForm, {
  component: "ProductOptionUpdate",
  shapes: optionShapes,
  example: { translations: { en_US: { name: "Mug colour" } } },
});

type OptionResult = Failable<"code" | "translations" | "values">;

function translationMap(input: Record<string, { name: string }> | undefined): Map<string, string> | undefined {
  return input === undefined ? undefined : new Map(Object.entries(input).map(([locale, t]) => [locale, t.name]));
}

function valueInputs(
  input: { code: string; translations?: Record<string, { value: string }> | undefined }[] | undefined,
): OptionValueInput[] | undefined {
  return input?.map((value) => ({
    code: value.code,
    translations: new Map(Object.entries(value.translations ?? {}).map(([locale, t]) => [locale, t.value])),
  }));
}

/** The data checks shared by create and update. */
function checkReferences(
  result: OptionResult,
  input: { translations?: Map<string, string>; values?: OptionValueInput[] },
  found: { locales: Set<string>; valueOwners: Map<string, number> },
  optionId: number | null,
): void {
  if (input.translations) failUnknown(result, "translations", input.translations.keys(), found.locales);
  if (!input.values) return;
  const seen = new Set<string>();
  for (const value of input.values) {
    const owner = found.valueOwners.get(value.code);
    if (seen.has(value.code) || (owner !== undefined && owner !== optionId)) {
      result.fail("values", OPTION_MESSAGES.valueCodeTaken);
    }
    seen.add(value.code);
    failUnknown(result, "values", value.translations.keys(), found.locales);
  }
}

function allLocales(input: { translations?: Map<string, string>; values?: OptionValueInput[] }): string[] {
  return [
    ...(input.translations?.keys() ?? []),
    ...(input.values ?? []).flatMap((value) => [...value.translations.keys()]),
  ];
}

function failUniqueViolation(result: OptionResult, error: unknown): never {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  if (text.includes("product_option_values.code")) result.fail("values", OPTION_MESSAGES.valueCodeTaken);
  else result.fail("code", OPTION_MESSAGES.codeTaken);
  result.assertValid();
  throw error;
}

// -------------------------------------------------------------------- routes

async function loadOne(db: Database, code: string) {
  const batch = new Batch();
  const options = queueOptions(batch, db, optionIdByCode(db, code));
  await batch.run(db);
  const [option] = options();
  if (!option) throw notFound(`Product option with code "${code}" does not exist.`);
  return option;
}

const docs = crudDocs({
  tag: "Product options",
  noun: "product option",
  plural: "product options",
  idPrefix: "ProductOption",
  item: ProductOption,
  page: ProductOptionPage,
  create: createForm,
  update: updateForm,
  list: listSpec(["position", "code", "createdAt", "updatedAt"], ["code", "name"], "position asc"),
  deleteConflict: true,
  updateConflict: "409 when a value that variants use is removed.",
  putNote: "A sent `code` is validated, then ignored. Sent translations (of the option and of its values) replace the old ones.",
  patchNote: "Fields not sent keep their values; sent translations are merged by locale.",
});

export const productOptionRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, productOptions, c.req.url, {
      sortable: {
        position: productOptions.position,
        code: productOptions.code,
        createdAt: productOptions.createdAt,
        updatedAt: productOptions.updatedAt,
      },
      defaultSorting: { field: "position", direction: "asc" },
      filters: {
        code: (value) => containsText(productOptions.code, value),
        name: (value) =>
          exists(
            db
              .select({ id: productOptionTranslations.id })
              .from(productOptionTranslations)
              .where(
                and(
                  eq(productOptionTranslations.optionId, productOptions.id),
                  containsText(productOptionTranslations.name, value),
                ),
              ),
          ),
      },
    });
    const batch = new Batch();
    const counted = batch.add(page.count);
    const options = queueOptions(batch, db, page.ids, page.orderBy);
    await batch.run(db);
    return c.json(page.envelope("/api/v1/product-options/", counted(), options().map(serializeProductOption)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => c.json(serializeProductOption(await loadOne(c.var.db, c.req.param("code")))))
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const code = result.values.code;
    const input = { translations: translationMap(result.values.translations), values: valueInputs(result.values.values) };

    const reads = new Batch();
    const taken = code !== undefined ? reads.add(optionIdByCode(db, code).limit(1)) : () => [];
    const locales = queueExistingLocales(reads, db, allLocales(input));
    const valueOwners = queueValueOwners(reads, db, (input.values ?? []).map((v) => v.code));
    await reads.run(db);

    if (taken().length > 0) result.fail("code", OPTION_MESSAGES.codeTaken);
    checkReferences(result, input, { locales: locales(), valueOwners: valueOwners() }, null);
    result.assertValid();
    const newCode = result.required("code");

    const writes = new Batch();
    writes.addAll(
      createOptionStatements(db, {
        code: newCode,
        position: result.values.position ?? 0,
        translations: input.translations ?? new Map(),
        values: input.values ?? [],
      }),
    );
    const created = queueOptions(writes, db, optionIdByCode(db, newCode));
    try {
      await writes.run(db);
    } catch (error) {
      if (isUniqueViolation(error)) failUniqueViolation(result, error);
      throw error;
    }
    const [option] = created();
    if (!option) throw new Error(`Product option "${newCode}" was not read back after its insert.`);
    return c.json(serializeProductOption(option), 201);
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const merge = c.req.method === "PATCH";
    const result = validateForm(updateForm, c.var.body);
    const input = { translations: translationMap(result.values.translations), values: valueInputs(result.values.values) };

    const reads = new Batch();
    const current = queueOptions(reads, db, optionIdByCode(db, code));
    const locales = queueExistingLocales(reads, db, allLocales(input));
    const valueOwners = queueValueOwners(reads, db, (input.values ?? []).map((v) => v.code));
    const usedValueIds = queueUsedValueIds(reads, db, code);
    await reads.run(db);

    const [option] = current();
    if (!option) throw notFound(`Product option with code "${code}" does not exist.`);
    checkReferences(result, input, { locales: locales(), valueOwners: valueOwners() }, option.id);
    result.assertValid();

    const statements: Statement[] = [];
    const changes: Partial<typeof productOptions.$inferInsert> = { updatedAt: nowIso() };
    if (result.values.position !== undefined) changes.position = result.values.position;
    statements.push(db.update(productOptions).set(changes).where(eq(productOptions.id, option.id)));

    const sentTranslations = input.translations;
    if (sentTranslations) {
      if (!merge) {
        const dropped = option.translations.filter((t) => !sentTranslations.has(t.locale)).map((t) => t.id);
        statements.push(...deleteOptionTranslations(db, dropped));
      }
      statements.push(...upsertOptionTranslations(db, option.id, sentTranslations));
    }

    if (input.values) {
      const sent = new Map(input.values.map((value) => [value.code, value]));
      const existing = new Map(option.values.map((value) => [value.code, value]));
      const removed = option.values.filter((value) => !sent.has(value.code));
      const used = usedValueIds();
      const inUse = removed.find((value) => used.has(value.id));
      if (inUse) throw conflict(OPTION_MESSAGES.valueInUse(inUse.code));
      statements.push(...deleteOptionValues(db, removed.map((value) => value.id)));
      statements.push(...insertOptionValues(db, option.id, input.values.filter((v) => !existing.has(v.code)).map((v) => v.code)));
      if (!merge) {
        const dropped = input.values.flatMap(
          (value) => existing.get(value.code)?.translations.filter((t) => !value.translations.has(t.locale)).map((t) => t.id) ?? [],
        );
        statements.push(...deleteOptionValueTranslations(db, dropped));
      }
      statements.push(...upsertValueTranslations(db, input.values));
    }

    const writes = new Batch();
    writes.addAll(statements);
    try {
      await writes.run(db);
    } catch (error) {
      if (isUniqueViolation(error)) failUniqueViolation(result, error);
      if (isForeignKeyViolation(error)) throw conflict(OPTION_MESSAGES.valuesInUse);
      throw error;
    }
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const reads = new Batch();
    const found = reads.add(optionIdByCode(db, code).limit(1));
    const assigned = queueOptionAssigned(reads, db, code);
    const usedValues = queueUsedValueIds(reads, db, code);
    await reads.run(db);
    const [option] = found();
    if (!option) throw notFound(`Product option with code "${code}" does not exist.`);
    if (assigned() || usedValues().size > 0) throw conflict(OPTION_MESSAGES.inUse);
    try {
      await db.delete(productOptions).where(eq(productOptions.id, option.id));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(OPTION_MESSAGES.inUse);
      throw error;
    }
    return c.body(null, 204);
  });
