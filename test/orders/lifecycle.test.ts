/**
 * The placed order's lifecycle through the public API: cancel, ship, complete
 * a payment — allowed and refused transitions (exact 409 texts), inventory
 * of tracked and untracked variants, automatic fulfilment, usage counts,
 * 404s, concurrency and idempotent retries.
 */
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartWithItems } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { placedOrder, statesOf, stockOf, usedOf } from "../fixtures/orders";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { STOCK_CHANGED } from "../../src/cart/order-lifecycle";

const refused = (transition: string, machine: string, state: string) => ({
  code: 409,
  message: `Transition "${transition}" cannot be applied on ${machine} state "${state}".`,
});

const cancel = (id: number, headers: Record<string, string> = {}) => api("PUT", `/api/v1/orders/${id}/cancel`, undefined, { headers });
const pay = (orderId: number, id: number) => api("PUT", `/api/v1/orders/${orderId}/payments/${id}/complete`);
const ship = (orderId: number, id: number, body?: unknown) => api("PUT", `/api/v1/orders/${orderId}/shipments/${id}/ship`, body);

describe("cancel", () => {
  it("cancels an unpaid order: payment and shipment cancelled, held units released, untracked untouched, usage − 1", async () => {
    const order = await placedOrder({ withPromotion: true });
    const tracked = order.fixture.tracked;
    const untracked = order.fixture.variants[0];
    expect(await stockOf(tracked.id)).toEqual({ onHand: 5, onHold: 2 });
    const before = await stockOf(untracked.id);

    const res = await cancel(order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);

    expect(await statesOf(order)).toMatchObject({
      state: "cancelled",
      paymentState: "cancelled",
      shippingState: "cancelled",
      payment: "cancelled",
      shipment: "cancelled",
    });
    expect(await stockOf(tracked.id)).toEqual({ onHand: 5, onHold: 0 });
    expect(await stockOf(untracked.id)).toEqual(before);
    expect(await usedOf(order)).toEqual({ promotion: 0, coupon: 0 });

    const read = await api("GET", `/api/v1/orders/${order.id}`);
    expect(read.body.state).toBe("cancelled");
    expect(read.body.payments[0].state).toBe("cancelled");
    expect(read.body.shipments[0].state).toBe("cancelled");
  });

  it("cancelling twice: 409 on order state cancelled, nothing released twice", async () => {
    const order = await placedOrder();
    expect((await cancel(order.id)).status).toBe(204);
    const again = await cancel(order.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused("cancel", "order", "cancelled"));
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
  });

  it("a paid order: its payment stays completed, its stock goes back to onHand", async () => {
    const order = await placedOrder();
    expect((await pay(order.id, order.paymentId)).status).toBe(204);
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 3, onHold: 0 });
    expect((await cancel(order.id)).status).toBe(204);
    expect(await statesOf(order)).toMatchObject({ state: "cancelled", paymentState: "paid", shippingState: "cancelled", payment: "completed", shipment: "cancelled" });
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
  });

  it("a shipped shipment stays shipped", async () => {
    const order = await placedOrder();
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    expect((await cancel(order.id)).status).toBe(204);
    expect(await statesOf(order)).toMatchObject({ state: "cancelled", payment: "cancelled", shipment: "shipped", shippingState: "shipped" });
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
  });

  it("a fulfilled order cannot be cancelled", async () => {
    const order = await placedOrder();
    expect((await pay(order.id, order.paymentId)).status).toBe(204);
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    const res = await cancel(order.id);
    expect(res.body).toEqual(refused("cancel", "order", "fulfilled"));
  });

  it("a cart cannot be cancelled (409), an unknown order is a 404", async () => {
    const { id } = await cartWithItems(1, 1);
    const res = await cancel(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refused("cancel", "order", "cart"));
    for (const missing of ["999999999", "-1", "0", "abc"]) {
      const r = await api("PUT", `/api/v1/orders/${missing}/cancel`);
      expect(r.status, missing).toBe(404);
      expect(r.body.code).toBe(404);
    }
  });

  it("10 simultaneous cancels: one 204, nine 409, the stock released once", async () => {
    const order = await placedOrder({ tracked: 3, withPromotion: true });
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(order.id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([204, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual(refused("cancel", "order", "cancelled"));
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
    expect(await usedOf(order)).toEqual({ promotion: 0, coupon: 0 });
  });

  it("an Idempotency-Key retry replays the 204 and changes nothing again", async () => {
    const order = await placedOrder();
    const headers = { "Idempotency-Key": `cancel-${order.id}-${Date.now()}` };
    const first = await cancel(order.id, headers);
    expect(first.status).toBe(204);
    const retry = await cancel(order.id, headers);
    expect(retry.status).toBe(204);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
    // Without the key, the second cancel is refused.
    expect((await cancel(order.id)).status).toBe(409);
  });
});

describe("payment completion", () => {
  it("sells the held units (onHand and onHold − q); untracked variants never move", async () => {
    const order = await placedOrder({ untracked: 2, tracked: 2 });
    const before = await stockOf(order.fixture.variants[0].id);
    const res = await pay(order.id, order.paymentId);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 3, onHold: 0 });
    expect(await stockOf(order.fixture.variants[0].id)).toEqual(before);
    expect(await statesOf(order)).toMatchObject({ state: "new", paymentState: "paid", shippingState: "ready", payment: "completed", shipment: "ready" });
  });

  it("completing twice: 409 on payment state completed, sold once", async () => {
    const order = await placedOrder();
    expect((await pay(order.id, order.paymentId)).status).toBe(204);
    const again = await pay(order.id, order.paymentId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused("complete", "payment", "completed"));
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 3, onHold: 0 });
  });

  it("a cancelled order's payment cannot be completed", async () => {
    const order = await placedOrder();
    expect((await cancel(order.id)).status).toBe(204);
    const res = await pay(order.id, order.paymentId);
    expect(res.body).toEqual(refused("complete", "payment", "cancelled"));
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 0 });
  });

  it("a payment of another order, or an unknown one, is a 404", async () => {
    const [a, b] = await Promise.all([placedOrder(), placedOrder()]);
    const res = await pay(a.id, b.paymentId);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect((await pay(a.id, 999999999)).status).toBe(404);
    expect((await pay(999999999, a.paymentId)).status).toBe(404);
    expect((await api("PUT", `/api/v1/orders/${a.id}/payments/0/complete`)).status).toBe(404);
    expect(await statesOf(b)).toMatchObject({ payment: "new" });
  });
});

describe("shipping", () => {
  it("ships with tracking: shipment shipped, tracking and time stored, order shipped, no stock change", async () => {
    const order = await placedOrder();
    const res = await ship(order.id, order.shipmentId, { tracking: "TRACK-123" });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const states = await statesOf(order);
    expect(states).toMatchObject({ state: "new", shippingState: "shipped", paymentState: "awaiting_payment", shipment: "shipped", tracking: "TRACK-123" });
    expect(states.shippedAt).toBeTruthy();
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 2 });
    const read = await api("GET", `/api/v1/shipments/${order.shipmentId}`);
    expect(read.body.tracking).toBe("TRACK-123");
    expect(read.body.state).toBe("shipped");
  });

  it("ships without a body; shipping twice is a 409 on shipment state shipped", async () => {
    const order = await placedOrder();
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    expect((await statesOf(order)).tracking).toBeNull();
    const again = await ship(order.id, order.shipmentId, { tracking: "X" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused("ship", "shipment", "shipped"));
    expect((await statesOf(order)).tracking).toBeNull();
  });

  it("a bad tracking is a 400; an extra field too", async () => {
    const order = await placedOrder();
    const res = await ship(order.id, order.shipmentId, { tracking: 12 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: "Validation Failed", errors: { children: { tracking: { errors: ["This value is not valid."] } } } });
    const extra = await ship(order.id, order.shipmentId, { tracking: "A", carrier: "B" });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    expect((await statesOf(order)).shipment).toBe("ready");
  });

  it("a shipment of another order, or unknown, is a 404", async () => {
    const [a, b] = await Promise.all([placedOrder(), placedOrder()]);
    expect((await ship(a.id, b.shipmentId)).status).toBe(404);
    expect((await ship(a.id, 999999999)).status).toBe(404);
    expect((await api("PUT", `/api/v1/orders/${a.id}/shipments/-1/ship`)).status).toBe(404);
    expect((await statesOf(b)).shipment).toBe("ready");
  });

  it("a cancelled order's shipment cannot be shipped", async () => {
    const order = await placedOrder();
    expect((await cancel(order.id)).status).toBe(204);
    expect((await ship(order.id, order.shipmentId)).body).toEqual(refused("ship", "shipment", "cancelled"));
  });
});

describe("fulfilment", () => {
  it("paid then shipped: fulfilled", async () => {
    const order = await placedOrder();
    expect((await pay(order.id, order.paymentId)).status).toBe(204);
    expect((await statesOf(order)).state).toBe("new");
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    expect(await statesOf(order)).toMatchObject({ state: "fulfilled", paymentState: "paid", shippingState: "shipped", payment: "completed", shipment: "shipped" });
  });

  it("shipped then paid: fulfilled, and the held units sold", async () => {
    const order = await placedOrder();
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    expect((await statesOf(order)).state).toBe("new");
    expect((await pay(order.id, order.paymentId)).status).toBe(204);
    expect((await statesOf(order)).state).toBe("fulfilled");
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 3, onHold: 0 });
    const read = await api("GET", `/api/v1/orders/${order.id}`);
    expect(read.body.state).toBe("fulfilled");
  });
});

describe("guards and preconditions", () => {
  it("stock changed under the order (an admin edit): the step is a 409 and changes nothing", async () => {
    const order = await placedOrder();
    // Another writer took the held units away: selling 2 from onHold 1 would go negative.
    await db().update(schema.productVariants).set({ onHold: 1 }).where(eq(schema.productVariants.id, order.fixture.tracked.id));
    const res = await pay(order.id, order.paymentId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 409, message: STOCK_CHANGED });
    expect(await statesOf(order)).toMatchObject({ state: "new", paymentState: "awaiting_payment", payment: "new" });
    expect(await stockOf(order.fixture.tracked.id)).toEqual({ onHand: 5, onHold: 1 });
  });

  it("If-Match: a stale tag is a 412 and changes nothing; the current one lets the step through", async () => {
    const order = await placedOrder();
    const tag = (await api("GET", `/api/v1/orders/${order.id}`)).headers.get("ETag")!;
    expect((await ship(order.id, order.shipmentId)).status).toBe(204);
    const stale = await api("PUT", `/api/v1/orders/${order.id}/cancel`, undefined, { headers: { "If-Match": tag } });
    expect(stale.status).toBe(412);
    expect((await statesOf(order)).state).toBe("new");
    const current = (await api("GET", `/api/v1/orders/${order.id}`)).headers.get("ETag")!;
    const ok = await api("PUT", `/api/v1/orders/${order.id}/payments/${order.paymentId}/complete`, undefined, { headers: { "If-Match": current } });
    expect(ok.status).toBe(204);
    expect((await statesOf(order)).state).toBe("fulfilled");
  });
});
