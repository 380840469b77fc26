/**
 * `/api/v1/channels/`: sales channels. The default locale is always one of
 * the channel's locales and the base currency one of its currencies.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch,
 * write batch; a create's write batch ends with the SELECTs of the response).
 */
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, validateForm, rethrowUniqueViolation } from "../../form";
import { codeList, codeReference, optionalBoolean, optionalString, requiredCode, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import type { Database } from "../../../data/db";
import { channelCurrencies, channelLocales, channels, currencies, locales, zones } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch, runBatch } from "../../../data/batch";
import { groupBy, mustExist, mustGet, unique } from "../../../data/collections";
import { inJson } from "../../../data/conditions";
import { listPage, namedListSpec } from "../../list-page";
import {
  channelByCode,
  channelColumns,
  channelIdsOfCode,
  channelInUse,
  channelParts,
  insertChannelCurrencies,
  insertChannelLocales,
  TAX_CALCULATION_STRATEGIES,
  type ChannelParts,
  type ChannelRow,
} from "../../../data/queries/channels";
import { serializeChannel } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { Channel, ChannelPage } from "./schemas";

const UNIQUE_CODE = "Channel code has to be unique.";
const IN_USE = "Cannot delete, the channel is in use.";

/** A zone code, or null / "" to have none. */
const optionalZone = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));
const strategy = () => z.enum(TAX_CALCULATION_STRATEGIES, { error: MSG.invalid }).optional();

export const createForm = defineForm({
  code: requiredCode(),
  name: requiredString(),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  baseCurrency: codeReference(),
  defaultLocale: codeReference(),
  locales: codeList().optional(),
  currencies: codeList().optional(),
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy(),
});

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
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  name: requiredString().optional(),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  baseCurrency: codeReference().optional(),
  defaultLocale: codeReference().optional(),
  locales: codeList().optional(),
  currencies: codeList().optional(),
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy(),
});

documentForm(updateForm, {
  component: "ChannelUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: { defaultTaxZone: "Zone code; `null` or `\"\"` for none.", locales: "Replaces the old list.", currencies: "Replaces the old list." },
  example: { name: "US Mobile Store", enabled: false },
});

type Values = ReturnType<typeof validateForm<typeof updateForm.shape>>["values"];

const missing = (code: string) => notFound(`Channel with code "${code}" does not exist.`);

/** The channels with their parts read in the same batch (foreign keys: each default locale and base currency is there). */
function representation(rows: ChannelRow[], parts: ChannelParts) {
  const { localeLinks, currencyLinks, defaultLocales, baseCurrencies, taxZones } = parts;
  const localesOf = groupBy(localeLinks, (l) => l.channelId);
  const currenciesOf = groupBy(currencyLinks, (l) => l.channelId);
  const localeById = new Map(defaultLocales.map((l) => [l.id, l]));
  const currencyById = new Map(baseCurrencies.map((cur) => [cur.id, cur]));
  const zoneById = new Map(taxZones.map((zone) => [zone.id, zone]));
  return rows.map((row) =>
    serializeChannel(row, {
      baseCurrency: mustGet(currencyById, row.baseCurrencyId, "Base currency"),
      defaultLocale: mustGet(localeById, row.defaultLocaleId, "Default locale"),
      locales: (localesOf.get(row.id) ?? []).map((l) => l.code),
      currencies: (currenciesOf.get(row.id) ?? []).map((l) => l.code),
      defaultTaxZone: row.defaultTaxZoneId === null ? null : (zoneById.get(row.defaultTaxZoneId) ?? null),
    }),
  );
}

/**
 * The reads that resolve the submitted references (one batch with the
 * channel itself): currencies and locales by code, the tax zone.
 */
function referenceReads(db: Database, code: string, values: Values) {
  const currencyCodes = unique([...(values.baseCurrency ? [values.baseCurrency] : []), ...(values.currencies ?? [])]);
  const localeCodes = unique([...(values.defaultLocale ? [values.defaultLocale] : []), ...(values.locales ?? [])]);
  return {
    channel: channelByCode(db, code),
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
});

export const channelRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, channels, c.req.url, LIST);
    const { rows, counted, parts } = await namedBatch(db, {
      rows: page.rows(db.select(channelColumns).from(channels).$dynamic()),
      counted: page.count,
      parts: channelParts(db, page.ids),
    });
    return c.json(page.envelope("/api/v1/channels/", counted, representation(rows, parts)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const { rows, parts } = await namedBatch(db, { rows: channelByCode(db, code), parts: channelParts(db, channelIdsOfCode(db, code)) });
    const [channel] = representation(rows, parts);
    if (!channel) throw missing(code);
    return c.json(channel);
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const found = await namedBatch(db, referenceReads(db, code, values));
    if (found.channel.length > 0) result.fail("code", UNIQUE_CODE);
    const refs = resolveReferences(result, values, found);
    result.assertValid();
    // Both are required fields, found or the form failed above.
    const defaultLocaleId = mustExist(refs.defaultLocaleId, "The default locale's id");
    const baseCurrencyId = mustExist(refs.baseCurrencyId, "The base currency's id");
    const localeIds = refs.localeIds ?? [defaultLocaleId];
    const currencyIds = refs.currencyIds ?? [baseCurrencyId];
    try {
      const { rows, parts } = await namedBatch(db, {
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
          taxCalculationStrategy: values.taxCalculationStrategy ?? "order_items_based",
        }),
        locales: insertChannelLocales(db, code, localeIds),
        currencies: insertChannelCurrencies(db, code, currencyIds),
        rows: channelByCode(db, code),
        parts: channelParts(db, channelIdsOfCode(db, code)),
      });
      const [channel] = representation(rows, parts);
      if (!channel) throw new Error(`Channel "${code}" was not read back after its insert.`);
      return c.json(channel, 201);
    } catch (error) {
      rethrowUniqueViolation(error, result, "code", UNIQUE_CODE);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    const values = result.values;
    const found = await namedBatch(db, referenceReads(db, code, values));
    const [channel] = found.channel;
    if (!channel) throw missing(code);
    const refs = resolveReferences(result, values, found);
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
