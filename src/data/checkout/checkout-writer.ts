/**
 * The checkout's writes, as statements for the cart object's one atomic
 * write batch: the cart's shipment and payment kept in sync with the priced
 * cart, the addresses, the order's checkout columns, and the completion
 * (number, states, inventory hold with its guards, usage).
 */
import { and, eq, sql } from "drizzle-orm";
import type { AddressFields } from "../orders/order-views";
import type { CheckoutState, OrderPaymentState, OrderShippingState, OrderState, PaymentState, ShipmentState } from "../../domain/orders";
import type { Statement } from "../batch";
import type { Database } from "../db";
import { prepared, type Value } from "../prepared";
import { addresses, orders, payments, productVariants, promotionCoupons, promotions, rowIdSequences, shipments } from "../schema";
import type { CheckoutRow } from "./checkout-store";

import type { CartLines } from "../../domain/cart/checkout-processing";

export type CheckoutWrite = Statement<unknown>;

/** What the cart's processing wants (the domain's rule: src/domain/cart/checkout-processing.ts). */
export type { CartLines };

const methodIdOf = (code: Value<string>) => sql`(SELECT m.id FROM shipping_methods m WHERE m.code = ${code})`;

/** The statements of `cartLineStatements`, built once (see prepared.ts): one runs on nearly every cart change. */
const lineWrites = {
  deleteShipment: prepared(["orderId"], (db, v) => db.delete(shipments).where(and(eq(shipments.orderId, v.orderId), eq(shipments.state, "cart")))),
  insertShipment: prepared(["orderId", "methodCode", "now"], (db, v) =>
    db
      .insert(shipments)
      .select(sql`SELECT NULL, ${v.orderId}, ${methodIdOf(v.methodCode)}, 'cart', NULL, NULL, ${v.now}, ${v.now}`)
      .returning({ id: shipments.id }),
  ),
  updateShipment: prepared(["id", "methodCode", "now"], (db, v) =>
    db
      .update(shipments)
      .set({ methodId: methodIdOf(v.methodCode), updatedAt: sql`${v.now}` })
      .where(eq(shipments.id, v.id)),
  ),
  deletePayment: prepared(["orderId"], (db, v) => db.delete(payments).where(and(eq(payments.orderId, v.orderId), eq(payments.state, "cart")))),
  insertPayment: prepared(["orderId", "methodId", "currencyCode", "amount", "now"], (db, v) =>
    db
      .insert(payments)
      .values({ orderId: v.orderId, methodId: v.methodId, currencyCode: v.currencyCode, amount: v.amount, state: "cart", createdAt: v.now, updatedAt: v.now })
      .returning({ id: payments.id }),
  ),
  updatePayment: prepared(["id", "methodId", "currencyCode", "amount", "now"], (db, v) =>
    db
      .update(payments)
      .set({ methodId: sql`${v.methodId}`, amount: sql`${v.amount}`, currencyCode: sql`${v.currencyCode}`, updatedAt: sql`${v.now}` })
      .where(eq(payments.id, v.id)),
  ),
  // The amount alone (the method kept): a SET naming the method would check its foreign key, one row more to read.
  updatePaymentAmount: prepared(["id", "amount", "now"], (db, v) =>
    db
      .update(payments)
      .set({ amount: sql`${v.amount}`, updatedAt: sql`${v.now}` })
      .where(eq(payments.id, v.id)),
  ),
};

/**
 * Inserts, updates or deletes the cart's one shipment and one payment (state
 * `cart`) so they match `wanted` (Sylius OrderShipmentProcessor,
 * OrderPaymentProcessor); rows that already match are not touched. Named
 * by what they do: an insert answers the new row's id (`checkoutRowAfter`).
 */
export function cartLineStatements(db: Database, orderId: number, currencyCode: string, current: CheckoutRow, wanted: CartLines, nowIso: string) {
  const methodCode = wanted.shippingMethodCode;
  const payment = wanted.payment;
  const paymentMethodSame = current.paymentMethodId === payment?.methodId;
  return {
    shipmentInserted: methodCode !== null && current.shipmentId === null ? lineWrites.insertShipment.bind(db, { orderId, methodCode, now: nowIso }) : undefined,
    shipmentChanged:
      methodCode === null
        ? current.shipmentId !== null
          ? lineWrites.deleteShipment.bind(db, { orderId })
          : undefined
        : current.shipmentId !== null && current.shipmentMethodCode !== methodCode
          ? lineWrites.updateShipment.bind(db, { id: current.shipmentId, methodCode, now: nowIso })
          : undefined,
    paymentInserted:
      payment !== null && current.paymentId === null
        ? lineWrites.insertPayment.bind(db, { orderId, methodId: payment.methodId, currencyCode, amount: payment.amount, now: nowIso })
        : undefined,
    paymentChanged:
      payment === null
        ? current.paymentId !== null
          ? lineWrites.deletePayment.bind(db, { orderId })
          : undefined
        : current.paymentId === null
          ? undefined
          : paymentMethodSame
            ? current.paymentAmount !== payment.amount
              ? lineWrites.updatePaymentAmount.bind(db, { id: current.paymentId, amount: payment.amount, now: nowIso })
              : undefined
            : lineWrites.updatePayment.bind(db, { id: current.paymentId, methodId: payment.methodId, currencyCode, amount: payment.amount, now: nowIso }),
  };
}

/** What the line statements answer: the id of each row they inserted. */
export interface InsertedLines {
  shipmentInserted?: { id: number }[];
  paymentInserted?: { id: number }[];
}

/**
 * The cart's checkout row once `cartLineStatements` for `wanted` committed:
 * the shipment's and the payment's ids (the inserted ones as their insert
 * answered them), methods and amount. The methods' names and enabled flag,
 * which only a checkout step shows (it reads its own row), are left unknown
 * (null) where the line changed. Null when an insert's id is missing.
 */
export function checkoutRowAfter(current: CheckoutRow, wanted: CartLines, inserted: InsertedLines, total: number): CheckoutRow | null {
  const code = wanted.shippingMethodCode;
  const shipmentId = code === null ? null : (current.shipmentId ?? inserted.shipmentInserted?.[0]?.id ?? null);
  const payment = wanted.payment;
  const paymentId = payment === null ? null : (current.paymentId ?? inserted.paymentInserted?.[0]?.id ?? null);
  if ((code !== null && shipmentId === null) || (payment !== null && paymentId === null)) return null;
  const shipmentSame = code === current.shipmentMethodCode && shipmentId === current.shipmentId;
  const paymentSame = payment?.methodId === current.paymentMethodId && paymentId === current.paymentId;
  return {
    ...current,
    total,
    shipmentId,
    shipmentMethodCode: code,
    shipmentMethodName: shipmentSame ? current.shipmentMethodName : null,
    paymentId,
    paymentMethodId: payment?.methodId ?? null,
    paymentAmount: payment?.amount ?? null,
    paymentMethodEnabled: paymentSame ? current.paymentMethodEnabled : null,
    paymentMethodName: paymentSame ? current.paymentMethodName : null,
  };
}

/** The order's checkout columns a step sets (only the given ones), while it is a cart. */
export function orderCheckoutStatement(
  db: Database,
  orderId: number,
  set: { checkoutState?: CheckoutState; promotionCouponId?: number | null },
  nowIso: string,
): CheckoutWrite {
  return db
    .update(orders)
    .set({ ...set, updatedAt: nowIso, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, orderId), eq(orders.state, "cart")));
}

export interface AddressValues extends AddressFields {
  company: string | null;
  provinceCode: string | null;
  provinceName: string | null;
}

/**
 * Stores the order's shipping and billing address: an existing one is
 * updated in place (Sylius' form edits the order's address entity), a new
 * one inserted and linked through `last_insert_rowid()` (same batch, same
 * connection: the id of the insert just before).
 */
export function addressStatements(
  db: Database,
  orderId: number,
  current: { shippingAddressId: number | null; billingAddressId: number | null },
  shipping: AddressValues,
  billing: AddressValues,
  nowIso: string,
): CheckoutWrite[] {
  const out: CheckoutWrite[] = [];
  const store = (id: number | null, address: AddressValues, column: "shippingAddressId" | "billingAddressId") => {
    const values = { ...address, updatedAt: nowIso };
    if (id !== null) {
      out.push(db.update(addresses).set(values).where(eq(addresses.id, id)));
      return;
    }
    out.push(db.insert(addresses).values({ ...values, createdAt: nowIso }));
    out.push(db.update(orders).set({ [column]: sql`last_insert_rowid()` }).where(eq(orders.id, orderId)));
  };
  store(current.shippingAddressId, shipping, "shippingAddressId");
  store(current.billingAddressId, billing, "billingAddressId");
  return out;
}

/** A stock change with the minimums the row must meet before it (domain/orders StockDelta). */
export interface StockChange {
  variantId: number;
  onHand: number;
  onHold: number;
  requires: { minAvailable?: number; minOnHand?: number; minOnHold?: number };
}

/** The text of the failure a stock guard raises (a NOT NULL refusal on this sentinel row). */
export const STOCK_GUARD_NAME = "stock_guard";

/** True when a batch failed because a stock guard matched no row (another order took the units). */
export function isStockGuardFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return text.includes("NOT NULL constraint failed: row_id_sequences.last_id");
}

/**
 * A guarded stock UPDATE and, right after it, the statement that fails the
 * whole batch when the UPDATE changed no row: SQLite's `changes()` is the
 * row count of the last completed write, and inserting NULL into the NOT
 * NULL `row_id_sequences.last_id` aborts the batch (D1 runs a batch as one
 * transaction), so no part of the completion is written. D1 has no RAISE
 * outside triggers; this is the same refusal, made by a constraint.
 */
export function guardedStockStatements(db: Database, change: StockChange): CheckoutWrite[] {
  const { minAvailable, minOnHand, minOnHold } = change.requires;
  return [
    db
      .update(productVariants)
      .set({
        onHand: sql`${productVariants.onHand} + ${change.onHand}`,
        onHold: sql`${productVariants.onHold} + ${change.onHold}`,
        version: sql`${productVariants.version} + 1`,
      })
      .where(
        and(
          eq(productVariants.id, change.variantId),
          minAvailable === undefined ? undefined : sql`${productVariants.onHand} - ${productVariants.onHold} >= ${minAvailable}`,
          minOnHand === undefined ? undefined : sql`${productVariants.onHand} >= ${minOnHand}`,
          minOnHold === undefined ? undefined : sql`${productVariants.onHold} >= ${minOnHold}`,
        ),
      ),
    db.insert(rowIdSequences).select(sql`SELECT ${STOCK_GUARD_NAME}, NULL WHERE changes() = 0`),
  ];
}

/** What completion writes: the plan's states, the lines that change, stock and usage. */
export interface CompletionWrite {
  checkoutState: CheckoutState;
  state: OrderState;
  paymentState: OrderPaymentState;
  shippingState: OrderShippingState;
  notes: string | null;
  payments: { id: number; from: PaymentState; to: PaymentState }[];
  shipments: { id: number; from: ShipmentState; to: ShipmentState }[];
  stock: StockChange[];
  promotionUsage: { id: number; used: number }[];
  couponUsage: { id: number; used: number } | null;
}

/**
 * The completion as statements of one atomic batch: the next order number
 * (an upsert of the `order_number` sequence, then the order reads it back:
 * no read-then-write, so two completions can never share a number), the
 * order's states and completion time, the payment and shipment states, the
 * guarded stock changes and the usage counters.
 */
export function completionStatements(db: Database, orderId: number, fromCheckoutState: CheckoutState, write: CompletionWrite, nowIso: string): CheckoutWrite[] {
  const out: CheckoutWrite[] = [];
  for (const change of write.stock) out.push(...guardedStockStatements(db, change));
  out.push(
    db
      .insert(rowIdSequences)
      .values({ name: "order_number", lastId: 1 })
      .onConflictDoUpdate({ target: rowIdSequences.name, set: { lastId: sql`${rowIdSequences.lastId} + 1` } }),
  );
  out.push(
    db
      .update(orders)
      .set({
        number: sql`printf('%09d', (SELECT s.last_id FROM row_id_sequences s WHERE s.name = 'order_number'))`,
        checkoutCompletedAt: nowIso,
        notes: write.notes,
        checkoutState: write.checkoutState,
        state: write.state,
        paymentState: write.paymentState,
        shippingState: write.shippingState,
        updatedAt: nowIso,
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.state, "cart"), eq(orders.checkoutState, fromCheckoutState))),
  );
  // The order was a cart in that checkout state: otherwise nothing of this batch stands.
  out.push(db.insert(rowIdSequences).select(sql`SELECT 'order_guard', NULL WHERE changes() = 0`));
  for (const line of write.payments) {
    out.push(db.update(payments).set({ state: line.to, updatedAt: nowIso }).where(and(eq(payments.id, line.id), eq(payments.state, line.from))));
  }
  for (const line of write.shipments) {
    out.push(db.update(shipments).set({ state: line.to, updatedAt: nowIso }).where(and(eq(shipments.id, line.id), eq(shipments.state, line.from))));
  }
  for (const usage of write.promotionUsage) {
    out.push(db.update(promotions).set({ used: sql`${promotions.used} + ${usage.used}` }).where(eq(promotions.id, usage.id)));
  }
  if (write.couponUsage) {
    const usage = write.couponUsage;
    out.push(db.update(promotionCoupons).set({ used: sql`${promotionCoupons.used} + ${usage.used}` }).where(eq(promotionCoupons.id, usage.id)));
  }
  return out;
}
