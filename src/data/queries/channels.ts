/**
 * Channels: the row a channel's representation and its writes read, what
 * makes a channel in use, and the statements linking its locales,
 * currencies and countries (which the form takes and the representation
 * does not show, as in Sylius 1.8).
 */
import { and, count, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";
import { channelCountries, channelCurrencies, channelLocales, channels, countries, taxons, zones, type paymentMethodChannels, type productChannels, type promotionChannels } from "../schema";
import { idOfCode, rowByCode } from "./table-reads";
import { inJson } from "../conditions";
import { currenciesWithCodes } from "./exchange-rates";
import { localesWithCodes } from "./locales";
import { taxonTreeReads } from "./taxons";

export const TAX_CALCULATION_STRATEGIES = ["order_items_based", "order_item_units_based"] as const;

export const channelColumns = getTableColumns(channels);

/** What a channel's detailed set shows: one channel, and the channel inside an order, a payment method, a product or a promotion. */
export interface ChannelDetailRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  hostname: string | null;
  color: string | null;
  createdAt: string;
  updatedAt: string;
  enabled: boolean;
  taxCalculationStrategy: string;
}

/** The columns of a `ChannelDetailRow` (distinct names: safe to join in a batch next to an owner id). */
export const channelDetailColumns = {
  id: channels.id,
  code: channels.code,
  name: channels.name,
  description: channels.description,
  hostname: channels.hostname,
  color: channels.color,
  createdAt: channels.createdAt,
  updatedAt: channels.updatedAt,
  enabled: channels.enabled,
  taxCalculationStrategy: channels.taxCalculationStrategy,
};

/** A table linking owners (products, promotions, payment methods) to their channels. */
type ChannelLink = typeof productChannels | typeof promotionChannels | typeof paymentMethodChannels;

/**
 * The channels (detailed set) linked through `link` to the owners `where`
 * selects, each with its owner's id under the key `owner` names (distinct
 * column names: safe in a batch).
 */
export const linkedChannels = <O extends Record<string, SQLiteColumn>>(db: Database, owner: O, link: ChannelLink, where: SQL) =>
  db
    .select({ ...owner, ...channelDetailColumns })
    .from(link)
    .innerJoin(channels, eq(channels.id, link.channelId))
    .where(where);

export const channelByCode = (db: Database, code: string) => rowByCode(db, channels, code);

/**
 * The channel `code` as its own read shows it: its row and what the
 * detailed representation of its menu taxon shows (nothing without one).
 */
export const channelReads = (db: Database, code: string) => ({
  rows: channelByCode(db, code),
  menuTaxon: taxonTreeReads(db, db.select({ id: channels.menuTaxonId }).from(channels).where(eq(channels.code, code))),
});

/** The ids of taxons by code (a channel's menu taxon). */
export const taxonIdsByCode = (db: Database, code: string) => db.select({ id: taxons.id }).from(taxons).where(eq(taxons.code, code));

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

/** Links the channel with `code` to countries by id (see `insertChannelLocales`). */
export const insertChannelCountries = (db: Database, code: string, countryIds: readonly number[]) =>
  db
    .insert(channelCountries)
    .select(sql`SELECT c.id, j.value FROM channels c, json_each(${JSON.stringify(countryIds)}) j WHERE c.code = ${code}`)
    .onConflictDoNothing();

/** The channels among `codes`, with their ids (a method's channels). */
export const channelsWithCodes = (db: Database, codes: readonly string[]) =>
  db.select({ id: channels.id, code: channels.code }).from(channels).where(inJson(channels.code, codes));

/** The channels' list rows (id and code: the rest of a list item is its links). */
export const channelListRows = (db: Database) => db.select({ id: channels.id, code: channels.code }).from(channels).$dynamic();

/** The codes a channel's write names: its currencies, locales, enabled countries, tax zone and menu taxon. */
export interface ChannelReferenceCodes {
  currencies: readonly string[];
  locales: readonly string[];
  countries: readonly string[];
  defaultTaxZone: string;
  menuTaxon: string;
}

/**
 * The reads that resolve a channel write's references: the number of other
 * enabled channels (one must stay enabled), the currencies and locales by
 * code, the tax zone, the enabled countries (CountryChoiceType offers those)
 * and the menu taxon.
 */
export const channelReferenceReads = (db: Database, code: string, refs: ChannelReferenceCodes) => ({
  othersEnabled: db
    .select({ n: count() })
    .from(channels)
    .where(and(eq(channels.enabled, true), ne(channels.code, code))),
  currencies: currenciesWithCodes(db, refs.currencies),
  locales: localesWithCodes(db, refs.locales),
  zone: idOfCode(db, zones, refs.defaultTaxZone),
  countries: db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(and(eq(countries.enabled, true), inJson(countries.code, refs.countries))),
  menuTaxon: taxonIdsByCode(db, refs.menuTaxon),
});

/** Unlinks the channel `channelId` from all its locales, currencies or countries (a sent list replaces the old one). */
export const unlinkChannel = (db: Database, link: typeof channelLocales | typeof channelCurrencies | typeof channelCountries, channelId: number) =>
  db.delete(link).where(eq(link.channelId, channelId));
