/**
 * Channels: the row a channel's representation and its writes read, what
 * makes a channel in use, and the statements linking its locales and
 * currencies (which the form takes and the representation does not show, as
 * in Sylius 1.8).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { channelCurrencies, channelLocales, channels } from "../schema";

export const TAX_CALCULATION_STRATEGIES = ["order_items_based", "order_item_units_based"] as const;

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

export const channelByCode = (db: Database, code: string) =>
  db.select(channelColumns).from(channels).where(eq(channels.code, code)).limit(1);

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
