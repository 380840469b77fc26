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
 *   (price in the channel, enabled flags, categories, weight), compared field
 *   by field with the `heldVariantsQuery` rows as they are now;
 * - each variant whose quantity grows still has the stock the change needs:
 *   the availability check itself (untracked, or on hand − on hold ≥ the
 *   quantity) on the counts as they are now, so stock moved by other orders
 *   fails the guard only when it would refuse the change;
 * - the cart's coupon, when it has one, is the one it priced the cart with
 *   (its promotion, limit and expiry) and is still under its usage limit or
 *   still not, as it was: its `used` moves with every order placed with it,
 *   and pricing reads it only through that limit;
 * - the caller's access token is live (the check the worker handed over).
 *
 * So the batch commits exactly what a change that read first would have
 * written; when it fails, nothing was written and the object takes the
 * read-first path (whose reads tell what moved, or answer the 401).
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { prepared } from "../prepared";
import { tokenLive } from "../auth/token-live";
import type { Database } from "../db";
import { heldVariantsSelect } from "./cart-store";
import type { VariantInfo } from "../../domain/cart/state";
import { underUsageLimit } from "../checkout/checkout-store";

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
  /**
   * The quantity each variant whose quantity grows must have available, by
   * variant id (the highest, for changes written together): none, one, or
   * more than one.
   */
  stockNeeded: ReadonlyMap<number, number>;
  /** The cart's coupon as the change priced it (null: the cart has none). */
  coupon: HeldCoupon | null;
  /** The caller's token to check (null: the worker checked it). */
  tokenHash: string | null;
  /** The scope the change needs, which that token must hold (null: none). */
  scope: string | null;
  nowSeconds: number;
}

/** A cart's coupon as a change used it: the checkout row's coupon columns, or the coupon as read now. */
export interface HeldCoupon {
  id: number;
  code: string | null;
  promotionId: number | null;
  usageLimit: number | null;
  used: number;
  expiresAt: string | null;
}

/**
 * The coupon (null: the cart has none) is the one held, with the same
 * promotion, code, limit and expiry, and on the same side of its usage
 * limit (`couponUsable`'s count test).
 */
const couponHeld = (coupon: Placeholder): SQL => sql`(${coupon} IS NULL OR EXISTS (SELECT 1 FROM promotion_coupons c
  WHERE c.id = json_extract(${coupon}, '$.id') AND c.code IS json_extract(${coupon}, '$.code')
    AND c.promotion_id IS json_extract(${coupon}, '$.promotionId') AND c.usage_limit IS json_extract(${coupon}, '$.usageLimit')
    AND c.expires_at IS json_extract(${coupon}, '$.expiresAt')
    AND (c.usage_limit IS NULL OR c.used < c.usage_limit) = json_extract(${coupon}, '$.usable')))`;

/** The token (null: none to check: the worker checked it) lets its caller in. */
const tokenChecked = (tokenHash: Placeholder, nowSeconds: Placeholder, scope: Placeholder): SQL =>
  sql`(${tokenHash} IS NULL OR ${tokenLive(tokenHash, nowSeconds, scope)})`;

const fieldsEqual = (fields: readonly (keyof VariantInfo)[]): SQL =>
  sql.join(
    // Qualified by hand: drizzle renders a subquery's fields bare, and `id` is also a column of json_each.
    fields.map((field) => sql.raw(`now."${snakeCase(field)}" IS json_extract(h.value, '$.${field}')`)),
    sql` AND `,
  );

/**
 * The guard, built once (prepared.ts). `held`: the variants as the change
 * used them (a JSON list, each with `need`, the quantity it must have
 * available, or null when its quantity does not grow). Its one row comes from
 * the held variants joined to their rows as they are now on every priced
 * field (`matched`: all of them, or the guard fails) and whether each one's
 * stock still suffices (`stock_ok`, the check of cart-change.ts' `stockError`
 * on today's counts). An aggregate always gives that one row, so neither
 * check can pass unevaluated; a cart left empty has no variant to check
 * (`stock_ok` NULL).
 */
const guard = prepared(["cartId", "version", "contextVersion", "held", "ids", "count", "channelCode", "locale", "coupon", "tokenHash", "scope", "now"], (db, v) => {
  const now = heldVariantsSelect(db, v.ids, v.channelCode, v.locale).as("now");
  const need = sql.raw(`json_extract(h.value, '$.need')`);
  const stockOk = sql`CASE WHEN ${need} IS NULL OR now."tracked" = 0 OR ${need} <= now."on_hand" - now."on_hold" THEN 1 ELSE 0 END`;
  const held = sql`(SELECT count(*) AS matched, min(${stockOk}) AS stock_ok FROM json_each(${v.held}) h JOIN ${now} ON ${fieldsEqual(PRICED_FIELDS)}) g`;
  const conditions = [
    sql`(SELECT o.version FROM orders o WHERE o.id = ${v.cartId} AND o.state = 'cart') IS ${v.version}`,
    sql`(SELECT CAST(cv.version AS TEXT) FROM pricing_context_version cv WHERE cv.id = 1) IS ${v.contextVersion}`,
    sql`g.matched = ${v.count}`,
    sql`g.stock_ok IS NOT 0`,
    couponHeld(v.coupon),
    tokenChecked(v.tokenHash, v.now, v.scope),
  ];
  return db
    .select({ ok: sql<string>`json(CASE WHEN ${sql.join(conditions, sql` AND `)} THEN '1' ELSE 'guard' END)`.as("ok") })
    .from(held);
});

/** The guard statement of a change computed from `basis` (first in its write batch). */
export function changeGuardStatement(db: Database, basis: ChangeBasis) {
  const held = basis.variants.map((v) => ({
    ...Object.fromEntries(PRICED_FIELDS.map((field) => [field, v[field]])),
    need: basis.stockNeeded.get(v.id) ?? null,
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
    coupon: basis.coupon && JSON.stringify({ ...basis.coupon, usable: underUsageLimit(basis.coupon) ? 1 : 0 }),
    tokenHash: basis.tokenHash,
    scope: basis.scope,
    now: basis.nowSeconds,
  });
}
