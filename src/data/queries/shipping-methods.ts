/**
 * Shipping methods with their translations, channels (and each channel's
 * default locale, which names the method), zone and categories.
 * `shippingMethodParts` loads all of those for the methods a subquery
 * selects, in the same batch as the methods.
 */
import { eq, getTableColumns, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import {
  channels,
  locales,
  shippingCategories,
  shippingMethodChannels,
  shippingMethods,
  shippingMethodTranslations,
  taxCategories,
  zones,
} from "../schema";
import { idOfCode, rowByCode } from "./table-reads";
import { categoryColumns } from "./categories";

export const SHIPPING_CALCULATORS = ["flat_rate", "per_unit_rate"] as const;
export const CATEGORY_REQUIREMENTS = ["match_any", "match_all", "match_none"] as const;

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

export const shippingMethodColumns = getTableColumns(shippingMethods);

export const shippingMethodByCode = (db: Database, code: string) => rowByCode(db, shippingMethods, code);

export const shippingMethodIdsOfCode = (db: Database, code: string) => idOfCode(db, shippingMethods, code);

/** Channel codes (with their default locale) of the methods `ids` selects, by channel code. */
export const channelsOfShippingMethods = (db: Database, ids: SQLWrapper) =>
  db
    .select({
      methodId: shippingMethodChannels.methodId,
      code: channels.code,
      defaultLocale: sql<string>`${locales.code}`.as("default_locale"),
    })
    .from(shippingMethodChannels)
    .innerJoin(channels, eq(channels.id, shippingMethodChannels.channelId))
    .innerJoin(locales, eq(locales.id, channels.defaultLocaleId))
    .where(inArray(shippingMethodChannels.methodId, ids))
    .orderBy(channels.code);

/**
 * The translations, channels, zones, shipping categories and tax categories
 * of the shipping methods whose ids `ids` selects (named queries for `namedBatch`).
 */
export function shippingMethodParts(db: Database, ids: SQLWrapper) {
  const ofMethods = (
    column: typeof shippingMethods.zoneId | typeof shippingMethods.categoryId | typeof shippingMethods.taxCategoryId,
  ) => db.select({ id: column }).from(shippingMethods).where(inArray(shippingMethods.id, ids));
  return {
    translations: db
      .select()
      .from(shippingMethodTranslations)
      .where(inArray(shippingMethodTranslations.methodId, ids))
      .orderBy(shippingMethodTranslations.locale),
    channels: channelsOfShippingMethods(db, ids),
    zones: db
      .select({ id: zones.id, code: zones.code, name: zones.name })
      .from(zones)
      .where(inArray(zones.id, ofMethods(shippingMethods.zoneId))),
    categories: db
      .select(categoryColumns(shippingCategories))
      .from(shippingCategories)
      .where(inArray(shippingCategories.id, ofMethods(shippingMethods.categoryId))),
    taxCategories: db
      .select(categoryColumns(taxCategories))
      .from(taxCategories)
      .where(inArray(taxCategories.id, ofMethods(shippingMethods.taxCategoryId))),
  };
}

/** What `shippingMethodParts` reads, by name. */
export type ShippingMethodParts = NamedResults<ReturnType<typeof shippingMethodParts>>;

/** The next position: 0 for the first method, else the highest + 1. */
export const nextShippingMethodPosition = sql<number>`(SELECT COALESCE(MAX(position) + 1, 0) FROM shipping_methods)`;
