/**
 * The channel's pricing and checkout context kept in memory between a cart's
 * changes (src/cart/pricing-context-cache.ts) is never stale: a
 * payment method, a tax rate, a shipping method, a promotion and a zone
 * member changed between two changes of one cart each take effect on the
 * next change. The admin changes are made through the API where it has the
 * resource, else straight in D1 (the version's triggers see any writer).
 * Each total is compared with a fresh cart's (a new cart object, which has
 * no copy of the context and reads it from D1) and with the figure the rules
 * give.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { address, checkoutFixture, paymentsOf, step, type CheckoutFixture } from "../fixtures/checkout";
import { db } from "../fixtures/db";

const cartBody = async (id: number) => (await api("GET", `/api/v1/carts/${id}`)).body as { total: number; items: { id: number }[] };

/**
 * Changes the quantity of the cart's one item through the cart object, in
 * `trips` D1 round trips: 1 when the object's copies hold (the guarded write
 * alone), 2 when it reads first (after a checkout step), 3 when the
 * guarded write found the context moved (nothing written; read, then write).
 */
async function changeQuantity(cartId: number, quantity: number, trips: 1 | 2 | 3): Promise<void> {
  const itemId = (await cartBody(cartId)).items[0]!.id;
  const res = await api("PATCH", `/api/v1/carts/${cartId}/items/${itemId}`, { quantity });
  expect(res.status).toBe(204);
  expect(d1RoundTrips(res.headers)).toBe(trips);
}

/** The total a new cart (a new object, reading the context from D1) has with `quantity` of the first variant, billed and shipped in `country`. */
async function freshTotal(f: CheckoutFixture, quantity: number, country: string): Promise<number> {
  const cartId = await newCart(f);
  await addItem(cartId, f.variants[0]!.code, quantity);
  await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(country) });
  return (await cartBody(cartId)).total;
}

/** The total of a new cart (a new object) with `quantity` of the first variant, not addressed. */
async function unaddressedTotal(f: CheckoutFixture, quantity: number): Promise<number> {
  const cartId = await newCart(f);
  await addItem(cartId, f.variants[0]!.code, quantity);
  return (await cartBody(cartId)).total;
}

/** Places an order of one unit of the first variant (its promotions' usage counts it). */
async function placeOrder(f: CheckoutFixture): Promise<void> {
  const cartId = await newCart(f);
  await addItem(cartId, f.variants[0]!.code);
  await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
  await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
  await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] });
  await step("PUT", `/api/v1/checkouts/complete/${cartId}`);
}

/** Moves `country`'s zone member from its zone to zone B (straight in D1: the context's triggers see any writer). */
async function moveToZoneB(f: CheckoutFixture, country: string): Promise<void> {
  const d = db();
  const zoneB = (await d.select({ id: schema.zones.id }).from(schema.zones).where(eq(schema.zones.code, f.zones.b)))[0]!;
  await d.update(schema.zoneMembers).set({ zoneId: zoneB.id }).where(eq(schema.zoneMembers.code, country));
}

describe("the pricing context kept by cart objects", () => {
  it("takes a payment method, a tax rate, a shipping method, a promotion and a zone member changed between two changes into account on the next", async () => {
    const f = await checkoutFixture([2000]);
    const d = db();
    const paymentIds = [f.payment.first.id, f.payment.second.id];
    await d.update(schema.paymentMethods).set({ enabled: false }).where(inArray(schema.paymentMethods.id, paymentIds));

    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    // The context is now kept: 2 × (2000 + 20 % tax) + zone A's shipping 1000 (read first: the addressing left no checkout row held).
    await changeQuantity(cartId, 2, 2);
    expect((await cartBody(cartId)).total).toBe(5800);
    expect(await paymentsOf(cartId)).toEqual([]);

    // A payment method enabled: the next change gives the cart a payment with it.
    await d.update(schema.paymentMethods).set({ enabled: true }).where(eq(schema.paymentMethods.id, f.payment.second.id));
    await changeQuantity(cartId, 1, 3);
    expect((await paymentsOf(cartId)).map((p) => [p.methodId, p.amount])).toEqual([[f.payment.second.id, 3400]]);

    // A tax rate changed (20 % → 10 %).
    await d.update(schema.taxRates).set({ amount: "0.1" }).where(eq(schema.taxRates.code, `TR${f.taxCategory.slice(2)}`));
    await changeQuantity(cartId, 2, 3);
    expect((await cartBody(cartId)).total).toBe(2 * 2200 + 1000);
    expect((await cartBody(cartId)).total).toBe(await freshTotal(f, 2, f.countries.a1));

    // A shipping method's charge changed (1000 → 700).
    await d
      .update(schema.shippingMethods)
      .set({ configuration: { [f.channel]: { amount: 700 } } })
      .where(eq(schema.shippingMethods.id, f.shipping.a.id));
    await changeQuantity(cartId, 1, 3);
    expect((await cartBody(cartId)).total).toBe(2200 + 700);
    expect((await cartBody(cartId)).total).toBe(await freshTotal(f, 1, f.countries.a1));

    // A promotion created through the API (1.00 off every order of the channel).
    const promotion = uniqueCode("PROMO");
    const created = await api("POST", "/api/v1/promotions/", {
      code: promotion,
      name: "One dollar off",
      priority: 1,
      exclusive: false,
      channels: [f.channel],
      actions: [{ type: "order_fixed_discount", configuration: { [f.channel]: { amount: 1 } } }],
    });
    expect(created.status).toBe(201);
    await changeQuantity(cartId, 2, 3);
    const discounted = (await cartBody(cartId)).total;
    expect(discounted).toBeLessThan(2 * 2200 + 700);
    expect(discounted).toBe(await freshTotal(f, 2, f.countries.a1));

    // A zone member moved: the billing and shipping country leaves zone A (taxed, shipping 700) for zone B (untaxed, shipping 500).
    await moveToZoneB(f, f.countries.a1);
    await changeQuantity(cartId, 1, 3);
    expect((await cartBody(cartId)).total).toBe(2000 - 100 + 500);
    expect((await cartBody(cartId)).total).toBe(await freshTotal(f, 1, f.countries.a1));
  });

  it("prices every cart of the isolate from the context another cart's object read again, in one round trip", async () => {
    const f = await checkoutFixture([2000]);
    const warmCart = async () => {
      const cartId = await newCart(f);
      await addItem(cartId, f.variants[0]!.code);
      await changeQuantity(cartId, 2, 1);
      return cartId;
    };
    const first = await warmCart();
    const second = await warmCart();
    const before = (await cartBody(second)).total;

    const created = await api("POST", "/api/v1/promotions/", {
      code: uniqueCode("PROMO"),
      name: "One dollar off",
      channels: [f.channel],
      actions: [{ type: "order_fixed_discount", configuration: { [f.channel]: { amount: 1 } } }],
    });
    expect(created.status).toBe(201);
    // The first change after the promotion finds the context moved: the guarded write fails, then read, then write.
    await changeQuantity(first, 3, 3);
    // The objects of an isolate share the copy it read: the second cart's change is written without reading, discounted.
    await changeQuantity(second, 3, 1);
    await changeQuantity(second, 2, 1);
    expect((await cartBody(second)).total).toBe(before - 100);
    expect((await cartBody(second)).total).toBe(await unaddressedTotal(f, 2));
  });

  it("reads a held cart's zones again after a zone member moved, though another cart's object read the new context first", async () => {
    const f = await checkoutFixture([2000]);
    const addressedCart = async () => {
      const cartId = await newCart(f);
      await addItem(cartId, f.variants[0]!.code);
      await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
      await changeQuantity(cartId, 2, 2);
      await changeQuantity(cartId, 1, 1);
      return cartId;
    };
    const first = await addressedCart();
    const second = await addressedCart();
    const third = await addressedCart();
    // Zone A: 20 % tax and shipping 1000.
    expect((await cartBody(second)).total).toBe(2400 + 1000);

    // The country leaves zone A for zone B (untaxed, shipping 500).
    await moveToZoneB(f, f.countries.a1);
    // The first cart's change finds the context moved and reads it again, for every object of the isolate.
    await changeQuantity(first, 2, 3);
    expect((await cartBody(first)).total).toBe(2 * 2000 + 500);
    // The second holds zones read under the old context: it reads them again first, and never prices from them.
    await changeQuantity(second, 2, 2);
    expect((await cartBody(second)).total).toBe(2 * 2000 + 500);
    expect((await cartBody(second)).total).toBe(await freshTotal(f, 2, f.countries.a1));
    await changeQuantity(second, 1, 1);
    expect((await cartBody(second)).total).toBe(2000 + 500);
    // An add reads first anyway: with the held zones' version, not the copy's, so they are read again too.
    await addItem(third, f.variants[0]!.code);
    expect((await cartBody(third)).total).toBe(2 * 2000 + 500);
  });

  it("keeps its copy while orders placed with a promotion count its usage, and drops it once the usage reaches the limit", async () => {
    const f = await checkoutFixture([2000]);
    const created = await api("POST", "/api/v1/promotions/", {
      code: uniqueCode("PROMO"),
      name: "One dollar off, twice",
      usageLimit: 2,
      channels: [f.channel],
      actions: [{ type: "order_fixed_discount", configuration: { [f.channel]: { amount: 1 } } }],
    });
    expect(created.status).toBe(201);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code);
    await changeQuantity(cartId, 2, 1);
    const discounted = (await cartBody(cartId)).total;
    expect(discounted).toBe(await unaddressedTotal(f, 2));

    // The first order uses the promotion once (1 of 2): the cart's copy of the context still holds.
    await placeOrder(f);
    await changeQuantity(cartId, 3, 1);
    await changeQuantity(cartId, 2, 1);
    expect((await cartBody(cartId)).total).toBe(discounted);

    // The second uses it up: the next change reads the context again, and the discount is gone.
    await placeOrder(f);
    await changeQuantity(cartId, 3, 3);
    await changeQuantity(cartId, 2, 1);
    expect((await cartBody(cartId)).total).toBe(discounted + 100);
    expect((await cartBody(cartId)).total).toBe(await unaddressedTotal(f, 2));
  });

  it("keeps serving a change with the context unchanged, and a fresh cart of the channel reads the same", async () => {
    const f = await checkoutFixture([2000]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code);
    // The add created the cart's shipment and payment, whose ids its write answered: every change only writes.
    for (const quantity of [2, 3, 1]) await changeQuantity(cartId, quantity, 1);
    expect((await cartBody(cartId)).total).toBe((await (async () => {
      const other = await newCart(f);
      await addItem(other, f.variants[0]!.code);
      return (await cartBody(other)).total;
    })()));
  });
});
