/**
 * Carts expire: a cart left unchanged for CART_TTL is deleted by its Durable
 * Object (the alarm set at creation and moved by every change), and the
 * hourly sweep hands the carts no alarm covers to their objects.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CartGateway } from "../../src/http/cart-gateway";
import { cartTtlSeconds, DEFAULT_CART_TTL_SECONDS } from "../../src/cart/cart-ttl";
import { api, d1RoundTrips, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";
import { newCart } from "../fixtures/carts";
import { runScheduledSweep } from "../fixtures/worker";
import { firstRow } from "../fixtures/db";

const TTL_MS = cartTtlSeconds(env.CART_TTL) * 1000;
const gateway = new CartGateway(env.CARTS);
const stubOf = (cartId: number) => gateway.stub(cartId);

let catalog: ApiCatalog;
let channelId: number;
beforeAll(async () => {
  catalog = await apiCatalog();
  const row = await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM channels WHERE code = ?1").bind(catalog.channel));
  channelId = row.id;
});

/** A cart with two items (3 × 10.00 and 2 × 3.33): units, and order, item and unit adjustments (shipping, promotion, taxes). */
const filledCart = async (): Promise<number> => {
  const cartId = await newCart(catalog);
  await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantA, quantity: 3 });
  await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantB, quantity: 2 });
  return cartId;
};

/** ISO text, as the schema stores timestamps. */
const iso = (ms: number) => new Date(ms).toISOString();
const longAgo = () => iso(Date.now() - TTL_MS - 3_600_000);

/** Moves a cart's creation and last change back to `at`, as if it had sat there since. */
const setLastChange = (cartId: number, at: string) =>
  env.DB.prepare("UPDATE orders SET created_at = ?2, updated_at = ?2 WHERE id = ?1").bind(cartId, at).run();

const updatedAt = async (cartId: number): Promise<string> =>
  (await firstRow<{ at: string }>(env.DB.prepare("SELECT updated_at AS at FROM orders WHERE id = ?1").bind(cartId))).at;

/** The object's alarm and stored keys. */
const objectState = (cartId: number) =>
  runInDurableObject(stubOf(cartId), async (_instance, state) => ({
    alarm: await state.storage.getAlarm(),
    keys: [...(await state.storage.list()).keys()],
  }));

/** The cart's rows: the order, its items, their units and every adjustment. */
interface CartRows {
  orders: number;
  items: number[];
  units: number[];
  adjustments: number[];
}
async function rowsOf(cartId: number): Promise<CartRows> {
  const ids = async (sql: string) => (await env.DB.prepare(sql).bind(cartId).all<{ id: number }>()).results.map((r) => r.id);
  return {
    orders: (await ids("SELECT id FROM orders WHERE id = ?1")).length,
    items: await ids("SELECT id FROM order_items WHERE order_id = ?1"),
    units: await ids("SELECT u.id FROM order_item_units u JOIN order_items i ON i.id = u.item_id WHERE i.order_id = ?1"),
    adjustments: await ids("SELECT id FROM adjustments WHERE order_id = ?1"),
  };
}

/** Which of these rows still exist (by id, so that orphans would show). */
async function remaining(before: CartRows, cartId: number) {
  const existing = async (table: string, list: number[]) =>
    (await env.DB.prepare(`SELECT id FROM ${table} WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(list)).all<{ id: number }>())
      .results.length;
  return {
    orders: (await rowsOf(cartId)).orders,
    items: await existing("order_items", before.items),
    units: await existing("order_item_units", before.units),
    adjustments: await existing("adjustments", before.adjustments),
  };
}

/** `count` orders straight into D1 (never through their objects), changed last at `at` plus i seconds. */
async function insertOrders(count: number, at: string, state = "cart"): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
     INSERT INTO orders (customer_id, channel_id, currency_code, locale_code, state, checkout_state, created_at, updated_at)
     SELECT ?2, ?3, 'USD', 'en_US', ?4, 'cart', t, t
     FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?5, '+' || i || ' seconds') AS t FROM n)
     RETURNING id`,
  )
    .bind(count, catalog.customerId, channelId, state, at)
    .all<{ id: number }>();
  return results.map((r) => r.id).sort((a, b) => a - b);
}

describe("CART_TTL", () => {
  it("is whole seconds, 2 days unless set to a positive whole number", () => {
    expect(DEFAULT_CART_TTL_SECONDS).toBe(2 * 24 * 3600);
    expect(cartTtlSeconds(env.CART_TTL)).toBe(DEFAULT_CART_TTL_SECONDS);
    expect([cartTtlSeconds("3600"), cartTtlSeconds(" 60 "), cartTtlSeconds(900)]).toEqual([3600, 60, 900]);
    for (const wrong of [undefined, "", "0", "-5", "1.5", "2 days", "1e3", 0, -1, 1.5, Number.NaN]) {
      expect(cartTtlSeconds(wrong)).toBe(DEFAULT_CART_TTL_SECONDS);
    }
  });
});

describe("a cart's alarm", () => {
  it("is set when the cart is created, at no extra D1 round trip", async () => {
    const before = Date.now();
    const res = await api<{ id: number }>("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const after = Date.now();
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect(res.headers.get("Server-Timing")).toMatch(/\bdo;dur=/);
    const state = await objectState(res.body.id);
    expect(state.alarm).toBeGreaterThanOrEqual(before + TTL_MS);
    expect(state.alarm).toBeLessThanOrEqual(after + TTL_MS);
    expect(state.keys).toEqual(["cartId"]);
  });

  it("restarts with every committed change, without moving the alarm until it rings", async () => {
    const cartId = await newCart(catalog);
    const armed = (await objectState(cartId)).alarm;
    const res = await api<{ id: number }>("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantA, quantity: 1 });
    expect(res.status).toBe(201);
    expect(await api("PATCH", `/api/v1/carts/${cartId}/items/${res.body.id}`, { quantity: 2 })).toMatchObject({ status: 204 });
    // No storage write on a change: the alarm stays where the creation set it...
    expect((await objectState(cartId)).alarm).toBe(armed);
    // ...and when it rings, the cart changed since is kept until CART_TTL after that change.
    expect(await runDurableObjectAlarm(stubOf(cartId))).toBe(true);
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(200);
    expect((await objectState(cartId)).alarm).toBe(Date.parse(await updatedAt(cartId)) + TTL_MS);
  });

  it("is set by a committed change when the object has none; reads and refused changes set none", async () => {
    const cartId = await newCart(catalog);
    await runInDurableObject(stubOf(cartId), (instance) => instance.cancelExpiry());
    const expectNoAlarm = async (call: () => Promise<{ status: number }>, status: number) => {
      expect((await call()).status).toBe(status);
      expect((await objectState(cartId)).alarm).toBeNull();
    };
    await expectNoAlarm(() => api("GET", `/api/v1/carts/${cartId}`), 200);
    await expectNoAlarm(() => api("GET", "/api/v1/carts/"), 200);
    await expectNoAlarm(() => api("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantA, quantity: 0 }), 400);
    await expectNoAlarm(() => api("PATCH", `/api/v1/carts/${cartId}/items/1000000000`, { quantity: 2 }), 404);

    const before = Date.now();
    expect((await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantA, quantity: 1 })).status).toBe(201);
    const { alarm } = await objectState(cartId);
    expect(alarm).toBeGreaterThanOrEqual(before + TTL_MS);
    expect(alarm).toBeLessThanOrEqual(Date.now() + TTL_MS);
  });

  it("keeps a cart changed within the period, and rings again when the period since that change ends", async () => {
    const cartId = await filledCart();
    expect(await runDurableObjectAlarm(stubOf(cartId))).toBe(true);
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(200);
    const { alarm } = await objectState(cartId);
    expect(alarm).toBe(Date.parse(await updatedAt(cartId)) + TTL_MS);
  });

  it("deletes a cart unchanged for the period: the rows DELETE removes, and the object's storage", async () => {
    const deleted = await filledCart();
    const expired = await filledCart();
    const rows = { deleted: await rowsOf(deleted), expired: await rowsOf(expired) };
    // Two carts alike, with rows of every kind.
    const shape = (r: CartRows) => [r.orders, r.items.length, r.units.length, r.adjustments.length];
    expect(shape(rows.expired)).toEqual(shape(rows.deleted));
    expect(rows.expired.items).toHaveLength(2);
    expect(rows.expired.units).toHaveLength(5);
    expect(rows.expired.adjustments.length).toBeGreaterThan(5);

    expect((await api("DELETE", `/api/v1/carts/${deleted}`)).status).toBe(204);
    await setLastChange(expired, longAgo());
    expect(await runDurableObjectAlarm(stubOf(expired))).toBe(true);

    const none = { orders: 0, items: 0, units: 0, adjustments: 0 };
    expect(await remaining(rows.deleted, deleted)).toEqual(none);
    expect(await remaining(rows.expired, expired)).toEqual(none);
    // Deleting cancelled the alarm and cleared the storage; expiring did the same.
    expect(await objectState(deleted)).toEqual({ alarm: null, keys: [] });
    expect(await objectState(expired)).toEqual({ alarm: null, keys: [] });
    expect(await runInDurableObject(stubOf(expired), (instance) => instance.snapshot())).toBeNull();

    expect((await api("GET", `/api/v1/carts/${expired}`)).status).toBe(404);
    expect((await api("POST", `/api/v1/carts/${expired}/items/`, { variant: catalog.variantA, quantity: 1 })).status).toBe(404);
    expect(await objectState(expired)).toEqual({ alarm: null, keys: [] });
  });

  it("deletes an addressed cart's addresses with it", async () => {
    await api("POST", "/api/v1/countries/", { code: "US", enabled: true });
    const cartId = await filledCart();
    const address = { firstName: "Ada", lastName: "Lovelace", street: "1 Main St", countryCode: "US", city: "Springfield", postcode: "12345" };
    expect((await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address, shippingAddress: { ...address, street: "2 Side St" }, differentShippingAddress: true })).status).toBe(204);
    const ids = await env.DB.prepare("SELECT shipping_address_id AS s, billing_address_id AS b FROM orders WHERE id = ?1").bind(cartId).first<{ s: number; b: number }>();
    expect(ids?.s).not.toBe(ids?.b);
    const count = async () =>
      (await firstRow<{ n: number }>(env.DB.prepare("SELECT COUNT(*) AS n FROM addresses WHERE id IN (?1, ?2)").bind(ids!.s, ids!.b))).n;
    expect(await count()).toBe(2);

    await setLastChange(cartId, longAgo());
    expect(await runDurableObjectAlarm(stubOf(cartId))).toBe(true);
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(404);
    expect(await count()).toBe(0);
  });

  it("expires a cart whose object holds it in memory, and forgets it", async () => {
    const cartId = await filledCart();
    expect(await runInDurableObject(stubOf(cartId), (instance) => instance.snapshot())).not.toBeNull();
    await setLastChange(cartId, longAgo());
    expect(await runInDurableObject(stubOf(cartId), (instance) => instance.expire(cartId))).toBe("expired");
    expect(await runInDurableObject(stubOf(cartId), (instance) => instance.snapshot())).toBeNull();
    expect((await rowsOf(cartId)).orders).toBe(0);
  });

  it("is cancelled by cancelExpiry (placing the order); a later change sets it again", async () => {
    const cartId = await newCart(catalog);
    await runInDurableObject(stubOf(cartId), (instance) => instance.cancelExpiry());
    expect(await objectState(cartId)).toEqual({ alarm: null, keys: [] });
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(200);
    expect(await runDurableObjectAlarm(stubOf(cartId))).toBe(false);

    expect((await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantB, quantity: 1 })).status).toBe(201);
    expect((await objectState(cartId)).alarm).toBeGreaterThan(Date.now());
  });

  it("leaves an order that is no longer a cart, and stops its own expiry", async () => {
    const cartId = await newCart(catalog);
    await env.DB.prepare("UPDATE orders SET state = 'new', created_at = ?2, updated_at = ?2 WHERE id = ?1").bind(cartId, longAgo()).run();
    expect(await runDurableObjectAlarm(stubOf(cartId))).toBe(true);
    expect((await rowsOf(cartId)).orders).toBe(1);
    expect(await objectState(cartId)).toEqual({ alarm: null, keys: [] });
  });
});

describe("the scheduled sweep", () => {
  it("hands carts no alarm covers to their objects, which delete them as DELETE does", async () => {
    // A cart whose object was never armed (say, unreachable when the cart was created), with rows of every kind.
    const unarmed = await filledCart();
    await runInDurableObject(stubOf(unarmed), (_instance, state) => state.storage.deleteAll());
    await setLastChange(unarmed, longAgo());
    const unarmedRows = await rowsOf(unarmed);
    // Carts from before expiry existed: one stale, one recent; and an old order that is no longer a cart.
    const [legacyStale] = await insertOrders(1, longAgo());
    const [legacyRecent] = await insertOrders(1, iso(Date.now()));
    const [placed] = await insertOrders(1, longAgo(), "new");
    // A stale cart that still has its alarm: handed over too; the object checks again.
    const armed = await newCart(catalog);
    await setLastChange(armed, longAgo());

    await runScheduledSweep();

    expect(await remaining(unarmedRows, unarmed)).toEqual({ orders: 0, items: 0, units: 0, adjustments: 0 });
    expect((await rowsOf(legacyStale!)).orders).toBe(0);
    expect((await rowsOf(armed)).orders).toBe(0);
    expect((await rowsOf(legacyRecent!)).orders).toBe(1);
    expect((await rowsOf(placed!)).orders).toBe(1);
    for (const cartId of [unarmed, legacyStale!, armed]) expect(await objectState(cartId)).toEqual({ alarm: null, keys: [] });
    // Not handed over: the recent cart's object was never reached, and sets no alarm.
    expect(await objectState(legacyRecent!)).toEqual({ alarm: null, keys: [] });
  });

  it("lets the object keep a cart changed after the sweep read it, with its alarm at the end of the period", async () => {
    const cartId = await newCart(catalog);
    expect(await runInDurableObject(stubOf(cartId), (instance) => instance.expire(cartId))).toBe("kept");
    expect((await rowsOf(cartId)).orders).toBe(1);
    expect((await objectState(cartId)).alarm).toBe(Date.parse(await updatedAt(cartId)) + TTL_MS);
    expect(await runInDurableObject(stubOf(cartId + 1_000_000), (instance) => instance.expire(cartId + 1_000_000))).toBe("gone");
  });

  it("hands over at most 100 carts per run, oldest first", async () => {
    // Older than any other cart of this file: these are the sweep's first candidates.
    const stale = await insertOrders(101, iso(Date.now() - TTL_MS - 30 * 86_400_000));
    await runScheduledSweep();
    const left = async () =>
      (await env.DB.prepare("SELECT id FROM orders WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(stale)).all<{ id: number }>())
        .results.map((r) => r.id);
    expect(await left()).toEqual([stale[100]]);
    await runScheduledSweep();
    expect(await left()).toEqual([]);
  });
});
