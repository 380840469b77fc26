/**
 * The cart a cart object keeps in memory between changes (behind the order's
 * `version`, src/data/carts/change-reads.ts) is never used stale: a write by
 * anyone else (SQL outside the object, the scheduled sweep) is seen by the
 * next change, which reads the cart again; a write whose version is no
 * longer the one it read fails whole.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, cartFixture, newCart } from "../fixtures/carts";
import { runScheduledSweep } from "../fixtures/worker";
import { namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { cartRowQueries, cartStateFrom, oneOrder } from "../../src/data/carts/cart-store";
import { cartWriteStatements } from "../../src/data/carts/cart-writer";
import { isGuardFailure } from "../../src/data/orders/lifecycle-store";
import { cartTtlSeconds } from "../../src/cart/cart-ttl";

const rowsRead = (headers: Headers): number => Number(/rows_read;desc="(\d+)"/.exec(headers.get("Server-Timing") ?? "")?.[1] ?? NaN);

const cartBody = async (id: number) =>
  (await api("GET", `/api/v1/carts/${id}`)).body as { total: number; itemsTotal: number; items: { id: number; quantity: number }[] };

const orderVersion = async (id: number) => (await env.DB.prepare("SELECT version FROM orders WHERE id = ?1").bind(id).first<{ version: number }>())!.version;

describe("the cart kept by its object", () => {
  it("reads the cart again after a write outside the object (the version raised), and never writes over it", async () => {
    const f = await cartFixture([1000, 2000]);
    const cartId = await newCart(f);
    const first = await addItem(cartId, f.variants[0]!.code, 2);
    const second = await addItem(cartId, f.variants[1]!.code, 1);
    // The object now holds the cart at its version.
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${first}`, { quantity: 3 })).status).toBe(204);

    // Someone removes the second item straight in D1 and raises the version, as every writer of a cart must.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM order_items WHERE id = ?1").bind(second),
      env.DB.prepare("UPDATE orders SET version = version + 1 WHERE id = ?1").bind(cartId),
    ]);

    // A copy used stale would find the item and "change" it; the object reads the cart again and finds none.
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${second}`, { quantity: 2 })).status).toBe(404);
    const changed = await api("PATCH", `/api/v1/carts/${cartId}/items/${first}`, { quantity: 1 });
    expect(changed.status).toBe(204);
    // The cart as read anew is held again: the change is its guarded write alone.
    expect(d1RoundTrips(changed.headers)).toBe(1);
    const cart = await cartBody(cartId);
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([[first, 1]]);
    expect([cart.itemsTotal, cart.total]).toEqual([1000, 1000]);
  });

  it("runs the change once more, on the cart read anew, when its version moved since the copy", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0]!.code, 1);
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 2 })).status).toBe(204);

    // Another writer's quantity, with the version raised: the object's copy says 2.
    await env.DB.batch([
      env.DB.prepare("UPDATE order_items SET quantity = 5 WHERE id = ?1").bind(item),
      env.DB.prepare("UPDATE orders SET version = version + 1 WHERE id = ?1").bind(cartId),
    ]);
    // The guarded write fails whole (the version moved); the read that follows sees the version moved, and the change
    // runs again on the cart as it now is: 1 + 1 + 2 round trips.
    const res = await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 3 });
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(4);
    expect((await cartBody(cartId)).items.map((i) => i.quantity)).toEqual([3]);
  });

  it("fails the whole write when the version is not the one read", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code, 1);
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const before = cartStateFrom((await namedBatch(db, { rows: cartRowQueries(db, oneOrder(cartId)) })).rows)!;
    const after = { ...before, items: before.items.map((i) => ({ ...i, total: i.total + 1 })), total: before.total + 1 };
    const version = await orderVersion(cartId);

    const stale = namedBatch(db, { written: cartWriteStatements(db, before, after, new Date().toISOString(), version - 1) });
    await expect(stale).rejects.toSatisfy(isGuardFailure);
    expect(await orderVersion(cartId)).toBe(version);
    expect((await cartBody(cartId)).total).toBe(before.total);

    await namedBatch(db, { written: cartWriteStatements(db, before, after, new Date().toISOString(), version) });
    expect(await orderVersion(cartId)).toBe(version + 1);
    expect((await cartBody(cartId)).total).toBe(before.total + 1);
  });

  it("finds no cart once the sweep expired it", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0]!.code, 1);
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 2 })).status).toBe(204);
    const old = new Date(Date.now() - cartTtlSeconds(env.CART_TTL) * 1000 - 60_000).toISOString();
    await env.DB.prepare("UPDATE orders SET created_at = ?2, updated_at = ?2 WHERE id = ?1").bind(cartId, old).run();
    await runScheduledSweep();
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(404);
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 3 })).status).toBe(404);
  });

  it("reads at most 40 D1 rows for a quantity change or a removal in a warm one-item cart", async () => {
    const f = await cartFixture([1000, 2000]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0]!.code, 1);
    // Warm: the object holds the cart, its checkout row and the channel's context.
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 2 })).status).toBe(204);
    for (const quantity of [3, 2]) {
      const res = await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity });
      expect(res.status).toBe(204);
      expect(rowsRead(res.headers)).toBeLessThanOrEqual(40);
    }
    const other = await addItem(cartId, f.variants[1]!.code, 1);
    const removed = await api("DELETE", `/api/v1/carts/${cartId}/items/${other}`);
    expect(removed.status).toBe(204);
    expect(rowsRead(removed.headers)).toBeLessThanOrEqual(40);
  });
});
