/**
 * Step 5 of the cart recalculation: taxes.
 *
 * Zone = the channel's default tax zone; none → no taxes. For an item, the
 * first rate of that zone (in the given order) whose category is the
 * variant's tax category applies; an item without tax category is not taxed.
 *
 * - `order_items_based`: tax = T(item total after promotions), split evenly
 *   over the units (the first units take the extra minor unit).
 * - `order_item_units_based`: tax = T(unit total) for each unit.
 *
 * T(base) = round(base × rate), or round(base − base / (1 + rate)) =
 * round(base × rate / (1 + rate)) when the rate is included in the price;
 * exact rationals, rounded half away from zero (./decimal.ts). Each unit
 * gets `{type: "tax", label: "<name> (<rate×100>%)", amount, neutral:
 * includedInPrice}` (zero amounts add nothing). The shipping charge (after
 * shipping promotions) is taxed likewise by the zone's rate for the shipping
 * method's tax category, as one order-level tax adjustment.
 */
import {
  ONE,
  addRationals,
  divideRationals,
  formatPercent,
  mulRound,
  parseDecimal,
  type Rational,
} from "../decimal";
import { addUnitAdjustment, itemTotal, shippingTotal, type Draft } from "../draft";
import { splitEvenly } from "../prorate";
import type { Adjustment, TaxRate } from "../types";

/** A tax rate made ready to compute with. */
export interface PreparedRate {
  readonly rate: TaxRate;
  /** The factor that gives the tax from its base (rate, or rate/(1+rate) when included). */
  readonly factor: Rational;
  readonly label: string;
}

export function prepareRate(rate: TaxRate): PreparedRate {
  let value: Rational;
  try {
    value = parseDecimal(rate.amount);
  } catch {
    throw new Error(`Pricing: tax rate "${rate.code}" has an invalid amount "${rate.amount}".`);
  }
  if (value.num < 0n) {
    throw new Error(`Pricing: tax rate "${rate.code}" has a negative amount "${rate.amount}".`);
  }
  const factor = rate.includedInPrice ? divideRationals(value, addRationals(ONE, value)) : value;
  return { rate, factor, label: `${rate.name} (${formatPercent(value)}%)` };
}

/** Tax on a base amount. */
export function taxOf(base: number, prepared: PreparedRate): number {
  return mulRound(base, prepared.factor);
}

/** Category code → first applicable rate of the zone (rates prepared lazily, once). */
export function ratesOfZone(
  rates: readonly TaxRate[],
  zoneCode: string,
): (categoryCode: string | null) => PreparedRate | null {
  const first = new Map<string, TaxRate>();
  for (const rate of rates) {
    if (rate.zoneCode === zoneCode && !first.has(rate.categoryCode)) {
      first.set(rate.categoryCode, rate);
    }
  }
  const prepared = new Map<string, PreparedRate>();
  return (categoryCode) => {
    if (categoryCode === null) return null;
    const cached = prepared.get(categoryCode);
    if (cached !== undefined) return cached;
    const rate = first.get(categoryCode);
    if (rate === undefined) return null;
    const ready = prepareRate(rate);
    prepared.set(categoryCode, ready);
    return ready;
  };
}

function taxAdjustment(prepared: PreparedRate, amount: number): Adjustment {
  return {
    type: "tax",
    label: prepared.label,
    amount,
    neutral: prepared.rate.includedInPrice,
    originCode: prepared.rate.code,
  };
}

export function applyTaxes(draft: Draft): void {
  const zone = draft.context.channel.taxZoneCode;
  if (zone === null) return;
  const rateFor = ratesOfZone(draft.context.taxRates, zone);
  const unitsBased = draft.context.channel.taxCalculationStrategy === "order_item_units_based";
  for (const item of draft.items) {
    const prepared = rateFor(item.snapshot.taxCategoryCode);
    if (prepared === null) continue;
    if (unitsBased) {
      // Units of an item share a price and differ by at most a minor unit or
      // two after promotions: memoize the tax per distinct unit total.
      let lastBase = Number.NaN;
      let lastTax = 0;
      for (const unit of item.units) {
        if (unit.total !== lastBase) {
          lastBase = unit.total;
          lastTax = taxOf(lastBase, prepared);
        }
        if (lastTax !== 0) addUnitAdjustment(unit, taxAdjustment(prepared, lastTax));
      }
    } else {
      const tax = taxOf(itemTotal(item), prepared);
      if (tax === 0) continue;
      const parts = splitEvenly(tax, item.units.length);
      for (const [u, unit] of item.units.entries()) {
        const amount = parts[u] ?? 0;
        if (amount !== 0) addUnitAdjustment(unit, taxAdjustment(prepared, amount));
      }
    }
  }
  const method = draft.shippingMethod;
  if (method === null) return;
  const prepared = rateFor(method.taxCategoryCode);
  if (prepared === null) return;
  const tax = taxOf(shippingTotal(draft), prepared);
  if (tax !== 0) draft.adjustments.push(taxAdjustment(prepared, tax));
}
