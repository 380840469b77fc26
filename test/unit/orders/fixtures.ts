/**
 * Builders for order snapshots, and a tiny in-memory "database" that applies
 * a plan the way the order's Durable Object will: states as planned, stock by
 * the deltas, each delta refused unless its guard holds on the row as it is.
 */
import type {
  CompletionItem,
  CompletionPayment,
  CompletionShipment,
  CompletionSnapshot,
  OrderPlan,
  StockDelta,
} from "../../../src/domain/orders";

export const item = (over: Partial<CompletionItem> & { variantId: number }): CompletionItem => ({
  quantity: 1,
  tracked: true,
  productName: "Mug",
  variantName: "Mug (blue)",
  productEnabled: true,
  variantEnabled: true,
  onHand: 10,
  onHold: 0,
  ...over,
});

export const payment = (over: Partial<CompletionPayment> & { id: number }): CompletionPayment => ({
  state: "cart",
  amount: 3000,
  methodName: "Cash on delivery",
  methodEnabled: true,
  ...over,
});

export const shipment = (over: Partial<CompletionShipment> & { id: number }): CompletionShipment => ({
  state: "cart",
  methodName: "DHL",
  methodEligible: true,
  ...over,
});

/** A cart ready to complete: a tracked Mug ×2 (10 on hand), an untracked Poster ×1, 30.00 to pay, one parcel. */
export function readyCart(over: Partial<CompletionSnapshot> = {}): CompletionSnapshot {
  return {
    state: "cart",
    checkoutState: "payment_selected",
    paymentState: "cart",
    shippingState: "cart",
    total: 3000,
    items: [
      item({ variantId: 7, quantity: 2 }),
      item({ variantId: 8, quantity: 1, tracked: false, productName: "Poster", onHand: 0 }),
    ],
    payments: [payment({ id: 11 })],
    shipments: [shipment({ id: 21 })],
    promotionIds: [5],
    couponId: 9,
    ...over,
  };
}

/** The order as it reads after its plan was written. */
export function afterPlan(order: CompletionSnapshot, plan: OrderPlan): CompletionSnapshot {
  const paymentTo = new Map(plan.payments.map((change) => [change.id, change.to]));
  const shipmentTo = new Map(plan.shipments.map((change) => [change.id, change.to]));
  return {
    ...order,
    checkoutState: plan.checkoutState,
    state: plan.state,
    paymentState: plan.paymentState,
    shippingState: plan.shippingState,
    payments: order.payments.map((line) => ({ ...line, state: paymentTo.get(line.id) ?? line.state })),
    shipments: order.shipments.map((line) => ({ ...line, state: shipmentTo.get(line.id) ?? line.state })),
  };
}

export interface Level {
  onHand: number;
  onHold: number;
}

/** Applies deltas with their guards, all or nothing (one batch); null when a guard fails. */
export function applyStock(levels: ReadonlyMap<number, Level>, deltas: readonly StockDelta[]): Map<number, Level> | null {
  const next = new Map([...levels].map(([id, level]) => [id, { ...level }]));
  for (const delta of deltas) {
    const level = next.get(delta.variantId) ?? { onHand: 0, onHold: 0 };
    const { minAvailable, minOnHand, minOnHold } = delta.requires;
    if (minAvailable !== undefined && level.onHand - level.onHold < minAvailable) return null;
    if (minOnHand !== undefined && level.onHand < minOnHand) return null;
    if (minOnHold !== undefined && level.onHold < minOnHold) return null;
    next.set(delta.variantId, { onHand: level.onHand + delta.onHand, onHold: level.onHold + delta.onHold });
  }
  return next;
}

/** The snapshot's items read their stock from the levels (what the DO loads before planning a completion). */
export function withStock(order: CompletionSnapshot, levels: ReadonlyMap<number, Level>): CompletionSnapshot {
  return {
    ...order,
    items: order.items.map((line) => ({ ...line, ...(levels.get(line.variantId) ?? {}) })),
  };
}
