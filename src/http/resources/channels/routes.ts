/**
 * `/api/v1/channels/`: sales channels. The default locale is always one of
 * the channel's locales and the base currency one of its currencies.
 *
 * As Sylius 1.8 (ChannelBundle's and CoreBundle's ChannelType, Channel.xml
 * validation mappings, validators.en.yml; AdminApiBundle's Model.Channel.yml):
 * a channel shows its detailed set (no locales, currencies or tax zone: the
 * form takes them, the representation does not show them), a list item is
 * `{id, code, _links}`; the form's children are ChannelType's, in its order;
 * the fields this service has no data for (countries, theme, contact email,
 * checkout step skipping, account verification, shop billing data, menu
 * taxon) are accepted with their empty or default value only.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch,
 * write batch; a create's write batch ends with the SELECTs of the response).
 */
import { Hono } from "hono";
import { and, count, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, isEmptyBody, validateForm, rethrowUniqueViolation } from "../../form";
import { CODE_PATTERN, codeList, optionalBoolean, optionalString, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import { channelCurrencies, channelLocales, channels, currencies, locales, zones } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch, runBatch } from "../../../data/batch";
import { mustExist, unique } from "../../../data/collections";
import { inJson } from "../../../data/conditions";
import { listPage, namedListSpec } from "../../list-page";
import {
  channelByCode,
  channelInUse,
  insertChannelCurrencies,
  insertChannelLocales,
  TAX_CALCULATION_STRATEGIES,
} from "../../../data/queries/channels";
import { serializeChannel, serializeChannelListItem } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE } from "../../openapi/form-docs";
import { Channel, ChannelPage } from "./schemas";

/** ChannelBundle's and CoreBundle's validators.en.yml, and Symfony's NotBlank for the strategy. */
export const CHANNEL_MESSAGES = {
  codeBlank: "Please enter channel code.",
  codePattern: "Channel code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "Channel code has to be unique.",
  nameBlank: "Please enter channel name.",
  baseCurrencyBlank: "Please enter channel base currency.",
  defaultLocaleBlank: "Please enter channel default locale.",
  strategyBlank: MSG.blank,
  /** CoreBundle's HasEnabledEntity: some channel must stay enabled. */
  noEnabledChannel: "Must have at least one enabled entity",
} as const;
const UNIQUE_CODE = CHANNEL_MESSAGES.unique;
const IN_USE = "Cannot delete, the channel is in use.";

/** ChannelType's shop billing data sub-form (ShopBillingDataType), in its order. */
const SHOP_BILLING_DATA = ["taxId", "company", "countryCode", "street", "city", "postcode"] as const;
const NOT_YET = "Sylius' form field; this service has no data for it: only an empty value is accepted.";

/** A Sylius field this service does not store: absent, null or "". */
const emptyOnly = () => z.union([z.null(), z.literal("")], { error: MSG.invalid }).optional();
/** A Sylius flag this service does not store: absent, or its Sylius default. */
const defaultOnly = (value: boolean) => z.literal(value, { error: MSG.invalid }).optional();
const emptyList = () => z.array(z.string(), { error: MSG.invalid }).max(0, { error: MSG.invalid }).optional();
/** ShopBillingDataType: absent, null, or an object whose fields are all empty. */
const emptyBillingData = () =>
  z
    .strictObject(Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, emptyOnly()])), { error: MSG.invalid })
    .nullable()
    .optional();

const channelCode = () => requiredString(CHANNEL_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: CHANNEL_MESSAGES.codePattern });
const reference = (blank: string) => requiredString(blank);

/** A zone code, or null / "" to have none. */
const optionalZone = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));
const strategy = () =>
  z.enum(TAX_CALCULATION_STRATEGIES, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? CHANNEL_MESSAGES.strategyBlank : MSG.invalid),
  });

/** The fields Sylius' ChannelType has and this service does not store, in their places of its order. */
const unsupported = {
  countries: emptyList(),
  themeName: emptyOnly(),
  contactEmail: emptyOnly(),
  skippingShippingStepAllowed: defaultOnly(false),
  skippingPaymentStepAllowed: defaultOnly(false),
  accountVerificationRequired: defaultOnly(true),
  shopBillingData: emptyBillingData(),
  menuTaxon: emptyOnly(),
};

/** ChannelType's fields between the tax calculation strategy and the code, in its order. */
const { countries: _countries, ...afterStrategy } = unsupported;

/** ChannelType's children in its order (name … menuTaxon, then code and baseCurrency, added on PRE_SET_DATA). */
export const createForm = defineForm({
  name: requiredString(CHANNEL_MESSAGES.nameBlank),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  locales: codeList().optional(),
  defaultLocale: reference(CHANNEL_MESSAGES.defaultLocaleBlank),
  currencies: codeList().optional(),
  countries: unsupported.countries,
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy(),
  ...afterStrategy,
  code: channelCode(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank),
});

const UNSUPPORTED_DOCS = Object.fromEntries(Object.keys(unsupported).map((field) => [field, NOT_YET]));

documentForm(createForm, {
  component: "ChannelCreate",
  descriptions: {
    code: CODE_DESCRIPTION,
    baseCurrency: "Currency code; always one of the channel's currencies.",
    defaultLocale: "Locale code; always one of the channel's locales.",
    defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    description: "Free text; `null` removes it.",
    hostname: "The shop's host name; `null` removes it.",
    color: "Any text (`black`, `#1abb9c`); `null` removes it.",
    ...UNSUPPORTED_DOCS,
  },
  example: {
    code: "US_MOBILE",
    name: "US Mobile",
    description: "The mobile shop",
    enabled: true,
    hostname: "m.example.com",
    color: "#1abb9c",
    baseCurrency: "USD",
    defaultLocale: "en_US",
    locales: ["en_US"],
    currencies: ["USD"],
    defaultTaxZone: "US",
    taxCalculationStrategy: "order_items_based",
  },
});

export const updateForm = defineForm({
  name: requiredString(CHANNEL_MESSAGES.nameBlank).optional(),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  locales: codeList().optional(),
  defaultLocale: reference(CHANNEL_MESSAGES.defaultLocaleBlank).optional(),
  currencies: codeList().optional(),
  countries: unsupported.countries,
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy().optional(),
  ...afterStrategy,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank).optional(),
});

documentForm(updateForm, {
  component: "ChannelUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: {
    defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    locales: "Replaces the old list.",
    currencies: "Replaces the old list.",
    ...UNSUPPORTED_DOCS,
  },
  example: { name: "US Mobile Store", enabled: false },
});

/**
 * What every submission of ChannelType renders besides its own errors: the
 * shop billing data sub-form's children; and, for a form submitted empty
 * (a PUT without fields), the failures Sylius reports for it (a create's
 * form fails on its own: every field Sylius requires is required there).
 */
interface ChannelFormResult {
  shape(field: "shopBillingData", tree: { children: Record<string, object> }): void;
  fail(field: "name" | "taxCalculationStrategy", message: string): void;
}

function channelFormChecks(form: ChannelFormResult, body: unknown, emptyFails: boolean) {
  form.shape("shopBillingData", { children: Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, {}])) });
  if (!emptyFails || !isEmptyBody(body)) return;
  form.fail("name", CHANNEL_MESSAGES.nameBlank);
  form.fail("taxCalculationStrategy", CHANNEL_MESSAGES.strategyBlank);
}

/** HasEnabledEntity: a channel saved disabled needs another enabled channel. */
function checkSomeChannelEnabled(result: { fail: (field: "enabled", message: string) => void }, enabled: boolean, othersEnabled: number) {
  if (!enabled && othersEnabled === 0) result.fail("enabled", CHANNEL_MESSAGES.noEnabledChannel);
}

type Values = ReturnType<typeof validateForm<typeof updateForm.shape>>["values"];

const missing = (code: string) => notFound(`Channel with code "${code}" does not exist.`);

/**
 * The reads that resolve the submitted references (one batch with the
 * channel itself): currencies and locales by code, the tax zone.
 */
function referenceReads(db: Database, code: string, values: Values) {
  const currencyCodes = unique([...(values.baseCurrency ? [values.baseCurrency] : []), ...(values.currencies ?? [])]);
  const localeCodes = unique([...(values.defaultLocale ? [values.defaultLocale] : []), ...(values.locales ?? [])]);
  return {
    channel: channelByCode(db, code),
    othersEnabled: db
      .select({ n: count() })
      .from(channels)
      .where(and(eq(channels.enabled, true), ne(channels.code, code))),
    currencies: db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(inJson(currencies.code, currencyCodes)),
    locales: db.select({ id: locales.id, code: locales.code }).from(locales).where(inJson(locales.code, localeCodes)),
    zone: db.select({ id: zones.id }).from(zones).where(eq(zones.code, values.defaultTaxZone ?? "")),
  };
}

/** Checks references against what was read; returns the ids to write. */
type ReferenceField = "baseCurrency" | "defaultLocale" | "locales" | "currencies" | "defaultTaxZone";

function resolveReferences(
  result: { fail: (field: ReferenceField, message: string) => void },
  values: Values,
  found: { currencies: { id: number; code: string }[]; locales: { id: number; code: string }[]; zone: { id: number }[] },
) {
  const [zone] = found.zone;
  const currencyId = new Map(found.currencies.map((cur) => [cur.code, cur.id]));
  const localeId = new Map(found.locales.map((l) => [l.code, l.id]));
  if (values.baseCurrency !== undefined && !currencyId.has(values.baseCurrency)) result.fail("baseCurrency", MSG.invalid);
  if (values.defaultLocale !== undefined && !localeId.has(values.defaultLocale)) result.fail("defaultLocale", MSG.invalid);
  if (values.locales?.some((code) => !localeId.has(code))) result.fail("locales", MSG.invalid);
  if (values.currencies?.some((code) => !currencyId.has(code))) result.fail("currencies", MSG.invalid);
  if (values.defaultTaxZone && !zone) result.fail("defaultTaxZone", MSG.invalid);
  // An unknown code has failed its field above (the form answers 400): the
  // lists below leave it out rather than carry an undefined id.
  return {
    baseCurrencyId: values.baseCurrency === undefined ? undefined : currencyId.get(values.baseCurrency),
    defaultLocaleId: values.defaultLocale === undefined ? undefined : localeId.get(values.defaultLocale),
    /** Sent locales plus the sent default locale (undefined when neither was sent). */
    localeIds:
      values.locales === undefined
        ? undefined
        : unique([...(values.defaultLocale ? [values.defaultLocale] : []), ...values.locales]).flatMap((code) => localeId.get(code) ?? []),
    currencyIds:
      values.currencies === undefined
        ? undefined
        : unique([...(values.baseCurrency ? [values.baseCurrency] : []), ...values.currencies]).flatMap((code) => currencyId.get(code) ?? []),
    /** null clears, undefined keeps. */
    defaultTaxZoneId: values.defaultTaxZone === undefined ? undefined : values.defaultTaxZone === null ? null : (zone?.id ?? null),
  };
}

/** The list: sorted and filtered as the handler reads it, documented from the same spec. */
const LIST = namedListSpec(channels);

const docs = crudDocs({
  tag: "Channels",
  noun: "channel",
  plural: "channels",
  idPrefix: "Channel",
  item: Channel,
  page: ChannelPage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: true,
  putNote: EMPTY_PUT_NOTE,
});

export const channelRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, channels, c.req.url, LIST);
    const { rows, counted } = await namedBatch(db, {
      rows: page.rows(db.select({ id: channels.id, code: channels.code }).from(channels).$dynamic()),
      counted: page.count,
    });
    return c.json(page.envelope("/api/v1/channels/", counted, rows.map(serializeChannelListItem)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      rows: [channel],
    } = await namedBatch(db, { rows: channelByCode(db, code) });
    if (!channel) throw missing(code);
    return c.json(serializeChannel(channel));
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    channelFormChecks(result, c.var.body, false);
    const values = result.values;
    const code = values.code ?? "";
    const found = await namedBatch(db, referenceReads(db, code, values));
    if (found.channel.length > 0) result.fail("code", UNIQUE_CODE);
    const refs = resolveReferences(result, values, found);
    checkSomeChannelEnabled(result, values.enabled ?? true, found.othersEnabled[0]?.n ?? 0);
    result.assertValid();
    // Both are required fields, found or the form failed above.
    const defaultLocaleId = mustExist(refs.defaultLocaleId, "The default locale's id");
    const baseCurrencyId = mustExist(refs.baseCurrencyId, "The base currency's id");
    const localeIds = refs.localeIds ?? [defaultLocaleId];
    const currencyIds = refs.currencyIds ?? [baseCurrencyId];
    try {
      const {
        rows: [channel],
      } = await namedBatch(db, {
        channel: db.insert(channels).values({
          code,
          name: result.required("name"),
          description: values.description ?? null,
          enabled: values.enabled ?? true,
          hostname: values.hostname ?? null,
          color: values.color ?? null,
          baseCurrencyId,
          defaultLocaleId,
          defaultTaxZoneId: refs.defaultTaxZoneId ?? null,
          taxCalculationStrategy: result.required("taxCalculationStrategy"),
        }),
        locales: insertChannelLocales(db, code, localeIds),
        currencies: insertChannelCurrencies(db, code, currencyIds),
        rows: channelByCode(db, code),
      });
      if (!channel) throw new Error(`Channel "${code}" was not read back after its insert.`);
      return c.json(serializeChannel(channel), 201);
    } catch (error) {
      rethrowUniqueViolation(error, result, "code", UNIQUE_CODE);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    channelFormChecks(result, c.var.body, c.req.method === "PUT");
    const values = result.values;
    const found = await namedBatch(db, referenceReads(db, code, values));
    const [channel] = found.channel;
    if (!channel) throw missing(code);
    const refs = resolveReferences(result, values, found);
    checkSomeChannelEnabled(result, values.enabled ?? channel.enabled, found.othersEnabled[0]?.n ?? 0);
    result.assertValid();
    const id = channel.id;
    const defaultLocaleId = refs.defaultLocaleId ?? channel.defaultLocaleId;
    const baseCurrencyId = refs.baseCurrencyId ?? channel.baseCurrencyId;
    await runBatch(db, [
      db
        .update(channels)
        .set({
          name: values.name ?? channel.name,
          description: values.description === undefined ? channel.description : values.description,
          enabled: values.enabled ?? channel.enabled,
          hostname: values.hostname === undefined ? channel.hostname : values.hostname,
          color: values.color === undefined ? channel.color : values.color,
          baseCurrencyId,
          defaultLocaleId,
          defaultTaxZoneId: refs.defaultTaxZoneId === undefined ? channel.defaultTaxZoneId : refs.defaultTaxZoneId,
          taxCalculationStrategy: values.taxCalculationStrategy ?? channel.taxCalculationStrategy,
          updatedAt: nowIso(),
        })
        .where(eq(channels.id, id)),
      // A sent list replaces the old one; the default locale / base currency always stays in.
      ...(refs.localeIds !== undefined ? [db.delete(channelLocales).where(eq(channelLocales.channelId, id))] : []),
      insertChannelLocales(db, code, unique([defaultLocaleId, ...(refs.localeIds ?? [])])),
      ...(refs.currencyIds !== undefined ? [db.delete(channelCurrencies).where(eq(channelCurrencies.channelId, id))] : []),
      insertChannelCurrencies(db, code, unique([baseCurrencyId, ...(refs.currencyIds ?? [])])),
    ]);
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      channel: [channel],
    } = await namedBatch(db, { channel: channelByCode(db, code) });
    if (!channel) throw missing(code);
    await deleteUnlessInUse(db, channels, channel.id, channelInUse(channel.id, channel.code), IN_USE);
    return c.body(null, 204);
  });
