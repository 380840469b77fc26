/**
 * The rules and unit filters that read more than the cart (Sylius 1.8's
 * HasTaxonRuleChecker, TotalOfItemsFromTaxonRuleChecker, NthOrderRuleChecker,
 * ShippingCountryRuleChecker, CustomerGroupRuleChecker; TaxonFilter,
 * ProductFilter, PriceRangeFilter), table by table, through `price()` (which
 * checks the invariants of every result); which facts a channel's promotions
 * need; and how stored configurations are read.
 */
import { describe, expect, it } from "vitest";
import {
  promotionFactNeeds,
  readStoredAction,
  readStoredRule,
  type PricedCart,
  type PromotionAction,
  type PromotionFacts,
  type PromotionPart,
  type PromotionRule,
} from "../../../../src/domain/pricing";
import { needsMore } from "../../../../src/domain/pricing/facts";
import { promotionActionSchema, promotionRuleSchema } from "../../../../src/domain/promotion-config";
import { CH, orderFixed, price, promo, type ItemSpec } from "../../../fixtures/domain/pricing";

/** Two products: P1 (10.00 × 2) in mugs, P2 (25.00 × 1) in caps and books. */
const ITEMS: ItemSpec[] = [
  { id: 1, price: 1000, qty: 2, product: "P1" },
  { id: 2, price: 2500, qty: 1, product: "P2" },
];
const TAXONS = { P1: ["mugs"], P2: ["caps", "books"] };

/** The order discount a promotion of `rule` (1.00 off) gives the cart: 100 when it applies, 0 when not. */
function discountWith(rule: PromotionRule, facts: PromotionFacts = {}, shippingCountry?: string | null): number {
  const result = price(ITEMS, { promotions: [promo({ rules: [rule], actions: [orderFixed(100)] })], facts, shippingCountry });
  return 0 - promotionTotal(result, "order_promotion");
}

function promotionTotal(result: PricedCart, type: string): number {
  return result.items.flatMap((i) => i.units.flatMap((u) => u.adjustments)).filter((a) => a.type === type).reduce((s, a) => s + a.amount, 0);
}

/** Per item, the unit discounts of a unit action. */
function unitDiscounts(action: PromotionAction, facts: PromotionFacts = { productTaxons: TAXONS }): number[][] {
  const result = price(ITEMS, { promotions: [promo({ actions: [action] })], facts });
  return result.items.map((item) => item.units.map((u) => 0 - u.adjustments.filter((a) => a.type === "order_item_promotion").reduce((s, a) => s + a.amount, 0)));
}

describe("has_taxon {taxons}", () => {
  it.each<[string, string[], PromotionFacts, number]>([
    ["an item's product in one of the taxons", ["books"], { productTaxons: TAXONS }, 100],
    ["several taxons, one matches", ["shoes", "mugs"], { productTaxons: TAXONS }, 100],
    ["no product in any", ["shoes"], { productTaxons: TAXONS }, 0],
    ["no taxons configured", [], { productTaxons: TAXONS }, 0],
    ["the products' taxons not loaded", ["mugs"], {}, 0],
    ["a product without taxons", ["mugs"], { productTaxons: { P2: ["caps"] } }, 0],
  ])("%s", (_name, taxons, facts, expected) => {
    expect(discountWith({ type: "has_taxon", configuration: { taxons } }, facts)).toBe(expected);
  });
});

describe("total_of_items_from_taxon {CHANNEL: {taxon, amount}}", () => {
  const rule = (taxon: string, amount: number, channel = CH): PromotionRule => ({
    type: "total_of_items_from_taxon",
    configuration: { [channel]: { taxon, amount } },
  });
  it.each<[string, PromotionRule, number]>([
    ["the taxon's items total exactly the amount (2 × 10.00)", rule("mugs", 2000), 100],
    ["one minor unit more is not reached", rule("mugs", 2001), 0],
    ["another taxon's items (25.00)", rule("books", 2500), 100],
    ["items of other taxons do not count", rule("caps", 2501), 0],
    ["amount 0 with an item in the taxon", rule("mugs", 0), 100],
    ["no entry for the cart's channel", rule("mugs", 1, "MOBILE"), 0],
  ])("%s", (_name, r, expected) => {
    expect(discountWith(r, { productTaxons: TAXONS })).toBe(expected);
  });
});

describe("nth_order {nth}", () => {
  it.each<[string, number, number | undefined, number]>([
    ["a first order (no placed order)", 1, 0, 100],
    ["the third order after two", 3, 2, 100],
    ["the second order after two", 2, 2, 0],
    ["nth 0 never holds", 0, 0, 0],
    ["placed orders not loaded", 1, undefined, 0],
  ])("%s", (_name, nth, placed, expected) => {
    expect(discountWith({ type: "nth_order", configuration: { nth } }, placed === undefined ? {} : { placedOrders: placed })).toBe(expected);
  });
});

describe("shipping_country {country}", () => {
  it.each<[string, string | null | undefined, number]>([
    ["shipped to the country", "PL", 100],
    ["shipped elsewhere", "DE", 0],
    ["not addressed yet", null, 0],
    ["no checkout at all", undefined, 0],
  ])("%s", (_name, country, expected) => {
    expect(discountWith({ type: "shipping_country", configuration: { country: "PL" } }, {}, country)).toBe(expected);
  });
});

describe("customer_group {group_code}", () => {
  it.each<[string, PromotionFacts, number]>([
    ["the customer in the group", { customerGroupCode: "vip" }, 100],
    ["in another group", { customerGroupCode: "retail" }, 0],
    ["in none", { customerGroupCode: null }, 0],
    ["the group not loaded", {}, 0],
  ])("%s", (_name, facts, expected) => {
    expect(discountWith({ type: "customer_group", configuration: { group_code: "vip" } }, facts)).toBe(expected);
  });
});

describe("unit discounts' filters", () => {
  const fixed = (filters: unknown): PromotionAction => promotionActionSchema.parse({ type: "unit_fixed_discount", configuration: { [CH]: { amount: 300, filters } } });
  const percent = (filters: unknown): PromotionAction =>
    promotionActionSchema.parse({ type: "unit_percentage_discount", configuration: { [CH]: { percentage: 0.1, filters } } });
  it.each<[string, PromotionAction, number[][]]>([
    ["no filters: every unit", fixed({}), [[300, 300], [300]]],
    ["taxons_filter: P2 (books)", fixed({ taxons_filter: { taxons: ["books"] } }), [[0, 0], [300]]],
    ["taxons_filter empty: every unit", fixed({ taxons_filter: { taxons: [] } }), [[300, 300], [300]]],
    ["products_filter: P1", fixed({ products_filter: { products: ["P1"] } }), [[300, 300], [0]]],
    ["price_range_filter min 20.00", fixed({ price_range_filter: { min: 2000 } }), [[0, 0], [300]]],
    ["price_range_filter 10.00..10.00 (both bounds inclusive)", fixed({ price_range_filter: { min: 1000, max: 1000 } }), [[300, 300], [0]]],
    ["price_range_filter without min: no filter (Sylius)", fixed({ price_range_filter: { max: 1 } }), [[300, 300], [300]]],
    ["all three: an item must pass each", fixed({ price_range_filter: { min: 1 }, taxons_filter: { taxons: ["mugs"] }, products_filter: { products: ["P2"] } }), [[0, 0], [0]]],
    ["percentage, taxons_filter mugs", percent({ taxons_filter: { taxons: ["mugs"] } }), [[100, 100], [0]]],
    ["percentage, price range 20.00..30.00", percent({ price_range_filter: { min: 2000, max: 3000 } }), [[0, 0], [250]]],
  ])("%s", (_name, action, expected) => {
    expect(unitDiscounts(action)).toEqual(expected);
  });

  it("a taxon filter keeps no item when the taxons were not loaded", () => {
    expect(unitDiscounts(fixed({ taxons_filter: { taxons: ["mugs"] } }), {})).toEqual([[0, 0], [0]]);
  });
});

describe("what the channel's promotions need read", () => {
  const part = (type: string, configuration: unknown): PromotionPart => ({ type, configuration });
  it.each<[string, PromotionPart[], PromotionPart[], ReturnType<typeof promotionFactNeeds>]>([
    ["nothing for the cart-only rules", [part("cart_quantity", { count: 1 }), part("item_total", { [CH]: { amount: 1 } })], [part("unit_fixed_discount", { [CH]: { amount: 1 } })], { productTaxons: false, customerGroup: false, placedOrders: false }],
    ["taxons for has_taxon", [part("has_taxon", { taxons: ["a"] })], [], { productTaxons: true, customerGroup: false, placedOrders: false }],
    ["taxons for total_of_items_from_taxon", [part("total_of_items_from_taxon", { [CH]: { taxon: "a", amount: 1 } })], [], { productTaxons: true, customerGroup: false, placedOrders: false }],
    ["the group for customer_group", [part("customer_group", { group_code: "vip" })], [], { productTaxons: false, customerGroup: true, placedOrders: false }],
    ["placed orders for nth_order", [part("nth_order", { nth: 2 })], [], { productTaxons: false, customerGroup: false, placedOrders: true }],
    ["nothing for shipping_country (the checkout row has it)", [part("shipping_country", { country: "PL" })], [], { productTaxons: false, customerGroup: false, placedOrders: false }],
    ["taxons for a unit action's non-empty taxons filter", [], [part("unit_percentage_discount", { [CH]: { percentage: 0.1, filters: { taxons_filter: { taxons: ["a"] } } } })], { productTaxons: true, customerGroup: false, placedOrders: false }],
    ["not for an empty one", [], [part("unit_fixed_discount", { [CH]: { amount: 1, filters: { taxons_filter: { taxons: [] }, products_filter: { products: ["P"] } } } })], { productTaxons: false, customerGroup: false, placedOrders: false }],
  ])("%s", (_name, rules, actions, expected) => {
    expect(promotionFactNeeds(rules, actions)).toEqual(expected);
  });

  it("tells when the facts read for old promotions miss what new ones need", () => {
    const none = { productTaxons: false, customerGroup: false, placedOrders: false };
    expect(needsMore({ ...none, customerGroup: true }, none)).toBe(true);
    expect(needsMore(none, { ...none, customerGroup: true })).toBe(false);
    expect(needsMore({ ...none, placedOrders: true }, { ...none, placedOrders: true })).toBe(false);
  });
});

describe("stored configurations", () => {
  it.each<[string, PromotionPart, unknown]>([
    ["has_taxon, Sylius' comma-separated input", { type: "has_taxon", configuration: { taxons: "mugs, caps" } }, { type: "has_taxon", configuration: { taxons: ["mugs", "caps"] } }],
    ["has_taxon without taxons never holds", { type: "has_taxon", configuration: {} }, null],
    ["nth_order as a digit string", { type: "nth_order", configuration: { nth: "3" } }, { type: "nth_order", configuration: { nth: 3 } }],
    ["nth_order not an integer", { type: "nth_order", configuration: { nth: 1.5 } }, null],
    [
      "total_of_items_from_taxon keeps the readable channels",
      { type: "total_of_items_from_taxon", configuration: { [CH]: { taxon: "mugs", amount: "500" }, MOBILE: { taxon: 5, amount: 1 } } },
      { type: "total_of_items_from_taxon", configuration: { [CH]: { taxon: "mugs", amount: 500 } } },
    ],
    ["customer_group", { type: "customer_group", configuration: { group_code: "vip" } }, { type: "customer_group", configuration: { group_code: "vip" } }],
    ["shipping_country without a country", { type: "shipping_country", configuration: { country: null } }, null],
  ])("rule: %s", (_name, part, expected) => {
    expect(readStoredRule(part)).toEqual(expected);
  });

  it("reads a unit action's filters into Sylius' stored shape", () => {
    expect(
      readStoredAction({ type: "unit_fixed_discount", configuration: { [CH]: { amount: 100, filters: { products_filter: { products: "A,B" }, price_range_filter: { min: "100" } } } } }),
    ).toEqual({
      type: "unit_fixed_discount",
      configuration: { [CH]: { amount: 100, filters: { price_range_filter: { min: 100, max: null }, taxons_filter: { taxons: [] }, products_filter: { products: ["A", "B"] } } } },
    });
  });

  it("is the identity on what the promotions resource stores", () => {
    const rules = [
      { type: "has_taxon", configuration: { taxons: "mugs,caps" } },
      { type: "total_of_items_from_taxon", configuration: { [CH]: { taxon: "mugs", amount: 1200 } } },
      { type: "nth_order", configuration: { nth: 3 } },
      { type: "shipping_country", configuration: { country: "PL" } },
      { type: "customer_group", configuration: { group_code: "vip" } },
    ];
    const actions = [
      { type: "unit_percentage_discount", configuration: { [CH]: { percentage: 0.15, filters: { price_range_filter: { min: 100, max: 1200000 }, taxons_filter: { taxons: "mugs" }, products_filter: { products: "MUG_SW,MUG_LOTR" } } }, MOB: { percentage: 0.2, filters: { products_filter: { products: "MUG_SW" } } } } },
      { type: "unit_fixed_discount", configuration: { [CH]: { amount: 5, filters: {} } } },
    ];
    for (const rule of rules) {
      const stored = promotionRuleSchema.parse(rule);
      expect(readStoredRule(stored)).toEqual(stored);
    }
    for (const action of actions) {
      const stored = promotionActionSchema.parse(action);
      expect(readStoredAction(stored)).toEqual(stored);
    }
    expect(promotionActionSchema.parse(actions[0]).configuration).toEqual({
      [CH]: { percentage: 0.15, filters: { price_range_filter: { min: 100, max: 1200000 }, taxons_filter: { taxons: ["mugs"] }, products_filter: { products: ["MUG_SW", "MUG_LOTR"] } } },
      MOB: { percentage: 0.2, filters: { price_range_filter: [], taxons_filter: { taxons: [] }, products_filter: { products: ["MUG_SW"] } } },
    });
  });
});
