/**
 * Inputs for measuring the recalculation on its own (`npm run bench`):
 * a large cart with an active promotion, a tax rate and a shipping method.
 * Deterministic; no I/O.
 */
import type { CartSnapshot, ItemSnapshot, PricingContext } from "./types";

export interface BenchFixture {
  snapshot: CartSnapshot;
  context: PricingContext;
}

export interface BenchOptions {
  /** Distinct items (default 500, the cart maximum). */
  items?: number;
  /** Quantity of item i (default: 1 + i % 5). */
  quantity?: (index: number) => number;
  taxCalculationStrategy?: PricingContext["channel"]["taxCalculationStrategy"];
}

const CHANNEL = "BENCH_WEB";
const ZONE = "BENCH_ZONE";

export function buildBenchFixture(options: BenchOptions = {}): BenchFixture {
  const count = options.items ?? 500;
  const quantityOf = options.quantity ?? ((i: number) => 1 + (i % 5));
  const prices: Record<string, number> = {};
  const items: ItemSnapshot[] = [];
  let unitId = 1;
  for (let i = 0; i < count; i += 1) {
    const variantCode = `BENCH_VARIANT_${i}`;
    prices[variantCode] = 199 + ((i * 7919) % 100_000);
    const quantity = quantityOf(i);
    const unitIds = Array.from({ length: quantity }, () => unitId++);
    items.push({
      itemId: i + 1,
      variantCode,
      productCode: `BENCH_PRODUCT_${i % 50}`,
      quantity,
      unitIds,
      taxCategoryCode: i % 10 === 0 ? "reduced" : "standard",
      shippingCategoryCode: "default",
    });
  }
  const context: PricingContext = {
    now: "2026-06-01T12:00:00+00:00",
    channel: {
      code: CHANNEL,
      taxZoneCode: ZONE,
      taxCalculationStrategy: options.taxCalculationStrategy ?? "order_items_based",
    },
    prices,
    shippingMethods: [
      {
        id: 2,
        code: "BENCH_EXPRESS",
        name: "Express",
        position: 1,
        enabled: true,
        zoneCode: ZONE,
        channelCodes: [CHANNEL],
        calculator: "per_unit_rate",
        configuration: { [CHANNEL]: { amount: 150 } },
        categoryCode: "default",
        categoryRequirement: "match_all",
        taxCategoryCode: "standard",
      },
      {
        id: 1,
        code: "BENCH_UPS",
        name: "UPS",
        position: 0,
        enabled: true,
        zoneCode: ZONE,
        channelCodes: [CHANNEL],
        calculator: "flat_rate",
        configuration: { [CHANNEL]: { amount: 1_500 } },
        categoryCode: "default",
        categoryRequirement: "match_any",
        taxCategoryCode: "standard",
      },
    ],
    promotions: [
      {
        id: 1,
        code: "BENCH_TEN_PERCENT",
        name: "Ten percent off",
        priority: 2,
        exclusive: false,
        usageLimit: null,
        used: 0,
        startsAt: "2026-01-01T00:00:00+00:00",
        endsAt: null,
        channelCodes: [CHANNEL],
        rules: [{ type: "cart_quantity", configuration: { count: 3 } }],
        actions: [{ type: "order_percentage_discount", configuration: { percentage: 0.1 } }],
      },
      {
        id: 2,
        code: "BENCH_UNIT_OFF",
        name: "One off each",
        priority: 1,
        exclusive: false,
        usageLimit: 1_000,
        used: 10,
        startsAt: null,
        endsAt: null,
        channelCodes: [CHANNEL],
        rules: [{ type: "item_total", configuration: { [CHANNEL]: { amount: 10_000 } } }],
        actions: [
          { type: "unit_fixed_discount", configuration: { [CHANNEL]: { amount: 100 } } },
          { type: "shipping_percentage_discount", configuration: { percentage: 0.5 } },
        ],
      },
    ],
    taxRates: [
      {
        code: "BENCH_VAT",
        name: "VAT",
        amount: "0.23",
        includedInPrice: false,
        categoryCode: "standard",
        zoneCode: ZONE,
      },
      {
        code: "BENCH_VAT_REDUCED",
        name: "Reduced VAT",
        amount: "0.085",
        includedInPrice: true,
        categoryCode: "reduced",
        zoneCode: ZONE,
      },
    ],
  };
  return { snapshot: { channelCode: CHANNEL, currencyCode: "USD", items }, context };
}

/** The 500-item cart (the cart maximum), quantities 1..5. */
export function benchLargeCart(): BenchFixture {
  return buildBenchFixture();
}

/** One item with the maximum quantity, 9999 units. */
export function benchLargeQuantity(): BenchFixture {
  return buildBenchFixture({ items: 1, quantity: () => 9999 });
}
