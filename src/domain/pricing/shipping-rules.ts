/**
 * Shipping method rules (Sylius 1.8's ShippingMethodRulesEligibilityChecker
 * and its rule checkers): a method with rules is eligible for a cart only
 * when every one of its rules holds.
 *
 * - `order_total_greater_than_or_equal`, `order_total_less_than_or_equal`
 *   (CoreBundle): `{CHANNEL_CODE: {amount}}`, amount in minor units. The
 *   total compared is the order's total when Sylius resolves the shipping
 *   method: after its adjustments were cleared (OrderAdjustmentsClearer runs
 *   before OrderShipmentProcessor), so the items total without promotions,
 *   shipping or taxes: unit price × quantity of every item. A channel without
 *   an amount makes the rule fail (Sylius' checker answers false).
 * - `total_weight_greater_than_or_equal`, `total_weight_less_than_or_equal`
 *   (ShippingBundle): `{weight}`, compared with the sum of the shipment's
 *   units' weights (a variant without a weight weighs 0).
 *
 * Stored rules are read by {@link readShippingRule} when they are checked
 * (a method has a few): it turns a stored rule it cannot read into one that
 * never holds (a method with a rule this service cannot check is not
 * offered, rather than offered wrongly).
 */

export const SHIPPING_RULE_TYPES = [
  "order_total_greater_than_or_equal",
  "order_total_less_than_or_equal",
  "total_weight_greater_than_or_equal",
  "total_weight_less_than_or_equal",
] as const;
export type ShippingRuleType = (typeof SHIPPING_RULE_TYPES)[number];

export type OrderTotalRuleType = "order_total_greater_than_or_equal" | "order_total_less_than_or_equal";
export type TotalWeightRuleType = "total_weight_greater_than_or_equal" | "total_weight_less_than_or_equal";

export type ShippingRule =
  | { readonly type: OrderTotalRuleType; readonly configuration: Readonly<Record<string, { readonly amount: number | null }>> }
  | { readonly type: TotalWeightRuleType; readonly configuration: { readonly weight: number } }
  /** A stored rule this service cannot check: never holds. */
  | { readonly type: "unknown"; readonly configuration: null };

/** A rule as stored and as the API shows it: `{type, configuration}`. */
export interface StoredShippingRule {
  readonly type: string;
  readonly configuration: unknown;
}

/** What the rules are checked against. */
export interface ShippingSubject {
  readonly channelCode: string;
  /** The items total before promotions, shipping and taxes (minor units). */
  readonly total: number;
  /** The sum of the shipped units' weights. */
  readonly weight: number;
}

export const isOrderTotalRule = (type: string): type is OrderTotalRuleType =>
  type === "order_total_greater_than_or_equal" || type === "order_total_less_than_or_equal";
export const isTotalWeightRule = (type: string): type is TotalWeightRuleType =>
  type === "total_weight_greater_than_or_equal" || type === "total_weight_less_than_or_equal";

/** Whether one rule holds for the subject. Pure. */
export function shippingRuleHolds(rule: ShippingRule, subject: ShippingSubject): boolean {
  switch (rule.type) {
    case "order_total_greater_than_or_equal":
    case "order_total_less_than_or_equal": {
      const config = Object.hasOwn(rule.configuration, subject.channelCode) ? rule.configuration[subject.channelCode] : undefined;
      const amount = config?.amount;
      if (amount === null || amount === undefined) return false;
      return rule.type === "order_total_greater_than_or_equal" ? subject.total >= amount : subject.total <= amount;
    }
    case "total_weight_greater_than_or_equal":
      return subject.weight >= rule.configuration.weight;
    case "total_weight_less_than_or_equal":
      return subject.weight <= rule.configuration.weight;
    default:
      return false;
  }
}

/** Every stored rule holds (a method without rules is eligible). Pure. */
export const shippingRulesHold = (rules: readonly StoredShippingRule[], subject: ShippingSubject): boolean =>
  rules.every((rule) => shippingRuleHolds(readShippingRule(rule), subject));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One stored rule (`{type, configuration}`) as the engine checks it. */
export function readShippingRule(stored: unknown): ShippingRule {
  const unknownRule: ShippingRule = { type: "unknown", configuration: null };
  if (!isRecord(stored) || typeof stored.type !== "string") return unknownRule;
  const { type, configuration } = stored;
  if (isOrderTotalRule(type)) {
    if (!isRecord(configuration)) return unknownRule;
    const amounts: Record<string, { amount: number | null }> = {};
    for (const [channel, entry] of Object.entries(configuration)) {
      const amount = isRecord(entry) ? entry.amount : undefined;
      amounts[channel] = { amount: typeof amount === "number" && Number.isSafeInteger(amount) ? amount : null };
    }
    return { type, configuration: amounts };
  }
  if (isTotalWeightRule(type)) {
    const weight = isRecord(configuration) ? configuration.weight : undefined;
    return typeof weight === "number" && Number.isFinite(weight) ? { type, configuration: { weight } } : unknownRule;
  }
  return unknownRule;
}
