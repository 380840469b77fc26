/**
 * The cart object's operation pipeline, seen inside the object: the caller's
 * token check rides the operation's first batch and refuses before anything
 * is decided, kept or written; replies are typed outcomes.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/http/auth/crypto";
import type { CartObject } from "../../src/cart/cart-object";
import type { Caller } from "../../src/cart/operation";
import { TEST_TOKEN } from "../fixtures/accounts";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";
import { ok } from "../fixtures/http";

let c: ApiCatalog;
beforeAll(async () => {
  c = await apiCatalog();
});

const newCart = async (): Promise<number> => (await ok("POST", "/api/v1/carts/", { customer: c.customer, channel: c.channel, localeCode: "en_US" })).id;
const stubOf = (cartId: number) => env.CARTS.get(env.CARTS.idFromName(`cart:${cartId}`));
const caller = async (token: string): Promise<Caller> => ({ tokenHash: await sha256Hex(token), requestId: "test", log: false });
const itemCount = async (cartId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?").bind(cartId).first<{ n: number }>())?.n;

describe("the operation pipeline", () => {
  it("refuses a token in the first batch: one round trip, nothing kept, nothing written", async () => {
    const cartId = await newCart();
    const refusedBy = await caller("not-a-token");
    const { reply, snapshot } = await runInDurableObject(stubOf(cartId), async (instance: CartObject) => ({
      reply: await instance.addItem(cartId, refusedBy, c.variantA, 1),
      snapshot: instance.snapshot(),
    }));
    expect(reply).toMatchObject({ outcome: "refused", status: 401 });
    expect(reply.metrics.roundTrips).toBe(1);
    expect(snapshot).toBeNull();
    expect(await itemCount(cartId)).toBe(0);
  });

  it("answers a typed success after the check passed in the same batch: a read, then the write", async () => {
    const cartId = await newCart();
    const accepted = await caller(TEST_TOKEN);
    const reply = await runInDurableObject(stubOf(cartId), (instance: CartObject) => instance.addItem(cartId, accepted, c.variantA, 2));
    if (reply.outcome !== "done" || reply.body === null) throw new Error(`expected a done reply, got ${JSON.stringify(reply)}`);
    expect(reply.status).toBe(201);
    expect(reply.body.quantity).toBe(2);
    expect(reply.metrics.roundTrips).toBe(2);
    expect(await itemCount(cartId)).toBe(1);
  });

  it("answers what only data can tell as an item form's errors", async () => {
    const cartId = await newCart();
    const reply = await runInDurableObject(stubOf(cartId), (instance: CartObject) => instance.addItem(cartId, null, "NO_SUCH_VARIANT", 1));
    expect(reply).toMatchObject({ outcome: "form", formErrors: { variant: ["This value is not valid."] } });
  });

  it("refuses an order transition and a checkout read for a refused token the same way", async () => {
    const cartId = await newCart();
    const refusedBy = await caller("not-a-token");
    const replies = await runInDurableObject(stubOf(cartId), async (instance: CartObject) => [
      await instance.cancelOrder(cartId, refusedBy),
      await instance.checkoutMethods(cartId, refusedBy, "payment_methods"),
      await instance.deleteCart(cartId, refusedBy),
    ]);
    expect(replies.map((reply) => [reply.outcome, "status" in reply ? reply.status : reply.outcome, reply.metrics.roundTrips])).toEqual([
      ["refused", 401, 1],
      ["refused", 401, 1],
      ["refused", 401, 1],
    ]);
    expect((await env.DB.prepare("SELECT state FROM orders WHERE id = ?").bind(cartId).first<{ state: string }>())?.state).toBe("cart");
  });
});
