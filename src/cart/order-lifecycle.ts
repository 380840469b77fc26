/**
 * The placed order's lifecycle steps, run by its Durable Object (the same
 * object as its cart: `cart:${orderId}`), one at a time in the object's queue:
 * `PUT /orders/{id}/cancel`, `PUT /orders/{orderId}/payments/{id}/complete`,
 * `PUT /orders/{orderId}/shipments/{id}/ship`.
 *
 * Each step is two D1 round trips: one read batch (the caller's token check,
 * the `Idempotency-Key` lookup, the order's snapshot), the pure plan of
 * src/domain/orders, then one atomic write batch (the key's record, a guard
 * that rolls everything back unless the rows are still as planned from, the
 * guarded UPDATEs of the order, its payments and shipments, the stock and the
 * usage counts, then the step's events: src/domain/events/lifecycle.ts). The object is the only writer of the order's rows, so the
 * guard fails only when a variant's stock changed under the plan (an admin
 * edit): the step answers 409 and changes nothing.
 */
import { CartRefusal, refuse } from "./refusal";
import type { Caller, CartReply, OperationRun } from "./operation";
import { runOperation, type CartOperation } from "./runner";
import { isGuardFailure, lifecycleWriteQueries, orderSnapshotQueries, snapshotFrom, type OrderSnapshotRows } from "../data/orders/lifecycle-store";
import { eventInserts } from "../data/events";
import { inventoryEventInserts } from "../data/carts/cart-events";
import { orderStepEvents, type OrderFacts, type OrderStepFacts, type StockMoveFacts } from "../domain/events/lifecycle";
import { oneOrder } from "../data/carts/cart-store";
import { orderViewQueries, orderViewsFrom } from "../data/orders/order-views";
import type { Database } from "../data/db";
import { orderEtag } from "../http/resources/orders/etag";
import { planOrderStep, type LineNotFound, type OrderPlan, type OrderSnapshot, type OrderStep, type TransitionRefused } from "../domain/orders";

export type { OrderStep };

/** The 409 of a stock row that changed under the plan (an admin edit between the read and the write). */
export const STOCK_CHANGED = "The stock of a variant of this order changed meanwhile; nothing was changed, try again.";

/** The order's rows a step reads: its snapshot, and what its tag is made of only when there is an If-Match to compare it with. */
const stepReads = (orderId: number) => (db: Database, caller: Caller | null) => ({
  snapshot: orderSnapshotQueries(db, orderId),
  tagged: typeof caller?.ifMatch === "string" ? orderViewQueries(db, oneOrder(orderId)) : undefined,
});

/** A step's decision: the domain's plan, what it was made from, and what the step's events say (src/domain/events/lifecycle.ts). */
interface StepDecision {
  snapshot: OrderSnapshot;
  plan: OrderPlan;
  now: string;
  events: OrderStepFacts;
}

/**
 * What the step's events say, from the snapshot's rows and the plan: the
 * order with its new states, its version after the step (its UPDATE raises
 * it by one), the lines moved and the tracked variants' stock moves.
 */
function eventFacts(rows: OrderSnapshotRows, plan: OrderPlan, step: OrderStep): StepDecision["events"] {
  const order = rows.order[0];
  if (!order) throw new Error("A planned step has its order");
  const facts: OrderFacts = {
    id: order.id,
    number: order.number,
    checkoutState: plan.checkoutState,
    state: plan.state,
    paymentState: plan.paymentState,
    shippingState: plan.shippingState,
    total: order.total,
    currencyCode: order.currencyCode,
    customerEmail: order.customerEmail,
  };
  const variants = new Map(rows.items.map((item) => [item.variantId, { id: item.variantId, code: item.variantCode, productCode: item.productCode }]));
  const stock = plan.stock.flatMap((delta): StockMoveFacts[] => {
    const variant = variants.get(delta.variantId);
    return variant ? [{ variant, onHand: delta.onHand, onHold: delta.onHold }] : [];
  });
  return {
    order: facts,
    sequence: order.version + 1,
    stateBefore: order.state,
    fulfilled: plan.fulfilled,
    payments: plan.payments,
    paymentAmounts: new Map(rows.payments.map((p) => [p.id, p.amount])),
    shipments: plan.shipments,
    tracking: step.kind === "ship" ? { shipmentId: step.shipmentId, tracking: step.tracking } : null,
    stock,
    operations: plan.inventory,
  };
}

/** A lifecycle step as an operation of the runner: the order's snapshot read, the domain's plan, its guarded UPDATEs and its events. */
export function orderStepOperation(orderId: number, step: OrderStep): CartOperation<ReturnType<ReturnType<typeof stepReads>>, OrderSnapshot, StepDecision, ReturnType<typeof lifecycleWriteQueries>> {
  return {
    reads: stepReads(orderId),
    subject: (rows) => {
      const snapshot = snapshotFrom(rows.snapshot);
      if (!snapshot) throw refuse.notFound(`Order with id ${orderId} does not exist.`);
      return snapshot;
    },
    tag: async (rows) => {
      if (!rows.tagged) return undefined;
      const view = orderViewsFrom(rows.tagged);
      const record = view.records[0];
      return record ? await orderEtag(record, view.variants, "detailed") : null;
    },
    decide: (snapshot, rows) => {
      const planned = planOrderStep(snapshot, step);
      if (!planned.ok) throw refusalError(planned.refusal);
      return { snapshot, plan: planned.plan, now: new Date().toISOString(), events: eventFacts(rows.snapshot, planned.plan, step) };
    },
    kept: () => ({ status: 204, resource: null }),
    statements: (db, { snapshot, plan: result, now }) =>
      lifecycleWriteQueries(db, {
        orderId,
        from: { state: snapshot.state, paymentState: snapshot.paymentState, shippingState: snapshot.shippingState },
        to: { state: result.state, paymentState: result.paymentState, shippingState: result.shippingState },
        payments: result.payments,
        shipments: result.shipments,
        shipped: step.kind === "ship" ? { id: step.shipmentId, tracking: step.tracking } : null,
        stock: result.stock.map((delta) => ({ variantId: delta.variantId, onHand: delta.onHand, onHold: delta.onHold, ...delta.requires })),
        promotionUsage: result.promotionUsage,
        couponUsage: result.couponUsage,
        now,
      }),
    // After the guarded UPDATEs: the guard fails the whole batch, events included, unless the rows were as planned from.
    events: (db, decision, actor) => {
      const { events, stock } = orderStepEvents(decision.events, actor());
      return [...eventInserts(db, events), ...inventoryEventInserts(db, stock)];
    },
    // The object is the order's only writer: only a variant's stock can have changed under the plan.
    guardFailed: (error) => (isGuardFailure(error) ? refuse.conflict(STOCK_CHANGED) : undefined),
    answer: () => ({ status: 204, body: null }),
  };
}

/** Runs a lifecycle step in `run`; a refusal throws. */
export function runOrderStep(run: OperationRun, orderId: number, step: OrderStep): Promise<CartReply> {
  return runOperation(run, orderStepOperation(orderId, step));
}

function refusalError(refusal: TransitionRefused | LineNotFound): CartRefusal {
  if (refusal.kind === "not_found") {
    const what = refusal.line === "payment" ? "Payment" : "Shipment";
    return refuse.notFound(`${what} with id ${refusal.id} does not exist in this order.`);
  }
  return refuse.conflict(refusal.message);
}
