/**
 * Shipping method rules through a cart and its checkout (Sylius 1.8's
 * ShippingMethodRulesEligibilityChecker in OrderShipmentProcessor and the
 * select-shipping form): the cart ships with the first method whose rules
 * hold, keeps its chosen one only while they hold, and the checkout offers
 * and accepts only such methods.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../fixtures/http";
import { cartWithItem } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { address, checkoutFixture, shipmentsOf, step } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";

const shippingOf = async (cartId: number) =>
  ((await api("GET", `/api/v1/carts/${cartId}`)).body.adjustments as { type: string; label: string; amount: number }[])
    .filter((a) => a.type === "shipping")
    .map((a) => [a.label, a.amount]);
const offered = async (cartId: number) =>
  ((await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`)).body.shipments[0].methods as { code: string }[]).map((m) => m.code);

/** Zone A's courier (10.00) up to 29.99 of items; a free one in zone A from 30.00. */
async function freeOverThirty() {
  const f = await checkoutFixture();
  const patched = await api("PATCH", `/api/v1/shipping-methods/${f.shipping.a.code}`, {
    rules: [{ type: "order_total_less_than_or_equal", configuration: { [f.channel]: { amount: 29.99 } } }],
  });
  expect(patched.status).toBe(204);
  const free = await api("POST", "/api/v1/shipping-methods/", {
    code: `FREE_${f.shipping.a.code}`,
    position: 5,
    zone: f.zones.a,
    channels: [f.channel],
    calculator: "flat_rate",
    configuration: { [f.channel]: { amount: 0 } },
    translations: { en_US: { name: "Free shipping" } },
    rules: [{ type: "order_total_greater_than_or_equal", configuration: { [f.channel]: { amount: 30 } } }],
  });
  expect(free.status).toBe(201);
  return { f, free: free.body as { id: number; code: string } };
}

describe("shipping method rules in the cart and the checkout", () => {
  it("the order total rules choose the method; a change of total moves the shipment to the eligible one", async () => {
    const { f, free } = await freeOverThirty();
    const cartId = await cartWithItem(f, f.variants[0].code); // 20.00
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    expect(await shippingOf(cartId)).toEqual([["Courier A", 1000]]);
    expect(await offered(cartId)).toEqual([f.shipping.a.code]);

    // An ineligible method is not a valid choice (Sylius' ShippingMethodChoiceType offers the supported ones only).
    const refused = await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: free.code }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.children.shipments.children[0].children.method).toEqual({ errors: ["This value is not valid."], children: [{}] });

    // 2 × 20.00 = 40.00: the courier's rule fails, the free method's holds.
    const [item] = (await api("GET", `/api/v1/carts/${cartId}`)).body.items;
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 2 })).status).toBe(204);
    expect(await shippingOf(cartId)).toEqual([["Free shipping", 0]]);
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([free.id]);
    expect(await offered(cartId)).toEqual([free.code]);
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: free.code }] });
    const courier = await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    expect(courier.status).toBe(400);
  });

  it("compares the items total before promotions: a coupon taking the total under the bound keeps the method", async () => {
    const { f, free } = await freeOverThirty();
    const cartId = await cartWithItem(f, f.variants[0].code, 2); // 40.00, 10 % off with the coupon: 36.00
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    expect((await api("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: f.coupon.code })).status).toBe(204);
    expect(await shippingOf(cartId)).toEqual([["Free shipping", 0]]);
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([free.id]);
  });

  it("the total weight rules read the variants' weights; no eligible method: no shipping", async () => {
    const f = await checkoutFixture();
    await db().update(schema.productVariants).set({ weight: 2.5 }).where(eq(schema.productVariants.id, f.variants[0].id));
    const rules = [{ type: "total_weight_less_than_or_equal", configuration: { weight: 5 } }];
    expect((await api("PATCH", `/api/v1/shipping-methods/${f.shipping.a.code}`, { rules })).status).toBe(204);
    const cartId = await cartWithItem(f, f.variants[0].code, 2); // 5.0
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    expect(await shippingOf(cartId)).toEqual([["Courier A", 1000]]);
    const [item] = (await api("GET", `/api/v1/carts/${cartId}`)).body.items;
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 3 })).status).toBe(204); // 7.5
    expect(await shippingOf(cartId)).toEqual([]);
    expect(await shipmentsOf(cartId)).toEqual([]);
    // The method's rules change: the next change of the cart sees them (the context's version moved).
    expect((await api("PATCH", `/api/v1/shipping-methods/${f.shipping.a.code}`, { rules: [] })).status).toBe(204);
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 4 })).status).toBe(204);
    expect(await shippingOf(cartId)).toEqual([["Courier A", 1000]]);
  });
});
