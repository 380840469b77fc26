/**
 * Step 4 of the recalculation: promotions.
 *
 * Candidates: promotions available in the cart's channel, within
 * `startsAt..endsAt` (both inclusive, compared as instants with
 * `context.now`), and with `used < usageLimit` (no limit when null); ordered
 * by `priority` descending, ties by lower `id` first. A promotion applies when
 * all its rules hold (no rules: always). If an exclusive promotion applies,
 * the first such one (in that order) is the ONLY promotion applied; otherwise
 * every applying promotion is applied in order. Rules only read the cart's
 * quantities and unit prices, so whether a promotion applies does not depend
 * on the others (rules read the cart and the context's facts, never other promotions). Actions of a promotion run in their given order, each seeing
 * the totals left by the previous ones.
 *
 * Rules:
 * - `cart_quantity {count}`: number of units ≥ count.
 * - `item_total {CHANNEL: {amount}}`: sum of unit prices ≥ amount.
 * - `contains_product {product_code}`: some item is a variant of that product.
 * - `has_taxon {taxons}`: some item's product is in one of the taxons (the
 *   product's taxons, `context.facts.productTaxons`).
 * - `total_of_items_from_taxon {CHANNEL: {taxon, amount}}`: the unit prices of
 *   the items whose product is in the taxon sum to ≥ amount.
 * - `nth_order {nth}`: the customer has placed nth − 1 orders (not cancelled).
 * - `shipping_country {country}`: the shipping address is in that country.
 * - `customer_group {group_code}`: the customer is in that group.
 *   A fact the context lacks (not loaded) makes its rule not hold.
 * Actions (labels = promotion name, originCode = promotion code):
 * - `order_fixed_discount {CHANNEL: {amount}}` / `order_percentage_discount
 *   {percentage}`: discount = min(amount or round(items total × percentage),
 *   current items total), prorated over items by current item totals (largest
 *   remainder), each item's share split evenly over its units (extra minor
 *   units to the units with the largest current total, i.e. the first units
 *   when they are equal); one `order_promotion` adjustment per unit.
 * - `unit_fixed_discount {CHANNEL: {amount}}` / `unit_percentage_discount
 *   {CHANNEL: {percentage}}`: per unit min(amount or round(unit price ×
 *   percentage), current unit total); `order_item_promotion` adjustments.
 *   The channel entry's `filters` limit the items discounted (Sylius'
 *   PriceRangeFilter, TaxonFilter, ProductFilter, all of them):
 *   `price_range_filter {min, max}` keeps items with min ≤ unit price (≤ max
 *   when set), applying only when min is set; `taxons_filter {taxons}` keeps
 *   items whose product is in one of the taxons; `products_filter
 *   {products}` items of those products; an empty list filters nothing.
 * - `shipping_percentage_discount {percentage}`: min(round(current shipping ×
 *   percentage), current shipping) as an order-level
 *   `order_shipping_promotion` adjustment.
 * Zero amounts produce no adjustment. Amounts are integer minor units,
 * percentages exact decimals. Rules and actions arrive typed: the stored JSON
 * was read once, by ../stored-promotions.ts, which also decides what a rule
 * or an action that cannot be read means. A channel-keyed configuration
 * without an entry for the cart's channel gives nothing.
 */
import { mulRound, tryParseDecimal } from "../decimal";
import {
  addUnitAdjustment,
  itemTotal,
  shippingTotal,
  unitCount,
  type Draft,
  type DraftItem,
} from "../draft";
import { prorate, splitOverUnits } from "../prorate";
import type { StoredFilters } from "../../promotion-config";
import type { ItemSnapshot, Promotion, PromotionAction, PromotionRule } from "../types";

/** The cart channel's entry of a `{CHANNEL_CODE: {...}}` configuration (own keys only). */
function forChannel<T>(configuration: Readonly<Record<string, T>>, channelCode: string): T | undefined {
  return Object.hasOwn(configuration, channelCode) ? configuration[channelCode] : undefined;
}

function parseInstant(value: string, what: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`Pricing: ${what} "${value}" is not a date.`);
  return time;
}

/** Candidates in application order (before rules). Pure. */
export function candidatePromotions(
  promotions: readonly Promotion[],
  channelCode: string,
  now: string,
  couponPromotionId: number | null = null,
): Promotion[] {
  const nowTime = parseInstant(now, "now");
  return promotions
    .filter((promotion) => {
      if (!promotion.channelCodes.includes(channelCode)) return false;
      // A coupon-based promotion needs the cart to carry one of its coupons (Sylius PromotionCouponEligibilityChecker).
      if (promotion.couponBased === true && promotion.id !== couponPromotionId) return false;
      if (promotion.usageLimit !== null && !(promotion.used < promotion.usageLimit)) return false;
      if (
        promotion.startsAt !== null &&
        nowTime < parseInstant(promotion.startsAt, `startsAt of promotion ${promotion.code}`)
      ) {
        return false;
      }
      if (
        promotion.endsAt !== null &&
        nowTime > parseInstant(promotion.endsAt, `endsAt of promotion ${promotion.code}`)
      ) {
        return false;
      }
      return true;
    })
    .sort((a, b) => b.priority - a.priority || a.id - b.id);
}

/** The codes of the item's product's taxons (none when the context has no taxons). */
function taxonsOf(draft: Draft, item: ItemSnapshot): readonly string[] {
  const taxons = draft.context.facts?.productTaxons;
  return taxons !== undefined && Object.hasOwn(taxons, item.productCode) ? (taxons[item.productCode] ?? []) : [];
}

const inSomeTaxon = (draft: Draft, item: ItemSnapshot, codes: readonly string[]): boolean =>
  taxonsOf(draft, item).some((taxon) => codes.includes(taxon));

function ruleHolds(draft: Draft, rule: PromotionRule): boolean {
  switch (rule.type) {
    case "cart_quantity":
      return unitCount(draft) >= rule.configuration.count;
    case "item_total": {
      const entry = forChannel(rule.configuration, draft.channelCode);
      if (entry === undefined) return false;
      let total = 0;
      for (const item of draft.items) total += item.unitPrice * item.units.length;
      return total >= entry.amount;
    }
    case "contains_product": {
      const code = rule.configuration.product_code;
      return draft.items.some((i) => i.snapshot.productCode === code);
    }
    case "has_taxon":
      return draft.items.some((i) => inSomeTaxon(draft, i.snapshot, rule.configuration.taxons));
    case "total_of_items_from_taxon": {
      const entry = forChannel(rule.configuration, draft.channelCode);
      if (entry === undefined) return false;
      let total = 0;
      for (const item of draft.items) if (inSomeTaxon(draft, item.snapshot, [entry.taxon])) total += item.unitPrice * item.units.length;
      return total >= entry.amount;
    }
    case "nth_order": {
      const placed = draft.context.facts?.placedOrders;
      return placed !== undefined && placed === rule.configuration.nth - 1;
    }
    case "shipping_country": {
      const country = draft.context.checkout?.shippingCountryCode ?? null;
      return country !== null && country === rule.configuration.country;
    }
    case "customer_group": {
      const group = draft.context.facts?.customerGroupCode ?? null;
      return group !== null && group === rule.configuration.group_code;
    }
    default:
      return false;
  }
}

export function promotionApplies(draft: Draft, promotion: Promotion): boolean {
  return promotion.rules.every((rule) => ruleHolds(draft, rule));
}

/** The promotions to apply, in order: the first applying exclusive one alone, else all applying. */
export function selectPromotions(draft: Draft): Promotion[] {
  const applying = candidatePromotions(
    draft.context.promotions,
    draft.channelCode,
    draft.context.now,
    draft.context.checkout?.couponPromotionId ?? null,
  ).filter((promotion) => promotionApplies(draft, promotion));
  const exclusive = applying.find((promotion) => promotion.exclusive);
  return exclusive === undefined ? applying : [exclusive];
}

function orderDiscount(draft: Draft, promotion: Promotion, requested: number): void {
  const weights = draft.items.map((item) => Math.max(0, itemTotal(item)));
  let available = 0;
  for (const w of weights) available += w;
  const discount = Math.min(requested, available);
  if (discount <= 0) return;
  const shares = prorate(weights, discount);
  for (const [index, { units }] of draft.items.entries()) {
    const share = shares[index] ?? 0;
    if (share === 0) continue;
    const unitShares = splitOverUnits(share, units.map((unit) => unit.total));
    for (const [u, unit] of units.entries()) {
      const amount = unitShares[u] ?? 0;
      if (amount === 0) continue;
      addUnitAdjustment(unit, {
        type: "order_promotion",
        label: promotion.name,
        amount: -amount,
        neutral: false,
        originCode: promotion.code,
      });
    }
  }
}

/** Whether the entry's filters keep the item (Sylius applies the three one after the other: all must keep it). */
function filtersKeep(draft: Draft, item: DraftItem, filters: StoredFilters | undefined): boolean {
  if (filters === undefined) return true;
  const range = filters.price_range_filter;
  if (!Array.isArray(range) && range.min !== null && range.min !== undefined) {
    if (item.unitPrice < range.min) return false;
    if (range.max !== null && range.max !== undefined && item.unitPrice > range.max) return false;
  }
  const taxons = filters.taxons_filter.taxons;
  if (taxons.length > 0 && !inSomeTaxon(draft, item.snapshot, taxons)) return false;
  const products = filters.products_filter.products;
  if (products.length > 0 && !products.includes(item.snapshot.productCode)) return false;
  return true;
}

function unitDiscount(draft: Draft, promotion: Promotion, perUnit: (unitPrice: number) => number, filters?: StoredFilters) {
  for (const item of draft.items) {
    if (!filtersKeep(draft, item, filters)) continue;
    const requested = perUnit(item.unitPrice);
    if (requested <= 0) continue;
    for (const unit of item.units) {
      const amount = Math.min(requested, unit.total);
      if (amount <= 0) continue;
      addUnitAdjustment(unit, {
        type: "order_item_promotion",
        label: promotion.name,
        amount: -amount,
        neutral: false,
        originCode: promotion.code,
      });
    }
  }
}

function applyAction(draft: Draft, promotion: Promotion, action: PromotionAction): void {
  switch (action.type) {
    case "order_fixed_discount": {
      const entry = forChannel(action.configuration, draft.channelCode);
      if (entry !== undefined) orderDiscount(draft, promotion, entry.amount);
      return;
    }
    case "order_percentage_discount": {
      const percentage = tryParseDecimal(action.configuration.percentage);
      if (percentage === null) return;
      let current = 0;
      for (const item of draft.items) current += Math.max(0, itemTotal(item));
      orderDiscount(draft, promotion, mulRound(current, percentage));
      return;
    }
    case "unit_fixed_discount": {
      const entry = forChannel(action.configuration, draft.channelCode);
      if (entry !== undefined) unitDiscount(draft, promotion, () => entry.amount, entry.filters);
      return;
    }
    case "unit_percentage_discount": {
      const entry = forChannel(action.configuration, draft.channelCode);
      const percentage = entry === undefined ? null : tryParseDecimal(entry.percentage);
      if (percentage !== null) unitDiscount(draft, promotion, (price) => mulRound(price, percentage), entry?.filters);
      return;
    }
    case "shipping_percentage_discount": {
      const percentage = tryParseDecimal(action.configuration.percentage);
      if (percentage === null || draft.shippingMethod === null) return;
      const current = shippingTotal(draft);
      if (current <= 0) return;
      const amount = Math.min(mulRound(current, percentage), current);
      if (amount <= 0) return;
      draft.adjustments.push({
        type: "order_shipping_promotion",
        label: promotion.name,
        amount: -amount,
        neutral: false,
        originCode: promotion.code,
      });
      return;
    }
    default:
      return;
  }
}

export function applyPromotions(draft: Draft): void {
  for (const promotion of selectPromotions(draft)) {
    for (const action of promotion.actions) applyAction(draft, promotion, action);
  }
}
