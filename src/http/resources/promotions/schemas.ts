/** Promotions (serializer.ts), rules and actions typed by src/domain/promotion-config.ts. */
import { z } from "zod";
import { storedActionSchemas, storedRuleSchemas } from "../../../domain/promotion-config";
import { serializePromotion, serializePromotionListItem } from "./serializer";
import { Channel } from "../channels/schemas";
import { code, component, int, Link, pageOf, timestamp } from "../../openapi/common";
import type { ConformsTo, Expect } from "../../openapi/conformance";
import { OMITTED } from "../shared/schema-parts";

/** The rule/action kinds of the domain, each with the `id` the API adds. */
const withId = (options: readonly z.ZodObject[]) => z.union(options.map((option) => option.extend({ id: int() })));

export const PromotionRule = component(
  "PromotionRule",
  withId(storedRuleSchemas),
  "A rule: `cart_quantity {count}`, `item_total {CHANNEL: {amount}}`, `contains_product {product_code}`, `has_taxon {taxons}`, " +
    "`total_of_items_from_taxon {CHANNEL: {taxon, amount}}`, `nth_order {nth}`, `shipping_country {country}`, `customer_group {group_code}`.",
);

export const PromotionAction = component(
  "PromotionAction",
  withId(storedActionSchemas),
  "An action: order/unit fixed or percentage discounts, shipping percentage discount (amounts in minor units, percentages as fractions 0..1). " +
    "A unit discount's channel entry may have `filters` (`price_range_filter {min, max}`, `taxons_filter {taxons}`, `products_filter {products}`).",
);

const PromotionLinks = z.object({
  self: Link,
  coupons: Link.optional().meta({ description: "The promotion's coupons; only when it is coupon-based." }),
});

export const Promotion = component(
  "Promotion",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    priority: int(),
    exclusive: z.boolean(),
    usageLimit: int().optional().meta({ description: OMITTED }),
    used: int().meta({ description: "How many times the promotion was used (read-only)." }),
    startsAt: timestamp().optional().meta({ description: OMITTED }),
    endsAt: timestamp().optional().meta({ description: OMITTED }),
    couponBased: z.boolean().meta({ description: "Applies only to a cart that carries one of its coupons." }),
    rules: z.array(PromotionRule),
    actions: z.array(PromotionAction),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    channels: z.array(Channel).meta({ description: "The promotion's channels, in Sylius' detailed channel set." }),
    _links: PromotionLinks,
  }),
  "A promotion with its rules and actions (Sylius' detailed set: the description is not shown).",
);

export const PromotionListItem = component(
  "PromotionListItem",
  z.object({ id: int(), code: code(), name: z.string(), priority: int(), _links: PromotionLinks }),
  "A promotion in a list (Sylius' default set).",
);

export const PromotionPage = pageOf("PromotionPage", PromotionListItem);

// Rows type a rule's configuration as `unknown` (it is parsed from JSON), so
// rules and actions are checked at runtime (test/openapi), the rest here.
interface PartRow {
  id: number;
  type: string;
  configuration: unknown;
}
type PromotionInput = Omit<z.input<typeof Promotion>, "rules" | "actions"> & { rules: PartRow[]; actions: PartRow[] };
type _Promotion = Expect<ConformsTo<ReturnType<typeof serializePromotion>, PromotionInput>>;
type _PromotionListItem = Expect<ConformsTo<ReturnType<typeof serializePromotionListItem>, z.input<typeof PromotionListItem>>>;
