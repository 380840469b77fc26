/**
 * The lifecycle events of carts and orders, built from what the cart
 * object's operation already holds (pure; no read): `cart.created`,
 * `cart.updated`, `cart.deleted`, `cart.expired`, `order.placed`,
 * `order.cancelled`, `order.fulfilled`, `payment.<transition>`,
 * `shipment.<transition>` and `inventory.changed`.
 *
 * Every cart and order event's `data` is `lifecycleData`: the order's id,
 * number, states, total, currency and customer's email (`LIFECYCLE_DATA_KEYS`).
 * Its `sequence` is the cart's or order's row `version` after the change (a
 * deletion: the version it had, plus one). Payments and shipments have no
 * version: their sequence is the event's row id (null here). A variant's
 * `inventory.changed` takes the variant's version after the change, which
 * its insert reads in the same statement (src/data/cart-events.ts).
 *
 * The checkout steps and the item changes (each an operation of
 * src/cart/runner.ts, whose `events(db, plan, actor)` hook gets the
 * principal as `actor()`) make these calls, with
 * `eventInserts` from src/data/events.ts and `inventoryEventInserts` from
 * src/data/carts/cart-events.ts:
 *
 *   item add / change / remove, a coupon change, and each checkout step
 *   before completion (address, select shipping, select payment):
 *       events: (db, plan, actor) => eventInserts(db, [cartUpdated(facts, versionAfter, actor(), change)])
 *     `facts`: the cart after the change (`OrderFacts`; `customerEmail` null when the
 *     operation does not hold it), `versionAfter`: the order row's version once the
 *     batch committed, `change`: one of `CartChange`.
 *   checkout completion (the cart becomes an order, its tracked units held):
 *       events: (db, plan, actor) => [
 *         ...eventInserts(db, [orderPlaced(facts, versionAfter, actor())]),
 *         ...inventoryEventInserts(db, stockEvents(held, ["hold"], facts, actor())),
 *       ]
 *     `facts`: the order as placed (its number; states `completed`, `new`,
 *     `awaiting_payment`, `ready`); `held`: one `StockMoveFacts` per tracked
 *     variant, `{variant: {id, code, productCode}, onHand: 0, onHold: quantity}`.
 *     Both go after the step's guarded statements, in its one write batch.
 *   The checkout's operations write theirs with `orderEventInserts` instead of
 *   `eventInserts` (src/data/carts/cart-events.ts): the order's version, number
 *   and customer's email are read by the insert, in the same statement. A group
 *   commit of item changes raises the cart's version once per change, so each
 *   change's `cart.updated` has its own `versionAfter`.
 */
import type { ChangeActor, NewEvent } from "./event";

/** What a cart or order event says of its row: what the operation holds of it. */
export interface OrderFacts {
  id: number;
  number: string | null;
  checkoutState: string;
  state: string;
  paymentState: string;
  shippingState: string;
  /** In the currency's minor unit, as the API serializes it. */
  total: number;
  currencyCode: string;
  /** The customer's email (null: none known to the operation). */
  customerEmail: string | null;
}

/** The keys of every cart and order event's `data`, in order. */
export const LIFECYCLE_DATA_KEYS = ["id", "number", "checkoutState", "state", "paymentState", "shippingState", "total", "currencyCode", "customer"] as const;

/** Where carts are read: a cart's href is this path and its id. */
export const CARTS_PATH = "/api/v1/carts/";
export const cartHref = (id: number): string => `${CARTS_PATH}${id}`;
export const orderHref = (id: number): string => `/api/v1/orders/${id}`;
export const paymentHref = (id: number): string => `/api/v1/payments/${id}`;
export const shipmentHref = (id: number): string => `/api/v1/shipments/${id}`;
export const variantHref = (productCode: string, code: string): string =>
  `/api/v1/products/${encodeURIComponent(productCode)}/variants/${encodeURIComponent(code)}`;

/** A cart's or order's event `data`: its id, number, states, total, currency and customer. */
export function lifecycleData(facts: OrderFacts): Record<string, unknown> {
  return {
    id: facts.id,
    number: facts.number,
    checkoutState: facts.checkoutState,
    state: facts.state,
    paymentState: facts.paymentState,
    shippingState: facts.shippingState,
    total: facts.total,
    currencyCode: facts.currencyCode,
    customer: { email: facts.customerEmail },
  };
}

/** What a `cart.updated` changed: an item, the coupon, or a checkout step. */
export type CartChange =
  | { kind: "item_added"; itemId: number; variant: string; quantity: number }
  | { kind: "item_changed"; itemId: number; quantity: number }
  | { kind: "item_removed"; itemId: number }
  | { kind: "coupon"; coupon: string | null }
  | { kind: "checkout"; step: "address" | "select_shipping" | "select_payment" };

const onCart = (type: "cart.created" | "cart.updated" | "cart.deleted", facts: OrderFacts, sequence: number, actor: ChangeActor, extra = {}): NewEvent => ({
  type,
  resource: { href: cartHref(facts.id), id: facts.id },
  sequence,
  actor,
  data: { ...lifecycleData(facts), ...extra },
});

/** A new cart's states, number and total (an empty cart). */
export const NEW_CART = { number: null, checkoutState: "cart", state: "cart", paymentState: "cart", shippingState: "cart", total: 0 } as const;

/** A cart's facts as a change of it holds them: its id, total and currency, its checkout state (no number, no email yet). */
export const cartFacts = (cart: { id: number; total: number; currencyCode: string }, checkoutState: string): OrderFacts => ({
  ...NEW_CART,
  id: cart.id,
  checkoutState,
  total: cart.total,
  currencyCode: cart.currencyCode,
  customerEmail: null,
});

/** `cart.created`: `POST /api/v1/carts/` (`sequence`: the new row's version). */
export const cartCreated = (facts: OrderFacts, sequence: number, actor: ChangeActor): NewEvent => onCart("cart.created", facts, sequence, actor);

/** `cart.updated`: an item, the coupon or a checkout step changed the cart (`sequence`: its version after the change). */
export const cartUpdated = (facts: OrderFacts, sequence: number, actor: ChangeActor, change: CartChange): NewEvent =>
  onCart("cart.updated", facts, sequence, actor, { change });

/** `cart.deleted`: `DELETE /api/v1/carts/{id}` (`sequence`: the version the cart had, plus one). */
export const cartDeleted = (facts: OrderFacts, versionBefore: number, actor: ChangeActor): NewEvent => onCart("cart.deleted", facts, versionBefore + 1, actor);

/**
 * `cart.expired`: the cart's object deleted it, unchanged for the period;
 * `system` says whether its alarm (`expiry`) or the hourly sweep (`cron`)
 * asked. The object may not hold the cart: its insert reads `data`
 * (`lifecycleData`'s keys) and `sequence` (the version, plus one) from the
 * row the expiry deletes (src/data/carts/cart-events.ts); here, only its id.
 */
export const cartExpired = (cartId: number, system: "expiry" | "cron"): NewEvent => ({
  type: "cart.expired",
  resource: { href: cartHref(cartId), id: cartId },
  sequence: null,
  actor: { system },
  data: { id: cartId },
});

const onOrder = (type: "order.placed" | "order.cancelled" | "order.fulfilled", facts: OrderFacts, sequence: number, actor: ChangeActor): NewEvent => ({
  type,
  resource: { href: orderHref(facts.id), id: facts.id },
  sequence,
  actor,
  data: lifecycleData(facts),
});

/** `order.placed`: the checkout completed (`sequence`: the order's version after the completion). */
export const orderPlaced = (facts: OrderFacts, sequence: number, actor: ChangeActor): NewEvent => onOrder("order.placed", facts, sequence, actor);

/** `order.cancelled`: `PUT /orders/{id}/cancel`. */
export const orderCancelled = (facts: OrderFacts, sequence: number, actor: ChangeActor): NewEvent => onOrder("order.cancelled", facts, sequence, actor);

/** `order.fulfilled`: the order is paid and shipped. */
export const orderFulfilled = (facts: OrderFacts, sequence: number, actor: ChangeActor): NewEvent => onOrder("order.fulfilled", facts, sequence, actor);

/** The payment and shipment transitions that have an event type, by the state they lead to. */
const PAYMENT_TRANSITIONS: Readonly<Record<string, "payment.complete" | "payment.cancel">> = { completed: "payment.complete", cancelled: "payment.cancel" };
const SHIPMENT_TRANSITIONS: Readonly<Record<string, "shipment.ship" | "shipment.cancel">> = { shipped: "shipment.ship", cancelled: "shipment.cancel" };

/** A payment or shipment that changed state. */
export interface LineMove {
  id: number;
  from: string;
  to: string;
}

const orderRef = (facts: OrderFacts) => ({ id: facts.id, number: facts.number, state: facts.state, paymentState: facts.paymentState, shippingState: facts.shippingState });

/** `payment.complete` / `payment.cancel` (by the state reached; null: a move with no event type). */
export function paymentEvent(move: LineMove, amount: number | null, order: OrderFacts, actor: ChangeActor): NewEvent | null {
  const type = PAYMENT_TRANSITIONS[move.to];
  if (!type) return null;
  return {
    type,
    resource: { href: paymentHref(move.id), id: move.id },
    sequence: null,
    actor,
    data: { id: move.id, state: move.to, from: move.from, amount, currencyCode: order.currencyCode, order: orderRef(order), customer: { email: order.customerEmail } },
  };
}

/** `shipment.ship` / `shipment.cancel` (by the state reached; null: a move with no event type). */
export function shipmentEvent(move: LineMove, tracking: string | null, order: OrderFacts, actor: ChangeActor): NewEvent | null {
  const type = SHIPMENT_TRANSITIONS[move.to];
  if (!type) return null;
  return {
    type,
    resource: { href: shipmentHref(move.id), id: move.id },
    sequence: null,
    actor,
    data: { id: move.id, state: move.to, from: move.from, tracking, order: orderRef(order), customer: { email: order.customerEmail } },
  };
}

/** A tracked variant as an order's item names it. */
export interface StockVariant {
  id: number;
  code: string;
  productCode: string;
}

/** A tracked variant's stock move: what is added to its `onHand` and `onHold`. */
export interface StockMoveFacts {
  variant: StockVariant;
  onHand: number;
  onHold: number;
}

/** Why stock moved: Sylius' inventory operations (hold at completion, sell when paid, release or give back at cancel). */
export type StockOperation = "hold" | "sell" | "release" | "give_back";

/** An `inventory.changed` and the variant whose version is its sequence (read by its insert). */
export interface StockEvent {
  variantId: number;
  event: NewEvent;
}

/**
 * One `inventory.changed` per variant whose `onHand` or `onHold` moves
 * (none for a zero move); `data`: the variant's code, the deltas
 * (`onHandChange`, `onHoldChange`), the operations and the order.
 */
export function stockEvents(moves: readonly StockMoveFacts[], operations: readonly StockOperation[], order: OrderFacts, actor: ChangeActor): StockEvent[] {
  return moves
    .filter((move) => move.onHand !== 0 || move.onHold !== 0)
    .map((move) => ({
      variantId: move.variant.id,
      event: {
        type: "inventory.changed",
        resource: { href: variantHref(move.variant.productCode, move.variant.code), code: move.variant.code },
        sequence: null,
        actor,
        data: {
          code: move.variant.code,
          product: move.variant.productCode,
          onHandChange: move.onHand,
          onHoldChange: move.onHold,
          operations: [...operations],
          order: { id: order.id, number: order.number },
        },
      },
    }));
}

/** What an order step (cancel, pay, ship) changed, as its plan says. */
export interface OrderStepFacts {
  /** The order after the step (its new states). */
  order: OrderFacts;
  /** The order's version after the step. */
  sequence: number;
  /** The state the order had before the step. */
  stateBefore: string;
  fulfilled: boolean;
  payments: readonly LineMove[];
  /** The amounts of the order's payments, by id. */
  paymentAmounts: ReadonlyMap<number, number>;
  shipments: readonly LineMove[];
  /** The tracking the shipped shipment got (null: none sent). */
  tracking: { shipmentId: number; tracking: string | null } | null;
  stock: readonly StockMoveFacts[];
  operations: readonly StockOperation[];
}

/**
 * An order step's events, in order: the order's (`order.cancelled`,
 * `order.fulfilled`), then its payments', its shipments', then the stock's
 * (`inventory.changed`, returned apart: their sequence is read by their insert).
 */
export function orderStepEvents(step: OrderStepFacts, actor: ChangeActor): { events: NewEvent[]; stock: StockEvent[] } {
  const { order } = step;
  const events: NewEvent[] = [];
  if (order.state === "cancelled" && step.stateBefore !== "cancelled") events.push(orderCancelled(order, step.sequence, actor));
  if (step.fulfilled) events.push(orderFulfilled(order, step.sequence, actor));
  for (const move of step.payments) {
    const event = paymentEvent(move, step.paymentAmounts.get(move.id) ?? null, order, actor);
    if (event) events.push(event);
  }
  for (const move of step.shipments) {
    const event = shipmentEvent(move, step.tracking?.shipmentId === move.id ? step.tracking.tracking : null, order, actor);
    if (event) events.push(event);
  }
  return { events, stock: stockEvents(step.stock, step.operations, order, actor) };
}
