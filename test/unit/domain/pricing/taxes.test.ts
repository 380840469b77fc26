import { describe, expect, it } from "vitest";
import { recalculate } from "../../../../src/domain/pricing";
import {
  contextOf,
  method,
  orderFixed,
  orderLevel,
  price,
  promo,
  rate,
  shippingPercent,
  snapshotOf,
  unitAmounts,
  unitsSum,
  type ItemSpec,
} from "../../../fixtures/domain/pricing";

const STRATEGIES = ["order_items_based", "order_item_units_based"] as const;

describe("unit taxes by strategy", () => {
  it.each([
    // name, item, rate, strategy, per-unit taxes, item total
    ["excluded, items based: round(2997 × 0.23 = 689.31) split", { price: 999, qty: 3 }, rate({}), "order_items_based", [230, 230, 229], 3686],
    ["excluded, units based: round(999 × 0.23 = 229.77) each", { price: 999, qty: 3 }, rate({}), "order_item_units_based", [230, 230, 230], 3687],
    ["included, items based: round(3003 × 23/123 = 561.56) split", { price: 1001, qty: 3 }, rate({ includedInPrice: true }), "order_items_based", [188, 187, 187], 3003],
    ["included, units based: round(1001 × 23/123 = 187.17) each", { price: 1001, qty: 3 }, rate({ includedInPrice: true }), "order_item_units_based", [187, 187, 187], 3003],
    ["7 units, items based: 163 over 7", { price: 101, qty: 7 }, rate({}), "order_items_based", [24, 24, 23, 23, 23, 23, 23], 870],
    ["7 units, units based: 23 each", { price: 101, qty: 7 }, rate({}), "order_item_units_based", [23, 23, 23, 23, 23, 23, 23], 868],
    ["half up: 50 × 0.01 = 0.5 → 1", { price: 50, qty: 1 }, rate({ amount: "0.01" }), "order_items_based", [1], 51],
    ["half up below: 149 × 0.01 → 1", { price: 149, qty: 1 }, rate({ amount: "0.01" }), "order_items_based", [1], 150],
    ["reduced 0.085 of 200 = 17", { price: 200, qty: 1 }, rate({ amount: "0.085" }), "order_items_based", [17], 217],
  ] as const)("%s", (_name, spec, taxRate, strategy, taxes, total) => {
    const items: ItemSpec[] = [{ id: 1, ...spec, tax: "standard" }];
    const result = price(items, { strategy, taxRates: [taxRate] });
    expect(unitAmounts(result, 1, { type: "tax" })).toEqual(taxes);
    expect(result.items[0]?.total).toBe(total);
    const neutral = taxRate.includedInPrice;
    for (const unit of result.items[0]?.units ?? []) {
      expect(unit.adjustments.every((a) => a.neutral === neutral && a.originCode === "VAT")).toBe(true);
      expect(unit.adjustmentsTotal).toBe(neutral ? 0 : unit.adjustments.reduce((s, a) => s + a.amount, 0));
    }
    expect(result.total).toBe(total);
  });

  it("labels a unit tax with the rate name and percentage", () => {
    const result = price([{ id: 1, price: 1000, qty: 1, tax: "standard" }], {
      taxRates: [rate({ code: "VAT_STD", name: "VAT", amount: "0.23" })],
    });
    expect(result.items[0]?.units[0]?.adjustments).toEqual([
      { type: "tax", label: "VAT (23%)", amount: 230, neutral: false, originCode: "VAT_STD" },
    ]);
  });

  it.each([
    ["0.085", "Reduced (8.5%)"],
    ["0.0825", "Reduced (8.25%)"],
    ["0.2000", "Reduced (20%)"],
    ["1", "Reduced (100%)"],
  ])("label for %s is %s", (amount, label) => {
    const result = price([{ id: 1, price: 10_000, qty: 1, tax: "standard" }], {
      taxRates: [rate({ name: "Reduced", amount })],
    });
    expect(result.items[0]?.units[0]?.adjustments.map((a) => a.label)).toEqual([label]);
  });

  it.each(STRATEGIES)("taxes the total left after promotions (%s)", (strategy) => {
    // 1000 × 2 minus 3 → units 998, 999
    const result = price([{ id: 1, price: 1000, qty: 2, tax: "standard" }], {
      strategy,
      taxRates: [rate({})],
      promotions: [promo({ actions: [orderFixed(3)] })],
    });
    expect(unitAmounts(result, 1, { type: "order_promotion" })).toEqual([-2, -1]);
    const expected = strategy === "order_items_based" ? [230, 229] : [230, 230]; // 459.31 | 229.54, 229.77
    expect(unitAmounts(result, 1, { type: "tax" })).toEqual(expected);
    // the tax comes after the promotion on each unit
    expect(result.items[0]?.units[0]?.adjustments.map((a) => a.type)).toEqual(["order_promotion", "tax"]);
  });

  it("uses the first rate of the channel's zone matching the variant's tax category", () => {
    const items: ItemSpec[] = [
      { id: 1, price: 1000, qty: 1, tax: "standard" },
      { id: 2, price: 1000, qty: 1, tax: "reduced" },
      { id: 3, price: 1000, qty: 1, tax: null },
      { id: 4, price: 1000, qty: 1, tax: "exotic" },
    ];
    const result = price(items, {
      taxRates: [
        rate({ code: "US_STD", zoneCode: "US", amount: "0.07" }),
        rate({ code: "STD", amount: "0.23" }),
        rate({ code: "STD2", amount: "0.5" }),
        rate({ code: "RED", name: "Reduced", amount: "0.05", categoryCode: "reduced" }),
      ],
    });
    expect(result.items.map((i) => i.units[0]?.adjustments.map((a) => `${a.originCode}:${a.amount}`))).toEqual([
      ["STD:230"],
      ["RED:50"],
      [],
      [],
    ]);
    expect(result.total).toBe(4280);
  });

  it.each(STRATEGIES)("adds no zero tax (%s)", (strategy) => {
    const result = price(
      [
        { id: 1, price: 1000, qty: 2, tax: "standard" },
        { id: 2, price: 0, qty: 2, tax: "other" },
        { id: 3, price: 1, qty: 3, tax: "other" }, // 3 × 0.1 = 0.3 → 0 (items) ; 0.1 → 0 (units)
      ],
      {
        strategy,
        taxRates: [rate({ amount: "0" }), rate({ code: "OTHER", categoryCode: "other", amount: "0.1" })],
      },
    );
    expect(unitsSum(result, { type: "tax" })).toBe(0);
    expect(result.items.every((i) => i.units.every((u) => u.adjustments.length === 0))).toBe(true);
  });

  it("applies no tax at all when the channel has no tax zone", () => {
    const result = price([{ id: 1, price: 1000, qty: 2, tax: "standard" }], {
      taxZone: null,
      taxRates: [rate({})],
      shippingMethods: [method({ taxCategoryCode: "standard" })],
    });
    expect(unitsSum(result, { type: "tax" })).toBe(0);
    expect(orderLevel(result).map((a) => a.type)).toEqual(["shipping"]);
    expect(result.total).toBe(3000);
  });

  it("throws on an unreadable tax rate (the caller validates)", () => {
    const items: ItemSpec[] = [{ id: 1, price: 1, qty: 1, tax: "standard" }];
    expect(() =>
      recalculate(snapshotOf(items), contextOf(items, { taxRates: [rate({ code: "BAD", amount: "23%" })] })),
    ).toThrow(/tax rate "BAD" has an invalid amount "23%"/);
  });
});

describe("shipping tax", () => {
  const items: ItemSpec[] = [{ id: 1, price: 1000, qty: 1, tax: "standard" }];

  it("taxes the shipping charge as an order-level adjustment", () => {
    const result = price(items, {
      shippingMethods: [method({ code: "UPS", name: "UPS", amount: 1000, taxCategoryCode: "standard" })],
      taxRates: [rate({})],
    });
    expect(orderLevel(result)).toEqual([
      { type: "shipping", label: "UPS", amount: 1000, neutral: false, originCode: "UPS" },
      { type: "tax", label: "VAT (23%)", amount: 230, neutral: false, originCode: "VAT" },
    ]);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([1230, 1230, 2460]);
  });

  it("taxes the shipping left after shipping promotions", () => {
    const result = price(items, {
      shippingMethods: [method({ amount: 1000, taxCategoryCode: "standard" })],
      taxRates: [rate({})],
      promotions: [promo({ actions: [shippingPercent(0.5)] })],
    });
    expect(orderLevel(result).map((a) => [a.type, a.amount])).toEqual([
      ["shipping", 1000],
      ["order_shipping_promotion", -500],
      ["tax", 115],
    ]);
    expect(result.adjustmentsTotal).toBe(615);
  });

  it("keeps an included shipping tax neutral", () => {
    const result = price(items, {
      shippingMethods: [method({ amount: 1000, taxCategoryCode: "standard" })],
      taxRates: [rate({ includedInPrice: true })],
    });
    expect(orderLevel(result).map((a) => [a.type, a.amount, a.neutral])).toEqual([
      ["shipping", 1000, false],
      ["tax", 187, true], // 1000 × 23/123 = 186.99
    ]);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([1000, 1000, 2000]);
  });

  it.each([
    ["the method has no tax category", null],
    ["no rate of the zone for the method's tax category", "exotic"],
  ])("adds no shipping tax when %s", (_name, taxCategoryCode) => {
    const result = price(items, {
      shippingMethods: [method({ amount: 1000, taxCategoryCode })],
      taxRates: [rate({})],
    });
    expect(orderLevel(result).map((a) => a.type)).toEqual(["shipping"]);
  });

  it("uses the shipping method's own tax category, not the items'", () => {
    const result = price(items, {
      shippingMethods: [method({ amount: 1000, taxCategoryCode: "shipping" })],
      taxRates: [rate({}), rate({ code: "SHIP_VAT", name: "Ship VAT", categoryCode: "shipping", amount: "0.1" })],
    });
    expect(orderLevel(result).at(-1)).toEqual({
      type: "tax",
      label: "Ship VAT (10%)",
      amount: 100,
      neutral: false,
      originCode: "SHIP_VAT",
    });
  });
});
