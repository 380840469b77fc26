import { describe, expect, it } from "vitest";
import { readShippingRule, shippingRuleHolds, shippingRulesHold, type ShippingSubject } from "../../../../src/domain/pricing";
import { shippingSubject } from "../../../../src/domain/pricing/steps/shipping";
import { CH, method, orderFixed, orderLevel, price, promo, type ItemSpec } from "../../../fixtures/domain/pricing";

const subject = (total: number, weight: number, channelCode = CH): ShippingSubject => ({ channelCode, total, weight });
const holds = (stored: unknown, s: ShippingSubject) => shippingRuleHolds(readShippingRule(stored), s);

const totalGte = (amount: number | null) => ({ type: "order_total_greater_than_or_equal", configuration: { [CH]: { amount } } });
const totalLte = (amount: number | null) => ({ type: "order_total_less_than_or_equal", configuration: { [CH]: { amount } } });
const weightGte = (weight: number) => ({ type: "total_weight_greater_than_or_equal", configuration: { weight } });
const weightLte = (weight: number) => ({ type: "total_weight_less_than_or_equal", configuration: { weight } });

describe("shipping method rules (Sylius' rule checkers)", () => {
  it.each([
    // rule, total, weight, holds
    ["total ≥ 5000, total 4999", totalGte(5000), 4999, 0, false],
    ["total ≥ 5000, total 5000 (bound included)", totalGte(5000), 5000, 0, true],
    ["total ≥ 5000, total 5001", totalGte(5000), 5001, 0, true],
    ["total ≤ 5000, total 4999", totalLte(5000), 4999, 0, true],
    ["total ≤ 5000, total 5000 (bound included)", totalLte(5000), 5000, 0, true],
    ["total ≤ 5000, total 5001", totalLte(5000), 5001, 0, false],
    ["total ≥ 0, empty total", totalGte(0), 0, 0, true],
    ["total ≥ none: no amount for the channel fails", totalGte(null), 10_000, 0, false],
    ["total ≤ none: no amount for the channel fails", totalLte(null), 0, 0, false],
    ["weight ≥ 2.5, weight 2.4", weightGte(2.5), 0, 2.4, false],
    ["weight ≥ 2.5, weight 2.5 (bound included)", weightGte(2.5), 0, 2.5, true],
    ["weight ≤ 2.5, weight 2.5 (bound included)", weightLte(2.5), 0, 2.5, true],
    ["weight ≤ 2.5, weight 2.6", weightLte(2.5), 0, 2.6, false],
    ["weight ≤ 2.5, no weight", weightLte(2.5), 0, 0, true],
    ["an unknown stored type never holds", { type: "total_volume", configuration: {} }, 0, 0, false],
    ["a stored weight rule without a weight never holds", { type: "total_weight_less_than_or_equal", configuration: {} }, 0, 0, false],
    ["a stored rule that is not an object never holds", "weight", 0, 0, false],
  ])("%s", (_, rule, total, weight, expected) => {
    expect(holds(rule, subject(total, weight))).toBe(expected);
  });

  it("an order total rule reads the cart's channel's amount only", () => {
    const rule = { type: "order_total_greater_than_or_equal", configuration: { OTHER: { amount: 0 } } };
    expect(holds(rule, subject(10_000, 0))).toBe(false);
    expect(holds(rule, subject(10_000, 0, "OTHER"))).toBe(true);
  });

  it("all rules must hold; no rules: eligible", () => {
    expect(shippingRulesHold([], subject(0, 0))).toBe(true);
    expect(shippingRulesHold([totalGte(100), weightLte(10)], subject(100, 10))).toBe(true);
    expect(shippingRulesHold([totalGte(100), weightLte(10)], subject(99, 10))).toBe(false);
    expect(shippingRulesHold([totalGte(100), weightLte(10)], subject(100, 11))).toBe(false);
  });
});

describe("what the rules are checked against", () => {
  const items: ItemSpec[] = [
    { id: 1, price: 1000, qty: 2, weight: 1.5 },
    { id: 2, price: 500, qty: 3, weight: null },
    { id: 3, price: 300, qty: 1, weight: 4, shipped: false },
  ];
  it("the items total of every item; the weight of the units that ship (no weight: 0)", () => {
    const prices = { V1: 1000, V2: 500, V3: 300 };
    const snapshots = items.map((i) => ({
      itemId: i.id,
      variantCode: `V${i.id}`,
      productCode: `P${i.id}`,
      quantity: i.qty,
      unitIds: [],
      taxCategoryCode: null,
      shippingCategoryCode: null,
      shippingRequired: i.shipped ?? true,
      weight: i.weight ?? null,
    }));
    expect(shippingSubject(snapshots, CH, { prices })).toEqual({ channelCode: CH, total: 2000 + 1500 + 300, weight: 3 });
  });

  it("the cart ships with the first method whose rules hold; none holding: no shipping", () => {
    const cheap = method({ id: 1, code: "SMALL", position: 0, amount: 500, rules: [weightLte(3)] });
    const heavy = method({ id: 2, code: "FREIGHT", position: 1, amount: 2500, rules: [weightGte(3)] });
    const free = method({ id: 3, code: "FREE", position: 2, amount: 0, rules: [totalGte(10_000)] });
    const shipping = (list: ItemSpec[], methods = [cheap, heavy, free]) =>
      orderLevel(price(list, { shippingMethods: methods })).filter((a) => a.type === "shipping").map((a) => a.originCode);
    expect(shipping([{ id: 1, price: 1000, qty: 2, weight: 1.5 }])).toEqual(["SMALL"]); // weight 3: both weight rules hold, SMALL first
    expect(shipping([{ id: 1, price: 1000, qty: 3, weight: 1.5 }])).toEqual(["FREIGHT"]); // 4.5
    expect(shipping([{ id: 1, price: 10_000, qty: 3, weight: 1.5 }], [cheap, free])).toEqual(["FREE"]);
    expect(shipping([{ id: 1, price: 1000, qty: 3, weight: 1.5 }], [cheap, free])).toEqual([]);
  });

  it("compares the items total before promotions (Sylius clears the adjustments first)", () => {
    const atLeast = method({ code: "MIN", amount: 700, rules: [totalGte(2000)] });
    const result = price([{ id: 1, price: 1000, qty: 2 }], {
      shippingMethods: [atLeast],
      promotions: [promo({ id: 1, actions: [orderFixed(500)] })],
    });
    expect(orderLevel(result).filter((a) => a.type === "shipping").map((a) => a.amount)).toEqual([700]);
    expect(result.itemsTotal).toBeLessThan(2000);
  });
});
