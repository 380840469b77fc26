/**
 * Shipping method rules through the API: Sylius 1.8's ShippingMethodRuleCollectionType
 * (each entry `{type, configuration}`), CoreBundle's channel-based order total
 * configurations and ShippingBundle's total weight configurations (NotBlank,
 * numeric, GreaterThan 0), stored and shown in the order sent.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";
import { ensureLocales } from "../fixtures/references";
import { SHIPPING_METHOD_FORM_CHILDREN, SHIPPING_METHODS_PATH, shippingMethodSetup } from "../fixtures/shipping-methods";

const PATH = SHIPPING_METHODS_PATH;
const CHILDREN = SHIPPING_METHOD_FORM_CHILDREN;
const setup = shippingMethodSetup;

describe("shipping method rules", () => {
  beforeAll(async () => {
    await ensureLocales("en_US");
  });

  it("stores the four rule types and shows them in the order sent", async () => {
    const { channel, body } = await setup();
    // Shown in minor units; sent in major units (Sylius' MoneyType).
    const rules = [
      { type: "order_total_greater_than_or_equal", configuration: { [channel.code]: { amount: 5000 } } },
      { type: "order_total_less_than_or_equal", configuration: { [channel.code]: { amount: 20000 } } },
      { type: "total_weight_greater_than_or_equal", configuration: { weight: 0.5 } },
      { type: "total_weight_less_than_or_equal", configuration: { weight: 30 } },
    ];
    const sent = [
      { type: "order_total_greater_than_or_equal", configuration: { [channel.code]: { amount: 50 } } },
      { type: "order_total_less_than_or_equal", configuration: { [channel.code]: { amount: "200.00" } } },
      ...rules.slice(2),
    ];
    const created = await api("POST", PATH, body({ rules: sent }));
    expect(created.status).toBe(201);
    expect(created.body.rules).toEqual(rules);
    expect((await api("GET", `${PATH}${created.body.code}`)).body.rules).toEqual(rules);
    // A weight sent as a numeric string is a number (Symfony's NumberType).
    const stringWeight = await api("POST", PATH, body({ rules: [{ type: "total_weight_less_than_or_equal", configuration: { weight: "2.5" } }] }));
    expect(stringWeight.body.rules).toEqual([{ type: "total_weight_less_than_or_equal", configuration: { weight: 2.5 } }]);
  });

  it("sent rules replace the method's (PUT and PATCH); unsent keep them; [] removes them", async () => {
    const { body } = await setup();
    const weight = { type: "total_weight_less_than_or_equal", configuration: { weight: 10 } };
    const created = await api("POST", PATH, body({ rules: [weight] }));
    const url = `${PATH}${created.body.code}`;
    expect((await api("PATCH", url, { enabled: false })).status).toBe(204);
    expect((await api("GET", url)).body.rules).toEqual([weight]);
    const heavier = { type: "total_weight_greater_than_or_equal", configuration: { weight: 1 } };
    expect((await api("PATCH", url, { rules: [heavier] })).status).toBe(204);
    expect((await api("GET", url)).body.rules).toEqual([heavier]);
    expect((await api("PATCH", url, { rules: [] })).status).toBe(204);
    expect((await api("GET", url)).body.rules).toEqual([]);
  });

  it.each([
    ["an unknown type", [{ type: "total_volume", configuration: {} }], { children: [{ children: { type: { errors: ["This value is not valid."] } } }] }],
    ["a missing type", [{ configuration: { weight: 1 } }], { children: [{ children: { type: { errors: ["This value should not be blank."] } } }] }],
    [
      "a blank weight",
      [{ type: "total_weight_less_than_or_equal", configuration: {} }],
      { children: [{ children: { type: {}, configuration: { children: { weight: { errors: ["This value should not be blank."] } } } } }] },
    ],
    [
      "a weight of 0",
      [{ type: "total_weight_greater_than_or_equal", configuration: { weight: 0 } }],
      { children: [{ children: { type: {}, configuration: { children: { weight: { errors: ["This value should be greater than 0."] } } } } }] },
    ],
    [
      "a weight that is not a number",
      [{ type: "total_weight_greater_than_or_equal", configuration: { weight: "heavy" } }],
      { children: [{ children: { type: {}, configuration: { children: { weight: { errors: ["This value is not valid."] } } } } }] },
    ],
    [
      "an extra key in an entry",
      [{ type: "total_weight_greater_than_or_equal", configuration: { weight: 1 }, priority: 1 }],
      { children: [{ errors: ["This form should not contain extra fields."], children: { type: {}, configuration: { children: { weight: {} } } } }] },
    ],
    ["an entry that is not an object", ["weight"], { children: [{ errors: ["This value is not valid."] }] }],
  ])("refuses %s inside the entry's sub-form, nothing stored", async (_, rules, expected) => {
    const { body } = await setup();
    const sent = body({ rules });
    const res = await api("POST", PATH, sent);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ ...CHILDREN, rules: expected }));
    expect((await api("GET", `${PATH}${sent.code}`)).status).toBe(404);
  });

  it("checks an order total rule's channels and amounts (major units)", async () => {
    const { channel, body } = await setup();
    const ch = channel.code;
    const unknown = await api("POST", PATH, body({ rules: [{ type: "order_total_less_than_or_equal", configuration: { NO_SUCH_CHANNEL: { amount: 100 } } }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.children.rules).toEqual({
      children: [{ children: { type: {}, configuration: { errors: ["This form should not contain extra fields."], children: {} } } }],
    });
    const badAmount = await api("POST", PATH, body({ rules: [{ type: "order_total_less_than_or_equal", configuration: { [ch]: { amount: "12,5" } } }] }));
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.errors.children.rules).toEqual({
      children: [{ children: { type: {}, configuration: { children: { [ch]: { children: { amount: { errors: ["This value is not valid."] } } } } } } }],
    });
    // No amount for a channel (Sylius' MoneyType has no NotBlank): stored as none; the rule then fails in that channel.
    const none = await api("POST", PATH, body({ rules: [{ type: "order_total_greater_than_or_equal", configuration: { [ch]: {} } }] }));
    expect(none.status).toBe(201);
    expect(none.body.rules).toEqual([{ type: "order_total_greater_than_or_equal", configuration: { [ch]: { amount: null } } }]);
  });

  it("refuses rules that are not a list", async () => {
    const { body } = await setup();
    const res = await api("POST", PATH, body({ rules: { type: "total_weight_less_than_or_equal" } }));
    expect(res.status).toBe(400);
    expect(res.body.errors.children.rules).toEqual({ errors: ["This value is not valid."] });
  });
});
