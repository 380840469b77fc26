/**
 * Reading stored promotion rules and actions into the engine's typed values:
 * as tolerant as the engine always was, and the identity on anything the
 * promotions resource accepts.
 */
import { describe, expect, it } from "vitest";
import {
  pricingContextFrom,
  promotionFrom,
  readStoredAction,
  readStoredRule,
  type PromotionPart,
} from "../../../../src/domain/pricing";
import { promotionActionSchema, promotionRuleSchema } from "../../../../src/domain/promotion-config";
import { CH, NOW, storedPromo } from "../../../fixtures/domain/pricing";

describe("readStoredRule", () => {
  it.each<[string, PromotionPart, unknown]>([
    ["cart_quantity", { type: "cart_quantity", configuration: { count: 7 } }, { type: "cart_quantity", configuration: { count: 7 } }],
    ["a digit string", { type: "cart_quantity", configuration: { count: " 7 " } }, { type: "cart_quantity", configuration: { count: 7 } }],
    ["unknown fields ignored", { type: "cart_quantity", configuration: { count: 2, x: 1 } }, { type: "cart_quantity", configuration: { count: 2 } }],
    ["a word", { type: "cart_quantity", configuration: { count: "seven" } }, null],
    ["a fraction", { type: "cart_quantity", configuration: { count: 1.5 } }, null],
    ["null configuration", { type: "cart_quantity", configuration: null }, null],
    [
      "item_total keeps the readable channels",
      { type: "item_total", configuration: { [CH]: { amount: "100" }, MOBILE: { amount: -1 }, APP: [] } },
      { type: "item_total", configuration: { [CH]: { amount: 100 } } },
    ],
    ["item_total not an object", { type: "item_total", configuration: [1] }, null],
    ["contains_product", { type: "contains_product", configuration: { product_code: "MUG" } }, { type: "contains_product", configuration: { product_code: "MUG" } }],
    ["contains_product without a code", { type: "contains_product", configuration: { product_code: 5 } }, null],
    ["unknown type", { type: "customer_group", configuration: {} }, null],
  ])("%s", (_name, part, expected) => {
    expect(readStoredRule(part)).toEqual(expected);
  });
});

describe("readStoredAction", () => {
  it.each<[string, PromotionPart, unknown]>([
    [
      "a decimal string percentage",
      { type: "order_percentage_discount", configuration: { percentage: "0.1" } },
      { type: "order_percentage_discount", configuration: { percentage: 0.1 } },
    ],
    [
      "a percentage above 1 (the engine caps the discount)",
      { type: "shipping_percentage_discount", configuration: { percentage: 1.5 } },
      { type: "shipping_percentage_discount", configuration: { percentage: 1.5 } },
    ],
    ["an unreadable percentage", { type: "order_percentage_discount", configuration: { percentage: "ten" } }, null],
    [
      "unit percentages per channel",
      { type: "unit_percentage_discount", configuration: { [CH]: { percentage: "0.07" }, MOBILE: {} } },
      { type: "unit_percentage_discount", configuration: { [CH]: { percentage: 0.07 } } },
    ],
    [
      "fixed amounts per channel",
      { type: "unit_fixed_discount", configuration: { [CH]: { amount: 250 }, MOBILE: { amount: "x" } } },
      { type: "unit_fixed_discount", configuration: { [CH]: { amount: 250 } } },
    ],
    ["garbage", { type: "order_fixed_discount", configuration: "garbage" }, null],
    ["unknown type", { type: "free_gift", configuration: {} }, null],
  ])("%s", (_name, part, expected) => {
    expect(readStoredAction(part)).toEqual(expected);
  });
});

describe("a configuration the promotions resource accepts", () => {
  const rules = [
    { type: "cart_quantity", configuration: { count: 3 } },
    { type: "item_total", configuration: { [CH]: { amount: 2000 }, MOBILE: { amount: 0 } } },
    { type: "contains_product", configuration: { product_code: "MUG" } },
  ];
  const actions = [
    { type: "order_fixed_discount", configuration: { [CH]: { amount: 100 } } },
    { type: "order_percentage_discount", configuration: { percentage: 0.125 } },
    { type: "unit_fixed_discount", configuration: { [CH]: { amount: 5 } } },
    { type: "unit_percentage_discount", configuration: { [CH]: { percentage: 1 } } },
    { type: "shipping_percentage_discount", configuration: { percentage: 0 } },
  ];

  it("reads to exactly the validated value", () => {
    for (const rule of rules) expect(readStoredRule(rule)).toEqual(promotionRuleSchema.parse(rule));
    for (const action of actions) expect(readStoredAction(action)).toEqual(promotionActionSchema.parse(action));
  });
});

describe("promotionFrom / pricingContextFrom", () => {
  it("leaves out a promotion with an unreadable rule (it could never apply) and unreadable actions", () => {
    expect(promotionFrom(storedPromo({ rules: [{ type: "nope", configuration: {} }] }))).toBeNull();
    const read = promotionFrom(
      storedPromo({ actions: [{ type: "nope", configuration: {} }, { type: "order_fixed_discount", configuration: { [CH]: { amount: 1 } } }] }),
    );
    expect(read?.actions).toEqual([{ type: "order_fixed_discount", configuration: { [CH]: { amount: 1 } } }]);
  });

  it("adds the prices and the clock of the change", () => {
    const setup = {
      channel: { code: CH, taxZoneCode: null, taxCalculationStrategy: "order_items_based" as const },
      shippingMethods: [],
      taxRates: [],
      promotions: [storedPromo({ id: 1 }), storedPromo({ id: 2, rules: [{ type: "cart_quantity", configuration: null }] })],
    };
    const context = pricingContextFrom(setup, NOW, { V1: 100 });
    expect(context.now).toBe(NOW);
    expect(context.prices).toEqual({ V1: 100 });
    expect(context.promotions.map((p) => p.id)).toEqual([1]);
  });
});
