/**
 * The cart recalculation (its six steps below), as one pure function.
 *
 *   snapshot + context
 *     → startDraft      (1. clear adjustments, 2. unit prices)   steps/prices.ts
 *     → applyShipping   (3. shipping method and charge)          steps/shipping.ts
 *     → applyPromotions (4. promotions)                          steps/promotions.ts
 *     → applyTaxes      (5. taxes, units and shipping)           steps/taxes.ts
 *     → computeTotals   (6. totals)                              steps/totals.ts
 *   → PricedCart
 *
 * Every amount is an integer in minor units; rates and percentages are exact
 * rationals. The inputs are never mutated (the draft is built from scratch
 * and the output shares no object with the inputs); the same inputs always
 * give the same output; there is no I/O and no clock (`context.now`).
 * Throws an Error when the inputs are inconsistent (a variant without price,
 * quantity ≠ number of unit ids, another channel's context, an unparseable
 * tax rate or date): the caller validates before.
 *
 * Cost: O(units + items·log(items) + promotions·units) with plain-number
 * arithmetic in the per-unit loops.
 */
import { startDraft } from "./steps/prices";
import { applyPromotions } from "./steps/promotions";
import { applyShipping } from "./steps/shipping";
import { applyTaxes } from "./steps/taxes";
import { computeTotals } from "./steps/totals";
import type { CartSnapshot, PricedCart, PricingContext } from "./types";

export function recalculate(snapshot: CartSnapshot, context: PricingContext): PricedCart {
  const draft = startDraft(snapshot, context);
  applyShipping(draft);
  applyPromotions(draft);
  applyTaxes(draft);
  return computeTotals(draft);
}
