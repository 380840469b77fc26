/**
 * The channel's step skipping, as Sylius 1.8's CheckoutStateResolver applies
 * it after `address` and `select_shipping`: skip_shipping unless
 * OrderShippingMethodSelectionRequirementChecker says a method must be
 * selected, skip_payment unless OrderPaymentMethodSelectionRequirementChecker
 * does (the specs these tests are named after). The cart fixture's channel
 * has one shipping method per zone (A and B) and two payment methods.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { cartWithItem } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { address, checkoutFixture, orderRow, paymentsOf, shipmentsOf, step, type CheckoutFixture } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";

type Flags = { skippingShippingStepAllowed?: boolean; skippingPaymentStepAllowed?: boolean };

/** A fixture whose channel has these flags (set through the API), and a cart of it with one item. */
async function cartIn(flags: Flags): Promise<{ f: CheckoutFixture; cartId: number }> {
  const f = await checkoutFixture();
  expect((await api("PATCH", `/api/v1/channels/${f.channel}`, flags)).status).toBe(204);
  return { f, cartId: await cartWithItem(f, f.variants[0].code) };
}

/** Addresses the cart (zone A's country unless told): the step's D1 round trips. */
async function addressCart(cartId: number, country: string): Promise<number> {
  const res = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(country) });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return d1RoundTrips(res.headers);
}

/** A second shipping method of zone A in the fixture's channel. */
async function secondMethodInZoneA(f: CheckoutFixture): Promise<void> {
  const [zone] = await db().select({ id: schema.zones.id }).from(schema.zones).where(eq(schema.zones.code, f.zones.a));
  const [method] = await db()
    .insert(schema.shippingMethods)
    .values({ code: uniqueCode("shipA2"), position: 5, zoneId: zone!.id, calculator: "flat_rate", configuration: { [f.channel]: { amount: 700 } } })
    .returning({ id: schema.shippingMethods.id });
  await db().insert(schema.shippingMethodChannels).values({ methodId: method!.id, channelId: f.channelId });
}

/** Leaves the fixture's channel with its first payment method only. */
async function onePaymentMethod(f: CheckoutFixture): Promise<void> {
  await db().delete(schema.paymentMethodChannels).where(eq(schema.paymentMethodChannels.methodId, f.payment.second.id));
}

describe("OrderShippingMethodSelectionRequirementChecker (skip_shipping after address)", () => {
  it("it_says_that_shipping_method_do_not_have_to_be_selected_if_order_variants_require_shipping_but_there_is_only_one_shipping_method_available", async () => {
    const { f, cartId } = await cartIn({ skippingShippingStepAllowed: true });
    const trips = await addressCart(cartId, f.countries.a1);
    // Skipped, with the one method selected; the payment (two methods) is still to select.
    expect((await orderRow(cartId)).checkoutState).toBe("shipping_skipped");
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([f.shipping.a.id]);
    expect((await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`)).status).toBe(400);
    // The flag is read with the channel the step reads anyway: the same round trips as without it.
    const { f: plainFixture, cartId: plain } = await cartIn({});
    expect(await addressCart(plain, plainFixture.countries.a1)).toBe(trips);
    expect((await orderRow(plain)).checkoutState).toBe("addressed");
    await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.second.code }] });
    await step("PUT", `/api/v1/checkouts/complete/${cartId}`);
    expect((await orderRow(cartId)).checkoutState).toBe("completed");
  });

  it("it_says_that_shipping_method_have_to_be_selected_if_order_variants_require_shipping_and_there_is_more_than_one_shipping_method_available", async () => {
    const { f, cartId } = await cartIn({ skippingShippingStepAllowed: true });
    await secondMethodInZoneA(f);
    await addressCart(cartId, f.countries.a1);
    expect((await orderRow(cartId)).checkoutState).toBe("addressed");
    // Zone B has one method: re-addressing there skips.
    await addressCart(cartId, f.countries.b);
    expect((await orderRow(cartId)).checkoutState).toBe("shipping_skipped");
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([f.shipping.b.id]);
  });

  it("it_says_that_shipping_method_have_to_be_selected_if_order_variants_require_shipping_and_channel_does_not_allow_to_skip_shipping_step", async () => {
    const { f, cartId } = await cartIn({ skippingShippingStepAllowed: false });
    await addressCart(cartId, f.countries.a1);
    expect((await orderRow(cartId)).checkoutState).toBe("addressed");
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([f.shipping.a.id]);
  });
});

describe("OrderPaymentMethodSelectionRequirementChecker (skip_payment after address and select_shipping)", () => {
  it("it_says_that_payment_method_does_not_have_to_be_selected_if_skipping_payment_step_is_enabled_and_there_is_only_one_payment_method_available", async () => {
    const { f, cartId } = await cartIn({ skippingPaymentStepAllowed: true });
    await onePaymentMethod(f);
    await addressCart(cartId, f.countries.a1);
    // The shipping step is not skipped: after it, the payment step is.
    expect((await orderRow(cartId)).checkoutState).toBe("addressed");
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    expect((await orderRow(cartId)).checkoutState).toBe("payment_skipped");
    expect((await paymentsOf(cartId)).map((p) => p.methodId)).toEqual([f.payment.first.id]);
    await step("PUT", `/api/v1/checkouts/complete/${cartId}`);
    expect((await orderRow(cartId)).checkoutState).toBe("completed");
  });

  it("it_says_that_payment_method_has_to_be_selected_if_skipping_payment_step_is_enabled_and_there_are_more_than_one_payment_methods_available", async () => {
    const { f, cartId } = await cartIn({ skippingPaymentStepAllowed: true });
    await addressCart(cartId, f.countries.a1);
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    expect((await orderRow(cartId)).checkoutState).toBe("shipping_selected");
  });

  it("it_says_that_payment_method_has_to_be_selected_if_skipping_payment_step_is_disabled", async () => {
    const { f, cartId } = await cartIn({ skippingPaymentStepAllowed: false });
    await onePaymentMethod(f);
    await addressCart(cartId, f.countries.a1);
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.a.code }] });
    expect((await orderRow(cartId)).checkoutState).toBe("shipping_selected");
  });
});

describe("CheckoutStateResolver", () => {
  it("it_applies_transition_skip_shipping_and_skip_payment_if_shipping_method_selection_is_not_required_and_payment_method_selection_is_not_required_and_this_transitions_are_possible", async () => {
    const { f, cartId } = await cartIn({ skippingShippingStepAllowed: true, skippingPaymentStepAllowed: true });
    await onePaymentMethod(f);
    await addressCart(cartId, f.countries.a1);
    expect((await orderRow(cartId)).checkoutState).toBe("payment_skipped");
    expect((await shipmentsOf(cartId)).map((s) => s.methodId)).toEqual([f.shipping.a.id]);
    expect((await paymentsOf(cartId)).map((p) => p.methodId)).toEqual([f.payment.first.id]);
  });
});
