/**
 * Which {@link PromotionFacts} a channel's promotions read: the cart object
 * loads a fact only when some rule or filter of the channel's promotions
 * reads it, so a channel without such promotions reads nothing more per
 * change. Read from the promotions as stored (type + configuration), the way
 * stored-promotions.ts reads them.
 */
import type { StoredFilters } from "../promotion-config";
import { readStoredAction, readStoredRule } from "./stored-promotions";
import type { PromotionPart } from "./types";

export interface FactNeeds {
  /** The cart products' taxons (`has_taxon`, `total_of_items_from_taxon`, a non-empty `taxons_filter`). */
  readonly productTaxons: boolean;
  /** The customer's group (`customer_group`). */
  readonly customerGroup: boolean;
  /** The customer's placed orders (`nth_order`). */
  readonly placedOrders: boolean;
}

export const NO_FACTS: FactNeeds = { productTaxons: false, customerGroup: false, placedOrders: false };

const filtersOf = (configuration: Readonly<Record<string, { filters?: StoredFilters }>>): StoredFilters[] =>
  Object.values(configuration).flatMap((entry) => (entry.filters ? [entry.filters] : []));

/** The facts the promotions whose rules and actions are `rules` and `actions` read. */
export function promotionFactNeeds(rules: readonly PromotionPart[], actions: readonly PromotionPart[]): FactNeeds {
  let productTaxons = false;
  let customerGroup = false;
  let placedOrders = false;
  for (const part of rules) {
    const rule = readStoredRule(part);
    if (rule?.type === "has_taxon" || rule?.type === "total_of_items_from_taxon") productTaxons = true;
    else if (rule?.type === "customer_group") customerGroup = true;
    else if (rule?.type === "nth_order") placedOrders = true;
  }
  for (const part of actions) {
    const action = readStoredAction(part);
    if (action?.type !== "unit_fixed_discount" && action?.type !== "unit_percentage_discount") continue;
    if (filtersOf(action.configuration).some((filters) => filters.taxons_filter.taxons.length > 0)) productTaxons = true;
  }
  return { productTaxons, customerGroup, placedOrders };
}

/** Whether `needs` asks for a fact `held` does not (the facts read for `held` do not cover `needs`). */
export const needsMore = (needs: FactNeeds, held: FactNeeds): boolean =>
  (needs.productTaxons && !held.productTaxons) || (needs.customerGroup && !held.customerGroup) || (needs.placedOrders && !held.placedOrders);
