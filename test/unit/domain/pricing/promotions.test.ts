import { describe, expect, it } from "vitest";
import { recalculate, type PromotionPart } from "../../../../src/domain/pricing";
import {
  CH,
  cartQuantity,
  containsProduct,
  contextOf,
  itemTotalRule,
  method,
  orderFixed,
  orderLevel,
  orderPercent,
  price,
  promo,
  shippingPercent,
  snapshotOf,
  storedPromo,
  sum,
  unitAmounts,
  unitFixed,
  unitPercent,
  unitsSum,
  type ItemSpec,
} from "../../../fixtures/domain/pricing";

/** 3 items, 7 units, 3201 in total. */
const ITEMS: ItemSpec[] = [
  { id: 1, price: 1000, qty: 2, product: "MUG" },
  { id: 2, price: 333, qty: 3, product: "CUP" },
  { id: 3, price: 101, qty: 2, product: "MUG" },
];

const origins = (result: ReturnType<typeof price>) => [
  ...new Set([
    ...result.items.flatMap((i) => i.units.flatMap((u) => u.adjustments.map((a) => a.originCode))),
    ...result.adjustments.filter((a) => a.type === "order_shipping_promotion").map((a) => a.originCode),
  ]),
];

describe("promotion rules", () => {
  // Rules as stored, read the way the cart object reads them.
  const applies = (rules: PromotionPart[]) => {
    const result = price(ITEMS, { storedPromotions: [storedPromo({ rules, actions: [orderFixed(100)] })] });
    const discount = unitsSum(result, { type: "order_promotion" });
    expect(result.total).toBe(3201 + discount);
    expect([0, -100]).toContain(discount);
    return discount === -100;
  };

  it.each([
    ["no rules", [], true],
    ["cart_quantity 7 (7 units)", [cartQuantity(7)], true],
    ["cart_quantity 8", [cartQuantity(8)], false],
    ["cart_quantity as a digit string", [{ type: "cart_quantity", configuration: { count: "7" } }], true],
    ["cart_quantity unreadable", [{ type: "cart_quantity", configuration: { count: "seven" } }], false],
    ["item_total 3201 (= Σ unit prices)", [itemTotalRule(3201)], true],
    ["item_total 3202", [itemTotalRule(3202)], false],
    ["item_total for another channel only", [{ type: "item_total", configuration: { MOBILE: { amount: 1 } } }], false],
    ["contains_product CUP", [containsProduct("CUP")], true],
    ["contains_product PLATE", [containsProduct("PLATE")], false],
    ["all rules hold", [cartQuantity(2), itemTotalRule(100), containsProduct("MUG")], true],
    ["one rule fails", [cartQuantity(2), containsProduct("PLATE")], false],
    ["unknown rule type", [{ type: "customer_group", configuration: {} }], false],
    ["null configuration", [{ type: "cart_quantity", configuration: null }], false],
  ])("%s → applies: %s", (_name, rules, expected) => {
    expect(applies(rules)).toBe(expected);
  });

  it("item_total reads unit prices, not totals discounted by an earlier promotion", () => {
    const result = price(ITEMS, {
      promotions: [
        promo({ id: 1, priority: 2, actions: [orderFixed(1000)] }),
        promo({ id: 2, priority: 1, rules: [itemTotalRule(3000)], actions: [orderFixed(100)] }),
      ],
    });
    expect(unitsSum(result, { origin: "PROMO1" })).toBe(-1000);
    expect(unitsSum(result, { origin: "PROMO2" })).toBe(-100);
    expect(result.total).toBe(2101);
  });
});

describe("order discounts", () => {
  it("spreads an odd discount over 3 items and 7 units exactly (largest remainder, first units extra)", () => {
    const result = price(ITEMS, {
      promotions: [promo({ code: "BIG", name: "Big sale", actions: [orderFixed(1003)] })],
    });
    // item shares of 1003 over [2000, 999, 202]: 627, 313, 63
    expect(unitAmounts(result, 1, { origin: "BIG" })).toEqual([-314, -313]);
    expect(unitAmounts(result, 2, { origin: "BIG" })).toEqual([-105, -104, -104]);
    expect(unitAmounts(result, 3, { origin: "BIG" })).toEqual([-32, -31]);
    expect(unitsSum(result, { type: "order_promotion", origin: "BIG" })).toBe(-1003);
    expect(result.items[0]?.units[0]?.adjustments).toEqual([
      { type: "order_promotion", label: "Big sale", amount: -314, neutral: false, originCode: "BIG" },
    ]);
    expect(result.items.map((i) => [i.unitsTotal, i.adjustmentsTotal, i.total])).toEqual([
      [1373, 0, 1373],
      [686, 0, 686],
      [139, 0, 139],
    ]);
    expect(result.items[1]?.units.map((u) => [u.adjustmentsTotal, u.total])).toEqual([
      [-105, 228],
      [-104, 229],
      [-104, 229],
    ]);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([2198, 0, 2198]);
  });

  it("takes a percentage of the items total (0.1 of 3201 = 320), exactly", () => {
    const result = price(ITEMS, { promotions: [promo({ actions: [orderPercent(0.1)] })] });
    // shares of 320 over [2000, 999, 202]: floors 199, 99, 20; remainders 3001, 2781, 620 → +1, +1
    expect(unitAmounts(result, 1, { type: "order_promotion" })).toEqual([-100, -100]);
    expect(unitAmounts(result, 2, { type: "order_promotion" })).toEqual([-34, -33, -33]);
    expect(unitAmounts(result, 3, { type: "order_promotion" })).toEqual([-10, -10]);
    expect(unitsSum(result, { type: "order_promotion" })).toBe(-320);
    expect(result.total).toBe(2881);
  });

  it("accepts the percentage as a decimal string", () => {
    const result = price(ITEMS, {
      storedPromotions: [storedPromo({ actions: [{ type: "order_percentage_discount", configuration: { percentage: "0.1" } }] })],
    });
    expect(result.total).toBe(2881);
  });

  it("never discounts more than the items' total (fixed discount larger than the cart)", () => {
    const result = price(ITEMS, {
      shippingMethods: [method({ amount: 500 })],
      promotions: [promo({ actions: [orderFixed(5000)] })],
    });
    expect(unitsSum(result, { type: "order_promotion" })).toBe(-3201);
    expect(unitAmounts(result, 1, {})).toEqual([-1000, -1000]);
    expect(unitAmounts(result, 2, {})).toEqual([-333, -333, -333]);
    expect(unitAmounts(result, 3, {})).toEqual([-101, -101]);
    expect(result.items.every((i) => i.total === 0 && i.units.every((u) => u.total === 0))).toBe(true);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([0, 500, 500]);
  });

  it("caps a percentage above 1 at the items' total", () => {
    const result = price(ITEMS, { promotions: [promo({ actions: [orderPercent(1.5)] })] });
    expect(unitsSum(result, { type: "order_promotion" })).toBe(-3201);
    expect(result.total).toBe(0);
  });

  it("gives a second order discount's extra minor unit to the larger unit, never below 0", () => {
    const items: ItemSpec[] = [{ id: 1, price: 1, qty: 2 }];
    const result = price(items, {
      promotions: [
        promo({ id: 1, priority: 2, actions: [orderFixed(1)] }),
        promo({ id: 2, priority: 1, actions: [orderFixed(1)] }),
      ],
    });
    expect(unitAmounts(result, 1, { origin: "PROMO1" })).toEqual([-1, 0]);
    expect(unitAmounts(result, 1, { origin: "PROMO2" })).toEqual([0, -1]);
    expect(result.items[0]?.units.map((u) => u.total)).toEqual([0, 0]);
    // zero shares add no adjustment
    expect(result.items[0]?.units.map((u) => u.adjustments.length)).toEqual([1, 1]);
  });

  it("ignores a fixed discount configured for another channel only", () => {
    const result = price(ITEMS, {
      promotions: [promo({ actions: [{ type: "order_fixed_discount", configuration: { MOBILE: { amount: 100 } } }] })],
    });
    expect(result.total).toBe(3201);
    expect(origins(result)).toEqual([]);
  });

  it("does nothing on a cart whose items are free", () => {
    const result = price([{ id: 1, price: 0, qty: 3 }], { promotions: [promo({ actions: [orderFixed(100)] })] });
    expect(result.items[0]?.units.every((u) => u.adjustments.length === 0)).toBe(true);
    expect(result.total).toBe(0);
  });
});

describe("unit discounts", () => {
  it("unit_fixed_discount on every unit, never below a unit total of 0", () => {
    const result = price(ITEMS, { promotions: [promo({ code: "U", name: "Unit off", actions: [unitFixed(150)] })] });
    expect(unitAmounts(result, 1, { type: "order_item_promotion" })).toEqual([-150, -150]);
    expect(unitAmounts(result, 2, { type: "order_item_promotion" })).toEqual([-150, -150, -150]);
    expect(unitAmounts(result, 3, { type: "order_item_promotion" })).toEqual([-101, -101]);
    expect(result.items[0]?.units[0]?.adjustments).toEqual([
      { type: "order_item_promotion", label: "Unit off", amount: -150, neutral: false, originCode: "U" },
    ]);
    expect(result.items[2]?.units.map((u) => u.total)).toEqual([0, 0]);
    expect(result.total).toBe(3201 - 952);
  });

  it("unit_percentage_discount of the unit price, rounded half up", () => {
    const result = price(ITEMS, { promotions: [promo({ actions: [unitPercent(0.25)] })] });
    expect(unitAmounts(result, 1, {})).toEqual([-250, -250]);
    expect(unitAmounts(result, 2, {})).toEqual([-83, -83, -83]); // 83.25
    expect(unitAmounts(result, 3, {})).toEqual([-25, -25]); // 25.25
    expect(result.total).toBe(3201 - 799);
    const half = price([{ id: 1, price: 2, qty: 1 }], { promotions: [promo({ actions: [unitPercent(0.25)] })] });
    expect(unitAmounts(half, 1, {})).toEqual([-1]); // 0.5 → 1
  });

  it("unit_percentage_discount is capped by what an earlier discount left", () => {
    const result = price([{ id: 1, price: 100, qty: 2 }], {
      promotions: [
        promo({ id: 1, priority: 2, actions: [unitFixed(70)] }),
        promo({ id: 2, priority: 1, actions: [unitPercent(0.5)] }),
      ],
    });
    expect(unitAmounts(result, 1, { origin: "PROMO2" })).toEqual([-30, -30]);
    expect(result.total).toBe(0);
  });

  it("ignores a unit discount configured for another channel only", () => {
    const result = price(ITEMS, {
      promotions: [
        promo({ actions: [{ type: "unit_percentage_discount", configuration: { MOBILE: { percentage: 0.5 } } }] }),
      ],
    });
    expect(result.total).toBe(3201);
  });
});

describe("shipping discounts", () => {
  it("takes a percentage of the shipping as an order-level adjustment", () => {
    const result = price(ITEMS, {
      shippingMethods: [method({ code: "UPS", name: "UPS", amount: 1001 })],
      promotions: [promo({ code: "SHIP50", name: "Half shipping", actions: [shippingPercent(0.5)] })],
    });
    expect(orderLevel(result)).toEqual([
      { type: "shipping", label: "UPS", amount: 1001, neutral: false, originCode: "UPS" },
      { type: "order_shipping_promotion", label: "Half shipping", amount: -501, neutral: false, originCode: "SHIP50" },
    ]);
    expect([result.itemsTotal, result.adjustmentsTotal, result.total]).toEqual([3201, 500, 3701]);
  });

  it("applies successive shipping discounts to what is left", () => {
    const result = price(ITEMS, {
      shippingMethods: [method({ amount: 1000 })],
      promotions: [
        promo({ id: 1, priority: 1, actions: [shippingPercent(0.5)] }),
        promo({ id: 2, priority: 0, actions: [shippingPercent(0.5), shippingPercent(2)] }),
      ],
    });
    expect(orderLevel(result).map((a) => a.amount)).toEqual([1000, -500, -250, -250]);
    expect(result.adjustmentsTotal).toBe(0);
  });

  it("does nothing without shipping", () => {
    const result = price(ITEMS, { promotions: [promo({ actions: [shippingPercent(0.5)] })] });
    expect(result.adjustments).toEqual([]);
  });
});

describe("promotion order and exclusivity", () => {
  const three = (failExclusive: boolean) => [
    promo({ id: 1, priority: 10, actions: [orderFixed(100)] }),
    promo({
      id: 2,
      priority: 5,
      exclusive: true,
      rules: failExclusive ? [containsProduct("PLATE")] : [],
      actions: [orderFixed(200)],
    }),
    promo({ id: 3, priority: 1, actions: [orderFixed(300)] }),
  ];

  it("applies an applying exclusive promotion alone", () => {
    const result = price(ITEMS, { promotions: three(false) });
    expect(origins(result)).toEqual(["PROMO2"]);
    expect(result.total).toBe(3001);
  });

  it("applies every other promotion when the exclusive one does not apply", () => {
    const result = price(ITEMS, { promotions: three(true) });
    expect(origins(result).sort()).toEqual(["PROMO1", "PROMO3"]);
    expect(unitsSum(result, { origin: "PROMO1" })).toBe(-100);
    expect(unitsSum(result, { origin: "PROMO3" })).toBe(-300);
    expect(result.total).toBe(2801);
  });

  it("of two applying exclusive promotions, applies the higher priority one", () => {
    const result = price(ITEMS, {
      promotions: [
        promo({ id: 1, priority: 1, exclusive: true, actions: [orderFixed(100)] }),
        promo({ id: 2, priority: 9, exclusive: true, actions: [orderFixed(200)] }),
      ],
    });
    expect(origins(result)).toEqual(["PROMO2"]);
  });

  const single: ItemSpec[] = [{ id: 1, price: 1000, qty: 3 }];
  it.each([
    ["fixed (priority 2) before percentage (priority 1)", 2, 1, 1, 2, 1000],
    ["percentage (priority 2) before fixed (priority 1)", 1, 2, 1, 2, 500],
    ["same priority: lower id first (fixed id 1)", 0, 0, 1, 2, 1000],
    ["same priority: lower id first (percentage id 1)", 0, 0, 2, 1, 500],
  ])("%s", (_name, fixedPriority, percentPriority, fixedId, percentId, total) => {
    // listed in the opposite order on purpose: the input order does not matter
    const result = price(single, {
      promotions: [
        promo({ id: percentId, priority: percentPriority, actions: [orderPercent(0.5)] }),
        promo({ id: fixedId, priority: fixedPriority, actions: [orderFixed(1000)] }),
      ],
    });
    expect(result.total).toBe(total);
    expect(unitsSum(result, { origin: `PROMO${fixedId}` })).toBe(-1000);
    expect(unitsSum(result, { origin: `PROMO${percentId}` })).toBe(-(3000 - 1000 - total));
  });

  it("runs a promotion's actions in order, each on what the previous left", () => {
    const result = price(ITEMS, {
      storedPromotions: [storedPromo({ actions: [unitFixed(101), orderPercent(0.5), { type: "nope", configuration: {} }] })],
    });
    // unit fixed: 7 × 101 = 707 → 2494 left (C fully discounted); half of it: 1247
    expect(unitsSum(result, { type: "order_item_promotion" })).toBe(-707);
    expect(unitsSum(result, { type: "order_promotion" })).toBe(-1247);
    expect(unitAmounts(result, 3, { type: "order_promotion" })).toEqual([0, 0]);
    expect(result.total).toBe(1247);
  });
});

describe("promotion availability", () => {
  const at = (over: Parameters<typeof promo>[0], now?: string) => {
    const result = price(ITEMS, {
      now,
      promotions: [promo({ ...over, actions: [orderFixed(100)] })],
    });
    return result.total === 3101;
  };

  it.each([
    ["no window", {}, true],
    ["starts in the future", { startsAt: "2026-06-01T12:00:01+00:00" }, false],
    ["starts exactly now (inclusive)", { startsAt: "2026-06-01T12:00:00+00:00" }, true],
    ["starts at the same instant in another offset", { startsAt: "2026-06-01T14:00:00+02:00" }, true],
    ["starts a second later in another offset", { startsAt: "2026-06-01T14:00:01+02:00" }, false],
    ["started in the past", { startsAt: "2025-01-01T00:00:00+00:00" }, true],
    ["ended in the past", { endsAt: "2026-06-01T11:59:59+00:00" }, false],
    ["ends exactly now (inclusive)", { endsAt: "2026-06-01T12:00:00Z" }, true],
    ["ends in the future", { startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-12-31T00:00:00Z" }, true],
    ["usage limit reached", { usageLimit: 5, used: 5 }, false],
    ["usage limit exceeded", { usageLimit: 5, used: 6 }, false],
    ["usage limit 0", { usageLimit: 0, used: 0 }, false],
    ["under the usage limit", { usageLimit: 5, used: 4 }, true],
    ["no usage limit", { usageLimit: null, used: 100_000 }, true],
    ["another channel", { channelCodes: ["MOBILE"] }, false],
    ["several channels including this one", { channelCodes: ["MOBILE", CH] }, true],
    ["no channel", { channelCodes: [] }, false],
  ])("%s → applies: %s", (_name, over, expected) => {
    expect(at(over)).toBe(expected);
  });

  it("an exclusive promotion outside its window does not block the others", () => {
    const result = price(ITEMS, {
      promotions: [
        promo({ id: 1, exclusive: true, priority: 9, endsAt: "2020-01-01T00:00:00Z", actions: [orderFixed(500)] }),
        promo({ id: 2, actions: [orderFixed(100)] }),
      ],
    });
    expect(result.total).toBe(3101);
  });

  it("throws on an unreadable date (the caller validates)", () => {
    const items: ItemSpec[] = [{ id: 1, price: 1, qty: 1 }];
    expect(() =>
      recalculate(snapshotOf(items), contextOf(items, { promotions: [promo({ startsAt: "soon" })] })),
    ).toThrow(/startsAt of promotion PROMO1 "soon" is not a date/);
    expect(() => recalculate(snapshotOf(items), contextOf(items, { now: "today" }))).toThrow(/now "today"/);
  });

  it("sums every distribution to its source", () => {
    const result = price(ITEMS, {
      shippingMethods: [method({ amount: 999 })],
      promotions: [
        promo({ id: 1, actions: [orderPercent(0.37)] }),
        promo({ id: 2, actions: [orderFixed(777), unitPercent(0.01)] }),
      ],
    });
    const first = Math.round(3201 * 0.37); // 1184.37 → 1184
    expect(unitsSum(result, { origin: "PROMO1" })).toBe(-first);
    expect(unitsSum(result, { origin: "PROMO2", type: "order_promotion" })).toBe(-777);
    expect(sum(result.items.map((i) => i.total))).toBe(result.itemsTotal);
  });
});
