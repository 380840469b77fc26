import { describe, expect, it } from "vitest";
import { checkInvariants, recalculate, type PricedCart } from "../../../../src/domain/pricing";
import { benchLargeCart, benchLargeQuantity } from "../../../../src/domain/pricing/bench-fixtures";
import {
  CH,
  assertWellFormed,
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
  type ItemSpec,
} from "../../../fixtures/domain/pricing";

describe("recalculate: the whole pipeline", () => {
  const ITEMS: ItemSpec[] = [
    { id: 1, price: 1000, qty: 2, product: "MUG", tax: "standard", ship: "default" },
    { id: 2, price: 333, qty: 3, product: "CUP", tax: "reduced", ship: "default" },
    { id: 3, price: 101, qty: 2, product: "MUG", tax: null, ship: "default" },
  ];
  const spec = {
    shippingMethods: [method({ code: "UPS", name: "UPS", amount: 1001, taxCategoryCode: "standard" })],
    promotions: [
      promo({ id: 1, priority: 1, code: "BIG", name: "Big", actions: [orderFixed(1003)] }),
      promo({ id: 2, priority: 0, code: "SHIP", name: "Ship half", actions: [shippingPercent(0.5)] }),
    ],
    taxRates: [
      rate({ code: "VAT", name: "VAT", amount: "0.23" }),
      rate({ code: "RED", name: "Reduced", amount: "0.085", includedInPrice: true, categoryCode: "reduced" }),
    ],
  };

  it("prices units, ships, discounts, taxes and totals in order", () => {
    const result = price(ITEMS, spec);
    // promotions: as in promotions.test.ts → A [686, 687], B [228, 229, 229], C [69, 70]
    // taxes: A 1373 × 0.23 = 315.79 → 316 → [158, 158]; B 686 × 17/217 = 53.74 → 54 → [18, 18, 18] (neutral)
    expect(unitAmounts(result, 1, { type: "tax" })).toEqual([158, 158]);
    expect(unitAmounts(result, 2, { type: "tax" })).toEqual([18, 18, 18]);
    expect(result.items[1]?.units[0]?.adjustments).toEqual([
      { type: "order_promotion", label: "Big", amount: -105, neutral: false, originCode: "BIG" },
      { type: "tax", label: "Reduced (8.5%)", amount: 18, neutral: true, originCode: "RED" },
    ]);
    expect(result.items.map((i) => i.units.map((u) => u.total))).toEqual([
      [844, 845],
      [228, 229, 229],
      [69, 70],
    ]);
    expect(result.items.map((i) => [i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total])).toEqual([
      [2, 1000, 1689, 0, 1689],
      [3, 333, 686, 0, 686],
      [2, 101, 139, 0, 139],
    ]);
    expect(orderLevel(result)).toEqual([
      { type: "shipping", label: "UPS", amount: 1001, neutral: false, originCode: "UPS" },
      { type: "order_shipping_promotion", label: "Ship half", amount: -501, neutral: false, originCode: "SHIP" },
      { type: "tax", label: "VAT (23%)", amount: 115, neutral: false, originCode: "VAT" },
    ]);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([2514, 615, 3129]);
  });

  it("is deterministic and does not mutate its inputs", () => {
    const snapshot = snapshotOf(ITEMS);
    const context = contextOf(ITEMS, spec);
    const before = structuredClone({ snapshot, context });
    const first = recalculate(snapshot, context);
    const second = recalculate(snapshot, context);
    expect(second).toEqual(first);
    expect({ snapshot, context }).toEqual(before);
    // outputs share nothing mutable with each other
    first.items[0]?.units[0]?.adjustments.push({ type: "tax", label: "x", amount: 1, neutral: false, originCode: "x" });
    expect(recalculate(snapshot, context)).toEqual(second);
  });

  it("prices an empty cart at 0 with no adjustments", () => {
    const result = price([], spec);
    expect(result).toEqual({ items: [], adjustments: [], itemsTotal: 0, adjustmentsTotal: 0, total: 0 });
  });

  it("keeps the items' order and the units' ids (oldest first)", () => {
    const items: ItemSpec[] = [
      { id: 9, price: 10, qty: 1 },
      { id: 2, price: 20, qty: 3 },
    ];
    const result = price(items);
    expect(result.items.map((i) => [i.itemId, i.units.map((u) => u.unitId)])).toEqual([
      [9, [90_000]],
      [2, [20_000, 20_001, 20_002]],
    ]);
    expect(result.items[1]?.units[0]).toEqual({ unitId: 20_000, adjustments: [], adjustmentsTotal: 0, total: 20 });
  });

  it.each([
    ["a variant without price", (s: ReturnType<typeof snapshotOf>) => ({ ...s, items: [{ ...s.items[0]!, variantCode: "NOPE" }] }), /variant "NOPE" has no price in channel "WEB"/],
    ["quantity ≠ unit ids", (s: ReturnType<typeof snapshotOf>) => ({ ...s, items: [{ ...s.items[0]!, quantity: 3 }] }), /item 1 has quantity 3 but 2 unit ids/],
    ["a zero quantity", (s: ReturnType<typeof snapshotOf>) => ({ ...s, items: [{ ...s.items[0]!, quantity: 0, unitIds: [] }] }), /invalid quantity 0/],
    ["another channel", (s: ReturnType<typeof snapshotOf>) => ({ ...s, channelCode: "MOBILE" }), /channel "MOBILE" is not the context's channel "WEB"/],
    ["a duplicated item", (s: ReturnType<typeof snapshotOf>) => ({ ...s, items: [s.items[0]!, s.items[0]!] }), /item 1 appears twice/],
  ])("throws a clear error on %s", (_name, change, message) => {
    const items: ItemSpec[] = [{ id: 1, price: 100, qty: 2 }];
    expect(() => recalculate(change(snapshotOf(items)), contextOf(items))).toThrow(message);
  });

  it("refuses a negative or fractional price", () => {
    const items: ItemSpec[] = [{ id: 1, price: 100, qty: 1 }];
    const context = contextOf(items);
    expect(() => recalculate(snapshotOf(items), { ...context, prices: { V1: -1 } })).toThrow(/invalid price -1/);
    expect(() => recalculate(snapshotOf(items), { ...context, prices: { V1: 1.5 } })).toThrow(/invalid price 1.5/);
    // an inherited property is not a price
    expect(() => recalculate({ ...snapshotOf(items), items: [{ ...snapshotOf(items).items[0]!, variantCode: "toString" }] }, context)).toThrow(/no price/);
  });

  it("prices one item with quantity 9999 exactly", () => {
    const items: ItemSpec[] = [{ id: 1, price: 1999, qty: 9999, tax: "standard" }];
    const result = price(items, {
      taxRates: [rate({})],
      promotions: [promo({ actions: [orderFixed(100_000)] })],
      shippingMethods: [method({ calculator: "per_unit_rate", amount: 3 })],
    });
    // 100000 over 9999 units: 10 units of 11, the rest 10
    const discounts = unitAmounts(result, 1, { type: "order_promotion" });
    expect(discounts.slice(0, 10).every((d) => d === -11)).toBe(true);
    expect(discounts.slice(10).every((d) => d === -10)).toBe(true);
    // tax on the discounted item total: 19888001 × 0.23 = 4574240.23 → 4574240
    const base = 1999 * 9999 - 100_000;
    const tax = 4_574_240;
    expect(result.items[0]?.units.reduce((s, u) => s + (u.adjustments.find((a) => a.type === "tax")?.amount ?? 0), 0)).toBe(tax);
    expect(result.itemsTotal).toBe(base + tax);
    expect(orderLevel(result)).toEqual([
      { type: "shipping", label: "Ship", amount: 29_997, neutral: false, originCode: "SHIP" },
    ]);
  });
});

describe("checkInvariants", () => {
  const good = (): PricedCart =>
    recalculate(
      snapshotOf([{ id: 1, price: 100, qty: 2, tax: "standard" }]),
      contextOf([{ id: 1, price: 100, qty: 2, tax: "standard" }], {
        taxRates: [rate({})],
        shippingMethods: [method({ amount: 50 })],
      }),
    );

  it("accepts a consistent cart", () => {
    expect(checkInvariants(good())).toEqual([]);
  });

  it.each([
    ["a unit total", (c: PricedCart) => { c.items[0]!.units[0]!.total += 1; }, /unit 10000 total 124 ≠ unitPrice 100 \+ 23/],
    ["a unit adjustmentsTotal", (c: PricedCart) => { c.items[0]!.units[1]!.adjustmentsTotal = 0; }, /unit 10001 adjustmentsTotal 0 ≠ 23/],
    ["an item unitsTotal", (c: PricedCart) => { c.items[0]!.unitsTotal = 1; }, /item 1 unitsTotal 1 ≠ Σ unit totals 246/],
    ["an item total", (c: PricedCart) => { c.items[0]!.total = 1; }, /item 1 total 1 ≠ 246 \+ 0/],
    ["the units count", (c: PricedCart) => { c.items[0]!.units.pop(); }, /item 1 has 1 units for quantity 2/],
    ["the items total", (c: PricedCart) => { c.itemsTotal = 0; }, /cart itemsTotal 0 ≠ Σ item totals 246/],
    ["the adjustments total", (c: PricedCart) => { c.adjustmentsTotal = 0; }, /cart adjustmentsTotal 0 ≠ 50/],
    ["the cart total", (c: PricedCart) => { c.total = 295; }, /cart total 295 ≠ max\(0, 246 \+ 50\)/],
    ["a fractional amount", (c: PricedCart) => { c.adjustments[0]!.amount = 0.5; }, /cart adjustment #0 amount 0.5 is not an integer/],
    ["a neutral adjustment counted", (c: PricedCart) => { c.adjustments[0]!.neutral = true; }, /cart adjustmentsTotal 50 ≠ 0/],
  ])("reports a wrong %s", (_name, corrupt, message) => {
    const cart = good();
    corrupt(cart);
    const errors = checkInvariants(cart);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(message);
  });
});

describe("bench fixtures", () => {
  it.each([
    ["500 items", benchLargeCart, 500],
    ["quantity 9999", benchLargeQuantity, 1],
  ])("%s recalculates consistently with promotions, taxes and shipping", (_name, build, count) => {
    const { snapshot, context } = build();
    expect(snapshot.channelCode).not.toBe(CH);
    const result = recalculate(snapshot, context);
    assertWellFormed(snapshot, result);
    expect(result.items).toHaveLength(count);
    const types = new Set(result.items.flatMap((i) => i.units.flatMap((u) => u.adjustments.map((a) => a.type))));
    expect([...types].sort()).toEqual(["order_item_promotion", "order_promotion", "tax"]);
    expect(orderLevel(result).map((a) => a.type)).toEqual(["shipping", "order_shipping_promotion", "tax"]);
  });
});
