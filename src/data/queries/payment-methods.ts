/**
 * Payment methods (all offline: no gateway) with their translations and
 * channels. `paymentMethodParts` loads those for the methods a subquery
 * selects, in the same batch as the methods; `paymentMethodsOfChannel`
 * selects the methods a channel offers (enabled, by position), for the
 * checkout.
 */
import { linkedChannels } from "./channels";
import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { channels, paymentMethodChannels, paymentMethods, paymentMethodTranslations } from "../schema";
import { idOfCode, rowByCode } from "./table-reads";

export interface PaymentMethodRow {
  id: number;
  code: string;
  position: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const paymentMethodColumns = getTableColumns(paymentMethods);

export interface PaymentMethodTranslationRow {
  id: number;
  methodId: number;
  locale: string;
  name: string;
  description: string | null;
}

export const paymentMethodByCode = (db: Database, code: string) => rowByCode(db, paymentMethods, code);

export const paymentMethodIdsOfCode = (db: Database, code: string) => idOfCode(db, paymentMethods, code);

/**
 * The ids of the methods the channel `channelId` offers at checkout: enabled,
 * linked to the channel, in position order (then id). A subquery: pass it to
 * `paymentMethodsByIds` and `paymentMethodParts` in one batch.
 */
export const paymentMethodIdsOfChannel = (db: Database, channelId: number | SQL) =>
  db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .innerJoin(paymentMethodChannels, eq(paymentMethodChannels.methodId, paymentMethods.id))
    .where(and(eq(paymentMethodChannels.channelId, channelId), eq(paymentMethods.enabled, true)));

/** The methods whose ids `ids` selects, in position order (then id): what checkout lists, the first being the default. */
export const paymentMethodsByIds = (db: Database, ids: SQLWrapper) =>
  db
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, ids))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id));

/**
 * The enabled methods of a channel with their translations and channels,
 * as named queries for one `namedBatch` (methods in position order):
 * `{ methods, parts: { translations, channels } }`.
 */
export function paymentMethodsOfChannel(db: Database, channelId: number | SQL) {
  const ids = paymentMethodIdsOfChannel(db, channelId);
  return { methods: paymentMethodsByIds(db, ids), parts: paymentMethodParts(db, ids) };
}

export const paymentMethodTranslationColumns = getTableColumns(paymentMethodTranslations);

/** The translations and channels of the methods whose ids `ids` selects (named queries for `namedBatch`). */
export function paymentMethodParts(db: Database, ids: SQLWrapper) {
  return {
    translations: db
      .select(paymentMethodTranslationColumns)
      .from(paymentMethodTranslations)
      .where(inArray(paymentMethodTranslations.methodId, ids))
      .orderBy(paymentMethodTranslations.locale),
    channels: linkedChannels(db, { methodId: paymentMethodChannels.methodId }, paymentMethodChannels, inArray(paymentMethodChannels.methodId, ids)).orderBy(channels.code),
  };
}

/** What `paymentMethodParts` reads, by name. */
export type PaymentMethodParts = NamedResults<ReturnType<typeof paymentMethodParts>>;

/** The next position: 0 for the first method, else the highest + 1. */
export const nextPaymentMethodPosition = sql<number>`(SELECT COALESCE(MAX(position) + 1, 0) FROM payment_methods)`;

/** True when a payment (of a cart or an order) uses the method. */
export const paymentMethodInUse = (methodId: number): SQL => sql`EXISTS (SELECT 1 FROM payments WHERE method_id = ${methodId})`;
