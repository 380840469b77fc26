/**
 * Changes queued behind one another on one cart are written together: when
 * its turn comes, a warm quantity change or removal takes the changes queued
 * right behind it into its own guarded batch (src/cart/
 * cart-object.ts, `operateQueued`). The cart must end exactly as the same
 * changes made one at a time leave it, in the order they arrived, and a
 * change the group cannot take runs on its own.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/http/auth/crypto";
import type { CartObject } from "../../src/cart/cart-object";
import type { Caller, CartReply } from "../../src/cart/operation";
import { REFUSAL_STATUS } from "../../src/cart/refusal";
import { TEST_TOKEN } from "../fixtures/accounts";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";
import { addItem, cartFixture, newCart } from "../fixtures/carts";
import { api, d1RoundTrips, ok } from "../fixtures/http";

let c: ApiCatalog;
beforeAll(async () => {
  c = await apiCatalog();
});

const stubOf = (cartId: number) => env.CARTS.get(env.CARTS.idFromName(`cart:${cartId}`));
const callerOf = async (token: string): Promise<Caller> => ({ tokenHash: await sha256Hex(token), requestId: "test", log: false });

type Step = { item: "A" | "B"; quantity: number } | { item: "A" | "B"; remove: true };

interface TestCart {
  id: number;
  items: Record<"A" | "B", number>;
}

/** A cart of A × 1 and B × 1, its object warm (one change made): it holds the cart, its variants and the context. */
async function warmCart(): Promise<TestCart> {
  const id = (await ok("POST", "/api/v1/carts/", { customer: c.customer, channel: c.channel, localeCode: "en_US" })).id as number;
  const a = (await ok("POST", `/api/v1/carts/${id}/items/`, { variant: c.variantA, quantity: 1 })).id as number;
  const b = (await ok("POST", `/api/v1/carts/${id}/items/`, { variant: c.variantB, quantity: 1 })).id as number;
  const warmed = await api("PATCH", `/api/v1/carts/${id}/items/${b}`, { quantity: 1 });
  expect(warmed.status).toBe(204);
  expect(d1RoundTrips(warmed.headers)).toBe(1);
  return { id, items: { A: a, B: b } };
}

/** The cart as GET shows it, without what differs between two carts of the same contents (ids, links, times). */
async function contents(cartId: number): Promise<unknown> {
  const res = await api("GET", `/api/v1/carts/${cartId}`);
  expect(res.status).toBe(200);
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !["id", "_links", "createdAt", "updatedAt"].includes(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(res.body);
}

/** The steps one request at a time, through the API: the reference. */
async function oneByOne(cart: TestCart, steps: Step[]): Promise<void> {
  for (const step of steps) {
    const path = `/api/v1/carts/${cart.id}/items/${cart.items[step.item]}`;
    const res = "remove" in step ? await api("DELETE", path) : await api("PATCH", path, { quantity: step.quantity });
    expect(res.status).toBe(204);
  }
}

/** The steps sent to the cart's object all at once, in this order (calls of one caller arrive in order). */
function allAtOnce(cart: TestCart, steps: Step[], callers: (Caller | null)[] = []): Promise<CartReply<unknown>[]> {
  return runInDurableObject(stubOf(cart.id), (instance: CartObject) =>
    Promise.all(
      steps.map((step, i) => {
        const caller = callers[i] ?? null;
        const itemId = cart.items[step.item];
        return "remove" in step ? instance.removeItem(cart.id, caller, itemId) : instance.changeItem(cart.id, caller, itemId, step.quantity);
      }),
    ),
  );
}

// A typed refusal counts by the status the gateway answers it with.
const statuses = (replies: CartReply<unknown>[]) =>
  replies.map((reply) => ("status" in reply ? reply.status : reply.outcome === "rejected" ? REFUSAL_STATUS[reply.refusal.kind] : reply.outcome));
const roundTrips = (replies: CartReply<unknown>[]) => replies.map((reply) => reply.metrics.roundTrips);

describe("changes queued on one cart", () => {
  it("are written by one batch, and leave the cart as the same changes one at a time", async () => {
    const steps: Step[] = [
      { item: "A", quantity: 3 },
      { item: "B", quantity: 4 },
      { item: "A", quantity: 2 },
      { item: "B", quantity: 2 },
      { item: "A", quantity: 5 },
    ];
    const reference = await warmCart();
    await oneByOne(reference, steps);
    const grouped = await warmCart();
    const replies = await allAtOnce(grouped, steps);
    expect(statuses(replies)).toEqual([204, 204, 204, 204, 204]);
    // The first change's batch wrote them all; the others made no round trip of their own.
    expect(roundTrips(replies)).toEqual([1, 0, 0, 0, 0]);
    // Each reply carries the bookmark the batch reached (a client's read after its change sees it).
    expect(new Set(replies.map((reply) => reply.bookmark)).size).toBe(1);
    expect(replies[0]!.bookmark).not.toBeNull();
    expect(await contents(grouped.id)).toEqual(await contents(reference.id));
    const body = (await api("GET", `/api/v1/carts/${grouped.id}`)).body;
    expect(body.items.map((item: { quantity: number; units: unknown[] }) => [item.quantity, item.units.length])).toEqual([
      [5, 5],
      [2, 2],
    ]);
    // The object holds the cart as written: the next change is warm again.
    const next = await api("PATCH", `/api/v1/carts/${grouped.id}/items/${grouped.items.A}`, { quantity: 1 });
    expect([next.status, d1RoundTrips(next.headers)]).toEqual([204, 1]);
  });

  it("include a removal, and a change of the removed item after it is refused on its own", async () => {
    const steps: Step[] = [{ item: "A", quantity: 4 }, { item: "B", remove: true }, { item: "B", quantity: 3 }, { item: "A", quantity: 2 }];
    const grouped = await warmCart();
    const replies = await allAtOnce(grouped, steps);
    // The unknown item stops the group: it runs alone (read first: 404), then the last change leads its own batch.
    expect(statuses(replies)).toEqual([204, 204, 404, 204]);
    expect(roundTrips(replies)).toEqual([1, 0, 1, 1]);
    const reference = await warmCart();
    await oneByOne(reference, [steps[0]!, steps[1]!, steps[3]!]);
    expect(await contents(grouped.id)).toEqual(await contents(reference.id));
  });

  it("leave out a caller whose token the group does not check, which is then refused alone", async () => {
    const accepted = await callerOf(TEST_TOKEN);
    const refused = await callerOf("not-a-token");
    const steps: Step[] = [
      { item: "A", quantity: 3 },
      { item: "A", quantity: 7 },
      { item: "B", quantity: 2 },
    ];
    const grouped = await warmCart();
    const replies = await allAtOnce(grouped, steps, [accepted, refused, accepted]);
    expect(statuses(replies)).toEqual([204, 401, 204]);
    const reference = await warmCart();
    await oneByOne(reference, [steps[0]!, steps[2]!]);
    expect(await contents(grouped.id)).toEqual(await contents(reference.id));
  });

  it("never take a change that needs its own checks, nor one queued behind it, so the order of writes holds", async () => {
    const conditional: Caller = { tokenHash: null, requestId: "test", log: false, ifMatch: "*" };
    const steps: Step[] = [
      { item: "A", quantity: 2 },
      { item: "A", quantity: 3 },
      { item: "A", quantity: 4 },
    ];
    const grouped = await warmCart();
    const replies = await allAtOnce(grouped, steps, [null, conditional, null]);
    expect(statuses(replies)).toEqual([204, 204, 204]);
    // The If-Match change reads its tag's rows first; the change after it waited for it, then ran warm.
    expect(roundTrips(replies)).toEqual([1, 2, 1]);
    const body = (await api("GET", `/api/v1/carts/${grouped.id}`)).body;
    expect(body.items.map((item: { quantity: number }) => item.quantity)).toEqual([4, 1]);
  });

  it("run one at a time when the group's guard finds a price moved, each priced anew", async () => {
    const steps: Step[] = [
      { item: "A", quantity: 2 },
      { item: "A", quantity: 3 },
      { item: "B", quantity: 2 },
    ];
    const grouped = await warmCart();
    await env.DB.prepare(
      "UPDATE channel_pricings SET price = 1111 WHERE channel_code = ?1 AND variant_id = (SELECT id FROM product_variants WHERE code = ?2)",
    )
      .bind(c.channel, c.variantA)
      .run();
    const replies = await allAtOnce(grouped, steps);
    expect(statuses(replies)).toEqual([204, 204, 204]);
    // The group's batch failed whole; the first change read and wrote, then led the rest in one batch.
    expect(roundTrips(replies)).toEqual([3, 1, 0]);
    const body = (await api("GET", `/api/v1/carts/${grouped.id}`)).body;
    expect(body.items.map((item: { quantity: number; unitPrice: number }) => [item.quantity, item.unitPrice])).toEqual([
      [3, 1111],
      [2, 333],
    ]);
    await env.DB.prepare(
      "UPDATE channel_pricings SET price = 1000 WHERE channel_code = ?1 AND variant_id = (SELECT id FROM product_variants WHERE code = ?2)",
    )
      .bind(c.channel, c.variantA)
      .run();
  });

  it("check the stock of every variant whose quantity grows, and refuse a growth past it on its own", async () => {
    const f = await cartFixture([1000]);
    const id = await newCart(f);
    const cart: TestCart = { id, items: { A: await addItem(id, f.variants[0]!.code, 1), B: await addItem(id, f.tracked.code, 1) } };
    const warmed = await api("PATCH", `/api/v1/carts/${id}/items/${cart.items.A}`, { quantity: 1 });
    expect(d1RoundTrips(warmed.headers)).toBe(1);
    // Another order now holds all but the one unit this cart has of the tracked variant.
    await env.DB.prepare("UPDATE product_variants SET on_hold = on_hand - 1 WHERE id = ?1").bind(f.tracked.id).run();
    const replies = await allAtOnce(cart, [
      { item: "A", quantity: 2 },
      { item: "B", quantity: 3 },
      { item: "A", quantity: 4 },
    ]);
    // The group's stock check failed whole: the first change read and wrote, the growth read first and was refused, the last ran warm.
    expect(statuses(replies)).toEqual([204, "form", 204]);
    expect(roundTrips(replies)).toEqual([3, 1, 1]);
    const body = (await api("GET", `/api/v1/carts/${id}`)).body;
    expect(body.items.map((item: { quantity: number }) => item.quantity)).toEqual([4, 1]);
  });

  it("through the API, eight at once leave a consistent cart at one of the quantities sent", async () => {
    const cart = await warmCart();
    const quantities = [2, 3, 4, 5, 6, 7, 8, 9];
    const answers = await Promise.all(quantities.map((quantity) => api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items.A}`, { quantity })));
    expect(answers.map((res) => res.status)).toEqual(quantities.map(() => 204));
    expect(answers.reduce((sum, res) => sum + d1RoundTrips(res.headers), 0)).toBeLessThanOrEqual(quantities.length);
    const body = (await api("GET", `/api/v1/carts/${cart.id}`)).body;
    const item = body.items.find((i: { id: number }) => i.id === cart.items.A);
    expect(quantities).toContain(item.quantity);
    const reference = await warmCart();
    await oneByOne(reference, [{ item: "A", quantity: item.quantity }]);
    expect(await contents(cart.id)).toEqual(await contents(reference.id));
  });
});
