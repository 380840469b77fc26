/**
 * The guard of a change written without reading first (the cart object's
 * warm path): one statement, first in the change's write batch, that fails
 * the whole batch (json('guard') raises a malformed-JSON error, as the
 * order lifecycle's guard does) unless everything the object computed the
 * change from is still what D1 holds:
 *
 * - the cart is still a cart at the version the object holds;
 * - the channel's pricing context is still the version of the copy it used
 *   (pricing-context-cache.ts: promotions, taxes, zones, shipping and
 *   payment methods, the channel);
 * - each of the cart's variants has the data the object priced it with
 *   (price in the channel, enabled flags, categories, weight), and each one
 *   whose quantity grows the stock it was checked against, compared field by
 *   field with the `heldVariantsQuery` rows as they are now;
 * - the caller's access token is live (the check the worker handed over).
 *
 * So the batch commits exactly what a change that read first would have
 * written; when it fails, nothing was written and the object takes the
 * read-first path (whose reads tell what moved, or answer the 401).
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { prepared } from "../prepared";
import type { Database } from "../db";
import { heldVariantsSelect } from "./cart-store";
import type { VariantInfo } from "./state";

/**
 * The fields of a variant a change is priced with, each compared with its
 * value now. Its names are left out: they only word a refusal, and a change
 * the held data would refuse is never written without reading.
 */
const PRICED_FIELDS = [
  "id",
  "code",
  "productCode",
  "taxCategoryCode",
  "shippingCategoryCode",
  "price",
  "enabled",
  "productEnabled",
  "shippingRequired",
  "weight",
] as const satisfies readonly (keyof VariantInfo)[];

/**
 * The fields of the stock check, compared only for a variant whose quantity
 * grows (nothing else reads them): whether it is tracked and, when it was,
 * what is on hand and on hold (an untracked variant's stock bounds nothing,
 * so its counts may move without failing the guard).
 */
const STOCK_FIELDS = ["onHand", "onHold"] as const satisfies readonly (keyof VariantInfo)[];

/** The column `heldVariantsQuery` names a field by (its columns and aliases are the fields in snake case). */
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** What a change without reads was computed from. */
export interface ChangeBasis {
  cartId: number;
  /** The order's `version` the held cart is of. */
  version: number;
  /** The version of the pricing context copy used (`pricing_context_version`, as text). */
  contextVersion: string;
  channelCode: string;
  localeCode: string;
  /** The data each variant of the resulting cart was priced with. */
  variants: readonly VariantInfo[];
  /** The variants whose stock the change checked (their quantity grows): none, or more than one for changes written together. */
  stockChecked: readonly number[];
  /** The caller's token to check (null: the worker checked it). */
  tokenHash: string | null;
  nowSeconds: number;
}

/** The token (null: none to check) is known, unexpired, and its user (if any) enabled: what `verifyTokenCheck` accepts. */
const tokenLive = (tokenHash: Placeholder, nowSeconds: Placeholder): SQL => sql`(${tokenHash} IS NULL OR EXISTS (SELECT 1 FROM oauth_access_tokens t
  LEFT JOIN admin_users u ON u.id = t.user_id
  WHERE t.token_hash = ${tokenHash} AND t.expires_at > ${nowSeconds} AND (t.user_id IS NULL OR u.enabled = 1)))`;

const fieldsEqual = (fields: readonly (keyof VariantInfo)[]): SQL =>
  sql.join(
    // Qualified by hand: drizzle renders a subquery's fields bare, and `id` is also a column of json_each.
    fields.map((field) => sql.raw(`now."${snakeCase(field)}" IS json_extract(h.value, '$.${field}')`)),
    sql` AND `,
  );

/**
 * The guard, built once (prepared.ts). `held`: the variants as the change
 * used them (a JSON list, each with `stock` true for those whose stock it
 * checked). Its one row comes from the held variants joined to their rows as
 * they are now on every priced field (`matched`: all of them, or the guard
 * fails) and, for the stock-checked ones, whether their stock is the same
 * (`stock_same`, else the stock's own failure: `isStockMoved`). An aggregate
 * always gives that one row, so neither check can pass unevaluated.
 */
const guard = prepared(["cartId", "version", "contextVersion", "held", "ids", "count", "channelCode", "locale", "tokenHash", "now"], (db, v) => {
  const now = heldVariantsSelect(db, v.ids, v.channelCode, v.locale).as("now");
  const stockSame = sql`CASE WHEN json_extract(h.value, '$.stock') = 0
    OR (${fieldsEqual(["tracked"])} AND (json_extract(h.value, '$.tracked') = 0 OR (${fieldsEqual(STOCK_FIELDS)}))) THEN 1 ELSE 0 END`;
  const held = sql`(SELECT count(*) AS matched, min(${stockSame}) AS stock_same FROM json_each(${v.held}) h JOIN ${now} ON ${fieldsEqual(PRICED_FIELDS)}) g`;
  const conditions = [
    sql`(SELECT o.version FROM orders o WHERE o.id = ${v.cartId} AND o.state = 'cart') IS ${v.version}`,
    sql`(SELECT CAST(cv.version AS TEXT) FROM pricing_context_version cv WHERE cv.id = 1) IS ${v.contextVersion}`,
    sql`g.matched = ${v.count}`,
    tokenLive(v.tokenHash, v.now),
  ];
  return db
    .select({
      ok: sql<string>`json(CASE WHEN ${sql.join(conditions, sql` AND `)} THEN '1' ELSE 'guard' END)`.as("ok"),
      // Evaluated after `ok`: reached only when nothing else moved. A path error names the stock, where the rest is a JSON error.
      stock: sql<number>`json_extract('1', CASE WHEN g.stock_same IS NOT 0 THEN '$' ELSE 'stock' END)`.as("stock"),
    })
    .from(held);
});

/**
 * The error the stock's failure raises: SQLite's for a malformed JSON path,
 * naming the path ("JSON path error near 'stock'", "bad JSON path: 'stock'",
 * as SQLite's versions word it).
 */
const STOCK_MOVED = /JSON path[^']*'stock'/;

/** The guard failed on the stock of a variant whose quantity grows (everything else held). */
export function isStockMoved(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return STOCK_MOVED.test(`${String(error)} ${cause instanceof Error ? cause.message : ""}`);
}

/** The guard statement of a change computed from `basis` (first in its write batch). */
export function changeGuardStatement(db: Database, basis: ChangeBasis) {
  const held = basis.variants.map((v) => ({
    ...Object.fromEntries([...PRICED_FIELDS, "tracked" as const, ...STOCK_FIELDS].map((field) => [field, v[field]])),
    stock: basis.stockChecked.includes(v.id),
  }));
  return guard.bind(db, {
    cartId: basis.cartId,
    version: basis.version,
    contextVersion: basis.contextVersion,
    held: JSON.stringify(held),
    ids: JSON.stringify(basis.variants.map((v) => v.id)),
    count: basis.variants.length,
    channelCode: basis.channelCode,
    locale: basis.localeCode,
    tokenHash: basis.tokenHash,
    now: basis.nowSeconds,
  });
}
