/**
 * Amounts of a shipping method's form as Sylius 1.8 takes them (MoneyType:
 * major units, a number or a decimal string, rounded half up on the third
 * decimal) and as it stores them (minor units): the calculators'
 * `configuration` (`flat_rate`, `per_unit_rate`) and the order total rules
 * (`order_total_greater_than_or_equal`, `order_total_less_than_or_equal`).
 * One test per configuration: sent, shown, read back, refused past its
 * bounds; and the charge or the eligibility it gives a cart.
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { ensureLocales } from "../fixtures/references";
import { SHIPPING_METHODS_PATH as PATH, shippingMethodSetup } from "../fixtures/shipping-methods";
import { address, checkoutFixture, step } from "../fixtures/checkout";
import { cartWithItem } from "../fixtures/carts";

/** Amounts Sylius' MoneyType would not store: negative, not a decimal number, past 21,474,836.47. */
const BAD_AMOUNTS: unknown[] = [-1, "-0.01", "12,50", "twelve", false, 21474836.48];

async function calculatorTest(calculator: "flat_rate" | "per_unit_rate"): Promise<void> {
  await ensureLocales("en_US");
  const { channel, body } = await shippingMethodSetup();
  const created = await api("POST", PATH, body({ calculator, configuration: { [channel.code]: { amount: 12.5 } } }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({ calculator, configuration: { [channel.code]: { amount: 1250 } } });
  const url = `${PATH}${created.body.code}`;
  expect((await api("GET", url)).body.configuration).toEqual({ [channel.code]: { amount: 1250 } });
  expect((await api("PATCH", url, { configuration: { [channel.code]: { amount: "9.995" } } })).status).toBe(204);
  expect((await api("GET", url)).body.configuration).toEqual({ [channel.code]: { amount: 1000 } });
  for (const amount of BAD_AMOUNTS) {
    const bad = await api("PATCH", url, { configuration: { [channel.code]: { amount } } });
    expect(bad.status, JSON.stringify(amount)).toBe(400);
    expect(bad.body.errors.children.configuration, JSON.stringify(amount)).toEqual({ errors: ["This value is not valid."] });
  }
  expect((await api("GET", url)).body.configuration).toEqual({ [channel.code]: { amount: 1000 } });
}

async function orderTotalRuleTest(type: "order_total_greater_than_or_equal" | "order_total_less_than_or_equal"): Promise<void> {
  await ensureLocales("en_US");
  const { channel, body } = await shippingMethodSetup();
  const ch = channel.code;
  const created = await api("POST", PATH, body({ rules: [{ type, configuration: { [ch]: { amount: 50 } } }] }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.rules).toEqual([{ type, configuration: { [ch]: { amount: 5000 } } }]);
  const url = `${PATH}${created.body.code}`;
  expect((await api("PATCH", url, { rules: [{ type, configuration: { [ch]: { amount: "49.99" } } }] })).status).toBe(204);
  expect((await api("GET", url)).body.rules).toEqual([{ type, configuration: { [ch]: { amount: 4999 } } }]);
  for (const amount of BAD_AMOUNTS) {
    const bad = await api("PATCH", url, { rules: [{ type, configuration: { [ch]: { amount } } }] });
    expect(bad.status, JSON.stringify(amount)).toBe(400);
    expect(bad.body.errors.children.rules, JSON.stringify(amount)).toEqual({
      // A collection's children are a list (Symfony's CollectionType keyed 0..n-1).
      children: [{ children: { type: {}, configuration: { children: { [ch]: { children: { amount: { errors: ["This value is not valid."] } } } } } } }],
    });
  }
  expect((await api("GET", url)).body.rules).toEqual([{ type, configuration: { [ch]: { amount: 4999 } } }]);
}

/** The checkout fixture's zone A method (10.00 flat) limited by `rule`: whether a cart of one 20.00 item is offered it. */
async function offeredWith(rule: { type: string; amount: number }): Promise<boolean> {
  const f = await checkoutFixture();
  const patched = await api("PATCH", `${PATH}${f.shipping.a.code}`, { rules: [{ type: rule.type, configuration: { [f.channel]: { amount: rule.amount } } }] });
  expect(patched.status).toBe(204);
  const cartId = await cartWithItem(f, f.variants[0].code); // 20.00
  await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
  const selection = await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`);
  expect(selection.status).toBe(200);
  // No eligible method: no shipment to choose for.
  const methods = (selection.body.shipments[0]?.methods ?? []) as { code: string }[];
  return methods.some((m) => m.code === f.shipping.a.code);
}

describe("ShippingMethodApiTest: amounts in major units", () => {
  it("flat_rate's configuration takes major units (12.5 → 1250)", async () => {
    await calculatorTest("flat_rate");
  });

  it("per_unit_rate's configuration takes major units (12.5 → 1250)", async () => {
    await calculatorTest("per_unit_rate");
  });

  it("order_total_greater_than_or_equal takes major units (50 → 5000)", async () => {
    await orderTotalRuleTest("order_total_greater_than_or_equal");
    // A 20.00 cart: at least 20 holds, at least 20.01 does not.
    expect(await offeredWith({ type: "order_total_greater_than_or_equal", amount: 20 })).toBe(true);
    expect(await offeredWith({ type: "order_total_greater_than_or_equal", amount: 20.01 })).toBe(false);
  });

  it("order_total_less_than_or_equal takes major units (50 → 5000)", async () => {
    await orderTotalRuleTest("order_total_less_than_or_equal");
    expect(await offeredWith({ type: "order_total_less_than_or_equal", amount: 20 })).toBe(true);
    expect(await offeredWith({ type: "order_total_less_than_or_equal", amount: 19.99 })).toBe(false);
  });
});
