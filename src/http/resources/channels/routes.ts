/**
 * `/api/v1/channels/`: sales channels. The default locale is always one of
 * the channel's locales and the base currency one of its currencies.
 *
 * As Sylius 1.8 (the form: ./form.ts; AdminApiBundle's Model.Channel.yml):
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
import { and, count, eq, ne } from "drizzle-orm";
import type { FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { channelCurrencies, channelLocales, channels, currencies, locales, zones } from "../../../data/schema";
import { mustExist, unique } from "../../../data/collections";
import { inJson } from "../../../data/conditions";
import { namedListSpec } from "../../list-page";
import { channelByCode, channelInUse, insertChannelCurrencies, insertChannelLocales } from "../../../data/queries/channels";
import { nowIso } from "../../serializers/timestamps";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { oneRow, resourceRoutes } from "../shared/resource";
import { CHANNEL_MESSAGES, createForm, SHOP_BILLING_DATA, updateForm } from "./form";
import { serializeChannel, serializeChannelListItem } from "./serializer";
import { Channel, ChannelPage } from "./schemas";

/** HasEnabledEntity: a channel saved disabled needs another enabled channel. */
function checkSomeChannelEnabled(result: { fail: (field: "enabled", message: string) => void }, enabled: boolean, othersEnabled: number) {
  if (!enabled && othersEnabled === 0) result.fail("enabled", CHANNEL_MESSAGES.noEnabledChannel);
}

type Values = FormResult<typeof updateForm.shape>["values"];

/**
 * The reads that resolve the submitted references: the other enabled
 * channels, currencies and locales by code, the tax zone.
 */
function referenceReads(db: Database, code: string, values: Values) {
  const currencyCodes = unique([...(values.baseCurrency ? [values.baseCurrency] : []), ...(values.currencies ?? [])]);
  const localeCodes = unique([...(values.defaultLocale ? [values.defaultLocale] : []), ...(values.locales ?? [])]);
  return {
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

/** What every submission of ChannelType renders besides its own errors: the shop billing data sub-form's children. */
const billingData = (result: { shape(field: "shopBillingData", tree: { children: Record<string, object> }): void }) =>
  result.shape("shopBillingData", { children: Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, {}])) });

export const channelRoutes = resourceRoutes({
  noun: "Channel",
  table: channels,
  byCode: channelByCode,
  docs: { path: "channels", tag: "Channels", plural: "channels", idPrefix: "Channel", item: Channel, page: ChannelPage, putNote: EMPTY_PUT_NOTE },
  inUse: (channel) => channelInUse(channel.id, channel.code),
  list: {
    spec: namedListSpec(channels),
    select: (db) => db.select({ id: channels.id, code: channels.code }).from(channels).$dynamic(),
    items: (rows) => rows.map(serializeChannelListItem),
  },
  one: oneRow(channelByCode, serializeChannel),
  create: {
    form: createForm,
    unique: CHANNEL_MESSAGES.unique,
    reads: (db, values) => referenceReads(db, values.code ?? "", values),
    check: (result, found) => {
      billingData(result);
      const refs = resolveReferences(result, result.values, found);
      // Not sent, ChannelType's checkbox is unchecked (as Symfony submits a POST): the first channel then fails HasEnabledEntity.
      checkSomeChannelEnabled(result, result.values.enabled ?? false, found.othersEnabled[0]?.n ?? 0);
      return refs;
    },
    writes: (db, code, refs, result) => {
      const values = result.values;
      // Both are required fields, found or the form failed.
      const defaultLocaleId = mustExist(refs.defaultLocaleId, "The default locale's id");
      const baseCurrencyId = mustExist(refs.baseCurrencyId, "The base currency's id");
      return {
        channel: db.insert(channels).values({
          code,
          name: result.required("name"),
          description: values.description ?? null,
          enabled: values.enabled ?? false,
          hostname: values.hostname ?? null,
          color: values.color ?? null,
          baseCurrencyId,
          defaultLocaleId,
          defaultTaxZoneId: refs.defaultTaxZoneId ?? null,
          taxCalculationStrategy: result.required("taxCalculationStrategy"),
        }),
        locales: insertChannelLocales(db, code, refs.localeIds ?? [defaultLocaleId]),
        currencies: insertChannelCurrencies(db, code, refs.currencyIds ?? [baseCurrencyId]),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db: Database, code: string, values: Values) => referenceReads(db, code, values),
    // A PUT without fields is the form submitted empty: Sylius' failures for it.
    emptyPut: { name: CHANNEL_MESSAGES.nameBlank, taxCalculationStrategy: CHANNEL_MESSAGES.strategyBlank },
    check: (result, found, channel) => {
      billingData(result);
      const refs = resolveReferences(result, result.values, found);
      checkSomeChannelEnabled(result, result.values.enabled ?? channel.enabled, found.othersEnabled[0]?.n ?? 0);
      return refs;
    },
    writes: (db, channel, refs, { values }) => {
      const id = channel.id;
      const defaultLocaleId = refs.defaultLocaleId ?? channel.defaultLocaleId;
      const baseCurrencyId = refs.baseCurrencyId ?? channel.baseCurrencyId;
      return [
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
        insertChannelLocales(db, channel.code, unique([defaultLocaleId, ...(refs.localeIds ?? [])])),
        ...(refs.currencyIds !== undefined ? [db.delete(channelCurrencies).where(eq(channelCurrencies.channelId, id))] : []),
        insertChannelCurrencies(db, channel.code, unique([baseCurrencyId, ...(refs.currencyIds ?? [])])),
      ];
    },
  },
});
