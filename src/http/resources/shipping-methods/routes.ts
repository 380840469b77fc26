/**
 * `/api/v1/shipping-methods/`: how a cart is shipped and what it costs
 * (step 3 of the cart recalculation, src/domain/pricing/steps/shipping.ts).
 * Every channel of a method needs an amount in its `configuration`. Nothing
 * references a shipping method, so DELETE never answers 409.
 *
 * List: default sorting `code asc`; sortable `code`, `position`,
 * `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * PUT: sent collections replace (translations, channels, configuration);
 * PATCH: the same, except that sent translations are merged by locale.
 *
 * The form is Sylius 1.8's (ShippingBundle's ShippingMethodType with
 * CoreBundle's ShippingMethodTypeExtension, ShippingMethod.xml and
 * ShippingMethodTranslation.xml of both bundles, validators.en.yml): its
 * children in its order (translations, position, category,
 * categoryRequirement, calculator, enabled, rules, zone, taxCategory,
 * channels, code, then configuration, added when a calculator is sent), a
 * translation's failures inside `translations.children.<locale>.children`.
 * Translations are optional, as in Sylius: a method without one is named by
 * its code wherever a name is shown. `rules` (Sylius' shipping rules) are
 * accepted only empty: the service has none.
 */
import { Hono } from "hono";
import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { boundedNext, defineForm, isEmptyBody, isPlainObject, validateForm, rethrowOutOfRange, rethrowUniqueViolation } from "../../form";
import { CODE_PATTERN, codeList, integer, optionalBoolean, requiredString } from "../../fields";
import { textMessage } from "../shared/fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import {
  channels,
  locales,
  shippingCategories,
  shippingMethodChannels,
  shippingMethods,
  shippingMethodTranslations,
  taxCategories,
} from "../../../data/schema";
import { namedBatch, runBatch } from "../../../data/batch";
import { groupBy, mustExist, mustGet, unique } from "../../../data/collections";
import { contains, inJson } from "../../../data/conditions";
import { listPage } from "../../list-page";
import { categoryByCode } from "../../../data/queries/categories";
import { zoneByCode } from "../../../data/queries/zones";
import {
  CATEGORY_REQUIREMENTS,
  channelsOfShippingMethods,
  insertShippingMethodChannels,
  nextShippingMethodPosition,
  SHIPPING_CALCULATORS,
  shippingMethodByCode,
  shippingMethodColumns,
  shippingMethodIdsOfCode,
  shippingMethodParts,
  upsertShippingMethodTranslations,
  type ShippingMethodParts,
  type ShippingMethodRow,
} from "../../../data/queries/shipping-methods";
import { serializeShippingMethod } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpec } from "../../openapi/describe";
import { CATEGORY_DESCRIPTION, CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { ShippingMethod, ShippingMethodPage } from "./schemas";

/** ShippingBundle's and CoreBundle's validators.en.yml. */
export const SHIPPING_METHOD_MESSAGES = {
  codeBlank: "Please enter shipping method code.",
  codePattern: "Shipping method code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The shipping method with given code already exists.",
  nameBlank: "Please enter shipping method name.",
  nameTooShort: "Shipping method name must be at least 2 characters long.",
  nameTooLong: "Shipping method name must not be longer than 255 characters.",
  calculatorBlank: "Please select shipping method calculator.",
  zoneBlank: "Please select shipping method zone.",
} as const;
const UNIQUE_CODE = SHIPPING_METHOD_MESSAGES.unique;
const NAME_LENGTH = { min: 2, tooShort: SHIPPING_METHOD_MESSAGES.nameTooShort, max: 255, tooLong: SHIPPING_METHOD_MESSAGES.nameTooLong };
const TRANSLATION_FIELDS = ["name", "description"] as const;

const blankOrInvalid = (blank: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === "" ? blank : MSG.invalid;
const calculator = () => z.enum(SHIPPING_CALCULATORS, { error: blankOrInvalid(SHIPPING_METHOD_MESSAGES.calculatorBlank) });
const methodCode = () =>
  requiredString(SHIPPING_METHOD_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: SHIPPING_METHOD_MESSAGES.codePattern });

/** A category code, or null / "" for none. */
const optionalReference = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

const fields = {
  position: integer({ min: 0 }).optional(),
  enabled: optionalBoolean(),
  /** Checked entry by entry by `checkTranslations` (failures go inside each locale's sub-form). */
  translations: z.record(z.string(), z.unknown(), { error: MSG.invalid }).optional(),
  rules: z.array(z.unknown(), { error: MSG.invalid }).max(0, { error: MSG.invalid }).optional(),
  channels: codeList().optional(),
  configuration: z
    .record(z.string(), z.strictObject({ amount: integer({ min: 0 }) }, { error: MSG.invalid }), { error: MSG.invalid })
    .optional(),
  category: optionalReference(),
  categoryRequirement: z.enum(CATEGORY_REQUIREMENTS, { error: MSG.invalid }).optional(),
  taxCategory: optionalReference(),
};

export const createForm = defineForm({
  translations: fields.translations,
  position: fields.position,
  category: fields.category,
  categoryRequirement: fields.categoryRequirement,
  calculator: calculator(),
  enabled: fields.enabled,
  rules: fields.rules,
  zone: requiredString(SHIPPING_METHOD_MESSAGES.zoneBlank),
  taxCategory: fields.taxCategory,
  channels: fields.channels,
  code: methodCode(),
  configuration: fields.configuration,
});

const TRANSLATIONS_SHAPE = {
  schema: z.record(z.string(), z.strictObject({ name: z.string().min(2).max(255), description: z.string().nullable().optional() })),
  examples: [{ en_US: { name: "FedEx", description: "Delivered in 2 to 3 days." } }, {}],
};
const RULES_DOC = "Sylius' shipping rules; this service has none: only an empty list is accepted.";

documentForm(createForm, {
  component: "ShippingMethodCreate",
  shapes: { translations: TRANSLATIONS_SHAPE },
  descriptions: {
    code: CODE_DESCRIPTION,
    translations: "Name and description per locale code; optional (a method without a name is shown by its code).",
    rules: RULES_DOC,
    zone: "Zone code.",
    channels: "Channel codes; each needs an amount in `configuration`.",
    configuration: "Amount in minor units per channel code.",
    category: CATEGORY_DESCRIPTION,
    taxCategory: CATEGORY_DESCRIPTION,
  },
  example: {
    code: "FEDEX",
    position: 2,
    enabled: true,
    translations: { en_US: { name: "FedEx", description: "Delivered in 2 to 3 days." } },
    zone: "US",
    channels: ["US_WEB"],
    calculator: "flat_rate",
    configuration: { US_WEB: { amount: 1250 } },
    category: null,
    categoryRequirement: "match_any",
    taxCategory: null,
  },
});

export const updateForm = defineForm({
  translations: fields.translations,
  position: fields.position,
  category: fields.category,
  categoryRequirement: fields.categoryRequirement,
  calculator: calculator().optional(),
  enabled: fields.enabled,
  rules: fields.rules,
  zone: requiredString(SHIPPING_METHOD_MESSAGES.zoneBlank).optional(),
  taxCategory: fields.taxCategory,
  channels: fields.channels,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  configuration: fields.configuration,
});

documentForm(updateForm, {
  component: "ShippingMethodUpdate",
  shapes: { code: IGNORED_CODE, translations: TRANSLATIONS_SHAPE },
  descriptions: {
    translations: "PUT replaces, PATCH merges by locale.",
    rules: RULES_DOC,
    category: CATEGORY_DESCRIPTION,
    taxCategory: CATEGORY_DESCRIPTION,
  },
  example: { configuration: { US_WEB: { amount: 990 } } },
});

type Values = ReturnType<typeof validateForm<typeof updateForm.shape>>["values"];
type Field = (typeof updateForm.fields)[number];

interface TranslationInput {
  locale: string;
  name: string;
  description: string | null;
}

interface TranslationResult {
  shape(field: "translations", tree: { children: Record<string, object> } | Record<string, never>): void;
  fail(field: "translations", message: string): void;
  failAt(field: "translations", path: readonly string[], message: string): void;
}

/**
 * Each sent locale's sub-form (ShippingMethodTranslationType: name,
 * description), failures reported inside it; returns the valid entries.
 */
function checkTranslations(result: TranslationResult, sent: Record<string, unknown> | undefined, knownLocales: Set<string>): TranslationInput[] | undefined {
  if (!sent) return undefined;
  const known = Object.keys(sent).filter((locale) => knownLocales.has(locale));
  result.shape("translations", known.length ? { children: Object.fromEntries(known.map((l) => [l, { children: { name: {}, description: {} } }])) } : {});
  const valid: TranslationInput[] = [];
  for (const [locale, entry] of Object.entries(sent)) {
    if (!knownLocales.has(locale)) {
      result.fail("translations", MSG.invalid);
      continue;
    }
    if (!isPlainObject(entry)) {
      result.failAt("translations", [locale], MSG.invalid);
      continue;
    }
    if (Object.keys(entry).some((key) => !(TRANSLATION_FIELDS as readonly string[]).includes(key))) result.failAt("translations", [locale], MSG.extraFields);
    const { name, description = null } = entry;
    const nameMessage = textMessage(name, SHIPPING_METHOD_MESSAGES.nameBlank, NAME_LENGTH);
    if (nameMessage) result.failAt("translations", [locale, "name"], nameMessage);
    const descriptionOk = description === null || (typeof description === "string" && description.length <= 4000);
    if (!descriptionOk) result.failAt("translations", [locale, "description"], MSG.invalid);
    if (!nameMessage && descriptionOk && typeof name === "string") valid.push({ locale, name, description: description as string | null });
  }
  return valid;
}

const missing = (code: string) => notFound(`Shipping method with code "${code}" does not exist.`);

/** The methods with their parts read in the same batch (a foreign key: each zone is there). */
function representation(rows: ShippingMethodRow[], parts: ShippingMethodParts) {
  const { translations, channels: channelRows, zones: zoneRows, categories, taxCategories: taxCats } = parts;
  const translationsOf = groupBy(translations, (t) => t.methodId);
  const channelsOf = groupBy(channelRows, (ch) => ch.methodId);
  const zoneById = new Map(zoneRows.map((row) => [row.id, row]));
  const categoryById = new Map(categories.map((row) => [row.id, row]));
  const taxCategoryById = new Map(taxCats.map((row) => [row.id, row]));
  return rows.map((row) =>
    serializeShippingMethod(row, {
      translations: translationsOf.get(row.id) ?? [],
      channels: channelsOf.get(row.id) ?? [],
      zone: mustGet(zoneById, row.zoneId, "Zone"),
      category: row.categoryId === null ? null : (categoryById.get(row.categoryId) ?? null),
      taxCategory: row.taxCategoryId === null ? null : (taxCategoryById.get(row.taxCategoryId) ?? null),
    }),
  );
}

/** The reads of a write: the method, every referenced thing by code, the method's current channels. */
function writeReads(db: Database, code: string, values: Values) {
  const channelCodes = unique([...(values.channels ?? []), ...Object.keys(values.configuration ?? {})]);
  return {
    method: shippingMethodByCode(db, code),
    locales: db.select({ code: locales.code }).from(locales).where(inJson(locales.code, Object.keys(values.translations ?? {}))),
    zone: zoneByCode(db, values.zone ?? ""),
    channels: db.select({ id: channels.id, code: channels.code }).from(channels).where(inJson(channels.code, channelCodes)),
    category: categoryByCode(db, shippingCategories, values.category ?? ""),
    taxCategory: categoryByCode(db, taxCategories, values.taxCategory ?? ""),
    currentChannels: channelsOfShippingMethods(db, shippingMethodIdsOfCode(db, code)),
  };
}

interface Found {
  locales: { code: string }[];
  zone: { id: number } | undefined;
  channels: { id: number; code: string }[];
  category: { id: number } | undefined;
  taxCategory: { id: number } | undefined;
  /** Channel codes the method has now (none on create). */
  currentChannels: string[];
  /** Its configuration now ({} on create). */
  currentConfiguration: Record<string, { amount: number }>;
}

/** Data checks shared by create and update; returns the ids to write. */
function checkReferences(fail: (field: Field, message: string) => void, values: Values, found: Found) {
  const channelId = new Map(found.channels.map((ch) => [ch.code, ch.id]));
  if (values.zone !== undefined && !found.zone) fail("zone", MSG.invalid);
  if (values.channels?.some((code) => !channelId.has(code))) fail("channels", MSG.invalid);
  if (values.category && !found.category) fail("category", MSG.invalid);
  if (values.taxCategory && !found.taxCategory) fail("taxCategory", MSG.invalid);
  // Every channel of the method needs an amount; configured channels must exist.
  const configuration = values.configuration ?? found.currentConfiguration;
  const methodChannels = values.channels ?? found.currentChannels;
  if (values.configuration && Object.keys(values.configuration).some((code) => !channelId.has(code))) {
    fail("configuration", MSG.invalid);
  }
  if (methodChannels.some((code) => configuration[code] === undefined)) fail("configuration", MSG.invalid);
  return {
    // An unknown code has failed `channels` above (the form answers 400): it is left out, not an undefined id.
    channelIds: values.channels === undefined ? undefined : unique(values.channels).flatMap((code) => channelId.get(code) ?? []),
    configuration,
    zoneId: found.zone?.id,
    /** undefined keeps, null clears. */
    categoryId: values.category === undefined ? undefined : values.category === null ? null : (found.category?.id ?? null),
    taxCategoryId:
      values.taxCategory === undefined ? undefined : values.taxCategory === null ? null : (found.taxCategory?.id ?? null),
  };
}


const docs = crudDocs({
  tag: "Shipping methods",
  noun: "shipping method",
  plural: "shipping methods",
  idPrefix: "ShippingMethod",
  item: ShippingMethod,
  page: ShippingMethodPage,
  create: createForm,
  update: updateForm,
  list: listSpec(["code", "position", "createdAt", "updatedAt"], ["code"]),
  deleteConflict: false,
});

export const shippingMethodRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, shippingMethods, c.req.url, {
      sortable: {
        code: shippingMethods.code,
        position: shippingMethods.position,
        createdAt: shippingMethods.createdAt,
        updatedAt: shippingMethods.updatedAt,
      },
      defaultSorting: { field: "code", direction: "asc" },
      filters: { code: (value) => contains(shippingMethods.code, value) },
    });
    const { rows, counted, parts } = await namedBatch(db, {
      rows: page.rows(db.select(shippingMethodColumns).from(shippingMethods).$dynamic()),
      counted: page.count,
      parts: shippingMethodParts(db, page.ids),
    });
    return c.json(page.envelope("/api/v1/shipping-methods/", counted, representation(rows, parts)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { rows, parts } = await namedBatch(db, {
      rows: shippingMethodByCode(db, code),
      parts: shippingMethodParts(db, shippingMethodIdsOfCode(db, code)),
    });
    const [method] = representation(rows, parts);
    if (!method) throw missing(code);
    return c.json(method);
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const found = await namedBatch(db, writeReads(db, code, values));
    if (found.method.length > 0) result.fail("code", UNIQUE_CODE);
    const translations = checkTranslations(result, values.translations, new Set(found.locales.map((l) => l.code))) ?? [];
    const refs = checkReferences((field, message) => result.fail(field as keyof typeof createForm.shape, message), values, {
      locales: found.locales,
      zone: found.zone[0],
      channels: found.channels,
      category: found.category[0],
      taxCategory: found.taxCategory[0],
      currentChannels: [],
      currentConfiguration: {},
    });
    result.assertValid();
    // A required field, found or the form failed above.
    const zoneId = mustExist(refs.zoneId, "The zone's id");
    try {
      const { rows, parts } = await namedBatch(db, {
        method: db.insert(shippingMethods).values({
          code,
          position: values.position ?? boundedNext(nextShippingMethodPosition),
          enabled: values.enabled ?? true,
          zoneId,
          calculator: result.required("calculator"),
          configuration: refs.configuration,
          categoryId: refs.categoryId ?? null,
          categoryRequirement: values.categoryRequirement ?? "match_any",
          taxCategoryId: refs.taxCategoryId ?? null,
        }),
        translations: translations.length ? upsertShippingMethodTranslations(db, code, translations) : undefined,
        channels: insertShippingMethodChannels(db, code, refs.channelIds ?? []),
        rows: shippingMethodByCode(db, code),
        parts: shippingMethodParts(db, shippingMethodIdsOfCode(db, code)),
      });
      const [method] = representation(rows, parts);
      if (!method) throw new Error(`Shipping method "${code}" was not read back after its insert.`);
      return c.json(method, 201);
    } catch (error) {
      rethrowOutOfRange(error, result, "position", "shipping_methods.position");
      rethrowUniqueViolation(error, result, "code", UNIQUE_CODE);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const merge = c.req.method === "PATCH";
    const result = validateForm(updateForm, c.var.body);
    const values = result.values;
    const found = await namedBatch(db, writeReads(db, code, values));
    const [method] = found.method;
    if (!method) throw missing(code);
    const translations = checkTranslations(result, values.translations, new Set(found.locales.map((l) => l.code)));
    // A PUT without a body is the form submitted empty: Sylius' update form fails calculator and zone.
    if (!merge && isEmptyBody(c.var.body)) {
      result.fail("calculator", SHIPPING_METHOD_MESSAGES.calculatorBlank);
      result.fail("zone", SHIPPING_METHOD_MESSAGES.zoneBlank);
    }
    const refs = checkReferences((field, message) => result.fail(field, message), values, {
      locales: found.locales,
      zone: found.zone[0],
      channels: found.channels,
      category: found.category[0],
      taxCategory: found.taxCategory[0],
      currentChannels: found.currentChannels.map((ch) => ch.code),
      currentConfiguration: method.configuration,
    });
    result.assertValid();
    const id = method.id;
    const sentLocales = (translations ?? []).map((t) => t.locale);
    await runBatch(db, [
      db
        .update(shippingMethods)
        .set({
          position: values.position ?? method.position,
          enabled: values.enabled ?? method.enabled,
          zoneId: refs.zoneId ?? method.zoneId,
          calculator: values.calculator ?? method.calculator,
          configuration: refs.configuration,
          categoryId: refs.categoryId === undefined ? method.categoryId : refs.categoryId,
          categoryRequirement: values.categoryRequirement ?? method.categoryRequirement,
          taxCategoryId: refs.taxCategoryId === undefined ? method.taxCategoryId : refs.taxCategoryId,
          updatedAt: nowIso(),
        })
        .where(eq(shippingMethods.id, id)),
      // PUT replaces the translations (an empty map removes them all), PATCH merges by locale.
      ...(translations && !merge
        ? [
            db
              .delete(shippingMethodTranslations)
              .where(and(eq(shippingMethodTranslations.methodId, id), notInArray(shippingMethodTranslations.locale, sentLocales))),
          ]
        : []),
      ...(translations && translations.length > 0 ? [upsertShippingMethodTranslations(db, code, translations)] : []),
      ...(refs.channelIds !== undefined
        ? [
            db.delete(shippingMethodChannels).where(eq(shippingMethodChannels.methodId, id)),
            insertShippingMethodChannels(db, code, refs.channelIds),
          ]
        : []),
    ]);
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      method: [method],
    } = await namedBatch(db, { method: shippingMethodByCode(db, code) });
    if (!method) throw missing(code);
    await runBatch(db, [db.delete(shippingMethods).where(eq(shippingMethods.id, method.id))]);
    return c.body(null, 204);
  });
