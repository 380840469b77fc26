import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartObject } from "../../src/cart/cart-object";
import { api } from "../fixtures/http";
import { cartFixture, newCart, type CartFixture } from "../fixtures/carts";

let fx: CartFixture;
beforeAll(async () => {
  fx = await cartFixture([1299, 1599, 1999, 2499, 333]);
});

/** The cart as D1 has it, recomputed from its rows. */
async function storedCart(cartId: number) {
  const db = env.DB;
  const [order, items, units] = await db.batch<any>([
    db.prepare("SELECT items_total, adjustments_total, total FROM orders WHERE id = ?1").bind(cartId),
    db.prepare("SELECT id, variant_id, quantity, unit_price, units_total, total FROM order_items WHERE order_id = ?1").bind(cartId),
    db.prepare("SELECT u.item_id, COUNT(*) AS n FROM order_item_units u JOIN order_items i ON i.id = u.item_id WHERE i.order_id = ?1 GROUP BY u.item_id").bind(cartId),
  ]);
  return { order: order!.results[0], items: items!.results, unitCounts: new Map(units!.results.map((r: any) => [r.item_id, r.n])) };
}

describe("concurrent changes to one cart", () => {
  it("loses no update under 60 simultaneous add-item requests over 5 variants", async () => {
    const cartId = await newCart(fx);
    const requests = Array.from({ length: 60 }, (_, i) => fx.variants[i % fx.variants.length]!);
    const responses = await Promise.all(
      requests.map((v) => api("POST", `/api/v1/carts/${cartId}/items/`, { variant: v.code, quantity: 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(requests.map(() => 201));

    const stored = await storedCart(cartId);
    expect(stored.items).toHaveLength(fx.variants.length);
    let expectedTotal = 0;
    for (const v of fx.variants) {
      const item = stored.items.find((i: any) => i.variant_id === v.id);
      expect(item.quantity).toBe(12);
      expect(stored.unitCounts.get(item.id)).toBe(12);
      expect(item.unit_price).toBe(v.price);
      expect(item.units_total).toBe(12 * v.price);
      expect(item.total).toBe(12 * v.price);
      expectedTotal += 12 * v.price;
    }
    expect(stored.order).toEqual({ items_total: expectedTotal, adjustments_total: 0, total: expectedTotal });

    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.total).toBe(expectedTotal);
    // Each response saw a strictly growing quantity for its variant: the changes were serialized.
    for (const v of fx.variants) {
      const seen = responses.filter((r) => r.body.variant.code === v.code).map((r) => r.body.quantity).sort((a, b) => a - b);
      expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    }
  });

  it("serializes mixed concurrent adds, changes and removals", async () => {
    const cartId = await newCart(fx);
    const [a, b] = fx.variants;
    const item = (await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: a!.code, quantity: 1 })).body;
    const ops = await Promise.all([
      ...Array.from({ length: 20 }, () => api("POST", `/api/v1/carts/${cartId}/items/`, { variant: b!.code, quantity: 2 })),
      ...Array.from({ length: 10 }, (_, i) => api("PATCH", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: i + 1 })),
    ]);
    expect(ops.every((r) => r.status === 201 || r.status === 204)).toBe(true);
    const stored = await storedCart(cartId);
    const bItem = stored.items.find((i: any) => i.variant_id === b!.id);
    expect(bItem.quantity).toBe(40);
    expect(stored.unitCounts.get(bItem.id)).toBe(40);
    const aItem = stored.items.find((i: any) => i.variant_id === a!.id);
    expect(stored.unitCounts.get(aItem.id)).toBe(aItem.quantity);
    expect(stored.order.total).toBe(aItem.quantity * a!.price + 40 * b!.price);
  });
});

describe("the cart's Durable Object", () => {
  it("runs queued operations one at a time and keeps its copy equal to D1", async () => {
    const cartId = await newCart(fx);
    const stub = env.CARTS.get(env.CARTS.idFromName(`cart:${cartId}`));
    const replies = await runInDurableObject(stub, async (instance: CartObject) => {
      expect(instance.snapshot()).toBeNull();
      // Started together, inside the object: the queue must order them.
      const pending = fx.variants.map((v, i) => instance.addItem(cartId, null, v.code, i + 1));
      return Promise.all(pending);
    });
    expect(replies.map((r) => (r.outcome === "done" ? r.status : r.outcome))).toEqual(fx.variants.map(() => 201));
    // Each reply saw the items of the previous ones: item ids grow in call order.
    const ids = replies.map((r) => (r.outcome === "done" && r.body ? r.body.id : 0));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    // Two round trips each: one read batch, one write batch.
    expect(replies.every((r) => r.metrics.roundTrips === 2)).toBe(true);

    const memory = await runInDurableObject(stub, (instance: CartObject) => instance.snapshot());
    const stored = await storedCart(cartId);
    expect(memory!.total).toBe(stored.order.total);
    expect(memory!.items.map((i) => [i.id, i.quantity, i.units.length])).toEqual(
      stored.items.map((i: any) => [i.id, i.quantity, stored.unitCounts.get(i.id)]),
    );
  });

  it("reports rows written and retires its state when the cart is deleted", async () => {
    const cartId = await newCart(fx);
    const stub = env.CARTS.get(env.CARTS.idFromName(`cart:${cartId}`));
    const rows = (headers: Headers) => Number(/rows;desc="(\d+)"/.exec(headers.get("Server-Timing") ?? "")?.[1]);
    // D1's own count (index entries included): a change writes what it changes, not the whole cart.
    const added = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0]!.code, quantity: 30 });
    const grown = await api("PATCH", `/api/v1/carts/${cartId}/items/${added.body.id}`, { quantity: 31 });
    expect(rows(added.headers)).toBeGreaterThan(30);
    expect(rows(grown.headers)).toBeGreaterThan(0);
    expect(rows(grown.headers)).toBeLessThan(10);
    await api("DELETE", `/api/v1/carts/${cartId}`);
    const memory = await runInDurableObject(stub, (instance: CartObject) => instance.snapshot());
    expect(memory).toBeNull();
  });
});
