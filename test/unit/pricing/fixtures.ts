/**
 * Builders and assertions shared by the pricing engine's tests.
 * `price()` recalculates, checks the invariants and the general distribution
 * rules, and returns the result: every case goes through it.
 */
import { expect } from "vitest";
import {
  checkInvariants,
  pricingContextFrom,
  recalculate,
  type Adjustment,
  type AdjustmentType,
  type CartSnapshot,
  type ItemSnapshot,
  type PricedCart,
  type PricingContext,
  type Promotion,
  type PromotionAction,
  type PromotionRule,
  type ShippingMethod,
  type StoredPromotion,
  type TaxRate,
} from "../../../src/domain/pricing";

export const CH = "WEB";
export const ZONE = "EU";
export const NOW = "2026-06-01T12:00:00+00:00";

export interface ItemSpec {
  id: number;
  price: number;
  qty: number;
  product?: string;
  tax?: string | null;
  ship?: string | null;
  /** false: the item's units need no shipping. */
  shipped?: boolean;
}

export function snapshotOf(items: ItemSpec[]): CartSnapshot {
  return {
    channelCode: CH,
    currencyCode: "EUR",
    items: items.map(
      (spec): ItemSnapshot => ({
        itemId: spec.id,
        variantCode: `V${spec.id}`,
        productCode: spec.product ?? `P${spec.id}`,
        quantity: spec.qty,
        unitIds: Array.from({ length: spec.qty }, (_, u) => spec.id * 10_000 + u),
        taxCategoryCode: spec.tax === undefined ? null : spec.tax,
        shippingCategoryCode: spec.ship === undefined ? null : spec.ship,
        ...(spec.shipped === undefined ? {} : { shippingRequired: spec.shipped }),
      }),
    ),
  };
}

export interface ContextSpec {
  taxZone?: string | null;
  strategy?: PricingContext["channel"]["taxCalculationStrategy"];
  shippingMethods?: ShippingMethod[];
  promotions?: Promotion[];
  /** Promotions as stored, read by `pricingContextFrom` like the cart object reads them (after `promotions`). */
  storedPromotions?: StoredPromotion[];
  taxRates?: TaxRate[];
  now?: string;
}

export function contextOf(items: ItemSpec[], spec: ContextSpec = {}): PricingContext {
  const context: PricingContext = {
    now: spec.now ?? NOW,
    channel: {
      code: CH,
      taxZoneCode: spec.taxZone === undefined ? ZONE : spec.taxZone,
      taxCalculationStrategy: spec.strategy ?? "order_items_based",
    },
    prices: Object.fromEntries(items.map((i) => [`V${i.id}`, i.price])),
    shippingMethods: spec.shippingMethods ?? [],
    promotions: spec.promotions ?? [],
    taxRates: spec.taxRates ?? [],
  };
  if (spec.storedPromotions === undefined) return context;
  const read = pricingContextFrom({ ...context, promotions: spec.storedPromotions }, context.now, context.prices);
  return { ...read, promotions: [...context.promotions, ...read.promotions] };
}

export function method(over: Partial<ShippingMethod> & { amount?: number }): ShippingMethod {
  const { amount, ...rest } = over;
  return {
    id: 1,
    code: "SHIP",
    name: "Ship",
    position: 0,
    enabled: true,
    zoneCode: ZONE,
    channelCodes: [CH],
    calculator: "flat_rate",
    configuration: { [CH]: { amount: amount ?? 1000 } },
    categoryCode: null,
    categoryRequirement: "match_any",
    taxCategoryCode: null,
    ...rest,
  };
}

const promotionDefaults = (id: number, code?: string, name?: string) => ({
  id,
  code: code ?? `PROMO${id}`,
  name: name ?? `Promo ${id}`,
  priority: 0,
  exclusive: false,
  usageLimit: null,
  used: 0,
  startsAt: null,
  endsAt: null,
  channelCodes: [CH],
  rules: [],
  actions: [],
});

export function promo(over: Partial<Promotion>): Promotion {
  return { ...promotionDefaults(over.id ?? 1, over.code, over.name), ...over };
}

/** A promotion as stored: rules and actions are `type` + raw JSON configuration. */
export function storedPromo(over: Partial<StoredPromotion>): StoredPromotion {
  return { ...promotionDefaults(over.id ?? 1, over.code, over.name), ...over };
}

export function rate(over: Partial<TaxRate>): TaxRate {
  return {
    code: "VAT",
    name: "VAT",
    amount: "0.23",
    includedInPrice: false,
    categoryCode: "standard",
    zoneCode: ZONE,
    ...over,
  };
}

export const orderFixed = (amount: number): PromotionAction => ({
  type: "order_fixed_discount",
  configuration: { [CH]: { amount } },
});
export const orderPercent = (percentage: number): PromotionAction => ({
  type: "order_percentage_discount",
  configuration: { percentage },
});
export const unitFixed = (amount: number): PromotionAction => ({
  type: "unit_fixed_discount",
  configuration: { [CH]: { amount } },
});
export const unitPercent = (percentage: number): PromotionAction => ({
  type: "unit_percentage_discount",
  configuration: { [CH]: { percentage } },
});
export const shippingPercent = (percentage: number): PromotionAction => ({
  type: "shipping_percentage_discount",
  configuration: { percentage },
});
export const cartQuantity = (count: number): PromotionRule => ({ type: "cart_quantity", configuration: { count } });
export const itemTotalRule = (amount: number): PromotionRule => ({
  type: "item_total",
  configuration: { [CH]: { amount } },
});
export const containsProduct = (code: string): PromotionRule => ({
  type: "contains_product",
  configuration: { product_code: code },
});

/**
 * General rules every recalculation must satisfy: the invariants; no unit
 * total below 0; within an item, the amounts one source (type + origin) gives
 * its units differ by at most one minor unit; every item/unit present.
 */
export function assertWellFormed(snapshot: CartSnapshot, result: PricedCart): void {
  expect(checkInvariants(result)).toEqual([]);
  expect(result.total).toBeGreaterThanOrEqual(0);
  expect(result.items.map((i) => i.itemId)).toEqual(snapshot.items.map((i) => i.itemId));
  result.items.forEach((item, index) => {
    expect(item.units.map((u) => u.unitId)).toEqual(snapshot.items[index]?.unitIds);
    for (const unit of item.units) expect(unit.total).toBeGreaterThanOrEqual(0);
    const sources = new Set(item.units.flatMap((u) => u.adjustments.map((a) => `${a.type}|${a.originCode}`)));
    for (const source of sources) {
      const amounts = item.units.map((u) =>
        u.adjustments
          .filter((a) => `${a.type}|${a.originCode}` === source)
          .reduce((s, a) => s + a.amount, 0),
      );
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    }
  });
}

export function price(items: ItemSpec[], spec: ContextSpec = {}): PricedCart {
  const snapshot = snapshotOf(items);
  const result = recalculate(snapshot, contextOf(items, spec));
  assertWellFormed(snapshot, result);
  return result;
}

type Filter = { type?: AdjustmentType; origin?: string };
const matches = (a: Adjustment, f: Filter) =>
  (f.type === undefined || a.type === f.type) && (f.origin === undefined || a.originCode === f.origin);

/** Per unit of an item: the sum of the matching adjustments' amounts (0 when none). */
export function unitAmounts(result: PricedCart, itemId: number, f: Filter): number[] {
  const item = result.items.find((i) => i.itemId === itemId);
  if (!item) throw new Error(`no item ${itemId}`);
  return item.units.map((u) => u.adjustments.filter((a) => matches(a, f)).reduce((s, a) => s + a.amount, 0));
}

/** Sum of the matching unit adjustments over the whole cart. */
export function unitsSum(result: PricedCart, f: Filter): number {
  return result.items
    .flatMap((i) => i.units.flatMap((u) => u.adjustments))
    .filter((a) => matches(a, f))
    .reduce((s, a) => s + a.amount, 0);
}

export function orderLevel(result: PricedCart): Pick<Adjustment, "type" | "label" | "amount" | "neutral" | "originCode">[] {
  return result.adjustments.map(({ type, label, amount, neutral, originCode }) => ({
    type,
    label,
    amount,
    neutral,
    originCode,
  }));
}

export const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
