/**
 * The reads a cart's object starts each change with (in the change's first
 * batch), declared in one place: `changeReads` says which a change needs
 * from what the object already holds. Each group is built once (the same SQL
 * for every cart, see prepared.ts).
 *
 * Two copies make most of them unnecessary:
 *
 * - The channel's pricing context (pricing-context-cache.ts in the cart
 *   object): its queries read nothing but the context's version while the
 *   copy the object holds is current (`contextLimit`).
 * - The cart's own rows (order, items, units, adjustments), its checkout row
 *   and its addresses' zones, kept by the object behind the order's
 *   `version` (`HeldCart`). A warm change reads only the stamp (the cart's
 *   version and state), the cart's variants by id in the channel and locale
 *   it knows, and the coupon when the cart has one (its usage moves with
 *   other orders). The stamp tells whether another writer changed the cart
 *   meanwhile; the write is guarded by the same version (cart-writer.ts).
 *
 * A read another rule needs (e.g. a promotion rule on the customer's group)
 * is one more named entry here, `undefined` when the change does not need it.
 */
import { eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { prepared } from "../prepared";
import { variantIdsOf, variantViewQueries } from "../queries/product-variants";
import { orders, pricingContextVersion, productVariants, promotionActions, promotionChannels, promotionCoupons, promotionRules } from "../schema";
import { channelPaymentMethodsQuery, checkoutRowQuery, countryZonesQuery } from "../checkout/checkout-store";
import { cartRowQueries, contextLimit, heldVariantQuery, heldVariantsQuery, limitOf, oneOrder, pricingContextQueries, variantInfoQuery } from "./cart-store";
import type { Database } from "../db";
import type { Value } from "../prepared";
import type { PricingContextRows } from "./cart-store";

/** What the object holds of its cart when a change starts (null: nothing, the change reads it all). */
export interface HeldCart {
  /** The order's `version` the copy is of. */
  version: number;
  channelCode: string;
  localeCode: string;
  variantIds: readonly number[];
  /** The checkout row is held too (false: read it, with the addresses' zones). */
  checkoutHeld: boolean;
  /** The held checkout row's coupon (null: none), whose usage is read on every change. */
  couponId: number | null;
  /** The held checkout row has an address: its zones are read again when the context moved since `zonesAt`. */
  addressed: boolean;
  /** The context's version the held zones were read at. */
  zonesAt: string;
}

/**
 * The stamp of a change: the cart's version and state, its channel and
 * locale (`channelId:locale`, the key of the context's copy) and the
 * context's version. Two rows (the order, the version).
 */
const stampRead = prepared(["cartId"], (db, v) => ({
  stamp: db
    .select({
      cartVersion: orders.version,
      state: orders.state,
      key: sql<string>`${orders.channelId} || ':' || ${orders.localeCode}`.as("context_key"),
      version: sql<string>`(SELECT CAST(cv.version AS TEXT) FROM ${pricingContextVersion} cv WHERE cv.id = 1)`.as("context_version"),
    })
    .from(orders)
    .where(eq(orders.id, v.cartId)),
}));

/**
 * The rules and the actions of the channel's promotions in one statement
 * (`kind` 0: a rule, 1: an action; each in id order, as the context's own
 * two queries give them): a statement stopped by its LIMIT still reads the
 * version's row, so one statement instead of two is one row fewer per change.
 */
function promotionTermsQuery(db: Database, cartId: Value<number>, limit: number) {
  const channelPromotions = sql`(SELECT pc.promotion_id FROM ${promotionChannels} pc WHERE pc.channel_id = (SELECT o.channel_id FROM orders o WHERE o.id = ${cartId}))`;
  const part = (table: typeof promotionRules | typeof promotionActions, kind: 0 | 1) =>
    db
      .select({
        kind: sql<number>`${sql.raw(String(kind))}`.as("kind"),
        id: table.id,
        promotionId: table.promotionId,
        type: table.type,
        configuration: table.configuration,
      })
      .from(table)
      .where(sql`${table.promotionId} IN ${channelPromotions}`);
  return unionAll(part(promotionRules, 0), part(promotionActions, 1))
    .orderBy(sql`"kind"`, sql`"id"`)
    .limit(limit);
}

type PromotionTermRow = Awaited<ReturnType<typeof promotionTermsQuery>>[number];

/** The channel's context and payment methods: nothing but the version is read while it is `version` (see contextLimit). */
const contextReads = prepared(["cartId", "version"], (db, v) => {
  const limit = contextLimit(v.version);
  // Its rules and actions are read by `terms`, in one statement.
  const { rules: _rules, actions: _actions, ...context } = pricingContextQueries(db, v.cartId, undefined, { limit, anyBilling: true });
  return {
    context,
    terms: promotionTermsQuery(db, v.cartId, limitOf(limit)),
    paymentMethods: channelPaymentMethodsQuery(db, v.cartId, limit),
  };
});

/** The context as `changeReads` read it, in the shape of `pricingContextQueries`' results (rules and actions apart). */
export function changeContextOf<C extends Omit<PricingContextRows, "rules" | "actions">, P>(read: {
  context: C;
  terms: PromotionTermRow[];
  paymentMethods: P;
}): { context: C & Pick<PricingContextRows, "rules" | "actions">; paymentMethods: P } {
  const term = ({ promotionId, type, configuration }: PromotionTermRow) => ({ promotionId, type, configuration });
  return {
    context: {
      ...read.context,
      rules: read.terms.filter((row) => row.kind === 0).map(term),
      actions: read.terms.filter((row) => row.kind === 1).map(term),
    },
    paymentMethods: read.paymentMethods,
  };
}

/** Everything of a cart the object does not hold: its rows, its variants (through its items), its checkout row and zones. */
const coldReads = prepared(["cartId", "addCode"], (db, v) => ({
  cart: cartRowQueries(db, oneOrder(v.cartId)),
  variants: variantInfoQuery(db, v.cartId, v.addCode),
}));

/** The checkout row and the addresses' zones (read with a cold cart, and after a checkout step: the object then holds no checkout row). */
const checkoutReads = prepared(["cartId"], (db, v) => ({
  checkout: checkoutRowQuery(db, v.cartId),
  zones: countryZonesQuery(db, v.cartId),
}));

/** The variants of a held cart, by id, in its channel and locale (and the one an add names). */
const heldVariants = prepared(["ids", "addCode", "channelCode", "locale"], (db, v) => ({
  variants: heldVariantsQuery(db, v.ids, v.addCode, v.channelCode, v.locale),
}));

/** The same for a cart of one variant (the usual one-item cart): no `json_each`, one row fewer. */
const heldVariant = prepared(["id", "addCode", "channelCode", "locale"], (db, v) => ({
  variants: heldVariantQuery(db, v.id, v.addCode, v.channelCode, v.locale),
}));

/** The held coupon as it is now (its usage moves with other orders): one row. */
const couponRead = prepared(["couponId"], (db, v) => ({
  coupon: db
    .select({
      id: promotionCoupons.id,
      code: promotionCoupons.code,
      promotionId: promotionCoupons.promotionId,
      usageLimit: promotionCoupons.usageLimit,
      used: promotionCoupons.used,
      expiresAt: promotionCoupons.expiresAt,
    })
    .from(promotionCoupons)
    .where(eq(promotionCoupons.id, v.couponId)),
}));

/** The zones of a held, addressed cart's countries, read only when the context (zone members) moved since `version`, the one they were read at. */
const zonesRead = prepared(["cartId", "version"], (db, v) => ({
  zones: countryZonesQuery(db, v.cartId).limit(limitOf(contextLimit(v.version))),
}));

/** The variants of a held cart, and the one an add names. */
function heldVariantsOf(db: Database, held: HeldCart, addCode: string) {
  const [only] = held.variantIds;
  const place = { addCode, channelCode: held.channelCode, locale: held.localeCode };
  return held.variantIds.length === 1 && only !== undefined
    ? heldVariant.bind(db, { id: only, ...place }).variants
    : heldVariants.bind(db, { ids: JSON.stringify(held.variantIds), ...place }).variants;
}

/**
 * The reads of one change: `held` is what the object holds of the cart
 * (null: nothing), `contextVersion` the version of the context copy it holds
 * ("" when none), `addCode` the variant an add names ("" otherwise).
 */
export function changeReads(db: Database, cartId: number, addCode: string, held: HeldCart | null, contextVersion: string) {
  const checkout = held?.checkoutHeld ? null : checkoutReads.bind(db, { cartId });
  const cold = held ? null : coldReads.bind(db, { cartId, addCode });
  return {
    ...stampRead.bind(db, { cartId }),
    ...contextReads.bind(db, { cartId, version: contextVersion }),
    cart: cold?.cart,
    variants: held
      ? heldVariantsOf(db, held, addCode)
      : // Bound just above whenever `held` is null.
        (cold ?? coldReads.bind(db, { cartId, addCode })).variants,
    checkout: checkout?.checkout,
    zones: checkout ? checkout.zones : held?.addressed ? zonesRead.bind(db, { cartId, version: held.zonesAt }).zones : undefined,
    coupon: held?.checkoutHeld && held.couponId !== null ? couponRead.bind(db, { couponId: held.couponId }).coupon : undefined,
  };
}

/** The variant an add names, as the response shows it (the variant list's loader). */
export const addedVariantView = prepared(["code"], (db, values) =>
  variantViewQueries(db, variantIdsOf(db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, values.code)))),
);
