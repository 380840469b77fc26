/**
 * The rows of a placed order's lifecycle steps (cancel, pay, ship), run by the
 * order's Durable Object (the cart's object, `cart:${orderId}`):
 *
 * - `orderSnapshotQueries`: what a plan reads, in the step's ONE read batch —
 *   the order's states and total (with its number, currency, version and
 *   customer's email, which the step's events carry), its items with their variants' CURRENT
 *   `tracked`, its payments and shipments, the promotions applied to it
 *   (the promotions named by the `origin_code` of its promotion adjustments:
 *   there is no order–promotion table, and a promotion that applied left an
 *   adjustment) and its coupon.
 * - `lifecycleWriteQueries`: the step's ONE atomic write batch. It opens with
 *   a guard statement that fails the whole batch (a malformed-JSON error,
 *   rolling back everything) unless the rows are still in the states the plan
 *   was made from and every stock row meets its delta's minimums; then the
 *   UPDATEs, each also guarded by its FROM state.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { OrderPaymentState, OrderShippingState, OrderSnapshot, OrderState, PaymentState, ShipmentState } from "../../domain/orders";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { orderItems, orders, payments, productVariants, promotionCoupons, promotions, shipments } from "../schema";

/** Adjustment types a promotion leaves (Sylius AdjustmentInterface). */
export const PROMOTION_ADJUSTMENT_TYPES = ["order_promotion", "order_item_promotion", "order_unit_promotion", "order_shipping_promotion"] as const;

export function orderSnapshotQueries(db: Database, orderId: number) {
  return {
    order: db
      .select({
        id: orders.id,
        state: orders.state,
        checkoutState: orders.checkoutState,
        paymentState: orders.paymentState,
        shippingState: orders.shippingState,
        total: orders.total,
        couponId: orders.promotionCouponId,
        // What the step's events say of the order (src/domain/events/lifecycle.ts), from the same row.
        number: orders.number,
        currencyCode: orders.currencyCode,
        version: orders.version,
        customerEmail: sql<string | null>`(SELECT c.email FROM customers c WHERE c.id = ${orders.customerId})`.as("customer_email"),
      })
      .from(orders)
      .where(eq(orders.id, orderId)),
    items: db
      .select({
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
        tracked: sql<number>`(SELECT v.tracked FROM product_variants v WHERE v.id = ${orderItems.variantId})`.as("tracked"),
        // The variant's and its product's codes: where an `inventory.changed` points.
        variantCode: sql<string>`(SELECT v.code FROM product_variants v WHERE v.id = ${orderItems.variantId})`.as("variant_code"),
        productCode: sql<string>`(SELECT p.code FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ${orderItems.variantId})`.as(
          "product_code",
        ),
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)),
    payments: db
      .select({ id: payments.id, state: payments.state, amount: payments.amount })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id),
    shipments: db.select({ id: shipments.id, state: shipments.state }).from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id),
    promotions: db
      .select({ id: promotions.id })
      .from(promotions)
      .where(
        sql`${promotions.code} IN (SELECT a.origin_code FROM adjustments a WHERE a.order_id = ${orderId} AND a.type IN (${sql.join(
          PROMOTION_ADJUSTMENT_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )}))`,
      )
      .orderBy(promotions.id),
  };
}

export type OrderSnapshotRows = NamedResults<ReturnType<typeof orderSnapshotQueries>>;

/** The snapshot the plans read; null when there is no such order. */
export function snapshotFrom(rows: OrderSnapshotRows): OrderSnapshot | null {
  const order = rows.order[0];
  if (!order) return null;
  return {
    state: order.state,
    checkoutState: order.checkoutState,
    paymentState: order.paymentState,
    shippingState: order.shippingState,
    total: order.total,
    items: rows.items.map((item) => ({ variantId: item.variantId, quantity: item.quantity, tracked: item.tracked === 1 })),
    payments: rows.payments.map((p) => ({ id: p.id, state: p.state, amount: p.amount })),
    shipments: rows.shipments.map((s) => ({ id: s.id, state: s.state })),
    promotionIds: rows.promotions.map((p) => p.id),
    couponId: order.couponId,
  };
}

export interface StateMove<S extends string> {
  id: number;
  from: S;
  to: S;
}

export interface StockMove {
  variantId: number;
  onHand: number;
  onHold: number;
  minAvailable?: number;
  minOnHand?: number;
  minOnHold?: number;
}

/** The order's three lifecycle states, as a step reads or writes them. */
export interface OrderStates {
  state: OrderState;
  paymentState: OrderPaymentState;
  shippingState: OrderShippingState;
}

export interface LifecycleWrite {
  orderId: number;
  from: OrderStates;
  to: OrderStates;
  payments: readonly StateMove<PaymentState>[];
  shipments: readonly StateMove<ShipmentState>[];
  /** The shipment shipped by this step: its tracking (null: none sent) and time. */
  shipped: { id: number; tracking: string | null } | null;
  stock: readonly StockMove[];
  promotionUsage: readonly { id: number; used: number }[];
  couponUsage: { id: number; used: number } | null;
  now: string;
}

/** The text of the error the guard raises (SQLite's, for a malformed JSON argument). */
export const GUARD_FAILED = "malformed JSON";

export function isGuardFailure(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return `${String(error)} ${cause instanceof Error ? cause.message : ""}`.includes(GUARD_FAILED);
}

const json = (value: unknown) => JSON.stringify(value);

/** True while every line named is still in its FROM state (a JSON list of `{i, s}`). */
function linesHold(table: "payments" | "shipments", moves: readonly StateMove<string>[]): SQL {
  if (!moves.length) return sql`1`;
  const list = json(moves.map((m) => ({ i: m.id, s: m.from })));
  return sql`NOT EXISTS (SELECT 1 FROM json_each(${list}) g WHERE NOT EXISTS (SELECT 1 FROM ${sql.raw(table)} t
    WHERE t.id = json_extract(g.value, '$.i') AND t.state = json_extract(g.value, '$.s')))`;
}

/** True while every stock row meets its move's minimums. */
function stockHolds(stock: readonly StockMove[]): SQL {
  const guarded = stock.filter((m) => m.minAvailable !== undefined || m.minOnHand !== undefined || m.minOnHold !== undefined);
  if (!guarded.length) return sql`1`;
  const list = json(guarded.map((m) => ({ v: m.variantId, a: m.minAvailable ?? null, h: m.minOnHand ?? null, o: m.minOnHold ?? null })));
  return sql`NOT EXISTS (SELECT 1 FROM json_each(${list}) g LEFT JOIN product_variants v ON v.id = json_extract(g.value, '$.v')
    WHERE v.id IS NULL
       OR (json_extract(g.value, '$.a') IS NOT NULL AND v.on_hand - v.on_hold < json_extract(g.value, '$.a'))
       OR (json_extract(g.value, '$.h') IS NOT NULL AND v.on_hand < json_extract(g.value, '$.h'))
       OR (json_extract(g.value, '$.o') IS NOT NULL AND v.on_hold < json_extract(g.value, '$.o')))`;
}

export function lifecycleWriteQueries(db: Database, write: LifecycleWrite) {
  const { orderId, from, to, now } = write;
  const orderHolds = sql`${orders.state} = ${from.state} AND ${orders.paymentState} = ${from.paymentState} AND ${orders.shippingState} = ${from.shippingState}`;
  // json('1') is valid, json('guard') raises: the batch, which runs as one transaction, is rolled back.
  const verdict = sql`json(CASE WHEN ${orderHolds} AND ${linesHold("payments", write.payments)} AND ${linesHold("shipments", write.shipments)} AND ${stockHolds(write.stock)} THEN '1' ELSE 'guard' END)`;
  const stockList = json(write.stock.map((m) => ({ v: m.variantId, h: m.onHand, o: m.onHold })));
  const stockOf = (field: "h" | "o") =>
    sql`(SELECT json_extract(g.value, ${`$.${field}`}) FROM json_each(${stockList}) g WHERE json_extract(g.value, '$.v') = ${productVariants.id})`;
  const usageBy = new Map<number, number[]>();
  for (const usage of write.promotionUsage) usageBy.set(usage.used, [...(usageBy.get(usage.used) ?? []), usage.id]);
  return {
    guard: db.select({ ok: sql<string>`${verdict}`.as("ok") }).from(orders).where(eq(orders.id, orderId)),
    order: db
      .update(orders)
      .set({
        state: to.state,
        paymentState: to.paymentState,
        shippingState: to.shippingState,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), sql`${orderHolds}`))
      .returning({ id: orders.id }),
    payments: write.payments.map((m) =>
      db
        .update(payments)
        .set({ state: m.to, updatedAt: now })
        .where(and(eq(payments.id, m.id), eq(payments.orderId, orderId), eq(payments.state, m.from))),
    ),
    shipments: write.shipments.map((m) =>
      db
        .update(shipments)
        .set(
          write.shipped?.id === m.id
            ? { state: m.to, updatedAt: now, shippedAt: now, ...(write.shipped.tracking !== null ? { tracking: write.shipped.tracking } : {}) }
            : { state: m.to, updatedAt: now },
        )
        .where(and(eq(shipments.id, m.id), eq(shipments.orderId, orderId), eq(shipments.state, m.from))),
    ),
    stock: write.stock.length
      ? db
          .update(productVariants)
          .set({
            onHand: sql`${productVariants.onHand} + ${stockOf("h")}`,
            onHold: sql`${productVariants.onHold} + ${stockOf("o")}`,
            version: sql`${productVariants.version} + 1`,
            updatedAt: now,
          })
          .where(sql`${productVariants.id} IN (SELECT json_extract(g.value, '$.v') FROM json_each(${stockList}) g)`)
      : undefined,
    promotions: [...usageBy].map(([used, ids]) =>
      db
        .update(promotions)
        .set({ used: sql`${promotions.used} + ${used}` })
        .where(inArray(promotions.id, ids)),
    ),
    coupon: write.couponUsage
      ? db
          .update(promotionCoupons)
          .set({ used: sql`${promotionCoupons.used} + ${write.couponUsage.used}`, updatedAt: now })
          .where(eq(promotionCoupons.id, write.couponUsage.id))
      : undefined,
  };
}
