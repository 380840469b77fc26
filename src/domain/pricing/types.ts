/**
 * Types of the pure cart recalculation engine.
 *
 * Money is always an integer number of minor units (a JS safe integer).
 * Decimal fractions (tax rates, percentages) are parsed into exact rationals
 * by ./decimal.ts; no float ever touches an amount.
 *
 * The engine takes a {@link CartSnapshot} (what is in the cart) and a
 * {@link PricingContext} (everything the prices depend on, already loaded by
 * the caller) and returns a {@link PricedCart}. It never mutates its inputs,
 * never reads a clock (the caller passes `now`) and assigns no ids.
 */
import type { PromotionAction, PromotionRule } from "../promotion-config";
import type { StoredShippingRule } from "./shipping-rules";

export type { PromotionAction, PromotionRule };

/** Integer amount in minor units of the cart's currency. */
export type Money = number;

export interface ItemSnapshot {
  readonly itemId: number;
  readonly variantCode: string;
  readonly productCode: string;
  /** 1..9999; must equal `unitIds.length`. */
  readonly quantity: number;
  /** Ids of the item's units, oldest first (the order of the output units). */
  readonly unitIds: readonly number[];
  readonly taxCategoryCode: string | null;
  readonly shippingCategoryCode: string | null;
  /** Whether the item's units need shipping; absent means they do (the variant default). */
  readonly shippingRequired?: boolean;
  /** A unit's weight (the variant's); absent or null weighs 0 (shipping rules on the total weight). */
  readonly weight?: number | null;
}

export interface CartSnapshot {
  readonly channelCode: string;
  readonly currencyCode: string;
  /** In the cart's stable item order (the order of the output items). */
  readonly items: readonly ItemSnapshot[];
}

export type TaxCalculationStrategy = "order_items_based" | "order_item_units_based";

export interface PricingChannel {
  readonly code: string;
  /** The channel's default tax zone; null: no taxes, shipping methods of any zone. */
  readonly taxZoneCode: string | null;
  readonly taxCalculationStrategy: TaxCalculationStrategy;
}

export type ShippingCalculator = "flat_rate" | "per_unit_rate";
export type CategoryRequirement = "match_any" | "match_all" | "match_none";

export interface ShippingMethod {
  readonly id: number;
  readonly code: string;
  /** Display name (in the cart's locale); the shipping adjustment's label. */
  readonly name: string;
  readonly position: number;
  readonly enabled: boolean;
  readonly zoneCode: string;
  readonly channelCodes: readonly string[];
  readonly calculator: ShippingCalculator;
  /** `{CHANNEL_CODE: {amount}}`, amount in minor units. */
  readonly configuration: Readonly<Record<string, { readonly amount: number }>>;
  readonly categoryCode: string | null;
  readonly categoryRequirement: CategoryRequirement;
  readonly taxCategoryCode: string | null;
  /** Its rules as stored (./shipping-rules.ts reads them): all must hold for the method to be eligible; absent: none. */
  readonly rules?: readonly StoredShippingRule[];
}

/**
 * A promotion rule or action as stored: `type` plus its JSON configuration.
 * The engine never reads these: {@link pricingContextFrom} reads them once
 * into {@link PromotionRule} / {@link PromotionAction} values.
 */
export interface PromotionPart {
  readonly type: string;
  readonly configuration: unknown;
}

export interface Promotion {
  readonly id: number;
  readonly code: string;
  /** The adjustments' label. */
  readonly name: string;
  readonly priority: number;
  readonly exclusive: boolean;
  readonly usageLimit: number | null;
  readonly used: number;
  /** ISO 8601; null: no bound. Both bounds are inclusive. */
  readonly startsAt: string | null;
  readonly endsAt: string | null;
  readonly channelCodes: readonly string[];
  readonly rules: readonly PromotionRule[];
  readonly actions: readonly PromotionAction[];
  /** Applies only to a cart carrying one of its coupons ({@link CheckoutPricing.couponPromotionId}). */
  readonly couponBased?: boolean;
}

/** A promotion as loaded from storage, its rules and actions not read yet. */
export interface StoredPromotion extends Omit<Promotion, "rules" | "actions"> {
  readonly rules: readonly PromotionPart[];
  readonly actions: readonly PromotionPart[];
}

export interface TaxRate {
  readonly code: string;
  readonly name: string;
  /** Decimal fraction as an exact string, e.g. "0.23". */
  readonly amount: string;
  readonly includedInPrice: boolean;
  readonly categoryCode: string;
  readonly zoneCode: string;
}

/**
 * What the checkout adds to a cart's pricing: the shipping
 * address's zones, the chosen shipping method, the promotion of the cart's
 * coupon. Absent: a cart before checkout, priced as any cart.
 */
export interface CheckoutPricing {
  /** Codes of the zones containing the shipping address's country; null before addressing. */
  readonly shippingZoneCodes: readonly string[] | null;
  /** The shipment's method, kept while it is still eligible (Sylius OrderShipmentProcessor). */
  readonly shippingMethodCode: string | null;
  /** The promotion whose (valid) coupon the cart carries: the only coupon-based promotion that may apply. */
  readonly couponPromotionId: number | null;
  /** The shipping address's country (the `shipping_country` rule); absent or null before addressing. */
  readonly shippingCountryCode?: string | null;
}

/**
 * What some promotion rules and filters read besides the cart: loaded only
 * when the channel's promotions use them ({@link promotionFactNeeds}); a fact
 * that is absent makes the rules that read it not hold (and a taxon filter
 * keep no item).
 */
export interface PromotionFacts {
  /** Product code → the codes of the product's taxons (`has_taxon`, `total_of_items_from_taxon`, `taxons_filter`). */
  readonly productTaxons?: Readonly<Record<string, readonly string[]>>;
  /** The code of the cart customer's group, null when in none (`customer_group`). */
  readonly customerGroupCode?: string | null;
  /** How many orders the cart's customer has placed and not cancelled (`nth_order`). */
  readonly placedOrders?: number;
}

export interface PricingContext {
  /** The checkout's part of the pricing (see {@link CheckoutPricing}). */
  readonly checkout?: CheckoutPricing;
  /** What the promotions' rules and filters read besides the cart (see {@link PromotionFacts}). */
  readonly facts?: PromotionFacts;
  /** ISO 8601 instant the promotions' date windows are checked against. */
  readonly now: string;
  readonly channel: PricingChannel;
  /** Variant code → price in minor units in this channel (every cart variant must have one). */
  readonly prices: Readonly<Record<string, Money>>;
  readonly shippingMethods: readonly ShippingMethod[];
  readonly promotions: readonly Promotion[];
  /** In precedence order: the first matching rate of the zone and category applies. */
  readonly taxRates: readonly TaxRate[];
}

/**
 * The pricing context of a channel as loaded, without what varies per change
 * (the prices and the clock); promotions still as stored.
 * {@link pricingContextFrom} turns it into a {@link PricingContext}.
 */
export interface PricingSetup extends Omit<PricingContext, "prices" | "now" | "promotions"> {
  readonly promotions: readonly StoredPromotion[];
}

export type AdjustmentType =
  | "order_promotion"
  | "order_item_promotion"
  | "order_shipping_promotion"
  | "shipping"
  | "tax";

export interface Adjustment {
  type: AdjustmentType;
  label: string;
  /** Signed integer minor units (discounts are negative). */
  amount: Money;
  /** A neutral adjustment (tax included in price) does not change totals. */
  neutral: boolean;
  /** What produced it: promotion code, shipping method code or tax rate code. */
  originCode: string;
}

export interface PricedUnit {
  unitId: number;
  adjustments: Adjustment[];
  /** Sum of the non-neutral adjustments. */
  adjustmentsTotal: Money;
  /** Unit price + adjustmentsTotal. */
  total: Money;
}

export interface PricedItem {
  itemId: number;
  quantity: number;
  unitPrice: Money;
  units: PricedUnit[];
  /** Sum of the unit totals. */
  unitsTotal: Money;
  /** Item-level adjustments (the pipeline currently produces none). */
  adjustments: Adjustment[];
  adjustmentsTotal: Money;
  /** unitsTotal + adjustmentsTotal. */
  total: Money;
}

export interface PricedCart {
  items: PricedItem[];
  /** Order-level adjustments: shipping, shipping promotions, shipping tax. */
  adjustments: Adjustment[];
  /** Sum of the item totals. */
  itemsTotal: Money;
  /** Sum of the non-neutral order-level adjustments. */
  adjustmentsTotal: Money;
  /** max(0, itemsTotal + adjustmentsTotal). */
  total: Money;
}
