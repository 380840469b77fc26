/**
 * The request bodies of the API: the forms that validate them, imported from
 * the route files (one source of truth), converted to JSON Schema in `input`
 * mode by src/openapi/document.ts.
 *
 * What the conversion cannot see is added here:
 * - `required` is what the form itself requires: a field is required when
 *   its schema rejects a missing value (probed with `undefined`);
 * - a few fields parse `unknown` and validate inside a transform (exact
 *   decimals, compound fields whose messages are re-worded); their JSON
 *   Schema would be `{}`, so `INPUT_SHAPES` describes what they accept, and
 *   test/openapi checks every such shape against the real field with its
 *   examples;
 * - `DESCRIPTIONS`: prose for fields whose meaning is not obvious.
 */
import { z } from "zod";
import { defineForm } from "../form";
import { CODE_PATTERN, requiredCode } from "../fields";
import { promotionActionSchema, promotionRuleSchema } from "../../domain/promotion-config";
import { addItemForm, cartCreateForm, changeItemForm } from "../resources/carts/forms";
import { createForm as channelCreate, updateForm as channelUpdate } from "../resources/channels/routes";
import { createForm as customerCreate, updateForm as customerUpdate } from "../resources/customers/routes";
import { createForm as productOptionCreate, updateForm as productOptionUpdate } from "../resources/product-options/routes";
import { createForm as variantCreate, updateForm as variantUpdate } from "../resources/product-variants/routes";
import { createForm as productCreate, updateForm as productUpdate } from "../resources/products/routes";
import { createForm as promotionCreate, updateForm as promotionUpdate } from "../resources/promotions/routes";
import { createForm as shippingMethodCreate, updateForm as shippingMethodUpdate } from "../resources/shipping-methods/routes";
import { createForm as categoryCreate, updateForm as categoryUpdate } from "../resources/categories/routes";
import { createForm as taxRateCreate, updateForm as taxRateUpdate } from "../resources/tax-rates/routes";
import { createForm as zoneCreate, updateForm as zoneUpdate } from "../resources/zones/routes";

/** What the document needs of a form (any `defineForm(...)` result). */
export interface AnyForm {
  shape: Record<string, z.ZodType>;
  fields: readonly string[];
}

/**
 * Locales and currencies: `codeOnlyResource()` builds its form inside the
 * factory (not importable), so it is restated here from the same field
 * builder: `code` is required, letters/digits/dashes/underscores, and must
 * also be a well-formed locale (`en_US`) or currency (`USD`) code.
 */
const codeOnlyCreate = defineForm({ code: requiredCode() });
const codeOnlyUpdate = defineForm({ code: requiredCode().optional() });

/** Request body components, by component id. */
export const REQUEST_FORMS = {
  CodeOnlyCreate: codeOnlyCreate,
  CodeOnlyUpdate: codeOnlyUpdate,
  ZoneCreate: zoneCreate,
  ZoneUpdate: zoneUpdate,
  ChannelCreate: channelCreate,
  ChannelUpdate: channelUpdate,
  CustomerCreate: customerCreate,
  CustomerUpdate: customerUpdate,
  CategoryCreate: categoryCreate,
  CategoryUpdate: categoryUpdate,
  TaxRateCreate: taxRateCreate,
  TaxRateUpdate: taxRateUpdate,
  ShippingMethodCreate: shippingMethodCreate,
  ShippingMethodUpdate: shippingMethodUpdate,
  ProductOptionCreate: productOptionCreate,
  ProductOptionUpdate: productOptionUpdate,
  ProductCreate: productCreate,
  ProductUpdate: productUpdate,
  PromotionCreate: promotionCreate,
  PromotionUpdate: promotionUpdate,
  ProductVariantCreate: variantCreate,
  ProductVariantUpdate: variantUpdate,
  CartCreate: cartCreateForm,
  CartItemAdd: addItemForm,
  CartItemChange: changeItemForm,
} satisfies Record<string, AnyForm>;

export type RequestFormId = keyof typeof REQUEST_FORMS;

/** A documented input shape and the example values it must accept (checked against the real field). */
export interface InputShape {
  schema: z.ZodType;
  examples: unknown[];
}

const IGNORED_CODE: InputShape = {
  schema: z.unknown().meta({ description: "Ignored: the code identifies the resource and cannot change." }),
  examples: ["ANY_CODE"],
};

const codes = (what: string, examples: string[]): InputShape => ({
  schema: z.array(z.string()).meta({ description: `${what} codes (duplicates are ignored). A sent list replaces the old one.` }),
  examples: [examples],
});

const optionTranslations: InputShape = {
  schema: z.record(z.string(), z.object({ name: z.string() })).meta({ description: "Name per locale code." }),
  examples: [{ en_US: { name: "Mug type" } }],
};

const optionValues: InputShape = {
  schema: z
    .array(
      z.object({
        code: z.string().meta({ description: "Unique across all option values." }),
        translations: z.record(z.string(), z.object({ value: z.string() })).optional(),
      }),
    )
    .meta({ description: "The option's values; on update, values left out are removed (409 when a variant uses one)." }),
  examples: [[{ code: "mug_type_medium", translations: { en_US: { value: "Medium mug" } } }]],
};

const productTranslations: InputShape = {
  schema: z
    .record(
      z.string(),
      z.object({ name: z.string().optional(), slug: z.string().optional(), description: z.string().nullable().optional() }),
    )
    .meta({ description: "Per locale code: `name` and `slug` (required unless PATCH merges them into an existing translation), `description`." }),
  examples: [{ en_US: { name: "Mug", slug: "mug", description: "A mug." } }],
};

const taxAmount = (examples: unknown[]): InputShape => ({
  schema: z
    .union([z.number(), z.string()])
    .meta({ description: "The rate as a decimal fraction 0..10 (number or numeric string), kept exactly: 0.23 = 23 %." }),
  examples,
});

const productShapes: Record<string, InputShape> = {
  translations: productTranslations,
  options: codes("Product option", ["mug_type"]),
  channels: codes("Channel", ["US_WEB"]),
};

const promotionShapes: Record<string, InputShape> = {
  channels: codes("Channel", ["US_WEB"]),
  rules: {
    schema: z.array(promotionRuleSchema).meta({ description: "All must hold for the promotion to apply. A sent list replaces the old one." }),
    examples: [[{ type: "cart_quantity", configuration: { count: 2 } }]],
  },
  actions: {
    schema: z.array(promotionActionSchema).meta({ description: "Applied in order. A sent list replaces the old one." }),
    examples: [[{ type: "order_percentage_discount", configuration: { percentage: 0.1 } }]],
  },
};

/** Fields whose zod schema has no JSON Schema form (see above), per form. */
export const INPUT_SHAPES = new Map<AnyForm, Record<string, InputShape>>([
  [zoneUpdate, { code: IGNORED_CODE }],
  [channelUpdate, { code: IGNORED_CODE }],
  [categoryUpdate, { code: IGNORED_CODE }],
  [taxRateCreate, { amount: taxAmount([0.23, "0.08"]) }],
  [taxRateUpdate, { code: IGNORED_CODE, amount: taxAmount([0.2, "0.1"]) }],
  [shippingMethodUpdate, { code: IGNORED_CODE }],
  [productOptionCreate, { translations: optionTranslations, values: optionValues }],
  [productOptionUpdate, { translations: optionTranslations, values: optionValues }],
  [productCreate, productShapes],
  [productUpdate, productShapes],
  [promotionCreate, promotionShapes],
  [promotionUpdate, promotionShapes],
]);

/**
 * Fields whose schema lets them be missing but whose handler then refuses
 * the form (`This value should not be blank.`): required all the same.
 * test/openapi posts `{}` to every create operation and checks that exactly
 * the required fields fail.
 */
export const REQUIRED_BY_HANDLER = new Map<AnyForm, string[]>([[shippingMethodCreate, ["translations"]]]);

const CODE = `Letters, digits, dashes and underscores (${CODE_PATTERN.source}); unique.`;
const CATEGORY = "Code of a category; `null` or `\"\"` removes it.";

/** Prose for fields, per form (documentation only; shapes come from the forms). */
export const DESCRIPTIONS = new Map<AnyForm, Record<string, string>>([
  [codeOnlyCreate, { code: `${CODE} A locale code (\`en_US\`) or an ISO 4217 currency code (\`USD\`).` }],
  [codeOnlyUpdate, { code: "Validated, but the code of a locale or currency cannot change." }],
  [zoneCreate, { code: CODE, members: "ISO 3166-1 alpha-2 country codes." }],
  [zoneUpdate, { members: "ISO 3166-1 alpha-2 country codes; replaces the old list." }],
  [
    channelCreate,
    {
      code: CODE,
      baseCurrency: "Currency code; always one of the channel's currencies.",
      defaultLocale: "Locale code; always one of the channel's locales.",
      defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    },
  ],
  [channelUpdate, { defaultTaxZone: "Zone code; `null` or `\"\"` for none.", locales: "Replaces the old list.", currencies: "Replaces the old list." }],
  [customerCreate, { email: "Unique (case-insensitive).", user: "Creates a shop account (username = email); `plainPassword` is required." }],
  [customerUpdate, { user: "Creates or updates the shop account; a new account needs `plainPassword`." }],
  [categoryCreate, { code: CODE }],
  [taxRateCreate, { code: CODE, category: "Tax category code.", zone: "Zone code." }],
  [
    shippingMethodCreate,
    {
      code: CODE,
      translations: "Name per locale code; at least one.",
      zone: "Zone code.",
      channels: "Channel codes; each needs an amount in `configuration`.",
      configuration: "Amount in minor units per channel code.",
      category: CATEGORY,
      taxCategory: CATEGORY,
    },
  ],
  [shippingMethodUpdate, { translations: "PUT replaces, PATCH merges by locale.", category: CATEGORY, taxCategory: CATEGORY }],
  [productOptionCreate, { code: CODE }],
  [productCreate, { code: CODE }],
  [promotionCreate, { code: CODE, startsAt: "ISO 8601 date-time (no offset = UTC).", endsAt: "ISO 8601 date-time; not before startsAt." }],
  [
    variantCreate,
    {
      code: `${CODE} Unique across all variants.`,
      translations: "Name per locale code.",
      position: "Default: 0 for the product's first variant, else after the last one.",
      channelPricings: "Price per enabled channel code, in major units (number or numeric string): `12.43` is stored as 1243.",
      taxCategory: CATEGORY,
      shippingCategory: CATEGORY,
      optionValues: "Option code → option value code, for the product's options.",
    },
  ],
  [
    variantUpdate,
    {
      translations: "PUT replaces the translations; PATCH merges them by locale.",
      channelPricings: "Major units. PUT replaces the prices; PATCH merges them by channel.",
      optionValues: "Replaces the option values.",
      taxCategory: CATEGORY,
      shippingCategory: CATEGORY,
      version: "The variant's current `version`. Required by PUT (409 when missing); a stale version is a 409.",
    },
  ],
  [cartCreateForm, { customer: "Email of an existing customer.", localeCode: "One of the channel's locales.", channel: "Code of an enabled channel." }],
  [addItemForm, { quantity: "1..9999 (added to the item when the variant is already in the cart).", variant: "Variant code; needs a price in the cart's channel." }],
  [changeItemForm, { quantity: "1..9999." }],
]);

/**
 * One example body per form, shown by the viewer and pre-filled by "Try it
 * out". They use the local demo data's codes (US_WEB, en_US, MUG_TH...);
 * test/openapi checks that each one passes its form.
 */
export const EXAMPLES = {
  CodeOnlyCreate: { code: "fr_FR" },
  CodeOnlyUpdate: {},
  ZoneCreate: { code: "EU", name: "European Union", type: "country", members: ["DE", "FR", "IT"] },
  ZoneUpdate: { name: "European Union", members: ["DE", "FR", "IT", "ES"] },
  ChannelCreate: {
    code: "US_MOBILE",
    name: "US Mobile",
    enabled: true,
    baseCurrency: "USD",
    defaultLocale: "en_US",
    locales: ["en_US"],
    currencies: ["USD"],
    defaultTaxZone: "US",
    taxCalculationStrategy: "order_items_based",
  },
  ChannelUpdate: { name: "US Mobile Store", enabled: false },
  CustomerCreate: { email: "jane@example.com", firstName: "Jane", lastName: "Doe", user: { plainPassword: "change-me", enabled: true } },
  CustomerUpdate: { firstName: "Janet" },
  CategoryCreate: { code: "books", name: "Books", description: "Printed books" },
  CategoryUpdate: { name: "Books and e-books" },
  TaxRateCreate: { code: "us_reduced", name: "US reduced", amount: 0.05, includedInPrice: false, calculator: "default", category: "other", zone: "US" },
  TaxRateUpdate: { amount: "0.06" },
  ShippingMethodCreate: {
    code: "FEDEX",
    position: 2,
    enabled: true,
    translations: { en_US: { name: "FedEx" } },
    zone: "US",
    channels: ["US_WEB"],
    calculator: "flat_rate",
    configuration: { US_WEB: { amount: 1250 } },
    category: null,
    categoryRequirement: "match_any",
    taxCategory: null,
  },
  ShippingMethodUpdate: { configuration: { US_WEB: { amount: 990 } } },
  ProductOptionCreate: {
    code: "mug_color",
    position: 2,
    translations: { en_US: { name: "Mug color" } },
    values: [
      { code: "mug_color_red", translations: { en_US: { value: "Red" } } },
      { code: "mug_color_blue", translations: { en_US: { value: "Blue" } } },
    ],
  },
  ProductOptionUpdate: { translations: { en_US: { name: "Mug colour" } } },
  ProductCreate: {
    code: "MUG_TRAVEL",
    translations: { en_US: { name: "Travel mug", slug: "travel-mug", description: "Keeps it hot." } },
    options: ["mug_type"],
    channels: ["US_WEB"],
    enabled: true,
  },
  ProductUpdate: { enabled: false },
  PromotionCreate: {
    code: "SUMMER",
    name: "Summer sale",
    description: "10 % off from two items",
    priority: 10,
    exclusive: false,
    usageLimit: 500,
    startsAt: "2026-06-01T00:00:00+00:00",
    endsAt: "2026-08-31T23:59:59+00:00",
    channels: ["US_WEB"],
    rules: [{ type: "cart_quantity", configuration: { count: 2 } }],
    actions: [{ type: "order_percentage_discount", configuration: { percentage: 0.1 } }],
  },
  PromotionUpdate: { priority: 20 },
  ProductVariantCreate: {
    code: "MUG_TH_TRAVEL",
    translations: { en_US: { name: "Travel theme mug" } },
    tracked: true,
    onHand: 25,
    channelPricings: { US_WEB: { price: "12.43" } },
    taxCategory: "other",
    shippingCategory: "default",
    optionValues: { mug_type: "mug_type_medium" },
    width: 9,
    height: 14,
    depth: 9,
    weight: 0.35,
  },
  ProductVariantUpdate: { version: 1, onHand: 30, channelPricings: { US_WEB: { price: 13.5 } } },
  CartCreate: { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" },
  CartItemAdd: { variant: "MUG_TH_DOUBLE", quantity: 2 },
  CartItemChange: { quantity: 3 },
} satisfies Record<RequestFormId, Record<string, unknown>>;
