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
 * usage counts). The object is the only writer of the order's rows, so the
 * guard fails only when a variant's stock changed under the plan (an admin
 * edit): the step answers 409 and changes nothing.
 */
import { CartRefusal, refuse } from "./refusal";
import { done, replayedStatus, type CartReply, type OperationRun } from "./operation";
import { isGuardFailure, lifecycleWriteQueries, orderSnapshotQueries, snapshotFrom } from "../data/orders/lifecycle-store";
import { oneOrder } from "../data/carts/cart-store";
import { orderViewQueries, orderViewsFrom } from "../data/orders/order-views";
import { orderEtag } from "../http/resources/orders/etag";
import { planOrderStep, type LineNotFound, type OrderStep, type TransitionRefused } from "../domain/orders";

export type { OrderStep };

/** The 409 of a stock row that changed under the plan (an admin edit between the read and the write). */
export const STOCK_CHANGED = "The stock of a variant of this order changed meanwhile; nothing was changed, try again.";

/** Runs a lifecycle step in `run` (the pipeline's ends: first batch, replay, guarded write); a refusal throws. */
export async function runOrderStep(run: OperationRun, orderId: number, step: OrderStep): Promise<CartReply> {
  const { db, caller } = run;
  // Read: the order's snapshot, and what its tag is made of only when there is an If-Match to compare it with.
  const read = await run.read({
    snapshot: orderSnapshotQueries(db, orderId),
    tagged: typeof caller?.ifMatch === "string" ? orderViewQueries(db, oneOrder(orderId)) : undefined,
  });
  const snapshot = snapshotFrom(read.snapshot);
  if (!snapshot) throw refuse.notFound(`Order with id ${orderId} does not exist.`);
  const replayed = run.replay();
  if (replayed) return done(replayedStatus(replayed.status), null, run.meter, true);
  if (read.tagged) {
    const view = orderViewsFrom(read.tagged);
    const record = view.records[0];
    run.checkIfMatch(record ? await orderEtag(record, view.variants, "detailed") : null);
  }

  // Decide.
  const planned = planOrderStep(snapshot, step);
  if (!planned.ok) throw refusalError(planned.refusal);
  const result = planned.plan;
  const now = new Date().toISOString();

  // Guarded write.
  try {
    await run.write(
      { status: 204, resource: null },
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
    );
  } catch (error) {
    if (isGuardFailure(error)) throw refuse.conflict(STOCK_CHANGED);
    throw error;
  }
  return done(204, null, run.meter);
}

function refusalError(refusal: TransitionRefused | LineNotFound): CartRefusal {
  if (refusal.kind === "not_found") {
    const what = refusal.line === "payment" ? "Payment" : "Shipment";
    return refuse.notFound(`${what} with id ${refusal.id} does not exist in this order.`);
  }
  return refuse.conflict(refusal.message);
}
