/**
 * The promotion facts of a cart change (domain/pricing/facts.ts): which to
 * read in the change's first batch, and the facts from what it read.
 *
 * With a copy of the channel's context in memory, the object knows which
 * facts the channel's promotions read and asks only for those (none: no
 * statement at all, so a channel without such rules reads no more rows).
 * Without one (a cold object), each fact's statement asks D1, in the same
 * snapshot as the context it reads, whether the channel's promotions use it.
 * Only when the copy turns out to be stale (a promotion changed) and the new
 * promotions read a fact the old ones did not does the change read it in one
 * more round trip.
 */
import { needsMore, promotionFactNeeds, type PromotionFacts } from "../domain/pricing";
import { namedBatch } from "../data/batch";
import type { Database } from "../data/db";
import { IF_USED_MODES, modesFor, promotionFactQueries, promotionFactsFrom, type FactModes, type FactRows } from "../data/carts/promotion-facts";
import type { ContextRows } from "./pricing-context-cache";

/** The facts a change reads: those the held context's promotions use, or, without one, those D1 finds used. */
export const factModes = (held: ContextRows | null): FactModes =>
  held ? modesFor(promotionFactNeeds(held.context.rules, held.context.actions)) : IF_USED_MODES;

/** The change's facts: from its first batch, or (a stale copy missed a need) from one more batch. */
export async function changeFacts(
  db: Database,
  rows: FactRows,
  modes: FactModes,
  context: ContextRows,
  cartId: number,
  addCode: string | null,
): Promise<PromotionFacts> {
  const needs = promotionFactNeeds(context.context.rules, context.context.actions);
  const asked = { productTaxons: modes.productTaxons !== 0, customerGroup: modes.customerGroup !== 0, placedOrders: modes.placedOrders !== 0 };
  if (!needsMore(needs, asked)) return promotionFactsFrom(rows);
  return promotionFactsFrom(await namedBatch(db, promotionFactQueries(db, cartId, addCode, modesFor(needs))));
}
