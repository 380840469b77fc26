/**
 * `/api/v1/shipping-methods/`: how a cart is shipped and what it costs
 * (step 3 of the cart recalculation, src/domain/pricing/steps/shipping.ts).
 * Every channel of a method needs an amount in its `configuration`. Nothing
 * references a shipping method, so DELETE never answers 409.
 *
 * List: default sorting `code asc`; sortable `code`, `position`,
 * `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 * PUT: sent collections replace (translations, channels, configuration, rules);
 * PATCH: the same, except that sent translations are merged by locale.
 *
 * The form (./form.ts) is Sylius 1.8's; a translation's failures go inside
 * `translations.children.<locale>.children`.
 * Translations are optional, as in Sylius: a method without one is named by
 * its code wherever a name is shown. `rules` (Sylius' shipping method rules,
 * ./rules.ts) are checked per entry; a method is offered to a cart only when
 * all its rules hold (src/domain/pricing/shipping-rules.ts).
 */
import { boundedNext, type FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { shippingCategories, shippingMethods, shippingMethodTranslations, taxCategories } from "../../../data/schema";
import { mustExist, mustGet, unique } from "../../../data/collections";
import { localeCodesIn } from "../../../data/queries/locales";
import { channelsWithCodes } from "../../../data/queries/channels";
import { categoryByCode } from "../../../data/queries/categories";
import { zoneByCode } from "../../../data/queries/zones";
import {
  channelsOfShippingMethods,
  nextShippingMethodPosition,
  shippingMethodByCode,
  shippingMethodColumns,
  shippingMethodIdsOfCode,
  shippingMethodParts,
  type ShippingMethodParts,
  type ShippingMethodRow,
} from "../../../data/queries/shipping-methods";
import { insertMethodChannels, methodCollectionWrites, SHIPPING_METHOD_TABLES, upsertMethodTranslations } from "../../../data/queries/method-collections";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes, withParts } from "../shared/resource";
import { methodCollections } from "../shared/method-parts";
import { forEachTranslation, textMessage } from "../shared/fields";
import { createForm, NAME_LENGTH, SHIPPING_METHOD_MESSAGES, TRANSLATION_FIELDS, updateForm } from "./form";
import { serializeShippingMethod } from "./serializer";
import { checkRules, ruleChannelCodes, type RulesResult } from "./rules";
import { ShippingMethod, ShippingMethodPage } from "./schemas";
import { textFilter, translatedName } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

type Values = FormResult<typeof updateForm.shape>["values"];
type Field = (typeof updateForm.fields)[number];

const TRANSLATION_FIELD_NAMES: ReadonlySet<string> = new Set(TRANSLATION_FIELDS);

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
  forEachTranslation(result, sent, knownLocales, TRANSLATION_FIELD_NAMES, (locale, entry) => {
    const { name, description = null } = entry;
    const nameMessage = textMessage(name, SHIPPING_METHOD_MESSAGES.nameBlank, NAME_LENGTH);
    if (nameMessage) result.failAt("translations", [locale, "name"], nameMessage);
    const descriptionOk = description === null || (typeof description === "string" && description.length <= 4000);
    if (!descriptionOk) result.failAt("translations", [locale, "description"], MSG.invalid);
    if (!nameMessage && descriptionOk && typeof name === "string") valid.push({ locale, name, description });
  });
  return valid;
}

/** The methods with their parts read in the same batch (a foreign key: each zone is there). */
function representation(rows: ShippingMethodRow[], parts: ShippingMethodParts) {
  const { zones: zoneRows, categories, taxCategories: taxCats } = parts;
  const collectionsOf = methodCollections(parts);
  const zoneById = new Map(zoneRows.map((row) => [row.id, row]));
  const categoryById = new Map(categories.map((row) => [row.id, row]));
  const taxCategoryById = new Map(taxCats.map((row) => [row.id, row]));
  return rows.map((row) =>
    serializeShippingMethod(row, {
      ...collectionsOf(row.id),
      zone: mustGet(zoneById, row.zoneId, "Zone"),
      category: row.categoryId === null ? null : (categoryById.get(row.categoryId) ?? null),
      taxCategory: row.taxCategoryId === null ? null : (taxCategoryById.get(row.taxCategoryId) ?? null),
    }),
  );
}

/** The reads of a write: every referenced thing by code. */
function writeReads(db: Database, values: Values) {
  const channelCodes = unique([...(values.channels ?? []), ...Object.keys(values.configuration ?? {}), ...ruleChannelCodes(values.rules)]);
  return {
    locales: localeCodesIn(db, Object.keys(values.translations ?? {})),
    zone: zoneByCode(db, values.zone ?? ""),
    channels: channelsWithCodes(db, channelCodes),
    category: categoryByCode(db, shippingCategories, values.category ?? ""),
    taxCategory: categoryByCode(db, taxCategories, values.taxCategory ?? ""),
  };
}

/** What a write found: the referenced things, the method's channels and configuration now (none on create). */
interface Found {
  zone: { id: number }[];
  channels: { id: number; code: string }[];
  category: { id: number }[];
  taxCategory: { id: number }[];
  currentChannels: string[];
  currentConfiguration: Record<string, { amount: number }>;
}

/** Data checks shared by create and update; returns the ids to write. */
function checkReferences(fail: (field: Field, message: string) => void, values: Values, found: Found) {
  const channelId = new Map(found.channels.map((ch) => [ch.code, ch.id]));
  const [zone] = found.zone;
  const [category] = found.category;
  const [taxCategory] = found.taxCategory;
  if (values.zone !== undefined && !zone) fail("zone", MSG.invalid);
  if (values.channels?.some((code) => !channelId.has(code))) fail("channels", MSG.invalid);
  if (values.category && !category) fail("category", MSG.invalid);
  if (values.taxCategory && !taxCategory) fail("taxCategory", MSG.invalid);
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
    zoneId: zone?.id,
    /** undefined keeps, null clears. */
    categoryId: values.category === undefined ? undefined : values.category === null ? null : (category?.id ?? null),
    taxCategoryId:
      values.taxCategory === undefined ? undefined : values.taxCategory === null ? null : (taxCategory?.id ?? null),
  };
}

/** The checks of a create or an update: the translations, then the references; what the writes need. */
function checkWrite(
  result: TranslationResult & RulesResult & { values: Values; fail(field: Field, message: string): void },
  found: Omit<Found, "currentChannels" | "currentConfiguration"> & { locales: { code: string }[] },
  current: Pick<Found, "currentChannels" | "currentConfiguration">,
) {
  const translations = checkTranslations(result, result.values.translations, new Set(found.locales.map((l) => l.code)));
  const rules = checkRules(result, result.values.rules, new Set(found.channels.map((ch) => ch.code)));
  const refs = checkReferences((field, message) => result.fail(field, message), result.values, { ...found, ...current });
  return { translations, rules, refs };
}

const READS = withParts(shippingMethodByCode, shippingMethodIdsOfCode, shippingMethodParts, representation);

export const shippingMethodRoutes = resourceRoutes({
  noun: "Shipping method",
  events: { resource: "shipping_method" },
  table: shippingMethods,
  byCode: shippingMethodByCode,
  docs: { path: "shipping-methods", tag: "Shipping methods", area: "config", plural: "shipping methods", idPrefix: "ShippingMethod", item: ShippingMethod, page: ShippingMethodPage },
  list: {
    spec: {
      sortable: {
        code: shippingMethods.code,
        position: shippingMethods.position,
        // Sylius' grid sorts `name` by `translation.name` (the request's locale).
        name: translatedName(shippingMethodTranslations, shippingMethodTranslations.methodId, shippingMethodTranslations.name, shippingMethodTranslations.locale, shippingMethods.id),
        enabled: shippingMethods.enabled,
        createdAt: shippingMethods.createdAt,
        updatedAt: shippingMethods.updatedAt,
      },
      // Sylius' admin grid (1.8's API shows a shipping method but has no list): `position asc`.
      defaultSorting: { field: "position", direction: "asc" },
      filters: { code: textFilter(shippingMethods.code) },
    },
    select: (db: Database) => listRows(db, shippingMethods, shippingMethodColumns),
    ...READS.list,
  },
  one: READS.one,
  create: {
    form: createForm,
    unique: SHIPPING_METHOD_MESSAGES.unique,
    outOfRange: { field: "position", column: "shipping_methods.position" },
    reads: (db, values) => writeReads(db, values),
    check: (result, found) => checkWrite(result, found, { currentChannels: [], currentConfiguration: {} }),
    writes: (db, code, { translations, rules, refs }, result) => {
      // A required field, found or the form failed.
      const zoneId = mustExist(refs.zoneId, "The zone's id");
      return {
        method: insertRow(db, shippingMethods, {
          code,
          position: result.values.position ?? boundedNext(nextShippingMethodPosition),
          enabled: result.values.enabled ?? true,
          zoneId,
          calculator: result.required("calculator"),
          configuration: refs.configuration,
          categoryId: refs.categoryId ?? null,
          categoryRequirement: result.values.categoryRequirement ?? "match_any",
          taxCategoryId: refs.taxCategoryId ?? null,
          rules: rules ?? [],
        }),
        translations: translations?.length ? upsertMethodTranslations(db, SHIPPING_METHOD_TABLES, code, translations) : undefined,
        channels: insertMethodChannels(db, SHIPPING_METHOD_TABLES, code, refs.channelIds ?? []),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db: Database, code: string, values: Values) => ({ ...writeReads(db, values), currentChannels: channelsOfShippingMethods(db, shippingMethodIdsOfCode(db, code)) }),
    // A PUT without a body is the form submitted empty: Sylius' update form fails calculator and zone.
    emptyPut: { calculator: SHIPPING_METHOD_MESSAGES.calculatorBlank, zone: SHIPPING_METHOD_MESSAGES.zoneBlank },
    check: (result, found, method) =>
      checkWrite(result, found, { currentChannels: found.currentChannels.map((ch) => ch.code), currentConfiguration: method.configuration }),
    writes: (db, method, { translations, rules, refs }, { values }, { merge }) => [
      updateById(db, shippingMethods, method.id, {
        position: values.position ?? method.position,
        enabled: values.enabled ?? method.enabled,
        zoneId: refs.zoneId ?? method.zoneId,
        calculator: values.calculator ?? method.calculator,
        configuration: refs.configuration,
        categoryId: refs.categoryId === undefined ? method.categoryId : refs.categoryId,
        categoryRequirement: values.categoryRequirement ?? method.categoryRequirement,
        taxCategoryId: refs.taxCategoryId === undefined ? method.taxCategoryId : refs.taxCategoryId,
        // Sent rules replace the method's (PUT and PATCH alike, as its other collections).
        rules: rules ?? method.rules,
        updatedAt: nowIso(),
      }),
      // PUT replaces the translations (an empty map removes them all), PATCH merges by locale.
      ...methodCollectionWrites(db, SHIPPING_METHOD_TABLES, method, { translations, merge, channelIds: refs.channelIds }),
    ],
  },
});
