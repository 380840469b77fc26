/**
 * Step 6 of the cart recalculation: totals, and the hand-over from the working draft to
 * the output shape.
 *
 * unit total = unit price + its non-neutral adjustments; item unitsTotal =
 * Σ unit totals; item total = unitsTotal + item adjustmentsTotal; cart
 * itemsTotal = Σ item totals; cart adjustmentsTotal = Σ non-neutral
 * order-level adjustments; cart total = itemsTotal + adjustmentsTotal, never
 * below 0. Totals are recomputed here from the adjustments themselves (not
 * taken from the draft's running totals), so they add up by construction.
 * The draft's units already have the output shape and are finished in place
 * (the draft belongs to this recalculation alone), sparing a copy per unit.
 */
import { assertSafeAmount, type Draft } from "../draft";
import type { Adjustment, PricedCart, PricedItem, PricedUnit } from "../types";

export function nonNeutralTotal(adjustments: readonly Adjustment[]): number {
  let total = 0;
  for (const adjustment of adjustments) if (!adjustment.neutral) total += adjustment.amount;
  return total;
}

export function computeTotals(draft: Draft): PricedCart {
  let itemsTotal = 0;
  const items = draft.items.map((item): PricedItem => {
    let unitsTotal = 0;
    const units: PricedUnit[] = item.units;
    for (const unit of item.units) {
      unit.adjustmentsTotal = nonNeutralTotal(unit.adjustments);
      unit.total = item.unitPrice + unit.adjustmentsTotal;
      unitsTotal += unit.total;
    }
    const adjustmentsTotal = nonNeutralTotal(item.adjustments);
    const total = assertSafeAmount(unitsTotal + adjustmentsTotal, "an item total");
    itemsTotal += total;
    return {
      itemId: item.snapshot.itemId,
      quantity: item.units.length,
      unitPrice: item.unitPrice,
      units,
      unitsTotal: assertSafeAmount(unitsTotal, "an item's units total"),
      adjustments: item.adjustments,
      adjustmentsTotal,
      total,
    };
  });
  assertSafeAmount(itemsTotal, "the items total");
  const adjustmentsTotal = nonNeutralTotal(draft.adjustments);
  return {
    items,
    adjustments: draft.adjustments,
    itemsTotal,
    adjustmentsTotal,
    total: Math.max(0, assertSafeAmount(itemsTotal + adjustmentsTotal, "the cart total")),
  };
}
