import { describe, expect, it } from "vitest";
import { CH, ZONE, method, orderLevel, price, rate, type ItemSpec } from "../../../fixtures/domain/pricing";

const items: ItemSpec[] = [
  { id: 1, price: 1000, qty: 2, ship: "default" },
  { id: 2, price: 500, qty: 5, ship: "bulky" },
];

const shipping = (result: ReturnType<typeof price>) =>
  orderLevel(result).filter((a) => a.type === "shipping");

describe("shipping method choice", () => {
  it("adds no shipping to an empty cart", () => {
    const result = price([], { shippingMethods: [method({})] });
    expect(result).toEqual({ items: [], adjustments: [], itemsTotal: 0, adjustmentsTotal: 0, total: 0 });
  });

  it("adds no shipping when no method is available", () => {
    const result = price(items, { shippingMethods: [] });
    expect(result.adjustments).toEqual([]);
    expect(result.total).toBe(4500);
  });

  it("charges a flat rate once as an order-level adjustment", () => {
    const result = price(items, { shippingMethods: [method({ code: "UPS", name: "UPS", amount: 1234 })] });
    expect(orderLevel(result)).toEqual([
      { type: "shipping", label: "UPS", amount: 1234, neutral: false, originCode: "UPS" },
    ]);
    expect(result.itemsTotal).toBe(4500);
    expect(result.adjustmentsTotal).toBe(1234);
    expect(result.total).toBe(5734);
  });

  it("charges a per-unit rate × the number of units", () => {
    const result = price(items, {
      shippingMethods: [method({ calculator: "per_unit_rate", amount: 250 })],
    });
    expect(shipping(result).map((a) => a.amount)).toEqual([1750]); // 7 units
    expect(result.total).toBe(4500 + 1750);
  });

  it.each([
    ["no item needs shipping: no shipping adjustment", [false, false], []],
    ["one item needs shipping: its units alone are charged per unit", [true, false], [500]],
    ["the other one", [false, true], [1250]],
    ["both (the default)", [true, true], [1750]],
  ])("%s", (_, [first, second], expected) => {
    const shippedItems: ItemSpec[] = [
      { ...items[0]!, shipped: first },
      { ...items[1]!, shipped: second },
    ];
    const result = price(shippedItems, { shippingMethods: [method({ calculator: "per_unit_rate", amount: 250 })] });
    expect(shipping(result).map((a) => a.amount)).toEqual(expected);
    expect(result.total).toBe(4500 + expected.reduce((sum, a) => sum + a, 0));
  });

  it("checks a method's category requirement against the items that need shipping only", () => {
    // match_all on "default": the bulky item needs no shipping, so it does not break the requirement.
    const allDefault = method({ code: "ALL", categoryCode: "default", categoryRequirement: "match_all" });
    const result = price([items[0]!, { ...items[1]!, shipped: false }], { shippingMethods: [allDefault] });
    expect(shipping(result).map((a) => a.originCode)).toEqual(["ALL"]);
  });

  it("keeps a zero charge as the record of the chosen method", () => {
    const result = price(items, { shippingMethods: [method({ code: "FREE", amount: 0 })] });
    expect(shipping(result)).toEqual([
      { type: "shipping", label: "Ship", amount: 0, neutral: false, originCode: "FREE" },
    ]);
  });

  it.each([
    [
      "lowest position first",
      [method({ id: 1, code: "B", position: 2 }), method({ id: 2, code: "A", position: 1 })],
      "A",
    ],
    [
      "ties by lower id",
      [method({ id: 7, code: "B", position: 1 }), method({ id: 3, code: "A", position: 1 })],
      "A",
    ],
    [
      "skips disabled methods",
      [method({ id: 1, code: "OFF", enabled: false }), method({ id: 2, code: "ON", position: 5 })],
      "ON",
    ],
    [
      "skips methods of other channels",
      [method({ id: 1, code: "OTHER", channelCodes: ["MOBILE"] }), method({ id: 2, code: "MINE", position: 9 })],
      "MINE",
    ],
    [
      "skips methods of other zones than the channel's tax zone",
      [method({ id: 1, code: "US", zoneCode: "US" }), method({ id: 2, code: "EU", position: 3 })],
      "EU",
    ],
    [
      "skips methods without configuration for the channel",
      [
        method({ id: 1, code: "NOCONF", configuration: { MOBILE: { amount: 1 } } }),
        method({ id: 2, code: "CONF", position: 1 }),
      ],
      "CONF",
    ],
    [
      "skips methods with an unusable amount",
      [
        method({ id: 1, code: "NEG", configuration: { [CH]: { amount: -5 } } }),
        method({ id: 2, code: "FRACTION", configuration: { [CH]: { amount: 1.5 } } }),
        method({ id: 3, code: "OK", position: 1 }),
      ],
      "OK",
    ],
  ])("%s", (_name, methods, expected) => {
    const result = price(items, { shippingMethods: methods });
    expect(shipping(result).map((a) => a.originCode)).toEqual([expected]);
  });

  it("takes a method of any zone when the channel has no tax zone", () => {
    const result = price(items, {
      taxZone: null,
      shippingMethods: [method({ id: 1, code: "US", zoneCode: "US" })],
    });
    expect(shipping(result).map((a) => a.originCode)).toEqual(["US"]);
  });

  it("adds nothing when the only method is in another zone", () => {
    const result = price(items, { shippingMethods: [method({ zoneCode: "US" })] });
    expect(result.adjustments).toEqual([]);
  });
});

describe("category requirement", () => {
  const cases: [string, ItemSpec[], boolean][] = [];
  const mixed: ItemSpec[] = [
    { id: 1, price: 100, qty: 1, ship: "default" },
    { id: 2, price: 100, qty: 1, ship: "bulky" },
  ];
  const allDefault: ItemSpec[] = [
    { id: 1, price: 100, qty: 1, ship: "default" },
    { id: 2, price: 100, qty: 3, ship: "default" },
  ];
  const noneDefault: ItemSpec[] = [
    { id: 1, price: 100, qty: 1, ship: "bulky" },
    { id: 2, price: 100, qty: 1, ship: null },
  ];
  cases.push(
    ["match_any", mixed, true],
    ["match_any", allDefault, true],
    ["match_any", noneDefault, false],
    ["match_all", mixed, false],
    ["match_all", allDefault, true],
    ["match_all", noneDefault, false],
    ["match_none", mixed, false],
    ["match_none", allDefault, false],
    ["match_none", noneDefault, true],
  );
  it.each(cases)("%s over %j → available: %s", (requirement, cartItems, available) => {
    const result = price(cartItems, {
      shippingMethods: [
        method({
          code: "CAT",
          categoryCode: "default",
          categoryRequirement: requirement as "match_any" | "match_all" | "match_none",
        }),
      ],
    });
    expect(shipping(result).map((a) => a.originCode)).toEqual(available ? ["CAT"] : []);
  });

  it("falls through to the next method when the first's requirement fails", () => {
    const result = price(noneDefault, {
      shippingMethods: [
        method({ id: 1, code: "CAT", position: 0, categoryCode: "default", categoryRequirement: "match_all" }),
        method({ id: 2, code: "ANY", position: 1, categoryCode: null }),
      ],
    });
    expect(shipping(result).map((a) => a.originCode)).toEqual(["ANY"]);
  });
});

describe("shipping taxes are in taxes.test.ts; here: no zone means no shipping tax", () => {
  it("does not tax shipping when the channel has no zone", () => {
    const result = price(items, {
      taxZone: null,
      shippingMethods: [method({ taxCategoryCode: "standard", amount: 1000 })],
      taxRates: [rate({ zoneCode: ZONE })],
    });
    expect(orderLevel(result).map((a) => a.type)).toEqual(["shipping"]);
    expect(result.total).toBe(5500);
  });
});
