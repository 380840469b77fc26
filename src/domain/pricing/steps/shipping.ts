/**
 * Step 3 of the cart recalculation: shipping.
 *
 * Only items whose units need shipping count (`shippingRequired`, the
 * variant's flag): a cart with none gets no shipping adjustment. When it has
 * at least one, the chosen method is the first one,
 * by `position` then `id`, that is enabled, available in the cart's channel,
 * in the channel's default tax zone (any zone when the channel has none),
 * whose category requirement holds for the items' shipping categories, and
 * whose rules all hold (./shipping-rules.ts: the items total before
 * promotions, shipping and taxes; the shipped units' weight), and
 * that has an amount configured for the channel (a method without a usable
 * `configuration[CHANNEL].amount` — missing, negative or not an integer —
 * cannot price the cart and is skipped, as is an unknown calculator). `flat_rate` charges the amount once,
 * `per_unit_rate` the amount × the number of units to ship. One order-level
 * `shipping` adjustment is added (even when its amount is 0: it records the
 * chosen method).
 */
import { assertSafeAmount, type Draft } from "../draft";
import { shippingRulesHold, type ShippingSubject } from "../shipping-rules";
import type { ItemSnapshot, PricingContext, ShippingMethod } from "../types";

/** Whether the method's category requirement holds for these items. */
export function categoryRequirementHolds(
  method: ShippingMethod,
  items: readonly Pick<ItemSnapshot, "shippingCategoryCode">[],
): boolean {
  const category = method.categoryCode;
  if (category === null) return true;
  const inCategory = (item: Pick<ItemSnapshot, "shippingCategoryCode">) =>
    item.shippingCategoryCode === category;
  switch (method.categoryRequirement) {
    case "match_all":
      return items.every(inCategory);
    case "match_none":
      return !items.some(inCategory);
    case "match_any":
    default:
      return items.some(inCategory);
  }
}

function channelAmount(method: ShippingMethod, channelCode: string): number | null {
  const config = Object.hasOwn(method.configuration, channelCode)
    ? method.configuration[channelCode]
    : undefined;
  const amount = config?.amount;
  return typeof amount === "number" && Number.isSafeInteger(amount) && amount >= 0 ? amount : null;
}

/** The items whose units need shipping. */
export const shippableItems = <T extends Pick<ItemSnapshot, "shippingRequired">>(items: readonly T[]): T[] =>
  items.filter((item) => item.shippingRequired !== false);

/**
 * What a method's rules are checked against: the items total (unit price ×
 * quantity of every item, as Sylius' order total once its adjustments are
 * cleared) and the weight of the units that ship.
 */
export function shippingSubject(allItems: readonly ItemSnapshot[], channelCode: string, context: Pick<PricingContext, "prices">): ShippingSubject {
  let total = 0;
  let weight = 0;
  for (const item of allItems) {
    const price = Object.hasOwn(context.prices, item.variantCode) ? (context.prices[item.variantCode] ?? 0) : 0;
    total += price * item.quantity;
    if (item.shippingRequired !== false) weight += (item.weight ?? 0) * item.quantity;
  }
  return { channelCode, total, weight };
}

/**
 * The methods that can ship these items (Sylius ShippingMethodsResolver's
 * supported methods), in context order: enabled, in the channel, priced for
 * it, category requirement met, rules holding, and in a zone of the shipping address once
 * the cart is addressed (before: the channel's default tax zone, any zone
 * when it has none). Pure.
 */
export function eligibleShippingMethods(
  allItems: readonly ItemSnapshot[],
  channelCode: string,
  context: PricingContext,
): ShippingMethod[] {
  const items = shippableItems(allItems);
  if (items.length === 0) return [];
  const zone = context.channel.taxZoneCode;
  const addressZones = context.checkout?.shippingZoneCodes ?? null;
  let subject: ShippingSubject | null = null;
  return context.shippingMethods.filter((method) => {
    if (!method.enabled) return false;
    if (method.calculator !== "flat_rate" && method.calculator !== "per_unit_rate") return false;
    if (!method.channelCodes.includes(channelCode)) return false;
    if (addressZones !== null) {
      if (!addressZones.includes(method.zoneCode)) return false;
    } else if (zone !== null && method.zoneCode !== zone) return false;
    if (channelAmount(method, channelCode) === null) return false;
    if (!categoryRequirementHolds(method, items)) return false;
    if (!method.rules?.length) return true;
    subject ??= shippingSubject(allItems, channelCode, context);
    return shippingRulesHold(method.rules, subject);
  });
}

/** The method the cart ships with, or null. Pure. */
export function chooseShippingMethod(
  allItems: readonly ItemSnapshot[],
  channelCode: string,
  context: PricingContext,
): ShippingMethod | null {
  const items = shippableItems(allItems);
  if (items.length === 0) return null;
  const eligible = eligibleShippingMethods(allItems, channelCode, context);
  // The shipment keeps its method while that one is still eligible (Sylius OrderShipmentProcessor).
  const kept = context.checkout?.shippingMethodCode ?? null;
  const current = kept === null ? undefined : eligible.find((method) => method.code === kept);
  if (current !== undefined) return current;
  let best: ShippingMethod | null = null;
  for (const method of eligible) {
    if (
      best === null ||
      method.position < best.position ||
      (method.position === best.position && method.id < best.id)
    ) {
      best = method;
    }
  }
  return best;
}

/** The charge of a method for `units` units in a channel. */
export function shippingCharge(method: ShippingMethod, channelCode: string, units: number): number {
  const amount = channelAmount(method, channelCode) ?? 0;
  return method.calculator === "per_unit_rate"
    ? assertSafeAmount(amount * units, "the shipping charge")
    : amount;
}

function shippedUnits(draft: Draft): number {
  let count = 0;
  for (const item of draft.items) if (item.snapshot.shippingRequired !== false) count += item.units.length;
  return count;
}

export function applyShipping(draft: Draft): void {
  const method = chooseShippingMethod(
    draft.items.map((item) => item.snapshot),
    draft.channelCode,
    draft.context,
  );
  draft.shippingMethod = method;
  if (method === null) return;
  draft.adjustments.push({
    type: "shipping",
    label: method.name,
    amount: shippingCharge(method, draft.channelCode, shippedUnits(draft)),
    neutral: false,
    originCode: method.code,
  });
}
