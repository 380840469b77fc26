/**
 * The cart object's lifecycle events: each committed change writes exactly
 * its events in its own write batch (the round trips of Server-Timing are
 * those of the change alone); a refused one (404, 409, If-Match 412, an
 * idempotent replay) writes none; `sequence` grows per resource; expiry
 * writes `cart.expired` with a system actor.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CartGateway } from "../../src/http/cart-gateway";
import { cartTtlSeconds } from "../../src/cart/cart-ttl";
import type { EventRow } from "../../src/data/events";
import { LIFECYCLE_DATA_KEYS } from "../../src/domain/events/lifecycle";
import { eventBody, type EventBody } from "../../src/domain/events/event";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, cartFixture, newCart, type CartFixture, type DefaultPrices } from "../fixtures/carts";
import { placedOrder, type PlacedOrder } from "../fixtures/orders";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { runScheduledSweep } from "../fixtures/worker";
import { address, checkoutFixture, step, type CheckoutFixture } from "../fixtures/checkout";
import type { CartObject } from "../../src/cart/cart-object";

const ACTOR = { client: TEST_CLIENT.id, user: TEST_USER.username };
const TTL_MS = cartTtlSeconds(env.CART_TTL) * 1000;
const gateway = new CartGateway(env.CARTS);

/** The id of the newest event (0: none): what a call's events come after. */
const lastEventId = async (): Promise<number> => (await env.DB.prepare("SELECT coalesce(max(id), 0) AS id FROM events").first<{ id: number }>())?.id ?? 0;

/** The events written after `after`, oldest first, as served (only those of `hrefs` when given). */
async function eventsAfter(after: number, hrefs?: readonly string[]): Promise<EventBody[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, type, occurred_at AS occurredAt, resource_href AS resourceHref, resource_id AS resourceId, resource_code AS resourceCode,
            sequence, actor_client AS actorClient, actor_user AS actorUser, actor_system AS actorSystem, data
       FROM events WHERE id > ?1 ORDER BY id`,
  )
    .bind(after)
    .all<EventRow>();
  const bodies = results.map(eventBody);
  return hrefs ? bodies.filter((event) => hrefs.includes(event.resource.href)) : bodies;
}

const versionOf = async (table: "orders" | "product_variants", id: number): Promise<number> =>
  (await env.DB.prepare(`SELECT version FROM ${table} WHERE id = ?1`).bind(id).first<{ version: number }>())?.version ?? -1;

const cancel = (id: number, headers: Record<string, string> = {}) => api("PUT", `/api/v1/orders/${id}/cancel`, undefined, { headers });
const pay = (o: PlacedOrder, headers: Record<string, string> = {}) => api("PUT", `/api/v1/orders/${o.id}/payments/${o.paymentId}/complete`, undefined, { headers });
const ship = (o: PlacedOrder, body?: unknown) => api("PUT", `/api/v1/orders/${o.id}/shipments/${o.shipmentId}/ship`, body);

const orderData = (o: PlacedOrder, states: { state: string; paymentState: string; shippingState: string }) => ({
  id: o.id,
  number: o.number,
  checkoutState: "completed",
  ...states,
  total: o.total,
  currencyCode: "USD",
  customer: { email: o.fixture.customer },
});

const variantHref = (o: PlacedOrder) => `/api/v1/products/${o.fixture.product}/variants/${o.fixture.tracked.code}`;

describe("LifecycleEventsTest", () => {
  let owner: CartFixture<DefaultPrices>;
  beforeAll(async () => {
    owner = await cartFixture();
  });

  it("it_records_cart_created_in_the_create_batch", async () => {
    const before = await lastEventId();
    const res = await api("POST", "/api/v1/carts/", { customer: owner.customer, channel: owner.channel, localeCode: "en_US" });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const id = res.body.id as number;
    const events = await eventsAfter(before);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^\d{20}$/),
        type: "cart.created",
        timestamp: expect.stringMatching(/\+00:00$/),
        sequence: await versionOf("orders", id),
        resource: { href: `/api/v1/carts/${id}`, id },
        actor: ACTOR,
        data: { id, number: null, checkoutState: "cart", state: "cart", paymentState: "cart", shippingState: "cart", total: 0, currencyCode: "USD", customer: { email: owner.customer } },
      },
    ]);
  });

  it("it_replays_a_keyed_cart_create_without_a_second_event", async () => {
    const headers = { "Idempotency-Key": `create-${Date.now()}` };
    const body = { customer: owner.customer, channel: owner.channel, localeCode: "en_US" };
    const before = await lastEventId();
    const first = await api("POST", "/api/v1/carts/", body, { headers });
    expect(first.status).toBe(201);
    const retry = await api("POST", "/api/v1/carts/", body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    // The record names the new cart although its event was inserted after it.
    expect(retry.body.id).toBe(first.body.id);
    expect((await eventsAfter(before)).map((e) => [e.type, e.resource.href])).toEqual([["cart.created", `/api/v1/carts/${first.body.id}`]]);
  });

  it("it_records_cart_deleted_once_with_a_growing_sequence", async () => {
    const id = await newCart(owner);
    await addItem(id, owner.variants[0].code, 2);
    const version = await versionOf("orders", id);
    const before = await lastEventId();
    const headers = { "Idempotency-Key": `delete-${id}-${Date.now()}` };
    const res = await api("DELETE", `/api/v1/carts/${id}`, undefined, { headers });
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.resource, e.sequence, e.actor])).toEqual([["cart.deleted", { href: `/api/v1/carts/${id}`, id }, version + 1, ACTOR]]);
    expect(events[0]?.data).toMatchObject({ id, state: "cart", checkoutState: "cart", total: 2 * owner.variants[0].price, currencyCode: "USD", customer: { email: owner.customer } });
    // The whole history of the cart: created, then deleted, in sequence order.
    const history = (await eventsAfter(0, [`/api/v1/carts/${id}`])).filter((e) => e.type !== "cart.updated");
    expect(history.map((e) => e.type)).toEqual(["cart.created", "cart.deleted"]);
    expect(history[0]!.sequence).toBeLessThan(history[1]!.sequence);

    const replay = await api("DELETE", `/api/v1/carts/${id}`, undefined, { headers });
    expect(replay.status).toBe(204);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await api("DELETE", `/api/v1/carts/${id}`)).status).toBe(404);
    expect(await eventsAfter(before)).toHaveLength(1);
  });

  it("it_records_order_cancelled_with_its_lines_and_released_stock", async () => {
    const order = await placedOrder({ untracked: 1, tracked: 2 });
    const before = await lastEventId();
    const res = await cancel(order.id);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const events = await eventsAfter(before);
    const cancelled = { state: "cancelled", paymentState: "cancelled", shippingState: "cancelled" };
    expect(events.map((e) => e.type)).toEqual(["order.cancelled", "payment.cancel", "shipment.cancel", "inventory.changed"]);
    const [orderEvent, payment, shipment, stock] = events;
    expect(orderEvent).toMatchObject({
      resource: { href: `/api/v1/orders/${order.id}`, id: order.id },
      sequence: await versionOf("orders", order.id),
      actor: ACTOR,
      data: orderData(order, cancelled),
    });
    expect(payment).toMatchObject({
      resource: { href: `/api/v1/payments/${order.paymentId}`, id: order.paymentId },
      data: { id: order.paymentId, state: "cancelled", from: "new", amount: order.total, order: { id: order.id, number: order.number } },
    });
    expect(payment!.sequence).toBe(Number(payment!.id));
    expect(shipment).toMatchObject({ resource: { href: `/api/v1/shipments/${order.shipmentId}`, id: order.shipmentId }, data: { state: "cancelled", from: "ready" } });
    expect(stock).toMatchObject({
      resource: { href: variantHref(order), code: order.fixture.tracked.code },
      sequence: await versionOf("product_variants", order.fixture.tracked.id),
      actor: ACTOR,
      data: { code: order.fixture.tracked.code, onHandChange: 0, onHoldChange: -2, operations: ["release"], order: { id: order.id, number: order.number } },
    });
  });

  it("it_records_payment_complete_shipment_ship_and_order_fulfilled", async () => {
    const order = await placedOrder({ untracked: 1, tracked: 2 });
    const before = await lastEventId();
    const paid = await pay(order);
    expect(paid.status).toBe(204);
    expect(d1RoundTrips(paid.headers)).toBe(2);
    const afterPay = await eventsAfter(before);
    expect(afterPay.map((e) => e.type)).toEqual(["payment.complete", "inventory.changed"]);
    expect(afterPay[0]!.data).toMatchObject({ state: "completed", from: "new", amount: order.total, order: { paymentState: "paid" } });
    expect(afterPay[1]!.data).toMatchObject({ onHandChange: -2, onHoldChange: -2, operations: ["sell"] });
    const middle = await lastEventId();
    const shipped = await ship(order, { tracking: "TRACK-1" });
    expect(shipped.status).toBe(204);
    expect(d1RoundTrips(shipped.headers)).toBe(2);
    const afterShip = await eventsAfter(middle);
    expect(afterShip.map((e) => e.type)).toEqual(["order.fulfilled", "shipment.ship"]);
    expect(afterShip[0]).toMatchObject({ sequence: await versionOf("orders", order.id), data: orderData(order, { state: "fulfilled", paymentState: "paid", shippingState: "shipped" }) });
    expect(afterShip[1]!.data).toMatchObject({ id: order.shipmentId, state: "shipped", tracking: "TRACK-1" });
  });

  it("it_grows_the_sequence_of_a_variant_and_an_order_with_each_step", async () => {
    const order = await placedOrder({ untracked: 0, tracked: 2 });
    const before = await lastEventId();
    expect((await pay(order)).status).toBe(204);
    expect((await cancel(order.id)).status).toBe(204);
    const stock = await eventsAfter(before, [variantHref(order)]);
    expect(stock.map((e) => e.data.operations)).toEqual([["sell"], ["give_back"]]);
    expect(stock[0]!.sequence).toBeLessThan(stock[1]!.sequence);
    expect(stock[1]!.sequence).toBe(await versionOf("product_variants", order.fixture.tracked.id));
    const orderEvents = await eventsAfter(before, [`/api/v1/orders/${order.id}`]);
    expect(orderEvents.map((e) => [e.type, e.sequence])).toEqual([["order.cancelled", await versionOf("orders", order.id)]]);
  });

  it("it_writes_no_event_for_a_refused_order_step", async () => {
    const order = await placedOrder();
    const before = await lastEventId();
    // 412: a stale If-Match.
    expect((await cancel(order.id, { "If-Match": '"stale"' })).status).toBe(412);
    // 404: no such order, no such payment.
    expect((await cancel(999_999_999)).status).toBe(404);
    expect((await api("PUT", `/api/v1/orders/${order.id}/payments/999999999/complete`)).status).toBe(404);
    // 409: a cart cannot be cancelled.
    const cart = await newCart(owner);
    const afterCart = await lastEventId();
    expect((await cancel(cart)).status).toBe(409);
    expect(await eventsAfter(afterCart)).toEqual([]);
    expect((await eventsAfter(before)).map((e) => e.type)).toEqual(["cart.created"]);
    // A keyed cancel, then its replay (204, nothing again), then a second cancel (409).
    const headers = { "Idempotency-Key": `cancel-${order.id}-${Date.now()}` };
    const first = await lastEventId();
    expect((await cancel(order.id, headers)).status).toBe(204);
    const once = await eventsAfter(first);
    expect(once.map((e) => e.type)).toContain("order.cancelled");
    const replay = await cancel(order.id, headers);
    expect(replay.status).toBe(204);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await cancel(order.id)).status).toBe(409);
    expect(await eventsAfter(first)).toEqual(once);
  });

  it("it_writes_no_event_when_the_stock_guard_fails_the_batch", async () => {
    const order = await placedOrder();
    // Another writer took the held units away: the write's guard fails the batch, its events with it.
    await env.DB.prepare("UPDATE product_variants SET on_hold = 1 WHERE id = ?1").bind(order.fixture.tracked.id).run();
    const before = await lastEventId();
    const res = await pay(order);
    expect(res.status).toBe(409);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

const cartHref = (id: number) => `/api/v1/carts/${id}`;
const itemPath = (cartId: number, itemId: number) => `/api/v1/carts/${cartId}/items/${itemId}`;

describe("CartChangeEventsTest", () => {
  let owner: CartFixture<DefaultPrices>;
  beforeAll(async () => {
    owner = await cartFixture();
  });

  it("it_records_one_cart_updated_per_item_add_change_and_remove_with_a_growing_sequence", async () => {
    const id = await newCart(owner);
    const [variant] = owner.variants;
    const before = await lastEventId();
    const added = await api("POST", `/api/v1/carts/${id}/items/`, { variant: variant.code, quantity: 2 });
    expect(added.status).toBe(201);
    const itemId = added.body.id as number;
    const afterAdd = await versionOf("orders", id);
    const changed = await api("PATCH", itemPath(id, itemId), { quantity: 3 });
    expect(changed.status).toBe(204);
    const afterChange = await versionOf("orders", id);
    const removed = await api("DELETE", itemPath(id, itemId));
    expect(removed.status).toBe(204);
    const events = await eventsAfter(before, [cartHref(id)]);
    expect(events.map((e) => [e.type, e.sequence, e.actor, e.data.change])).toEqual([
      ["cart.updated", afterAdd, ACTOR, { kind: "item_added", itemId, variant: variant.code, quantity: 2 }],
      ["cart.updated", afterChange, ACTOR, { kind: "item_changed", itemId, quantity: 3 }],
      ["cart.updated", await versionOf("orders", id), ACTOR, { kind: "item_removed", itemId }],
    ]);
    expect(events[0]!.sequence).toBeLessThan(events[1]!.sequence);
    expect(events[1]!.sequence).toBeLessThan(events[2]!.sequence);
    expect(events[1]!.data).toEqual({
      id,
      number: null,
      checkoutState: "cart",
      state: "cart",
      paymentState: "cart",
      shippingState: "cart",
      total: 3 * variant.price,
      currencyCode: "USD",
      customer: { email: null },
      change: { kind: "item_changed", itemId, quantity: 3 },
    });
    expect(events[2]!.data.total).toBe(0);
  });

  it("it_writes_the_warm_change_event_and_a_group_committed_pair_in_their_one_batch", async () => {
    const id = await newCart(owner);
    const a = await addItem(id, owner.variants[0].code, 1);
    const b = await addItem(id, owner.variants[1].code, 1);
    // The object now holds the cart: a quantity change is written without reading first, its event in that batch.
    const before = await lastEventId();
    const warm = await api("PATCH", itemPath(id, b), { quantity: 2 });
    expect(warm.status).toBe(204);
    expect(d1RoundTrips(warm.headers)).toBe(1);
    const warmEvents = await eventsAfter(before);
    expect(warmEvents.map((e) => [e.type, e.sequence, e.actor, e.data.change])).toEqual([
      ["cart.updated", await versionOf("orders", id), ACTOR, { kind: "item_changed", itemId: b, quantity: 2 }],
    ]);
    // Two changes queued together: one batch writes both, each with its own cart.updated and version.
    const version = await versionOf("orders", id);
    const middle = await lastEventId();
    const replies = await runInDurableObject(gateway.stub(id), (instance: CartObject) =>
      Promise.all([instance.changeItem(id, null, a, 4), instance.removeItem(id, null, b)]),
    );
    expect(replies.map((reply) => ("status" in reply ? reply.status : reply.outcome))).toEqual([204, 204]);
    expect(replies.map((reply) => reply.metrics.roundTrips)).toEqual([1, 0]);
    const pair = await eventsAfter(middle);
    expect(pair.map((e) => [e.type, e.sequence, e.data.change, e.data.total])).toEqual([
      ["cart.updated", version + 1, { kind: "item_changed", itemId: a, quantity: 4 }, 4 * owner.variants[0].price + 2 * owner.variants[1].price],
      ["cart.updated", version + 2, { kind: "item_removed", itemId: b }, 4 * owner.variants[0].price],
    ]);
    expect(await versionOf("orders", id)).toBe(version + 2);
    // The object holds the cart at that version: the next change follows on.
    expect((await api("PATCH", itemPath(id, a), { quantity: 1 })).status).toBe(204);
    expect((await eventsAfter(middle, [cartHref(id)])).map((e) => e.sequence)).toEqual([version + 1, version + 2, version + 3]);
  });

  it("it_writes_no_cart_updated_for_a_refused_item_change", async () => {
    const id = await newCart(owner);
    const headers = { "Idempotency-Key": `add-${id}-${Date.now()}` };
    const body = { variant: owner.variants[0].code, quantity: 1 };
    const before = await lastEventId();
    const first = await api("POST", `/api/v1/carts/${id}/items/`, body, { headers });
    expect(first.status).toBe(201);
    const once = await eventsAfter(before);
    expect(once.map((e) => e.type)).toEqual(["cart.updated"]);
    // A replay, a 400 (bad quantity), a 404 (no such item), a 412 (stale If-Match): none writes.
    const replay = await api("POST", `/api/v1/carts/${id}/items/`, body, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await api("PATCH", itemPath(id, first.body.id as number), { quantity: 0 })).status).toBe(400);
    expect((await api("PATCH", itemPath(id, 999_999_999), { quantity: 2 })).status).toBe(404);
    expect((await api("PATCH", itemPath(id, first.body.id as number), { quantity: 2 }, { headers: { "If-Match": '"stale"' } })).status).toBe(412);
    expect(await eventsAfter(before)).toEqual(once);
  });
});

describe("CheckoutEventsTest", () => {
  let f: CheckoutFixture<readonly [number, number]>;
  beforeAll(async () => {
    f = await checkoutFixture();
  });

  it("it_records_cart_updated_for_each_checkout_step_and_order_placed_with_the_held_stock", async () => {
    const id = await newCart(f);
    await addItem(id, f.variants[0].code, 1);
    await addItem(id, f.tracked.code, 2);
    const before = await lastEventId();
    await step("PUT", `/api/v1/checkouts/addressing/${id}`, { billingAddress: address(f.countries.b) });
    await step("PUT", `/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: f.shipping.b.code }] });
    await step("PUT", `/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: f.payment.first.code }] });
    const steps = await eventsAfter(before, [cartHref(id)]);
    expect(steps.map((e) => [e.type, e.data.change, e.data.checkoutState, e.actor])).toEqual([
      ["cart.updated", { kind: "checkout", step: "address" }, "addressed", ACTOR],
      ["cart.updated", { kind: "checkout", step: "select_shipping" }, "shipping_selected", ACTOR],
      ["cart.updated", { kind: "checkout", step: "select_payment" }, "payment_selected", ACTOR],
    ]);
    expect(steps[0]!.sequence).toBeLessThan(steps[1]!.sequence);
    expect(steps[1]!.sequence).toBeLessThan(steps[2]!.sequence);
    expect(steps[2]!.sequence).toBe(await versionOf("orders", id));
    expect(steps[2]!.data.customer).toEqual({ email: f.customer });

    const placing = await lastEventId();
    const res = await api("PUT", `/api/v1/checkouts/complete/${id}`);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const placed = await eventsAfter(placing);
    expect(placed.map((e) => e.type)).toEqual(["order.placed", "inventory.changed"]);
    const order = await env.DB.prepare("SELECT number, total FROM orders WHERE id = ?1").bind(id).first<{ number: string; total: number }>();
    expect(placed[0]).toMatchObject({
      resource: { href: `/api/v1/orders/${id}`, id },
      sequence: await versionOf("orders", id),
      actor: ACTOR,
      data: {
        id,
        number: order!.number,
        checkoutState: "completed",
        state: "new",
        paymentState: "awaiting_payment",
        shippingState: "ready",
        total: order!.total,
        currencyCode: "USD",
        customer: { email: f.customer },
      },
    });
    expect(placed[1]).toMatchObject({
      resource: { href: `/api/v1/products/${f.product}/variants/${f.tracked.code}`, code: f.tracked.code },
      sequence: await versionOf("product_variants", f.tracked.id),
      data: { code: f.tracked.code, onHandChange: 0, onHoldChange: 2, operations: ["hold"], order: { id, number: order!.number } },
    });
  });

  it("it_writes_no_event_for_a_refused_checkout_step", async () => {
    const id = await newCart(f);
    await addItem(id, f.tracked.code, 1);
    const before = await lastEventId();
    // 400: a bad body; 412: a stale If-Match; 409: a step out of turn.
    expect((await api("PUT", `/api/v1/checkouts/addressing/${id}`, { billingAddress: { countryCode: 42 } })).status).toBe(400);
    expect((await api("PUT", `/api/v1/checkouts/addressing/${id}`, { billingAddress: address(f.countries.b) }, { headers: { "If-Match": '"stale"' } })).status).toBe(412);
    expect((await api("PUT", `/api/v1/checkouts/complete/${id}`)).status).toBe(409);
    expect(await eventsAfter(before)).toEqual([]);
    // A keyed step, then its replay: one event.
    const headers = { "Idempotency-Key": `address-${id}-${Date.now()}` };
    const body = { billingAddress: address(f.countries.b) };
    expect((await api("PUT", `/api/v1/checkouts/addressing/${id}`, body, { headers })).status).toBe(204);
    const replay = await api("PUT", `/api/v1/checkouts/addressing/${id}`, body, { headers });
    expect(replay.status).toBe(204);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await eventsAfter(before)).map((e) => e.type)).toEqual(["cart.updated"]);
  });

  it("it_writes_one_order_placed_when_two_completions_race_for_the_stock", async () => {
    await env.DB.prepare("UPDATE product_variants SET on_hold = 0 WHERE id = ?1").bind(f.tracked.id).run();
    const ready = async () => {
      const id = await newCart(f);
      await addItem(id, f.tracked.code, 3);
      await step("PUT", `/api/v1/checkouts/addressing/${id}`, { billingAddress: address(f.countries.b) });
      await step("PUT", `/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: f.shipping.b.code }] });
      await step("PUT", `/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: f.payment.first.code }] });
      return id;
    };
    const carts = [await ready(), await ready()];
    const before = await lastEventId();
    // 3 + 3 units of 5: one completion wins; the other is refused (by its plan, or by the stock guard failing its batch, its events with it).
    const answers = await Promise.all(carts.map((id) => api("PUT", `/api/v1/checkouts/complete/${id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400]);
    const winner = carts[answers.findIndex((a) => a.status === 204)]!;
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.resource.href])).toEqual([
      ["order.placed", `/api/v1/orders/${winner}`],
      ["inventory.changed", `/api/v1/products/${f.product}/variants/${f.tracked.code}`],
    ]);
    expect(events[1]!.data).toMatchObject({ onHoldChange: 3, order: { id: winner } });
  });
});

describe("CartExpiryEventsTest", () => {
  let owner: CartFixture<DefaultPrices>;
  beforeAll(async () => {
    owner = await cartFixture();
  });
  const longAgo = () => new Date(Date.now() - TTL_MS - 3_600_000).toISOString();
  const setLastChange = (cartId: number, at: string) => env.DB.prepare("UPDATE orders SET created_at = ?2, updated_at = ?2 WHERE id = ?1").bind(cartId, at).run();

  it("it_records_cart_expired_by_the_alarm_with_the_expiry_actor", async () => {
    const id = await newCart(owner);
    await addItem(id, owner.variants[0].code, 1);
    const version = await versionOf("orders", id);
    await setLastChange(id, longAgo());
    const before = await lastEventId();
    expect(await runDurableObjectAlarm(gateway.stub(id))).toBe(true);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.resource, e.sequence, e.actor])).toEqual([["cart.expired", { href: `/api/v1/carts/${id}`, id }, version + 1, { system: "expiry" }]]);
    expect(Object.keys(events[0]!.data)).toEqual([...LIFECYCLE_DATA_KEYS]);
    expect(events[0]!.data).toEqual({
      id,
      number: null,
      checkoutState: "cart",
      state: "cart",
      paymentState: "cart",
      shippingState: "cart",
      total: owner.variants[0].price,
      currencyCode: "USD",
      customer: { email: owner.customer },
    });
  });

  it("it_records_cart_expired_by_the_sweep_with_the_cron_actor_and_none_for_a_kept_cart", async () => {
    const stale = await newCart(owner);
    const recent = await newCart(owner);
    await setLastChange(stale, longAgo());
    const before = await lastEventId();
    // The object keeps a cart changed within the period: nothing written.
    expect(await runInDurableObject(gateway.stub(recent), (instance) => instance.expire(recent))).toBe("kept");
    await runScheduledSweep();
    const events = await eventsAfter(before, [`/api/v1/carts/${stale}`, `/api/v1/carts/${recent}`]);
    expect(events.map((e) => [e.type, e.resource.href, e.actor])).toEqual([["cart.expired", `/api/v1/carts/${stale}`, { system: "cron" }]]);
    // Gone already: asked again, nothing more.
    expect(await runInDurableObject(gateway.stub(stale), (instance) => instance.expire(stale))).toBe("gone");
    expect(await eventsAfter(before, [`/api/v1/carts/${stale}`])).toHaveLength(1);
  });
});
