import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { address, checkoutFixture, orderRow, paymentsOf, shipmentsOf, step } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";
import { eq, inArray, sql } from "drizzle-orm";

const cart = async (id: number) => (await api("GET", `/api/v1/carts/${id}`)).body;

describe("cart processing during checkout", () => {
  it("taxes by the billing address's zone: 2000 + 20 % → unit 2400, total 3400 with shipping 1000", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    // Before addressing: no default tax zone → no taxes.
    expect((await cart(cartId)).total).toBe(3000);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    const body = await cart(cartId);
    const item = body.items[0];
    expect(item.units[0].adjustments).toEqual([{ id: expect.any(Number), type: "tax", label: "EU Regular Tax 20% (20%)", amount: 400, neutral: false }]);
    expect([item.unitsTotal, item.total, body.total]).toEqual([2400, 2400, 3400]);
    expect(body.adjustments).toEqual([{ id: expect.any(Number), type: "shipping", label: "Courier A", amount: 1000, neutral: false }]);
    expect((await paymentsOf(cartId))[0]!.amount).toBe(3400);
    // The cart's representation is unchanged: no payments or shipments in it.
    expect(Object.keys(body)).not.toContain("payments");
    expect(Object.keys(body)).not.toContain("shipments");
  });

  it("shipping by the shipping address's zone; a billing address elsewhere taxes by its own zone", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, {
      shippingAddress: address(f.countries.b),
      billingAddress: address(f.countries.a2),
      differentBillingAddress: true,
    });
    const body = await cart(cartId);
    expect(body.adjustments.map((a: { label: string; amount: number }) => [a.label, a.amount])).toEqual([["Courier B", 500]]);
    expect(body.total).toBe(2400 + 500);
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([f.shipping.b.id]);
  });

  it("coupon: 10 % order discount before tax → 2160 / 3160, coupon used 1 after completion; removed with null", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    const applied = await api("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: f.coupon.code });
    expect([applied.status, d1RoundTrips(applied.headers)]).toEqual([204, 2]);
    const body = await cart(cartId);
    expect(body.items[0].units[0].adjustments.map((a: { type: string; label: string; amount: number }) => [a.type, a.label, a.amount])).toEqual([
      ["order_promotion", "Holiday promotion", -200],
      ["tax", "EU Regular Tax 20% (20%)", 360],
    ]);
    expect([body.items[0].total, body.total]).toEqual([2160, 3160]);
    expect((await orderRow(cartId)).promotionCouponId).toBe(f.coupon.id);

    // null removes it; a PATCH without the field keeps it; PUT without it removes it.
    await step("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: null });
    expect((await cart(cartId)).total).toBe(3400);
    await step("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: f.coupon.code });
    await step("PATCH", `/api/v1/carts/${cartId}`, {});
    expect((await cart(cartId)).total).toBe(3160);
    await step("PUT", `/api/v1/carts/${cartId}`, {});
    expect((await cart(cartId)).total).toBe(3400);
    await step("PUT", `/api/v1/carts/${cartId}`, { promotionCoupon: f.coupon.code });

    const unknown = await api("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: "NOPE-NOT-A-COUPON" });
    expect(unknown).toMatchObject({ status: 400, body: { code: 400, message: "Validation Failed", errors: { children: { promotionCoupon: { errors: ["This value is not valid."] } } } } });

    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] });
    await step("PUT", `/api/v1/checkouts/complete/${cartId}`);
    const [coupon] = await db().select().from(schema.promotionCoupons).where(eq(schema.promotionCoupons.id, f.coupon.id));
    const [promotion] = await db().select().from(schema.promotions).where(eq(schema.promotions.id, f.coupon.promotionId));
    expect([coupon!.used, promotion!.used]).toEqual([1, 1]);
    expect((await orderRow(cartId)).total).toBe(3160);
    expect((await api("PATCH", `/api/v1/carts/${cartId}`, { promotionCoupon: null })).status).toBe(404);
  });

  it("without its coupon a coupon-based promotion does not apply", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    expect((await cart(cartId)).total).toBe(3000);
  });

  it("an item change keeps the checkout state and updates the payment; a zero total drops it; no shipping drops the shipment", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    await addItem(cartId, f.variants[1].code);
    expect((await orderRow(cartId)).checkoutState).toBe("shipping_selected");
    expect((await paymentsOf(cartId)).map((p) => p.amount)).toEqual([2000 + 1500 + 500]);
    // Nothing needs shipping: the shipment goes; free items: the payment goes.
    await db().update(schema.productVariants).set({ shippingRequired: false }).where(eq(schema.productVariants.id, f.variants[0].id));
    await db().update(schema.productVariants).set({ shippingRequired: false }).where(eq(schema.productVariants.id, f.variants[1].id));
    await db().update(schema.channelPricings).set({ price: 0 }).where(eq(schema.channelPricings.channelCode, f.channel));
    const items = (await cart(cartId)).items as { id: number }[];
    await step("PUT", `/api/v1/carts/${cartId}/items/${items[0]!.id}`, { quantity: 2 });
    expect(await shipmentsOf(cartId)).toEqual([]);
    expect(await paymentsOf(cartId)).toEqual([]);
  });

  it("a cart created before checkout existed gets its shipment and payment on its next change", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await db().delete(schema.payments).where(eq(schema.payments.orderId, cartId));
    await db().delete(schema.shipments).where(eq(schema.shipments.orderId, cartId));
    // Raised as every writer of a cart's rows raises it, so the cart's object reads the cart again.
    await db().update(schema.orders).set({ version: sql`${schema.orders.version} + 1` }).where(eq(schema.orders.id, cartId));
    await addItem(cartId, f.variants[0].code);
    expect((await paymentsOf(cartId)).map((p) => [p.amount, p.state])).toEqual([[5000, "cart"]]);
    expect((await shipmentsOf(cartId)).map((s) => s.state)).toEqual(["cart"]);
  });
});

describe("deleting an addressed cart", () => {
  it("deletes its addresses, shipment and payment with it", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    const { shippingAddressId, billingAddressId } = await orderRow(cartId);
    await step("DELETE", `/api/v1/carts/${cartId}`);
    const left = await db().select().from(schema.addresses).where(inArray(schema.addresses.id, [shippingAddressId!, billingAddressId!]));
    expect(left).toEqual([]);
    expect([await paymentsOf(cartId), await shipmentsOf(cartId)]).toEqual([[], []]);
  });
});
