/**
 * Property-based tests: over random carts and configurations, a
 * recalculation is consistent (invariants), never negative, deterministic,
 * leaves its inputs untouched, and every distribution adds up.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkInvariants,
  pricingContextFrom,
  recalculate,
  type CartSnapshot,
  type PricingContext,
  type PromotionPart,
  type ShippingMethod,
  type StoredPromotion,
  type TaxRate,
} from "../../../../src/domain/pricing";
import { assertWellFormed } from "../../../fixtures/domain/pricing";

const CH = "WEB";
const OTHER = "MOBILE";
const ZONE = "EU";
const NOW = "2026-06-01T12:00:00+00:00";

const amount = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 5_000_000 }));
const percentage = fc.oneof(
  fc.constantFrom(0, 0.1, 0.15, 0.25, 0.333, 0.5, 0.99, 1, 1.5, "0.07", "0.125"),
  fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
);
const channelKey = fc.constantFrom(CH, CH, CH, OTHER);
const TAXONS = ["mugs", "caps", "books"];
const date = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom("2025-01-01T00:00:00Z", NOW, "2026-06-01T14:00:00+02:00", "2027-01-01T00:00:00Z") },
);
const channels = fc.oneof({ weight: 5, arbitrary: fc.constant([CH]) }, { weight: 1, arbitrary: fc.subarray([CH, OTHER]) });

const rule: fc.Arbitrary<PromotionPart> = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map((count) => ({ type: "cart_quantity", configuration: { count } })),
  fc.tuple(channelKey, amount).map(([ch, a]) => ({ type: "item_total", configuration: { [ch]: { amount: a } } })),
  fc.constantFrom("P0", "P1", "P2", "P9").map((code) => ({ type: "contains_product", configuration: { product_code: code } })),
  fc.constant({ type: "unknown_rule", configuration: {} }),
  // The rules that read the context's facts.
  fc.subarray(TAXONS).map((taxons) => ({ type: "has_taxon", configuration: { taxons } })),
  fc.tuple(channelKey, fc.constantFrom(...TAXONS), amount).map(([ch, taxon, a]) => ({
    type: "total_of_items_from_taxon",
    configuration: { [ch]: { taxon, amount: a } },
  })),
  fc.integer({ min: 0, max: 4 }).map((nth) => ({ type: "nth_order", configuration: { nth } })),
  fc.constantFrom("PL", "DE").map((country) => ({ type: "shipping_country", configuration: { country } })),
  fc.constantFrom("retail", "vip").map((group) => ({ type: "customer_group", configuration: { group_code: group } })),
);

/** A unit action's filters: any of the three, empty or not (`[]`: no price range). */
const filters = fc.record(
  {
    price_range_filter: fc.oneof(
      fc.constant([]),
      fc.record({ min: fc.option(fc.integer({ min: 0, max: 600_000 })), max: fc.option(fc.integer({ min: 0, max: 1_000_000 })) }),
    ),
    taxons_filter: fc.record({ taxons: fc.subarray(TAXONS) }),
    products_filter: fc.record({ products: fc.subarray(["P0", "P1", "P2", "P9"]) }),
  },
  { requiredKeys: [] },
);
const unitEntry = <T extends object>(entry: fc.Arbitrary<T>) =>
  fc.tuple(entry, fc.option(filters, { freq: 2 })).map(([e, f]) => (f === null ? e : { ...e, filters: f }));

const action: fc.Arbitrary<PromotionPart> = fc.oneof(
  fc.tuple(channelKey, amount).map(([ch, a]) => ({ type: "order_fixed_discount", configuration: { [ch]: { amount: a } } })),
  percentage.map((p) => ({ type: "order_percentage_discount", configuration: { percentage: p } })),
  fc.tuple(channelKey, unitEntry(amount.map((a) => ({ amount: a })))).map(([ch, e]) => ({ type: "unit_fixed_discount", configuration: { [ch]: e } })),
  fc.tuple(channelKey, unitEntry(percentage.map((p) => ({ percentage: p })))).map(([ch, e]) => ({
    type: "unit_percentage_discount",
    configuration: { [ch]: e },
  })),
  percentage.map((p) => ({ type: "shipping_percentage_discount", configuration: { percentage: p } })),
  fc.constant({ type: "order_fixed_discount", configuration: "garbage" }),
);

/** As stored (unknown types, garbage and decimal strings included): read by pricingContextFrom. */
const promotions: fc.Arbitrary<StoredPromotion[]> = fc
  .array(
    fc.record({
      priority: fc.integer({ min: 0, max: 3 }),
      exclusive: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      usageLimit: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 4 }),
      used: fc.integer({ min: 0, max: 3 }),
      startsAt: date,
      endsAt: date,
      channelCodes: channels,
      rules: fc.array(rule, { maxLength: 1 }),
      actions: fc.array(action, { minLength: 1, maxLength: 3 }),
    }),
    { maxLength: 5 },
  )
  .map((list) => list.map((p, i) => ({ ...p, id: i + 1, code: `PR${i + 1}`, name: `Promotion ${i + 1}` })));

const taxRates: fc.Arbitrary<TaxRate[]> = fc
  .array(
    fc.record({
      amount: fc.constantFrom("0", "0.05", "0.085", "0.0825", "0.2", "0.23", "1"),
      includedInPrice: fc.boolean(),
      categoryCode: fc.constantFrom("standard", "standard", "reduced", "reduced", "shipping"),
      zoneCode: fc.constantFrom(ZONE, ZONE, ZONE, "US"),
    }),
    { maxLength: 5 },
  )
  .map((list) => list.map((r, i) => ({ ...r, code: `TR${i}`, name: `Rate ${i}` })));

const shippingMethods: fc.Arbitrary<ShippingMethod[]> = fc
  .array(
    fc.record({
      position: fc.integer({ min: 0, max: 3 }),
      enabled: fc.constantFrom(true, true, true, false),
      zoneCode: fc.constantFrom(ZONE, ZONE, ZONE, "US"),
      channelCodes: channels,
      calculator: fc.constantFrom("flat_rate" as const, "per_unit_rate" as const),
      amount: fc.integer({ min: 0, max: 5000 }),
      categoryCode: fc.constantFrom(null, null, "default", "bulky"),
      categoryRequirement: fc.constantFrom("match_any" as const, "match_all" as const, "match_none" as const),
      taxCategoryCode: fc.constantFrom(null, "standard", "standard", "shipping"),
    }),
    { maxLength: 4 },
  )
  .map((list) =>
    list.map(({ amount: a, ...m }, i) => ({
      ...m,
      id: 10 - i,
      code: `SM${i}`,
      name: `Method ${i}`,
      configuration: { [CH]: { amount: a } },
    })),
  );

const items = fc.array(
  fc.record({
    price: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 1_000_000 })),
    quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 60 })),
    product: fc.constantFrom("P0", "P1", "P2"),
    tax: fc.constantFrom(null, "standard", "standard", "reduced", "reduced", "exotic"),
    ship: fc.constantFrom(null, "default", "bulky"),
  }),
  { maxLength: 8 },
);

const scenario: fc.Arbitrary<{ snapshot: CartSnapshot; context: PricingContext }> = fc
  .record({
    items,
    taxZone: fc.constantFrom(ZONE, ZONE, null),
    strategy: fc.constantFrom("order_items_based" as const, "order_item_units_based" as const),
    promotions,
    taxRates,
    shippingMethods,
    // The facts the new rules and filters read (absent: not loaded).
    productTaxons: fc.option(fc.record({ P0: fc.subarray(TAXONS), P1: fc.subarray(TAXONS), P2: fc.subarray(TAXONS) }, { requiredKeys: [] })),
    group: fc.option(fc.constantFrom("retail", "vip", null)),
    placed: fc.option(fc.integer({ min: 0, max: 4 })),
    country: fc.constantFrom(null, "PL", "DE"),
  })
  .map((s) => {
    let unitId = 1;
    const snapshot: CartSnapshot = {
      channelCode: CH,
      currencyCode: "EUR",
      items: s.items.map((item, i) => ({
        itemId: 100 + i,
        variantCode: `V${i}`,
        productCode: item.product,
        quantity: item.quantity,
        unitIds: Array.from({ length: item.quantity }, () => unitId++),
        taxCategoryCode: item.tax,
        shippingCategoryCode: item.ship,
      })),
    };
    const context: PricingContext = pricingContextFrom(
      {
        channel: { code: CH, taxZoneCode: s.taxZone, taxCalculationStrategy: s.strategy },
        checkout: { shippingZoneCodes: null, shippingMethodCode: null, couponPromotionId: null, shippingCountryCode: s.country },
        facts: {
          ...(s.productTaxons === null ? {} : { productTaxons: s.productTaxons }),
          ...(s.group === null ? {} : { customerGroupCode: s.group }),
          ...(s.placed === null ? {} : { placedOrders: s.placed }),
        },
        shippingMethods: s.shippingMethods,
        promotions: s.promotions,
        taxRates: s.taxRates,
      },
      NOW,
      Object.fromEntries(s.items.map((item, i) => [`V${i}`, item.price])),
    );
    return { snapshot, context };
  });

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

describe("recalculation properties", () => {
  it("is consistent, never negative, and deterministic; never mutates its inputs", () => {
    fc.assert(
      fc.property(scenario, ({ snapshot, context }) => {
        const before = structuredClone({ snapshot, context });
        deepFreeze(snapshot);
        deepFreeze(context);
        // a frozen input throws on any write (modules are strict)
        const result = recalculate(snapshot, context);
        expect({ snapshot, context }).toEqual(before);
        expect(checkInvariants(result)).toEqual([]);
        assertWellFormed(snapshot, result); // unit totals ≥ 0, even splits, ids and order
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(result.itemsTotal).toBeGreaterThanOrEqual(0);
        for (const item of result.items) expect(item.total).toBeGreaterThanOrEqual(0);
        const shipping = result.adjustments
          .filter((a) => a.type === "shipping" || a.type === "order_shipping_promotion")
          .reduce((s, a) => s + a.amount, 0);
        expect(shipping).toBeGreaterThanOrEqual(0);
        expect(recalculate(snapshot, context)).toEqual(result);
      }),
      { numRuns: 400 },
    );
  });

  it("discounts never exceed what they discount, and taxes match their base", () => {
    fc.assert(
      fc.property(scenario, ({ snapshot, context }) => {
        const result = recalculate(snapshot, context);
        result.items.forEach((item) => {
          const discounts = item.units
            .flatMap((u) => u.adjustments)
            .filter((a) => a.type !== "tax")
            .reduce((s, a) => s + a.amount, 0);
          expect(discounts).toBeLessThanOrEqual(0);
          expect(-discounts).toBeLessThanOrEqual(item.unitPrice * item.quantity);
          const rawTax = item.units.flatMap((u) => u.adjustments).filter((a) => a.type === "tax");
          // one rate per item, never negative
          expect(new Set(rawTax.map((a) => a.originCode)).size).toBeLessThanOrEqual(1);
          for (const a of rawTax) expect(a.amount).toBeGreaterThan(0);
        });
        if (context.channel.taxZoneCode === null) {
          expect(result.items.every((i) => i.units.every((u) => u.adjustments.every((a) => a.type !== "tax")))).toBe(true);
          expect(result.adjustments.every((a) => a.type !== "tax")).toBe(true);
        }
        if (snapshot.items.length === 0) expect(result.adjustments).toEqual([]);
        expect(result.adjustments.filter((a) => a.type === "shipping").length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it("applies at most one promotion when an exclusive one applies", () => {
    fc.assert(
      fc.property(scenario, ({ snapshot, context }) => {
        const result = recalculate(snapshot, context);
        const applied = new Set(
          [...result.items.flatMap((i) => i.units.flatMap((u) => u.adjustments)), ...result.adjustments]
            .filter((a) => a.type.endsWith("promotion"))
            .map((a) => a.originCode),
        );
        const exclusiveApplied = [...applied].filter((code) =>
          context.promotions.some((p) => p.code === code && p.exclusive),
        );
        if (exclusiveApplied.length > 0) expect([...applied]).toEqual(exclusiveApplied.slice(0, 1));
      }),
      { numRuns: 300 },
    );
  });
});
