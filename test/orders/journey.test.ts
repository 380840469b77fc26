/**
 * A shop's whole order journey through the public API only, as a client
 * drives it: catalogue set up by HTTP, a cart filled, addressed, shipping and
 * payment selected, placed, then shipped and paid (fulfilled), or cancelled.
 * Each step's effect is read back as a client would (orders, variants,
 * promotion coupons), with the stock numbers after every lifecycle step.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";

const address = { firstName: "Ada", lastName: "Lovelace", street: "1 Main St", countryCode: "US", city: "Springfield", postcode: "12345" };

interface Shop extends ApiCatalog {
  paymentMethod: string;
}

async function shop(): Promise<Shop> {
  const catalog = await apiCatalog();
  // The country may exist already (storage is shared between the tests of a file).
  await api("POST", "/api/v1/countries/", { code: "US", enabled: true });
  const paymentMethod = uniqueCode("PM");
  await ok("POST", "/api/v1/payment-methods/", {
    code: paymentMethod,
    position: 0,
    enabled: true,
    channels: [catalog.channel],
    translations: { en_US: { name: "Cash on delivery", description: "Pay the courier" } },
  });
  return { ...catalog, paymentMethod };
}

async function trackedVariant(s: Shop, onHand: number): Promise<void> {
  await ok("PATCH", `/api/v1/products/${s.product}/variants/${s.variantA}`, { tracked: true, onHand });
}

async function stock(s: Shop): Promise<{ onHand: number; onHold: number }> {
  const variant = (await api("GET", `/api/v1/products/${s.product}/variants/${s.variantA}`)).body;
  return { onHand: variant.onHand, onHold: variant.onHold };
}

/** A cart with `quantity` of variant A, addressed in the US, shipping and payment selected. */
async function readyCart(s: Shop, quantity: number): Promise<number> {
  const cart = await ok("POST", "/api/v1/carts/", { customer: s.customer, channel: s.channel, localeCode: "en_US" });
  await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: s.variantA, quantity });
  expect((await api("PUT", `/api/v1/checkouts/addressing/${cart.id}`, { billingAddress: address })).status).toBe(204);
  expect((await api("PUT", `/api/v1/checkouts/select-shipping/${cart.id}`, { shipments: [{ method: s.shippingMethod }] })).status).toBe(204);
  expect((await api("PUT", `/api/v1/checkouts/select-payment/${cart.id}`, { payments: [{ method: s.paymentMethod }] })).status).toBe(204);
  return cart.id;
}

function expectConsistentTotals(order: any): void {
  const adjustments = (list: any[]) => list.reduce((sum, a) => sum + (a.neutral ? 0 : a.amount), 0);
  expect(order.itemsTotal).toBe(order.items.reduce((sum: number, item: any) => sum + item.total, 0));
  expect(order.adjustmentsTotal).toBe(adjustments(order.adjustments));
  expect(order.total).toBe(order.itemsTotal + order.adjustmentsTotal);
  for (const payment of order.payments) expect(payment.amount).toBe(order.total);
}

describe("an order's journey through the public API", () => {
  it("places a cart, ships and pays it: fulfilled, with the stock held, then sold", async () => {
    const s = await shop();
    await trackedVariant(s, 3);
    const id = await readyCart(s, 2);

    const checkout = (await api("GET", `/api/v1/checkouts/${id}`)).body;
    expect(checkout.checkoutState).toBe("payment_selected");
    expect(checkout.shippingAddress).toMatchObject(address);
    expect(checkout.billingAddress).toMatchObject(address);

    expect((await api("PUT", `/api/v1/checkouts/complete/${id}`, { notes: "Leave it at the door" })).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 3, onHold: 2 });

    const placed = (await api("GET", `/api/v1/orders/${id}`)).body;
    expect(placed).toMatchObject({ id, state: "new", checkoutState: "completed", currencyCode: "USD", localeCode: "en_US" });
    expect(placed.number).toMatch(/^\d{9}$/);
    expect(Date.parse(placed.checkoutCompletedAt)).not.toBeNaN();
    expect(placed.payments).toHaveLength(1);
    expect(placed.payments[0]).toMatchObject({ state: "new", method: { code: s.paymentMethod } });
    expect(placed.shipments).toHaveLength(1);
    expect(placed.shipments[0]).toMatchObject({ state: "ready", method: { code: s.shippingMethod } });
    expectConsistentTotals(placed);

    // No longer a cart: gone from /carts/, listed in /orders/, not placed twice.
    expect((await api("GET", `/api/v1/carts/${id}`)).status).toBe(404);
    const carts = (await api("GET", "/api/v1/carts/?limit=100")).body;
    expect(carts._embedded.items.map((cart: any) => cart.id)).not.toContain(id);
    const orders = (await api("GET", "/api/v1/orders/?limit=100")).body;
    expect(orders._embedded.items.map((order: any) => order.id)).toContain(id);
    expect((await api("PUT", `/api/v1/checkouts/complete/${id}`, {})).body).toEqual({
      code: 409,
      message: 'Transition "complete" cannot be applied on checkout state "completed".',
    });
    expect((await api("POST", `/api/v1/carts/${id}/items/`, { variant: s.variantB, quantity: 1 })).status).toBe(404);

    const shipmentId = placed.shipments[0].id;
    const paymentId = placed.payments[0].id;
    expect((await api("PUT", `/api/v1/orders/${id}/shipments/${shipmentId}/ship`, { tracking: "1Z999" })).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 3, onHold: 2 });
    expect((await api("PUT", `/api/v1/orders/${id}/shipments/${shipmentId}/ship`, {})).body).toEqual({
      code: 409,
      message: 'Transition "ship" cannot be applied on shipment state "shipped".',
    });
    expect((await api("GET", `/api/v1/shipments/${shipmentId}`)).body).toMatchObject({ state: "shipped", tracking: "1Z999" });

    expect((await api("PUT", `/api/v1/orders/${id}/payments/${paymentId}/complete`)).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 1, onHold: 0 });
    const fulfilled = (await api("GET", `/api/v1/orders/${id}`)).body;
    expect(fulfilled).toMatchObject({ state: "fulfilled", payments: [{ state: "completed" }], shipments: [{ state: "shipped", tracking: "1Z999" }] });
    expect(fulfilled.total).toBe(placed.total);
    expect((await api("PUT", `/api/v1/orders/${id}/cancel`)).body).toEqual({
      code: 409,
      message: 'Transition "cancel" cannot be applied on order state "fulfilled".',
    });
  });

  it("cancels a placed order: the held units are released, the coupon's use given back", async () => {
    const s = await shop();
    await trackedVariant(s, 5);
    const promotion = uniqueCode("COUPON_PROMO");
    const coupon = uniqueCode("CODE");
    await ok("POST", "/api/v1/promotions/", {
      code: promotion,
      name: "Coupon promotion",
      couponBased: true,
      channels: [s.channel],
      actions: [{ type: "order_percentage_discount", configuration: { percentage: 10 } }],
    });
    await ok("POST", `/api/v1/promotions/${promotion}/coupons/`, { code: coupon });
    const id = await readyCart(s, 1);
    const before = (await api("GET", `/api/v1/checkouts/${id}`)).body;
    expect((await api("PATCH", `/api/v1/carts/${id}`, { promotionCoupon: coupon })).status).toBe(204);
    const discounted = (await api("GET", `/api/v1/checkouts/${id}`)).body;
    expect(discounted.total).toBeLessThan(before.total);
    expectConsistentTotals(discounted);

    expect((await api("PUT", `/api/v1/checkouts/complete/${id}`)).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 5, onHold: 1 });
    expect((await api("GET", `/api/v1/promotions/${promotion}/coupons/${coupon}`)).body.used).toBe(1);
    expect((await api("GET", `/api/v1/orders/${id}`)).body.promotionCoupon).toMatchObject({ code: coupon });

    expect((await api("PUT", `/api/v1/orders/${id}/cancel`)).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 5, onHold: 0 });
    expect((await api("GET", `/api/v1/promotions/${promotion}/coupons/${coupon}`)).body.used).toBe(0);
    const cancelled = (await api("GET", `/api/v1/orders/${id}`)).body;
    expect(cancelled).toMatchObject({ state: "cancelled", payments: [{ state: "cancelled" }], shipments: [{ state: "cancelled" }] });
    expect((await api("PUT", `/api/v1/orders/${id}/cancel`)).body).toEqual({
      code: 409,
      message: 'Transition "cancel" cannot be applied on order state "cancelled".',
    });
  });

  it("cancels a paid order: its units go back on hand and its payment stays completed", async () => {
    const s = await shop();
    await trackedVariant(s, 4);
    const id = await readyCart(s, 3);
    expect((await api("PUT", `/api/v1/checkouts/complete/${id}`)).status).toBe(204);
    const placed = (await api("GET", `/api/v1/orders/${id}`)).body;
    expect((await api("PUT", `/api/v1/orders/${id}/payments/${placed.payments[0].id}/complete`)).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 1, onHold: 0 });
    expect((await api("PUT", `/api/v1/orders/${id}/cancel`)).status).toBe(204);
    expect(await stock(s)).toEqual({ onHand: 4, onHold: 0 });
    expect((await api("GET", `/api/v1/orders/${id}`)).body).toMatchObject({
      state: "cancelled",
      payments: [{ state: "completed" }],
      shipments: [{ state: "cancelled" }],
    });
  });
});
