/**
 * A warm quantity change or removal is one D1 round trip: the cart object
 * computes it from what it holds and writes it in one batch whose guard
 * (src/data/carts/change-guard.ts) fails the whole batch unless all of it is
 * still current. Each test moves one thing the change depends on between two
 * changes, straight in D1 (any writer), and checks that the next change
 * takes it into account exactly as a change that reads first does, with
 * nothing written by the failed attempt.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, cartFixture, newCart, type CartFixture } from "../fixtures/carts";
import { insertToken, testClientId } from "../fixtures/tokens";
import { sha256Hex } from "../../src/http/auth/crypto";
import { address, checkoutFixture, paymentsOf, shipmentsOf, step } from "../fixtures/checkout";

interface CartBody {
  total: number;
  itemsTotal: number;
  items: { id: number; quantity: number; unitPrice: number; units: unknown[] }[];
}

const cartBody = async (id: number) => (await api("GET", `/api/v1/carts/${id}`)).body as CartBody;

const orderVersion = async (id: number) => (await env.DB.prepare("SELECT version FROM orders WHERE id = ?1").bind(id).first<{ version: number }>())!.version;

const change = (cartId: number, itemId: number, quantity: number, token?: string) =>
  api("PATCH", `/api/v1/carts/${cartId}/items/${itemId}`, { quantity }, token === undefined ? {} : { token });

/** A cart of the fixture with `quantity` of `variant`, its object warm (it holds the cart, its variants and the context). */
async function warmCart(f: CartFixture, variant: string, quantity: number): Promise<{ cartId: number; itemId: number }> {
  const cartId = await newCart(f);
  const itemId = await addItem(cartId, variant, quantity);
  const warmed = await change(cartId, itemId, quantity + 1);
  expect(warmed.status).toBe(204);
  expect(d1RoundTrips(warmed.headers)).toBe(1);
  return { cartId, itemId };
}

describe("a cart change written without reading first", () => {
  it("is one round trip while nothing it depends on moved, and gives what a read-first change gives", async () => {
    const f = await cartFixture([1000, 2500]);
    const { cartId, itemId } = await warmCart(f, f.variants[0]!.code, 1);
    const other = await addItem(cartId, f.variants[1]!.code, 2);
    for (const quantity of [4, 1, 3]) {
      const res = await change(cartId, itemId, quantity);
      expect(res.status).toBe(204);
      expect(d1RoundTrips(res.headers)).toBe(1);
    }
    const removed = await api("DELETE", `/api/v1/carts/${cartId}/items/${other}`);
    expect(removed.status).toBe(204);
    expect(d1RoundTrips(removed.headers)).toBe(1);
    const cart = await cartBody(cartId);
    expect(cart.items.map((i) => [i.quantity, i.units.length])).toEqual([[3, 3]]);
    expect([cart.itemsTotal, cart.total]).toEqual([3000, 3000]);
  });

  it("takes a price changed meanwhile into account", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.variants[0]!.code, 1);
    await env.DB.prepare("UPDATE channel_pricings SET price = 1234 WHERE variant_id = ?1").bind(f.variants[0]!.id).run();
    const res = await change(cartId, itemId, 3);
    expect(res.status).toBe(204);
    // The guarded write failed whole; the change then read (and wrote) as usual.
    expect(d1RoundTrips(res.headers)).toBe(3);
    const cart = await cartBody(cartId);
    expect([cart.items[0]!.unitPrice, cart.total]).toEqual([1234, 3 * 1234]);
  });

  it("prices another cart of the variant from the data one cart's object read again, in one round trip", async () => {
    const f = await cartFixture([1000]);
    const first = await warmCart(f, f.variants[0]!.code, 1);
    const second = await warmCart(f, f.variants[0]!.code, 1);
    await env.DB.prepare("UPDATE channel_pricings SET price = 1234 WHERE variant_id = ?1").bind(f.variants[0]!.id).run();
    expect(d1RoundTrips((await change(first.cartId, first.itemId, 3)).headers)).toBe(3);
    // The objects of an isolate share the variants' data last read: the second cart's guard holds at once.
    const res = await change(second.cartId, second.itemId, 3);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const cart = await cartBody(second.cartId);
    expect([cart.items[0]!.unitPrice, cart.total]).toEqual([1234, 3 * 1234]);
    // Moved again: the shared copy is stale too, and the guard still catches it.
    await env.DB.prepare("UPDATE channel_pricings SET price = 1500 WHERE variant_id = ?1").bind(f.variants[0]!.id).run();
    expect(d1RoundTrips((await change(second.cartId, second.itemId, 2)).headers)).toBe(3);
    expect((await cartBody(second.cartId)).total).toBe(2 * 1500);
  });

  it("checks a quantity that grows against the stock as it is now", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.tracked.code, 1);
    // Someone else's order holds 3 of the 5 on hand: 2 are left, the cart holds 2.
    await env.DB.prepare("UPDATE product_variants SET on_hold = 3 WHERE id = ?1").bind(f.tracked.id).run();
    const version = await orderVersion(cartId);
    const refused = await change(cartId, itemId, 3);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.errors).toEqual(["Theme mug does not have sufficient stock."]);
    // The guarded write failed on the stock, then the change read and was refused: 1 + 1.
    expect(d1RoundTrips(refused.headers)).toBe(2);
    expect(await orderVersion(cartId)).toBe(version);
    // A quantity that shrinks does not read the stock: one round trip again.
    const shrunk = await change(cartId, itemId, 1);
    expect(shrunk.status).toBe(204);
    expect(d1RoundTrips(shrunk.headers)).toBe(1);
    expect((await cartBody(cartId)).items[0]!.quantity).toBe(1);
    // Stock freed since: the held counts (2 available) would refuse 3, so the change reads them, and grows.
    await env.DB.prepare("UPDATE product_variants SET on_hold = 2 WHERE id = ?1").bind(f.tracked.id).run();
    const grown = await change(cartId, itemId, 3);
    expect([grown.status, d1RoundTrips(grown.headers)]).toEqual([204, 2]);
    expect((await cartBody(cartId)).items[0]!.quantity).toBe(3);
  });

  it("lets a tracked variant's stock move without failing the guard while what the change needs is still available", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.tracked.code, 1);
    // Other orders hold 2 of the 5 on hand, then 1 more is received: 4 available, the growth to 4 needs 4.
    await env.DB.prepare("UPDATE product_variants SET on_hold = 2 WHERE id = ?1").bind(f.tracked.id).run();
    await env.DB.prepare("UPDATE product_variants SET on_hand = 6 WHERE id = ?1").bind(f.tracked.id).run();
    const grown = await change(cartId, itemId, 4);
    expect([grown.status, d1RoundTrips(grown.headers)]).toEqual([204, 1]);
    // One more held elsewhere: 3 available, so growing to 4 again (4 -> 3 -> 4) fails the guard and is refused.
    expect((await change(cartId, itemId, 3)).status).toBe(204);
    await env.DB.prepare("UPDATE product_variants SET on_hold = 3 WHERE id = ?1").bind(f.tracked.id).run();
    const version = await orderVersion(cartId);
    const refused = await change(cartId, itemId, 4);
    expect([refused.status, d1RoundTrips(refused.headers)]).toEqual([400, 2]);
    expect(refused.body.errors.errors).toEqual(["Theme mug does not have sufficient stock."]);
    expect(await orderVersion(cartId)).toBe(version);
    const cart = await cartBody(cartId);
    expect(cart.items.map((i) => [i.quantity, i.units.length])).toEqual([[3, 3]]);
    expect(cart.total).toBe(3 * cart.items[0]!.unitPrice);
  });

  it("lets an untracked variant's stock counts move without failing the guard, and checks one that became tracked", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.variants[0]!.code, 1);
    // Untracked: its counts bound nothing, so the growth stays one round trip.
    await env.DB.prepare("UPDATE product_variants SET on_hand = 0, on_hold = 7 WHERE id = ?1").bind(f.variants[0]!.id).run();
    const grown = await change(cartId, itemId, 4);
    expect([grown.status, d1RoundTrips(grown.headers)]).toEqual([204, 1]);
    // Tracked now, with nothing available: the guard fails on the stock, the read refuses the growth.
    await env.DB.prepare("UPDATE product_variants SET tracked = 1 WHERE id = ?1").bind(f.variants[0]!.id).run();
    const refused = await change(cartId, itemId, 5);
    expect([refused.status, d1RoundTrips(refused.headers)]).toEqual([400, 2]);
    expect((await cartBody(cartId)).items[0]!.quantity).toBe(4);
  });

  it("refuses a change once a variant of the cart was disabled meanwhile, and writes nothing", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.variants[0]!.code, 1);
    await env.DB.prepare("UPDATE product_variants SET enabled = 0 WHERE id = ?1").bind(f.variants[0]!.id).run();
    const version = await orderVersion(cartId);
    const res = await change(cartId, itemId, 3);
    expect(res.status).toBe(400);
    expect(await orderVersion(cartId)).toBe(version);
    expect((await cartBody(cartId)).items[0]!.quantity).toBe(2);
  });

  it("answers 401 to a token that expired since the cart's last change, and writes nothing", async () => {
    const f = await cartFixture([1000]);
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: null, expiresIn: 3600 });
    const cartId = await newCart(f);
    const itemId = await addItem(cartId, f.variants[0]!.code, 1);
    expect((await change(cartId, itemId, 2, token)).status).toBe(204);
    const warm = await change(cartId, itemId, 3, token);
    expect([warm.status, d1RoundTrips(warm.headers)]).toEqual([204, 1]);

    await env.DB.prepare("UPDATE oauth_access_tokens SET expires_at = 1 WHERE token_hash = ?1").bind(await sha256Hex(token)).run();
    const version = await orderVersion(cartId);
    const refused = await change(cartId, itemId, 5, token);
    expect(refused.status).toBe(401);
    expect(await orderVersion(cartId)).toBe(version);
    expect((await cartBody(cartId)).items[0]!.quantity).toBe(3);
  });

  it("keeps a cart with a coupon at one round trip while its coupon stays on the same side of its usage limit", async () => {
    const f = await checkoutFixture([2000]);
    const cartId = await newCart(f);
    const itemId = await addItem(cartId, f.variants[0]!.code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    await step("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: f.coupon.code });
    // Per unit: 2000 less the coupon's 10 % (200), plus 20 % tax on the rest (360); zone A's shipping 1000 per cart.
    const discounted = (quantity: number) => quantity * 2160 + 1000;
    const full = (quantity: number) => quantity * 2400 + 1000;
    const coupon = (set: string) => env.DB.prepare(`UPDATE promotion_coupons SET ${set} WHERE id = ?1`).bind(f.coupon.id).run();
    const expectChange = async (quantity: number, trips: number, total: number) => {
      const res = await change(cartId, itemId, quantity);
      expect([res.status, d1RoundTrips(res.headers), (await cartBody(cartId)).total]).toEqual([204, trips, total]);
    };

    // The coupon step left no copy of the cart: read first once, then warm.
    await expectChange(2, 2, discounted(2));
    await expectChange(3, 1, discounted(3));
    // Orders placed with it move its usage: no limit, nothing to check.
    await coupon("used = 3");
    await expectChange(2, 1, discounted(2));
    // A limit set: the coupon is not the one held any more; read, still under it.
    await coupon("usage_limit = 5");
    await expectChange(3, 3, discounted(3));
    await coupon("used = 4");
    await expectChange(2, 1, discounted(2));
    // Used up by another order: the guard fails, the change reads and loses the discount.
    await coupon("used = 5");
    await expectChange(3, 3, full(3));
    await coupon("used = 6");
    await expectChange(2, 1, full(2));
  });

  it("never writes over a change made meanwhile by another writer", async () => {
    const f = await cartFixture([1000]);
    const { cartId, itemId } = await warmCart(f, f.variants[0]!.code, 1);
    // Another writer sets the quantity to 7 (its units included) and raises the version, as every writer must.
    await env.DB.batch([
      env.DB.prepare("UPDATE order_items SET quantity = 7 WHERE id = ?1").bind(itemId),
      env.DB.prepare("UPDATE orders SET version = version + 1 WHERE id = ?1").bind(cartId),
    ]);
    // Removing the item the object still holds: the guard fails, the cart is read anew, the removal applies to it.
    const removed = await api("DELETE", `/api/v1/carts/${cartId}/items/${itemId}`);
    expect(removed.status).toBe(204);
    const cart = await cartBody(cartId);
    expect([cart.items, cart.total]).toEqual([[], 0]);
  });

  it("keeps the shipment and payment an add created (their ids from its write), and follows them through removal and a new add", async () => {
    const f = await checkoutFixture([2000, 1500]);
    const cartId = await newCart(f);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    const itemId = await addItem(cartId, f.variants[0]!.code, 1);
    const payments = await paymentsOf(cartId);
    expect(payments).toHaveLength(1);
    // The first change after the add that created them: one round trip.
    const changed = await change(cartId, itemId, 2);
    expect([changed.status, d1RoundTrips(changed.headers)]).toEqual([204, 1]);
    const total = (await cartBody(cartId)).total;
    expect(total).toBe(2 * 2400 + 1000);
    expect((await paymentsOf(cartId)).map((p) => [p.id, p.amount])).toEqual([[payments[0]!.id, total]]);

    // Emptied: the shipment and payment go; added again: new ones, whose ids the next change updates.
    expect((await api("DELETE", `/api/v1/carts/${cartId}/items/${itemId}`)).status).toBe(204);
    expect([await paymentsOf(cartId), await shipmentsOf(cartId)]).toEqual([[], []]);
    const again = await addItem(cartId, f.variants[1]!.code, 1);
    const next = await change(cartId, again, 3);
    expect([next.status, d1RoundTrips(next.headers)]).toEqual([204, 1]);
    const cart = await cartBody(cartId);
    expect(cart.total).toBe(3 * 1800 + 1000);
    expect((await paymentsOf(cartId)).map((p) => p.amount)).toEqual([cart.total]);
    expect((await shipmentsOf(cartId)).map((s) => s.state)).toEqual(["cart"]);
  });
});
