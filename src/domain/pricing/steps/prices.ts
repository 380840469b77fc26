/**
 * Steps 1 and 2 of the cart recalculation: start from a clean slate (no promotion,
 * shipping or tax adjustment survives: the draft is built from scratch) and
 * price every unit at the variant's current price in the cart's channel.
 */
import type { Draft, DraftItem, DraftUnit } from "../draft";
import type { CartSnapshot, PricingContext } from "../types";

export function startDraft(snapshot: CartSnapshot, context: PricingContext): Draft {
  if (snapshot.channelCode !== context.channel.code) {
    throw new Error(
      `Pricing: the cart's channel "${snapshot.channelCode}" is not the context's channel "${context.channel.code}".`,
    );
  }
  const seen = new Set<number>();
  const items: DraftItem[] = snapshot.items.map((item) => {
    if (seen.has(item.itemId)) throw new Error(`Pricing: item ${item.itemId} appears twice.`);
    seen.add(item.itemId);
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new Error(`Pricing: item ${item.itemId} has an invalid quantity ${item.quantity}.`);
    }
    if (item.unitIds.length !== item.quantity) {
      throw new Error(
        `Pricing: item ${item.itemId} has quantity ${item.quantity} but ${item.unitIds.length} unit ids.`,
      );
    }
    const price = Object.hasOwn(context.prices, item.variantCode)
      ? context.prices[item.variantCode]
      : undefined;
    if (price === undefined) {
      throw new Error(
        `Pricing: variant "${item.variantCode}" has no price in channel "${snapshot.channelCode}".`,
      );
    }
    if (!Number.isSafeInteger(price) || price < 0) {
      throw new Error(`Pricing: variant "${item.variantCode}" has an invalid price ${price}.`);
    }
    const units: DraftUnit[] = [];
    for (const unitId of item.unitIds.slice(0, item.quantity)) units.push({ unitId, adjustments: [], adjustmentsTotal: 0, total: price });
    return { snapshot: item, unitPrice: price, units, adjustments: [] };
  });
  return {
    channelCode: snapshot.channelCode,
    context,
    items,
    adjustments: [],
    shippingMethod: null,
  };
}
