/**
 * The working state of one recalculation.
 *
 * The pipeline (see recalculate.ts) builds a fresh draft from the snapshot
 * and threads it through its steps; each step only appends adjustments to the
 * draft it is given, so nothing outside one `recalculate` call is ever
 * touched and the whole computation is a pure function of its inputs.
 * Running totals are kept up to date as adjustments are added, so a step can
 * read "the current total" of a unit or item in O(1) / O(units).
 */
import type { Adjustment, ItemSnapshot, PricedUnit, PricingContext, ShippingMethod } from "./types";

/**
 * A unit being priced. It has the output's shape ({@link PricedUnit}) so the
 * totals step can finish it in place instead of copying 9999 units.
 */
export interface DraftUnit extends PricedUnit {
  readonly unitId: number;
  readonly adjustments: Adjustment[];
  /** Running sum of the non-neutral adjustments added so far. */
  adjustmentsTotal: number;
  /** Running unit price + adjustmentsTotal. */
  total: number;
}

export interface DraftItem {
  readonly snapshot: ItemSnapshot;
  readonly unitPrice: number;
  readonly units: DraftUnit[];
  /** Item-level adjustments (no step produces any today). */
  readonly adjustments: Adjustment[];
}

export interface Draft {
  readonly channelCode: string;
  readonly context: PricingContext;
  readonly items: DraftItem[];
  /** Order-level adjustments. */
  readonly adjustments: Adjustment[];
  /** The shipping method the shipping step chose, if any. */
  shippingMethod: ShippingMethod | null;
}

export function addUnitAdjustment(unit: DraftUnit, adjustment: Adjustment): void {
  unit.adjustments.push(adjustment);
  if (!adjustment.neutral) {
    unit.adjustmentsTotal += adjustment.amount;
    unit.total += adjustment.amount;
  }
}

/** The item's current total: the sum of its units' running totals plus item adjustments. */
export function itemTotal(item: DraftItem): number {
  let total = 0;
  for (const unit of item.units) total += unit.total;
  for (const adjustment of item.adjustments) if (!adjustment.neutral) total += adjustment.amount;
  return total;
}

/** Number of units in the cart. */
export function unitCount(draft: Draft): number {
  let count = 0;
  for (const item of draft.items) count += item.units.length;
  return count;
}

/** The current shipping amount: shipping adjustments plus shipping promotions (non-neutral). */
export function shippingTotal(draft: Draft): number {
  let total = 0;
  for (const a of draft.adjustments) {
    if (!a.neutral && (a.type === "shipping" || a.type === "order_shipping_promotion")) {
      total += a.amount;
    }
  }
  return total;
}

export function assertSafeAmount(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Pricing: ${what} is out of the safe integer range.`);
  }
  return value;
}
