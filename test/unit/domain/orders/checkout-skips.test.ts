import { describe, expect, it } from "vitest";
import { afterStep, checkoutMachine, requiresShipping, type CheckoutFacts, type CheckoutState, type CheckoutTransition } from "../../../../src/domain/orders";

/** Sylius 1.8's checkout: skip_shipping after `address` when nothing needs shipping; skip_payment after address/select_shipping when total ≤ 0. */
describe("afterStep: the automatic skips", () => {
  it.each<[CheckoutTransition, CheckoutState, boolean, number, CheckoutState]>([
    // step, state the step led to, requiresShipping, total, resulting state
    ["address", "addressed", true, 3000, "addressed"],
    ["address", "addressed", false, 3000, "shipping_skipped"], // nothing to ship, something to pay
    ["address", "addressed", false, 0, "payment_skipped"], // empty cart: both skipped
    ["address", "addressed", false, -5, "payment_skipped"], // "≤ 0"
    ["address", "addressed", true, 0, "addressed"], // a free parcel: shipping still to select, payment not skippable yet
    ["select_shipping", "shipping_selected", true, 3000, "shipping_selected"],
    ["select_shipping", "shipping_selected", true, 0, "payment_skipped"], // 100 % off, shipping free
    ["select_shipping", "shipping_selected", false, 0, "payment_skipped"], // skip_shipping is not allowed from shipping_selected
    ["select_payment", "payment_selected", false, 0, "payment_selected"], // no resolver after select_payment
    ["skip_shipping", "shipping_skipped", false, 0, "shipping_skipped"], // nor after a skip itself
    ["complete", "completed", false, 0, "completed"],
  ])("after %s (→ %s), shipping required %s, total %d → %s", (step, state, shipping, total, expected) => {
    expect(afterStep(step, state, { requiresShipping: shipping, total })).toBe(expected);
  });

  it("a whole empty-cart checkout: address leads straight to a completable state", () => {
    const addressed = checkoutMachine.apply("cart", "address");
    expect(addressed.ok).toBe(true);
    if (!addressed.ok) return;
    const state = afterStep("address", addressed.state, { requiresShipping: requiresShipping([]), total: 0 });
    expect(state).toBe("payment_skipped");
    expect(checkoutMachine.can(state, "complete")).toBe(true);
    expect(checkoutMachine.can(state, "select_payment")).toBe(false);
  });

  it("re-addressing a cart that has its shipping selected starts over (and skips again if it must)", () => {
    const readdressed = checkoutMachine.apply("payment_selected", "address");
    expect(readdressed).toEqual({ ok: true, state: "addressed" });
    expect(afterStep("address", "addressed", { requiresShipping: true, total: 100 })).toBe("addressed");
  });
});

describe("afterStep with the channel's skipping flags (method counts given only when the channel allows the skip)", () => {
  it.each<[string, CheckoutFacts, CheckoutState]>([
    ["one shipping method, skipping allowed", { requiresShipping: true, total: 3000, shippingChoices: [1] }, "shipping_skipped"],
    ["two shipping methods", { requiresShipping: true, total: 3000, shippingChoices: [2] }, "addressed"],
    ["no shipment (no method fits)", { requiresShipping: true, total: 3000, shippingChoices: [] }, "addressed"],
    ["skipping not allowed", { requiresShipping: true, total: 3000 }, "addressed"],
    ["both steps with one method each", { requiresShipping: true, total: 3000, shippingChoices: [1], paymentChoices: [1] }, "payment_skipped"],
    ["one payment method but two shipping methods", { requiresShipping: true, total: 3000, shippingChoices: [2], paymentChoices: [1] }, "addressed"],
    ["two payment methods", { requiresShipping: true, total: 3000, shippingChoices: [1], paymentChoices: [2] }, "shipping_skipped"],
    ["no payment (no method): nothing to select", { requiresShipping: false, total: 3000, paymentChoices: [] }, "payment_skipped"],
  ])("after address: %s", (_, facts, expected) => {
    expect(afterStep("address", "addressed", facts)).toBe(expected);
  });

  it("after select_shipping only the payment step can be skipped", () => {
    expect(afterStep("select_shipping", "shipping_selected", { requiresShipping: true, total: 3000, shippingChoices: [1], paymentChoices: [1] })).toBe("payment_skipped");
    expect(afterStep("select_shipping", "shipping_selected", { requiresShipping: true, total: 3000, shippingChoices: [1] })).toBe("shipping_selected");
  });
});

describe("requiresShipping (Order::isShippingRequired)", () => {
  it.each([
    [[], false],
    [[{}], true], // a variant requires shipping unless told otherwise
    [[{ shippingRequired: false }], false],
    [[{ shippingRequired: false }, { shippingRequired: true }], true],
    [[{ shippingRequired: false }, {}], true],
  ])("%j → %s", (items, expected) => {
    expect(requiresShipping(items)).toBe(expected);
  });
});
