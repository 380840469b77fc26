/**
 * Promotion rules and actions: typed, validated configurations.
 *
 * One zod discriminated union per kind, keyed by `type`. The promotions
 * resource validates submitted rules/actions with them; the pricing engine
 * consumes the same types, read from stored rows once per pricing context by
 * pricing/stored-promotions.ts (more tolerant than this validation, see
 * there). Amounts are integer minor units, percentages are fractions in 0..1
 * (0.1 = 10 %). Channel-keyed configurations are `{CHANNEL_CODE: {...}}`.
 */
import { z } from "zod";

/** Sylius' integer columns are signed 32-bit: larger values are refused, not rounded. */
const MAX_INT = 2_147_483_647;
const amount = z.number().int().min(0).max(MAX_INT);
const fraction = z.number().min(0).max(1);

/** `{CHANNEL_CODE: {amount}}`. */
export const channelAmounts = z.record(z.string().min(1), z.strictObject({ amount }));
/** `{CHANNEL_CODE: {percentage}}`. */
export const channelPercentages = z.record(z.string().min(1), z.strictObject({ percentage: fraction }));

export const cartQuantityRule = z.object({
  type: z.literal("cart_quantity"),
  configuration: z.strictObject({ count: z.number().int().min(1).max(MAX_INT) }),
});
export const itemTotalRule = z.object({
  type: z.literal("item_total"),
  configuration: channelAmounts,
});
export const containsProductRule = z.object({
  type: z.literal("contains_product"),
  configuration: z.strictObject({ product_code: z.string().min(1) }),
});

export const promotionRuleSchema = z.discriminatedUnion("type", [cartQuantityRule, itemTotalRule, containsProductRule]);

export const orderFixedDiscountAction = z.object({
  type: z.literal("order_fixed_discount"),
  configuration: channelAmounts,
});
export const orderPercentageDiscountAction = z.object({
  type: z.literal("order_percentage_discount"),
  configuration: z.strictObject({ percentage: fraction }),
});
export const unitFixedDiscountAction = z.object({
  type: z.literal("unit_fixed_discount"),
  configuration: channelAmounts,
});
export const unitPercentageDiscountAction = z.object({
  type: z.literal("unit_percentage_discount"),
  configuration: channelPercentages,
});
export const shippingPercentageDiscountAction = z.object({
  type: z.literal("shipping_percentage_discount"),
  configuration: z.strictObject({ percentage: fraction }),
});

export const promotionActionSchema = z.discriminatedUnion("type", [
  orderFixedDiscountAction,
  orderPercentageDiscountAction,
  unitFixedDiscountAction,
  unitPercentageDiscountAction,
  shippingPercentageDiscountAction,
]);

export type PromotionRule = z.infer<typeof promotionRuleSchema>;
export type PromotionAction = z.infer<typeof promotionActionSchema>;
/** Channel codes a rule's configuration refers to (they must exist). */
export function ruleChannelCodes(rule: PromotionRule): string[] {
  return rule.type === "item_total" ? Object.keys(rule.configuration) : [];
}

/** Product codes a rule's configuration refers to (they must exist). */
export function ruleProductCodes(rule: PromotionRule): string[] {
  return rule.type === "contains_product" ? [rule.configuration.product_code] : [];
}

/** Channel codes an action's configuration refers to (they must exist). */
export function actionChannelCodes(action: PromotionAction): string[] {
  switch (action.type) {
    case "order_fixed_discount":
    case "unit_fixed_discount":
    case "unit_percentage_discount":
      return Object.keys(action.configuration);
    default:
      return [];
  }
}

/** A stored rule row as a typed rule, or null when it no longer validates. */
export function parseStoredRule(row: { type: string; configuration: unknown }): PromotionRule | null {
  const parsed = promotionRuleSchema.safeParse({ type: row.type, configuration: row.configuration });
  return parsed.success ? parsed.data : null;
}

/** A stored action row as a typed action, or null when it no longer validates. */
export function parseStoredAction(row: { type: string; configuration: unknown }): PromotionAction | null {
  const parsed = promotionActionSchema.safeParse({ type: row.type, configuration: row.configuration });
  return parsed.success ? parsed.data : null;
}
