/**
 * Promotion rules and actions: typed, validated configurations.
 *
 * One zod discriminated union per kind, keyed by `type`. The promotions
 * resource validates submitted rules/actions with them; the pricing engine
 * consumes the same types, read from stored rows once per pricing context by
 * pricing/stored-promotions.ts (more tolerant than this validation, see
 * there). Stored and shown, amounts are integer minor units and percentages
 * fractions in 0..1 (0.1 = 10 %), as Sylius stores and shows them; sent, they
 * are what Sylius' MoneyType and PercentType take: amounts in major units
 * (`12` or `"12.00"` is stored as 1200) and percentages in percent (`15` is
 * stored as 0.15): the `*InputSchema`s below convert them. Channel-keyed
 * configurations are `{CHANNEL_CODE: {...}}`.
 */
import { z } from "zod";
import { MAX_INT, percentToFraction, toMinorUnits } from "./money";

/** Sylius' integer columns are signed 32-bit: larger values are refused, not rounded. */
const amount = z.number().int().min(0).max(MAX_INT);
const fraction = z.number().min(0).max(1);

/** A sent number or decimal string, converted by `convert`; refused when it gives null. */
const converted = (convert: (value: number | string) => number | null) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const stored = convert(value);
    if (stored === null) {
      ctx.addIssue({ code: "custom", message: "Invalid value" });
      return z.NEVER;
    }
    return stored;
  });
/** A sent amount: major units (number or decimal string, rounded half up to the cent), stored as minor units. */
const sentAmount = converted(toMinorUnits);
/** A sent percentage: percent in 0..100 (number or decimal string), stored as its fraction. */
const sentPercentage = converted(percentToFraction);

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

/**
 * A list of codes: an array of codes, or Sylius' autocomplete input, one
 * string of codes separated by commas (`"MUG_SW,MUG_LOTR"`); stored as an
 * array, duplicates dropped, order kept.
 */
export const codeList = z
  .union([z.array(z.string().min(1)), z.string()])
  .transform((value) => [...new Set(typeof value === "string" ? value.split(",").map((code) => code.trim()).filter((code) => code !== "") : value)]);

/** `{taxons: [codes]}`: some item's product is in one of the taxons (its product taxons, as Sylius' `getTaxons()`). */
export const hasTaxonRule = z.object({
  type: z.literal("has_taxon"),
  configuration: z.strictObject({ taxons: codeList }),
});
/** `{CHANNEL_CODE: {taxon, amount}}`: the items of products in the taxon total at least `amount`. */
export const totalOfItemsFromTaxonRule = z.object({
  type: z.literal("total_of_items_from_taxon"),
  configuration: z.record(z.string().min(1), z.strictObject({ taxon: z.string().min(1), amount })),
});
/** `{nth}`: the cart would be its customer's nth placed order (Sylius: IntegerType, NotBlank, numeric). */
export const nthOrderRule = z.object({
  type: z.literal("nth_order"),
  configuration: z.strictObject({ nth: z.number().int().min(-MAX_INT - 1).max(MAX_INT) }),
});
/** `{country}`: the shipping address is in that country (an existing country's code). */
export const shippingCountryRule = z.object({
  type: z.literal("shipping_country"),
  configuration: z.strictObject({ country: z.string().min(1) }),
});
/** `{group_code}`: the cart's customer is in that customer group (an existing group's code). */
export const customerGroupRule = z.object({
  type: z.literal("customer_group"),
  configuration: z.strictObject({ group_code: z.string().min(1) }),
});

export const promotionRuleSchema = z.discriminatedUnion("type", [
  cartQuantityRule,
  itemTotalRule,
  containsProductRule,
  hasTaxonRule,
  totalOfItemsFromTaxonRule,
  nthOrderRule,
  shippingCountryRule,
  customerGroupRule,
]);

/**
 * The filters of a unit action's channel entry (Sylius' PromotionFilterCollectionType):
 * `price_range_filter {min, max}` (minor units; applies when `min` is set; `[]`: none),
 * `taxons_filter {taxons}`, `products_filter {products}` (apply when not empty).
 */
const priceBound = amount.nullable().optional();
const filtersWith = <Bound extends z.ZodOptional<z.ZodNullable<z.ZodType<number, unknown>>>>(bound: Bound) =>
  z.strictObject({
    price_range_filter: z.union([z.strictObject({ min: bound, max: bound }), z.array(z.never()).max(0)]).optional(),
    taxons_filter: z.strictObject({ taxons: codeList }).optional(),
    products_filter: z.strictObject({ products: codeList }).optional(),
  });
export const unitFilters = filtersWith(priceBound);
export type UnitFilters = z.output<typeof unitFilters>;

/**
 * Filters as Sylius' form stores them: the three filters always present,
 * a filter not sent empty (`price_range_filter: []`, `taxons: []`, `products: []`).
 */
const asStoredFilters = (filters: UnitFilters): StoredFilters => ({
  price_range_filter:
    filters.price_range_filter === undefined || Array.isArray(filters.price_range_filter)
      ? []
      : { min: filters.price_range_filter.min ?? null, max: filters.price_range_filter.max ?? null },
  taxons_filter: filters.taxons_filter ?? { taxons: [] },
  products_filter: filters.products_filter ?? { products: [] },
});
const storedFilters = unitFilters.transform(asStoredFilters);
/** Sent filters: the price range's bounds in major units (Sylius' MoneyType), stored in minor units. */
const sentFilters = filtersWith(sentAmount.nullable().optional()).transform(asStoredFilters);

/** Filters as stored and shown (every filter present). */
export const storedFiltersSchema = z.object({
  price_range_filter: z.union([z.object({ min: priceBound, max: priceBound }), z.array(z.never()).max(0)]),
  taxons_filter: z.object({ taxons: z.array(z.string()) }),
  products_filter: z.object({ products: z.array(z.string()) }),
});
export type StoredFilters = z.output<typeof storedFiltersSchema>;

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
  configuration: z.record(z.string().min(1), z.strictObject({ amount, filters: storedFilters.optional() })),
});
export const unitPercentageDiscountAction = z.object({
  type: z.literal("unit_percentage_discount"),
  configuration: z.record(z.string().min(1), z.strictObject({ percentage: fraction, filters: storedFilters.optional() })),
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

/**
 * Rules and actions as a client sends them (Sylius' forms): the same kinds,
 * with amounts in major units and percentages in percent; their output is
 * what is stored (the schemas above).
 */
const sentChannelAmounts = z.record(z.string().min(1), z.strictObject({ amount: sentAmount }));
export const promotionRuleInputSchema = z.discriminatedUnion("type", [
  cartQuantityRule,
  z.object({ type: z.literal("item_total"), configuration: sentChannelAmounts }),
  containsProductRule,
  hasTaxonRule,
  z.object({
    type: z.literal("total_of_items_from_taxon"),
    configuration: z.record(z.string().min(1), z.strictObject({ taxon: z.string().min(1), amount: sentAmount })),
  }),
  nthOrderRule,
  shippingCountryRule,
  customerGroupRule,
]);
export const promotionActionInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order_fixed_discount"), configuration: sentChannelAmounts }),
  z.object({ type: z.literal("order_percentage_discount"), configuration: z.strictObject({ percentage: sentPercentage }) }),
  z.object({
    type: z.literal("unit_fixed_discount"),
    configuration: z.record(z.string().min(1), z.strictObject({ amount: sentAmount, filters: sentFilters.optional() })),
  }),
  z.object({
    type: z.literal("unit_percentage_discount"),
    configuration: z.record(z.string().min(1), z.strictObject({ percentage: sentPercentage, filters: sentFilters.optional() })),
  }),
  z.object({ type: z.literal("shipping_percentage_discount"), configuration: z.strictObject({ percentage: sentPercentage }) }),
]);

export type PromotionRule = z.infer<typeof promotionRuleSchema>;
export type PromotionAction = z.infer<typeof promotionActionSchema>;
/** Channel codes a rule's configuration refers to (they must exist). */
export function ruleChannelCodes(rule: PromotionRule): string[] {
  return rule.type === "item_total" || rule.type === "total_of_items_from_taxon" ? Object.keys(rule.configuration) : [];
}

/** Product codes a rule's configuration refers to (they must exist). */
export function ruleProductCodes(rule: PromotionRule): string[] {
  return rule.type === "contains_product" ? [rule.configuration.product_code] : [];
}

/** Taxon codes a rule's configuration refers to (they must exist). */
export function ruleTaxonCodes(rule: PromotionRule): string[] {
  switch (rule.type) {
    case "has_taxon":
      return rule.configuration.taxons;
    case "total_of_items_from_taxon":
      return Object.values(rule.configuration).map((entry) => entry.taxon);
    default:
      return [];
  }
}

/** Country codes a rule's configuration refers to (they must exist). */
export function ruleCountryCodes(rule: PromotionRule): string[] {
  return rule.type === "shipping_country" ? [rule.configuration.country] : [];
}

/** Customer group codes a rule's configuration refers to (they must exist). */
export function ruleCustomerGroupCodes(rule: PromotionRule): string[] {
  return rule.type === "customer_group" ? [rule.configuration.group_code] : [];
}

/** The filters of a unit action's channel entries. */
function actionFilters(action: PromotionAction): UnitFilters[] {
  if (action.type !== "unit_fixed_discount" && action.type !== "unit_percentage_discount") return [];
  return Object.values<{ filters?: UnitFilters }>(action.configuration).flatMap((entry) => (entry.filters ? [entry.filters] : []));
}

/** Taxon codes an action's filters refer to (they must exist). */
export function actionTaxonCodes(action: PromotionAction): string[] {
  return actionFilters(action).flatMap((filters) => filters.taxons_filter?.taxons ?? []);
}

/** Product codes an action's filters refer to (they must exist). */
export function actionProductCodes(action: PromotionAction): string[] {
  return actionFilters(action).flatMap((filters) => filters.products_filter?.products ?? []);
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

/**
 * The rules and actions as stored and shown (the output of the schemas
 * above, without their input conveniences): what the representation's
 * documentation describes.
 */
export const storedRuleSchemas: readonly z.ZodObject[] = [
  cartQuantityRule,
  itemTotalRule,
  containsProductRule,
  z.object({ type: z.literal("has_taxon"), configuration: z.object({ taxons: z.array(z.string()) }) }),
  totalOfItemsFromTaxonRule,
  nthOrderRule,
  shippingCountryRule,
  customerGroupRule,
];
export const storedActionSchemas: readonly z.ZodObject[] = [
  orderFixedDiscountAction,
  orderPercentageDiscountAction,
  z.object({
    type: z.literal("unit_fixed_discount"),
    configuration: z.record(z.string(), z.object({ amount, filters: storedFiltersSchema.optional() })),
  }),
  z.object({
    type: z.literal("unit_percentage_discount"),
    configuration: z.record(z.string(), z.object({ percentage: fraction, filters: storedFiltersSchema.optional() })),
  }),
  shippingPercentageDiscountAction,
];
