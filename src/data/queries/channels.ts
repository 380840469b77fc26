/**
 * Channels with everything their representation shows: locales, currencies,
 * base currency, default locale and default tax zone. `channelParts` returns
 * the named queries that load those for the channels a subquery selects, so a
 * get-one, a page of a list, or the end of a write batch loads them in the
 * same round trip as the channels themselves (no N+1).
 */
import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { channelCurrencies, channelLocales, channels, currencies, locales, zones } from "../schema";

export const TAX_CALCULATION_STRATEGIES = ["order_items_based", "order_item_units_based"] as const;

export interface ChannelRow {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
  baseCurrencyId: number;
  defaultLocaleId: number;
  defaultTaxZoneId: number | null;
  taxCalculationStrategy: string;
  hostname: string | null;
  description: string | null;
  color: string | null;
  createdAt: string;
  updatedAt: string;
}

export const channelColumns = {
  id: channels.id,
  code: channels.code,
  name: channels.name,
  enabled: channels.enabled,
  baseCurrencyId: channels.baseCurrencyId,
  defaultLocaleId: channels.defaultLocaleId,
  defaultTaxZoneId: channels.defaultTaxZoneId,
  taxCalculationStrategy: channels.taxCalculationStrategy,
  hostname: channels.hostname,
  description: channels.description,
  color: channels.color,
  createdAt: channels.createdAt,
  updatedAt: channels.updatedAt,
};

const localeColumns = { id: locales.id, code: locales.code, createdAt: locales.createdAt, updatedAt: locales.updatedAt };
const currencyColumns = {
  id: currencies.id,
  code: currencies.code,
  createdAt: currencies.createdAt,
  updatedAt: currencies.updatedAt,
};

export const channelByCode = (db: Database, code: string) =>
  db.select(channelColumns).from(channels).where(eq(channels.code, code)).limit(1);

export const channelIdsOfCode = (db: Database, code: string) =>
  db.select({ id: channels.id }).from(channels).where(eq(channels.code, code));

/**
 * The locale and currency links, default locales, base currencies and default
 * tax zones of the channels whose ids `ids` selects (named queries for `namedBatch`).
 */
export function channelParts(db: Database, ids: SQLWrapper) {
  const ofChannels = (column: typeof channels.defaultLocaleId | typeof channels.baseCurrencyId | typeof channels.defaultTaxZoneId) =>
    db.select({ id: column }).from(channels).where(inArray(channels.id, ids));
  return {
    localeLinks: db
      .select({ channelId: channelLocales.channelId, code: locales.code })
      .from(channelLocales)
      .innerJoin(locales, eq(locales.id, channelLocales.localeId))
      .where(inArray(channelLocales.channelId, ids))
      .orderBy(locales.code),
    currencyLinks: db
      .select({ channelId: channelCurrencies.channelId, code: currencies.code })
      .from(channelCurrencies)
      .innerJoin(currencies, eq(currencies.id, channelCurrencies.currencyId))
      .where(inArray(channelCurrencies.channelId, ids))
      .orderBy(currencies.code),
    defaultLocales: db.select(localeColumns).from(locales).where(inArray(locales.id, ofChannels(channels.defaultLocaleId))),
    baseCurrencies: db.select(currencyColumns).from(currencies).where(inArray(currencies.id, ofChannels(channels.baseCurrencyId))),
    taxZones: db
      .select({ id: zones.id, code: zones.code, name: zones.name })
      .from(zones)
      .where(inArray(zones.id, ofChannels(channels.defaultTaxZoneId))),
  };
}

/** What `channelParts` reads, by name. */
export type ChannelParts = NamedResults<ReturnType<typeof channelParts>>;

/** True when orders, products, shipping or payment methods, promotions or variant prices use the channel. */
export const channelInUse = (channelId: number, code: string): SQL => sql`(
      EXISTS (SELECT 1 FROM orders WHERE channel_id = ${channelId})
      OR EXISTS (SELECT 1 FROM product_channels WHERE channel_id = ${channelId})
      OR EXISTS (SELECT 1 FROM shipping_method_channels WHERE channel_id = ${channelId})
      OR EXISTS (SELECT 1 FROM promotion_channels WHERE channel_id = ${channelId})
      OR EXISTS (SELECT 1 FROM payment_method_channels WHERE channel_id = ${channelId})
      OR EXISTS (SELECT 1 FROM channel_pricings WHERE channel_code = ${code})
    )`;

/** Links the channel with `code` (looked up in SQL: usable right after its INSERT) to locales by id. */
export const insertChannelLocales = (db: Database, code: string, localeIds: readonly number[]) =>
  db
    .insert(channelLocales)
    .select(
      sql`SELECT c.id, j.value FROM channels c, json_each(${JSON.stringify(localeIds)}) j WHERE c.code = ${code}`,
    )
    .onConflictDoNothing();

export const insertChannelCurrencies = (db: Database, code: string, currencyIds: readonly number[]) =>
  db
    .insert(channelCurrencies)
    .select(
      sql`SELECT c.id, j.value FROM channels c, json_each(${JSON.stringify(currencyIds)}) j WHERE c.code = ${code}`,
    )
    .onConflictDoNothing();
