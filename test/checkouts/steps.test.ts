import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, cartWithItem, newCart } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { address, checkoutFixture, orderRow, paymentsOf, step } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";
import { inArray } from "drizzle-orm";

const missingAddress = {
  children: {
    firstName: { errors: ["Please enter first name."] },
    lastName: { errors: ["Please enter last name."] },
    phoneNumber: {},
    company: {},
    countryCode: { errors: ["Please select country."] },
    street: { errors: ["Please enter street."] },
    city: { errors: ["Please enter city."] },
    postcode: { errors: ["Please enter postcode."] },
  },
};
const validAddress = {
  children: { firstName: {}, lastName: {}, phoneNumber: {}, company: {}, countryCode: {}, street: {}, city: {}, postcode: {}, provinceName: {} },
};

const refused = (transition: string, state: string) => ({
  status: 409,
  body: { code: 409, message: `Transition "${transition}" cannot be applied on checkout state "${state}".` },
});

describe("addressing", () => {
  it("reports every missing field of both addresses", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const res = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: { billingAddress: missingAddress, shippingAddress: missingAddress, differentBillingAddress: {}, differentShippingAddress: {} } },
    });
    expect((await orderRow(cartId)).checkoutState).toBe("cart");
  });

  it("copies the billing address to the shipping one unless a flag says they differ; then both must be valid", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const res = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b), differentShippingAddress: true });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.billingAddress).toEqual(validAddress);
    expect(res.body.errors.children.shippingAddress).toEqual(missingAddress);
    // Shipping only, no flag: copied to billing.
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress: address(f.countries.b) });
    expect((await orderRow(cartId)).billingAddressId).not.toBeNull();
  });

  it("refuses unknown and disabled countries with the province field present for known ones", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const res = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.disabled) });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.billingAddress.children.countryCode).toEqual({ errors: ["This value is not valid."] });
    expect(res.body.errors.children.billingAddress.children.provinceName).toEqual({});
    const unknown = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address("QQ-NOT-A-COUNTRY") });
    expect(unknown.body.errors.children.billingAddress.children.countryCode).toEqual({ errors: ["This value is not valid."] });
    expect(unknown.body.errors.children.billingAddress.children).not.toHaveProperty("provinceName");
  });

  it("404 for an unknown order; re-addressing allowed at every step before completion", async () => {
    expect((await api("PUT", "/api/v1/checkouts/addressing/999999999", {})).status).toBe(404);
    expect((await api("PUT", "/api/v1/checkouts/addressing/0", {})).status).toBe(404);
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] });
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    const order = await orderRow(cartId);
    expect(order.checkoutState).toBe("addressed");
    // The old method is not in the new zone: the shipment falls back to the new zone's method.
    expect((await paymentsOf(cartId))[0]!.amount).toBe(2000 + 500);
  });
});

describe("shipping selection", () => {
  it("validates before the state: an empty PUT on an unaddressed cart is 400, then an unknown code, then 409", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const empty = await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, {});
    expect(empty.status).toBe(400);
    // Before addressing: every enabled method of the channel is selectable (two).
    expect(empty.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: { shipments: { children: [{ children: { method: { errors: ["Please select shipping method."], children: [{}, {}] } } }] } } },
    });
    const unknown = await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: "0" }] });
    expect(unknown.body.errors.children.shipments.children[0].children.method.errors).toEqual(["This value is not valid."]);
    expect(await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] })).toMatchObject(
      refused("select_shipping", "cart"),
    );
    const list = await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`);
    expect(list).toMatchObject({ status: 400, body: { code: 400, message: "The shipment methods cannot be resolved in the current state of cart!" } });
  });

  it("after addressing only the shipping address's zone's methods are valid", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    const list = await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`);
    expect(list.body).toEqual({ shipments: [{ methods: [{ id: f.shipping.a.id, code: f.shipping.a.code, name: "Courier A", description: "Zone A courier", price: 1000 }] }] });
    const other = await api("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    expect(other.status).toBe(400);
    expect(other.body.errors.children.shipments.children[0].children.method).toEqual({ errors: ["This value is not valid."], children: [{}] });
  });

  it("skips shipping when nothing ships, and payment too when the total is 0", async () => {
    const f = await checkoutFixture([0, 1500]);
    await db().update(schema.productVariants).set({ shippingRequired: false }).where(inArray(schema.productVariants.id, f.variants.map((v) => v.id)));
    const free = await newCart(f);
    await addItem(free, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${free}`, { billingAddress: address(f.countries.b) });
    expect((await orderRow(free)).checkoutState).toBe("payment_skipped");
    const paid = await newCart(f);
    await addItem(paid, f.variants[1].code);
    await step("PUT", `/api/v1/checkouts/addressing/${paid}`, { billingAddress: address(f.countries.b) });
    expect((await orderRow(paid)).checkoutState).toBe("shipping_skipped");
    expect(await api("PUT", `/api/v1/checkouts/select-shipping/${paid}`, { shipments: [] })).toMatchObject(refused("select_shipping", "shipping_skipped"));
    await step("PUT", `/api/v1/checkouts/select-payment/${paid}`, { payments: [{ method: f.payment.second.code }] });
    await step("PUT", `/api/v1/checkouts/complete/${paid}`);
    expect(await orderRow(paid)).toMatchObject({ state: "new", paymentState: "awaiting_payment", shippingState: "shipped" });
  });
});

describe("payment selection", () => {
  it("409 on an addressed cart (empty PATCH reaches the transition), 400 on unknown codes and on an empty PUT", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    expect(await api("PATCH", `/api/v1/checkouts/select-payment/${cartId}`, {})).toMatchObject(refused("select_payment", "addressed"));
    const list = await api("GET", `/api/v1/checkouts/select-payment/${cartId}`);
    expect(list).toMatchObject({ status: 400, body: { code: 400, message: "The payment methods cannot be resolved in the current state of cart!" } });
    const unknown = await api("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: "0" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: { payments: { children: [{ children: { method: { errors: ["This value is not valid."], children: [{}, {}] } } }] } } },
    });
    const empty = await api("PUT", `/api/v1/checkouts/select-payment/${cartId}`, {});
    expect(empty.body.errors.children.payments.children[0].children.method.errors).toEqual(["Please select a payment method."]);
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    // PATCH without a method keeps the current (default) one.
    await step("PATCH", `/api/v1/checkouts/select-payment/${cartId}`, {});
    expect((await orderRow(cartId)).checkoutState).toBe("payment_selected");
    expect((await paymentsOf(cartId))[0]!.methodId).toBe(f.payment.first.id);
    // select_shipping again from payment_selected, then complete refused on shipping_selected.
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    expect(await api("PUT", `/api/v1/checkouts/complete/${cartId}`)).toMatchObject(refused("complete", "shipping_selected"));
  });

  it("an idempotent retry of a step replays 204 in two round trips at most and changes nothing twice", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    const headers = { "Idempotency-Key": `pay-${cartId}` };
    const body = { payments: [{ method: f.payment.second.code }] };
    const first = await api("PUT", `/api/v1/checkouts/select-payment/${cartId}`, body, { headers });
    const retry = await api("PUT", `/api/v1/checkouts/select-payment/${cartId}`, body, { headers });
    expect([first.status, retry.status]).toEqual([204, 204]);
    expect(d1RoundTrips(first.headers)).toBe(2);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    const reused = await api("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] }, { headers });
    expect(reused.status).toBe(422);
  });

  it("If-Match: a stale tag is 412 and changes nothing", async () => {
    const f = await checkoutFixture();
    const cartId = await cartWithItem(f, f.variants[0].code);
    const res = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) }, { headers: { "If-Match": '"stale"' } });
    expect(res.status).toBe(412);
    expect((await orderRow(cartId)).checkoutState).toBe("cart");
    const tag = (await api("GET", `/api/v1/carts/${cartId}`)).headers.get("ETag")!;
    await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) }, { headers: { "If-Match": tag } });
    expect((await orderRow(cartId)).checkoutState).toBe("addressed");
  });
});
