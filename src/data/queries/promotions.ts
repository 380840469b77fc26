/**
 * Promotions: batched reads (a page of promotions with channel codes, rules
 * and actions) and the write statements of create/update.
 */
import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { linkedChannels, type ChannelDetailRow } from "./channels";
import { channels, countries, customerGroups, products, promotionActions, promotionChannels, promotionRules, promotions, taxons } from "../schema";
import { idOfCode, rowByCode } from "./table-reads";
import type { PromotionAction, PromotionRule } from "../../domain/promotion-config";
import { chunks, insertSelectValues, type NamedResults, type Statement } from "../batch";
import { groupBy, unique } from "../collections";

export interface PromotionPartRow {
  id: number;
  type: string;
  configuration: unknown;
}

export interface PromotionRecord {
  id: number;
  code: string;
  name: string;
  description: string | null;
  priority: number;
  exclusive: boolean;
  usageLimit: number | null;
  used: number;
  couponBased: boolean;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The promotion's channels, in channel id order, with what a promotion shows of them. */
  channels: ChannelDetailRow[];
  rules: PromotionPartRow[];
  actions: PromotionPartRow[];
}

/** The writable columns of a promotion (what create/update set). */
export interface PromotionFields {
  name: string;
  description: string | null;
  priority: number;
  exclusive: boolean;
  usageLimit: number | null;
  couponBased: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** A subquery of the id of the promotion with `code`. */
export const promotionIdByCode = (db: Database, code: string) => idOfCode(db, promotions, code);

/** The promotion row with `code`. */
export const promotionByCode = (db: Database, code: string) => rowByCode(db, promotions, code);

/** The channels, rules and actions of the promotions whose ids `ids` selects (named queries for one batch). */
export function promotionParts(db: Database, ids: SQLWrapper) {
  return {
    channels: linkedChannels(db, { promotionId: promotionChannels.promotionId }, promotionChannels, inArray(promotionChannels.promotionId, ids)).orderBy(asc(channels.id)),
    rules: db.select().from(promotionRules).where(inArray(promotionRules.promotionId, ids)).orderBy(asc(promotionRules.id)),
    actions: db
      .select()
      .from(promotionActions)
      .where(inArray(promotionActions.promotionId, ids))
      .orderBy(asc(promotionActions.id)),
  };
}

/** What `promotionParts` reads, by name. */
export type PromotionParts = NamedResults<ReturnType<typeof promotionParts>>;

/** The promotions `rows` with their parts. */
export function promotionRecords(rows: readonly (typeof promotions.$inferSelect)[], parts: PromotionParts): PromotionRecord[] {
  const channelsOf = groupBy(parts.channels, (row) => row.promotionId);
  const rulesOf = groupBy(parts.rules, (row) => row.promotionId);
  const actionsOf = groupBy(parts.actions, (row) => row.promotionId);
  const part = ({ id, type, configuration }: PromotionPartRow) => ({ id, type, configuration });
  return rows.map((row) => ({
    ...row,
    channels: (channelsOf.get(row.id) ?? []).map(({ promotionId: _, ...channel }) => channel),
    rules: (rulesOf.get(row.id) ?? []).map(part),
    actions: (actionsOf.get(row.id) ?? []).map(part),
  }));
}

/** The codes a promotion's channels, rules and actions name, by what they name. */
export interface PromotionReferences {
  channels: Iterable<string>;
  products: Iterable<string>;
  taxons?: Iterable<string>;
  countries?: Iterable<string>;
  customerGroups?: Iterable<string>;
}

/** The ids of the channels, products, taxons, countries and customer groups among `codes`, in statements of at most 90 codes. */
export const referenceReads = (db: Database, codes: PromotionReferences) => ({
  channels: chunks(unique([...codes.channels]), 1).map((part) =>
    db.select({ id: channels.id, code: channels.code }).from(channels).where(inArray(channels.code, part)),
  ),
  products: chunks(unique([...codes.products]), 1).map((part) =>
    db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, part)),
  ),
  taxons: chunks(unique([...(codes.taxons ?? [])]), 1).map((part) =>
    db.select({ id: taxons.id, code: taxons.code }).from(taxons).where(inArray(taxons.code, part)),
  ),
  countries: chunks(unique([...(codes.countries ?? [])]), 1).map((part) =>
    db.select({ id: countries.id, code: countries.code }).from(countries).where(inArray(countries.code, part)),
  ),
  customerGroups: chunks(unique([...(codes.customerGroups ?? [])]), 1).map((part) =>
    db.select({ id: customerGroups.id, code: customerGroups.code }).from(customerGroups).where(inArray(customerGroups.code, part)),
  ),
});

/** Code → id of what `referenceReads` found. */
export const idsByCode = (found: readonly (readonly { id: number; code: string }[])[]) =>
  new Map(found.flatMap((rows) => rows.map((row) => [row.code, row.id] as const)));

// ------------------------------------------------------------------ writes

/** Statements creating promotion `code` with its channels, rules and actions. */
export function createPromotionStatements(
  db: Database,
  input: PromotionFields & { code: string; channelIds: number[]; rules: PromotionRule[]; actions: PromotionAction[] },
): Statement[] {
  const { channelIds, rules, actions, ...fields } = input;
  const byCode = sql`JOIN promotions AS p ON p.code = ${input.code}`;
  const statements: Statement[] = [db.insert(promotions).values(fields)];
  if (channelIds.length > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: promotionChannels,
        select: sql`SELECT p.id, v.column2`,
        join: byCode,
        rows: channelIds.map((id) => [id]),
      }),
    );
  }
  for (const [table, parts] of [
    [promotionRules, rules],
    [promotionActions, actions],
  ] as const) {
    if (parts.length === 0) continue;
    statements.push(
      ...insertSelectValues(db, {
        into: table,
        select: sql`SELECT NULL, p.id, v.column2, v.column3`,
        join: byCode,
        rows: parts.map((p) => [p.type, JSON.stringify(p.configuration)]),
      }),
    );
  }
  return statements;
}

export function replacePromotionChannels(db: Database, promotionId: number, channelIds: readonly number[]): Statement[] {
  return [
    db.delete(promotionChannels).where(eq(promotionChannels.promotionId, promotionId)),
    ...chunks(channelIds, 2).map((part) =>
      db.insert(promotionChannels).values(part.map((channelId) => ({ promotionId, channelId }))),
    ),
  ];
}

export function replacePromotionRules(db: Database, promotionId: number, rules: readonly PromotionRule[]): Statement[] {
  return [
    db.delete(promotionRules).where(eq(promotionRules.promotionId, promotionId)),
    ...chunks(rules, 3).map((part) =>
      db.insert(promotionRules).values(part.map((r) => ({ promotionId, type: r.type, configuration: r.configuration }))),
    ),
  ];
}

export function replacePromotionActions(
  db: Database,
  promotionId: number,
  actions: readonly PromotionAction[],
): Statement[] {
  return [
    db.delete(promotionActions).where(eq(promotionActions.promotionId, promotionId)),
    ...chunks(actions, 3).map((part) =>
      db.insert(promotionActions).values(part.map((a) => ({ promotionId, type: a.type, configuration: a.configuration }))),
    ),
  ];
}

/** The promotions (all columns), for a list page to filter, order and limit. */
export const promotionRows = (db: Database) => db.select().from(promotions).$dynamic();

/** The promotions that are coupon based (`true`), or not (`false`); none for `undefined` (a value that is neither). */
export const promotionsCouponBased = (couponBased: boolean | undefined): SQL =>
  couponBased === undefined ? sql`0` : eq(promotions.couponBased, couponBased);
