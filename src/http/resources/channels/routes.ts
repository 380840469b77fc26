/**
 * `/api/v1/channels/`: sales channels. The default locale is always one of
 * the channel's locales and the base currency one of its currencies.
 *
 * As Sylius 1.8 (the form: ./form.ts; AdminApiBundle's Model.Channel.yml):
 * a channel shows its detailed set (no locales, currencies or tax zone: the
 * form takes them, the representation does not show them), a list item is
 * `{id, code, _links}`; the form's children are ChannelType's, in its order.
 * The channel's read shows its menu taxon (the taxon's detailed set); its
 * countries, theme, contact email, checkout step skipping, account
 * verification and shop billing data are stored and, as in Sylius, not shown.
 *
 * List: default sorting `code asc`; sortable `code`, `name`, `createdAt`,
 * `updatedAt`; `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2 (read batch,
 * write batch; a create's write batch ends with the SELECTs of the response).
 * The menu taxon's representation is read in the same batch (a few indexed
 * reads bounded by what it shows; none without a menu taxon).
 */
import type { FormResult } from "../../form";
import type { NamedResults } from "../../../data/batch";
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { channelCountries, channelCurrencies, channelLocales, channels } from "../../../data/schema";
import { mustExist, unique } from "../../../data/collections";
import { namedListSpec } from "../../list-page";
import {
  channelByCode,
  channelInUse,
  channelListRows,
  channelReads,
  channelReferenceReads,
  insertChannelCountries,
  insertChannelCurrencies,
  insertChannelLocales,
  unlinkChannel,
} from "../../../data/queries/channels";
import { taxonGraph, represent } from "../taxons/serializer";
import { treeRows } from "../../../data/queries/taxons";
import { nowIso } from "../../serializers/timestamps";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { resourceRoutes } from "../shared/resource";
import { CHANNEL_MESSAGES, createForm, DEFAULTS, SHOP_BILLING_DATA, updateForm, type ShopBillingField } from "./form";
import { serializeChannelListItem, serializeOwnChannel } from "./serializer";
import { ChannelPage, OwnChannel } from "./schemas";
import { insertRow, updateById } from "../../../data/queries/table-writes";

/** HasEnabledEntity: a channel saved disabled needs another enabled channel. */
function checkSomeChannelEnabled(result: { fail: (field: "enabled", message: string) => void }, enabled: boolean, othersEnabled: number) {
  if (!enabled && othersEnabled === 0) result.fail("enabled", CHANNEL_MESSAGES.noEnabledChannel);
}

type Values = FormResult<typeof updateForm.shape>["values"];
type ChannelRow = (typeof channels)["$inferSelect"];

/**
 * The reads that resolve the submitted references: the other enabled
 * channels, currencies and locales by code, the tax zone.
 */
function referenceReads(db: Database, code: string, values: Values) {
  const currencyCodes = unique([...(values.baseCurrency ? [values.baseCurrency] : []), ...(values.currencies ?? [])]);
  const localeCodes = unique([...(values.defaultLocale ? [values.defaultLocale] : []), ...(values.locales ?? [])]);
  const billingCountry = values.shopBillingData?.countryCode;
  const countryCodes = unique([...(values.countries ?? []), ...(typeof billingCountry === "string" && billingCountry !== "" ? [billingCountry] : [])]);
  // CountryChoiceType and CountryCodeChoiceType offer the enabled countries.
  return channelReferenceReads(db, code, {
    currencies: currencyCodes,
    locales: localeCodes,
    defaultTaxZone: values.defaultTaxZone ?? "",
    countries: countryCodes,
    menuTaxon: values.menuTaxon ?? "",
  });
}

/** Checks references against what was read; returns the ids to write. */
type ReferenceField = "baseCurrency" | "defaultLocale" | "locales" | "currencies" | "defaultTaxZone" | "countries" | "menuTaxon";

interface FoundReferences {
  currencies: { id: number; code: string }[];
  locales: { id: number; code: string }[];
  zone: { id: number }[];
  countries: { id: number; code: string }[];
  menuTaxon: { id: number }[];
}

function resolveReferences(result: { fail: (field: ReferenceField, message: string) => void }, values: Values, found: FoundReferences) {
  const [zone] = found.zone;
  const [menuTaxon] = found.menuTaxon;
  const countryId = new Map(found.countries.map((country) => [country.code, country.id]));
  if (values.countries?.some((code) => !countryId.has(code))) result.fail("countries", MSG.invalid);
  if (values.menuTaxon && !menuTaxon) result.fail("menuTaxon", MSG.invalid);
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
    /** The sent countries (undefined when not sent). */
    countryIds: values.countries === undefined ? undefined : unique(values.countries).flatMap((code) => countryId.get(code) ?? []),
    /** null clears, undefined keeps. */
    menuTaxonId: values.menuTaxon === undefined ? undefined : values.menuTaxon === null ? null : (menuTaxon?.id ?? null),
    /** The enabled countries read, for the shop billing data's country. */
    enabledCountries: new Set(countryId.keys()),
  };
}

/** The shop billing data's fields. */
type ShopBillingColumns = Record<ShopBillingField, string | null>;

/** No shop billing data. */
const DEFAULT_BILLING: ShopBillingColumns = { taxId: null, company: null, countryCode: null, street: null, city: null, postcode: null };

/** The shop billing data as the channel's row keeps it. */
const billingOf = (row: ChannelRow): ShopBillingColumns => ({
  taxId: row.shopBillingTaxId,
  company: row.shopBillingCompany,
  countryCode: row.shopBillingCountryCode,
  street: row.shopBillingStreet,
  city: row.shopBillingCity,
  postcode: row.shopBillingPostcode,
});
const billingColumns = (data: ShopBillingColumns) => ({
  shopBillingTaxId: data.taxId,
  shopBillingCompany: data.company,
  shopBillingCountryCode: data.countryCode,
  shopBillingStreet: data.street,
  shopBillingCity: data.city,
  shopBillingPostcode: data.postcode,
});

const isBillingField = (key: string): key is ShopBillingField => SHOP_BILLING_DATA.some((name) => name === key);

/**
 * ShopBillingDataType submitted: each field text up to 255 characters ("" or
 * null: none), `countryCode` an enabled country's code; failures inside the
 * sub-form. `current` is what a PATCH keeps of the fields it does not send
 * (a POST or PUT clears them). Undefined when the sub-form was not sent.
 */
function checkShopBillingData(
  result: { failAt(field: "shopBillingData", path: readonly string[], message: string): void },
  sent: Record<string, unknown> | null | undefined,
  current: ShopBillingColumns | null,
  enabledCountries: ReadonlySet<string>,
): ShopBillingColumns | undefined {
  if (sent === undefined) return undefined;
  const data: ShopBillingColumns = { ...(current ?? DEFAULT_BILLING) };
  if (sent === null) return { ...DEFAULT_BILLING };
  if (Object.keys(sent).some((key) => !isBillingField(key))) result.failAt("shopBillingData", [], MSG.extraFields);
  for (const name of SHOP_BILLING_DATA) {
    if (!Object.hasOwn(sent, name)) continue;
    const value = sent[name];
    if (value === null || value === "") data[name] = null;
    else if (typeof value !== "string" || value.length > 255) result.failAt("shopBillingData", [name], MSG.invalid);
    else if (name === "countryCode" && !enabledCountries.has(value)) result.failAt("shopBillingData", [name], MSG.invalid);
    else data[name] = value;
  }
  return data;
}

/** What every submission of ChannelType renders besides its own errors: the shop billing data sub-form's children. */
const billingData = (result: { shape(field: "shopBillingData", tree: { children: Record<string, object> }): void }) =>
  result.shape("shopBillingData", { children: Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, {}])) });

/** The channel's own read: the detailed set with its menu taxon (the taxon's detailed set, reached through `menuTaxon`). */
function representChannel(found: { rows: ChannelRow[]; menuTaxon: NamedResults<ReturnType<typeof channelReads>["menuTaxon"]> }) {
  const [row] = found.rows;
  if (!row) return undefined;
  const graph = taxonGraph(treeRows(found.menuTaxon), found.menuTaxon.translations);
  // JMS path: channel.menuTaxon (no max depth of its own).
  return serializeOwnChannel(row, represent(graph, row.menuTaxonId, true, [null]));
}

export const channelRoutes = resourceRoutes({
  noun: "Channel",
  events: { resource: "channel" },
  table: channels,
  byCode: channelByCode,
  docs: { path: "channels", tag: "Channels", area: "config", plural: "channels", idPrefix: "Channel", item: OwnChannel, page: ChannelPage, putNote: EMPTY_PUT_NOTE },
  inUse: (channel) => channelInUse(channel.id, channel.code),
  list: {
    // Sylius' grid: `nameAndDescription` (by the name), `code`, `themeName`, `enabled`.
    spec: namedListSpec(channels, { nameAndDescription: channels.name, themeName: channels.themeName, enabled: channels.enabled }),
    select: channelListRows,
    items: (rows) => rows.map(serializeChannelListItem),
  },
  one: { reads: channelReads, item: representChannel },
  create: {
    form: createForm,
    unique: CHANNEL_MESSAGES.unique,
    reads: (db, values) => referenceReads(db, values.code ?? "", values),
    check: (result, found) => {
      billingData(result);
      const refs = resolveReferences(result, result.values, found);
      const billing = checkShopBillingData(result, result.values.shopBillingData, null, refs.enabledCountries);
      // Not sent, ChannelType's checkbox is unchecked (as Symfony submits a POST): the first channel then fails HasEnabledEntity.
      checkSomeChannelEnabled(result, result.values.enabled ?? false, found.othersEnabled[0]?.n ?? 0);
      return { ...refs, billing };
    },
    writes: (db, code, refs, result) => {
      const values = result.values;
      // Both are required fields, found or the form failed.
      const defaultLocaleId = mustExist(refs.defaultLocaleId, "The default locale's id");
      const baseCurrencyId = mustExist(refs.baseCurrencyId, "The base currency's id");
      return {
        channel: insertRow(db, channels, {
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
          themeName: values.themeName ?? DEFAULTS.themeName,
          contactEmail: values.contactEmail ?? DEFAULTS.contactEmail,
          skippingShippingStepAllowed: values.skippingShippingStepAllowed ?? DEFAULTS.skippingShippingStepAllowed,
          skippingPaymentStepAllowed: values.skippingPaymentStepAllowed ?? DEFAULTS.skippingPaymentStepAllowed,
          accountVerificationRequired: values.accountVerificationRequired ?? DEFAULTS.accountVerificationRequired,
          ...billingColumns(refs.billing ?? DEFAULT_BILLING),
          menuTaxonId: refs.menuTaxonId ?? null,
        }),
        locales: insertChannelLocales(db, code, refs.localeIds ?? [defaultLocaleId]),
        currencies: insertChannelCurrencies(db, code, refs.currencyIds ?? [baseCurrencyId]),
        countries: insertChannelCountries(db, code, refs.countryIds ?? []),
      };
    },
  },
  update: {
    form: updateForm,
    reads: (db: Database, code: string, values: Values) => referenceReads(db, code, values),
    // A PUT without fields is the form submitted empty: Sylius' failures for it.
    emptyPut: { name: CHANNEL_MESSAGES.nameBlank, taxCalculationStrategy: CHANNEL_MESSAGES.strategyBlank },
    check: (result, found, channel, submission) => {
      billingData(result);
      const refs = resolveReferences(result, result.values, found);
      // A PATCH keeps the sub-form's unsent fields (Symfony submits it without clearing them).
      const billing = checkShopBillingData(result, result.values.shopBillingData, submission.merge ? billingOf(channel) : null, refs.enabledCountries);
      checkSomeChannelEnabled(result, result.values.enabled ?? channel.enabled, found.othersEnabled[0]?.n ?? 0);
      return { ...refs, billing };
    },
    writes: (db, channel, refs, { values }) => {
      const id = channel.id;
      const defaultLocaleId = refs.defaultLocaleId ?? channel.defaultLocaleId;
      const baseCurrencyId = refs.baseCurrencyId ?? channel.baseCurrencyId;
      return [
        updateById(db, channels, id, {
          name: values.name ?? channel.name,
          description: values.description === undefined ? channel.description : values.description,
          enabled: values.enabled ?? channel.enabled,
          hostname: values.hostname === undefined ? channel.hostname : values.hostname,
          color: values.color === undefined ? channel.color : values.color,
          baseCurrencyId,
          defaultLocaleId,
          defaultTaxZoneId: refs.defaultTaxZoneId === undefined ? channel.defaultTaxZoneId : refs.defaultTaxZoneId,
          taxCalculationStrategy: values.taxCalculationStrategy ?? channel.taxCalculationStrategy,
          themeName: values.themeName === undefined ? channel.themeName : values.themeName,
          contactEmail: values.contactEmail === undefined ? channel.contactEmail : values.contactEmail,
          skippingShippingStepAllowed: values.skippingShippingStepAllowed ?? channel.skippingShippingStepAllowed,
          skippingPaymentStepAllowed: values.skippingPaymentStepAllowed ?? channel.skippingPaymentStepAllowed,
          accountVerificationRequired: values.accountVerificationRequired ?? channel.accountVerificationRequired,
          ...(refs.billing === undefined ? {} : billingColumns(refs.billing)),
          menuTaxonId: refs.menuTaxonId === undefined ? channel.menuTaxonId : refs.menuTaxonId,
          updatedAt: nowIso(),
        }),
        // A sent list replaces the old one; the default locale / base currency always stays in.
        ...(refs.localeIds !== undefined ? [unlinkChannel(db, channelLocales, id)] : []),
        insertChannelLocales(db, channel.code, unique([defaultLocaleId, ...(refs.localeIds ?? [])])),
        ...(refs.currencyIds !== undefined ? [unlinkChannel(db, channelCurrencies, id)] : []),
        insertChannelCurrencies(db, channel.code, unique([baseCurrencyId, ...(refs.currencyIds ?? [])])),
        // A sent list of countries replaces the old one.
        ...(refs.countryIds !== undefined
          ? [unlinkChannel(db, channelCountries, id), insertChannelCountries(db, channel.code, refs.countryIds)]
          : []),
      ];
    },
  },
});
