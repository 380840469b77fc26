/**
 * The translations and channels of a payment or shipping method: the same
 * columns in each kind's own tables. Writes look the method up by code in
 * SQL, so they work in the same batch as the method's INSERT.
 */
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Statement } from "../batch";
import type { Database } from "../db";
import {
  paymentMethodChannels,
  paymentMethods,
  paymentMethodTranslations,
  shippingMethodChannels,
  shippingMethods,
  shippingMethodTranslations,
} from "../schema";

/** A kind of method: its table, its translations' and its channel links'. */
export type MethodTables =
  | { methods: typeof paymentMethods; translations: typeof paymentMethodTranslations; channels: typeof paymentMethodChannels }
  | { methods: typeof shippingMethods; translations: typeof shippingMethodTranslations; channels: typeof shippingMethodChannels };

export const PAYMENT_METHOD_TABLES: MethodTables = { methods: paymentMethods, translations: paymentMethodTranslations, channels: paymentMethodChannels };
export const SHIPPING_METHOD_TABLES: MethodTables = { methods: shippingMethods, translations: shippingMethodTranslations, channels: shippingMethodChannels };

export interface MethodTranslation {
  locale: string;
  name: string;
  description: string | null;
}

/** Inserts (or, for an existing locale, rewrites: name and description) translations of the method with `code`. */
export const upsertMethodTranslations = (db: Database, tables: MethodTables, code: string, translations: readonly MethodTranslation[]) =>
  db
    .insert(tables.translations)
    .select(
      sql`SELECT NULL, m.id, json_extract(j.value, '$.locale'), json_extract(j.value, '$.name'), json_extract(j.value, '$.description')
          FROM ${tables.methods} m, json_each(${JSON.stringify(translations)}) j WHERE m.code = ${code}`,
    )
    .onConflictDoUpdate({
      target: [tables.translations.methodId, tables.translations.locale],
      set: { name: sql`excluded.name`, description: sql`excluded.description` },
    });

/** Links the method with `code` to channels by id. */
export const insertMethodChannels = (db: Database, tables: MethodTables, code: string, channelIds: readonly number[]) =>
  db
    .insert(tables.channels)
    .select(sql`SELECT m.id, j.value FROM ${tables.methods} m, json_each(${JSON.stringify(channelIds)}) j WHERE m.code = ${code}`)
    .onConflictDoNothing();

/**
 * An update's writes of a method's sent collections: sent translations
 * replace the others (`merge`: they are merged by locale), sent channels
 * replace the old ones; what was not sent (undefined) stays.
 */
export function methodCollectionWrites(
  db: Database,
  tables: MethodTables,
  method: { id: number; code: string },
  sent: { translations?: readonly MethodTranslation[]; merge: boolean; channelIds?: readonly number[] },
): Statement[] {
  const { translations, channelIds } = sent;
  const locales = (translations ?? []).map((t) => t.locale);
  return [
    ...(translations && !sent.merge
      ? [db.delete(tables.translations).where(and(eq(tables.translations.methodId, method.id), notInArray(tables.translations.locale, locales)))]
      : []),
    ...(translations && translations.length > 0 ? [upsertMethodTranslations(db, tables, method.code, translations)] : []),
    ...(channelIds !== undefined
      ? [db.delete(tables.channels).where(eq(tables.channels.methodId, method.id)), insertMethodChannels(db, tables, method.code, channelIds)]
      : []),
  ];
}
