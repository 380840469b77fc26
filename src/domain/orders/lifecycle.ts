/**
 * The running state of one lifecycle step: starts from the snapshot, takes
 * the cascades and resolver callbacks of Sylius' graphs one by one, and ends
 * as an {@link OrderPlan}. Internal to the plans (complete, cancel, pay, ship).
 */
import { stockDeltas, type InventoryOperation } from "./inventory";
import type { LineNotFound, OrderPlan, PlanResult, StateChange, UsageDelta } from "./plan";
import { resolveOrderPaymentState, resolveOrderShippingState, resolveOrderState } from "./resolvers";
import type { OrderSnapshot, PaymentLine, ShipmentLine } from "./snapshot";
import type { StateMachine, TransitionRefused } from "./state-machine";

export interface Work {
  readonly checkoutState: OrderSnapshot["checkoutState"];
  readonly state: OrderSnapshot["state"];
  readonly paymentState: OrderSnapshot["paymentState"];
  readonly shippingState: OrderSnapshot["shippingState"];
  readonly payments: readonly PaymentLine[];
  readonly shipments: readonly ShipmentLine[];
  readonly inventory: readonly InventoryOperation[];
}

export function startWork(order: OrderSnapshot): Work {
  return {
    checkoutState: order.checkoutState,
    state: order.state,
    paymentState: order.paymentState,
    shippingState: order.shippingState,
    payments: order.payments,
    shipments: order.shipments,
    inventory: [],
  };
}

/**
 * A request's transition of one payment or shipment (`line` `id` of the
 * order): refused when the line is unknown or the machine refuses; else the
 * work with that line in its new state, ready for the resolvers.
 */
export function transitionLine<K extends "payments" | "shipments", T extends string>(
  order: OrderSnapshot,
  lines: K,
  id: number,
  machine: StateMachine<Work[K][number]["state"], T>,
  transition: T,
): PlanResult<Work, TransitionRefused | LineNotFound> {
  const line = order[lines].find((candidate) => candidate.id === id);
  if (line === undefined) return { ok: false, refusal: { kind: "not_found", line: lines === "payments" ? "payment" : "shipment", id } };
  const applied = machine.apply(line.state, transition);
  if (!applied.ok) return applied;
  const start = startWork(order);
  const moved = start[lines].map((candidate) => (candidate.id === id ? { ...candidate, state: applied.state } : candidate));
  return { ok: true, plan: { ...start, [lines]: moved } };
}

/**
 * The order payment resolver, and what Sylius hangs on the `pay` transition
 * of `sylius_order_payment`: sell the held units, then try to fulfil.
 */
export function settlePayments(work: Work, orderTotal: number): Work {
  const paymentState = resolveOrderPaymentState(work.paymentState, work.payments, orderTotal);
  if (paymentState === work.paymentState) return work;
  const paid = paymentState === "paid";
  return {
    ...work,
    paymentState,
    inventory: paid ? [...work.inventory, "sell"] : work.inventory,
    state: paid ? resolveOrderState(work.state, paymentState, work.shippingState) : work.state,
  };
}

/** The order shipping resolver, and the `ship` callback of `sylius_order_shipping`: try to fulfil. */
export function settleShipments(work: Work): Work {
  const shippingState = resolveOrderShippingState(work.shippingState, work.shipments);
  if (shippingState === work.shippingState) return work;
  return {
    ...work,
    shippingState,
    state: shippingState === "shipped" ? resolveOrderState(work.state, work.paymentState, shippingState) : work.state,
  };
}

function changes<S extends string>(
  before: readonly { id: number; state: S }[],
  after: readonly { id: number; state: S }[],
): StateChange<S>[] {
  const from = new Map(before.map((line) => [line.id, line.state]));
  const changed: StateChange<S>[] = [];
  for (const line of after) {
    const was = from.get(line.id);
    if (was !== undefined && was !== line.state) changed.push({ id: line.id, from: was, to: line.state });
  }
  return changed;
}

/** `used` + `by` on every promotion of the order and on its coupon. */
export function usageDeltas(
  order: OrderSnapshot,
  by: number,
): { promotionUsage: UsageDelta[]; couponUsage: UsageDelta | null } {
  return {
    promotionUsage: order.promotionIds.map((id) => ({ id, used: by })),
    couponUsage: order.couponId === null ? null : { id: order.couponId, used: by },
  };
}

export function finishWork(
  order: OrderSnapshot,
  work: Work,
  usage: { promotionUsage: UsageDelta[]; couponUsage: UsageDelta | null } = { promotionUsage: [], couponUsage: null },
): OrderPlan {
  return {
    checkoutState: work.checkoutState,
    state: work.state,
    paymentState: work.paymentState,
    shippingState: work.shippingState,
    payments: changes(order.payments, work.payments),
    shipments: changes(order.shipments, work.shipments),
    inventory: work.inventory,
    stock: stockDeltas(order.items, work.inventory),
    promotionUsage: usage.promotionUsage,
    couponUsage: usage.couponUsage,
    fulfilled: work.state === "fulfilled" && order.state !== "fulfilled",
  };
}
