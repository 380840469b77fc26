/**
 * Product variants (as `serializeProductVariant` renders them): the
 * default set (list items) and the detailed set (create, get one).
 *
 * `serializeProductVariant` returns `Record<string, unknown>`, so its output
 * cannot be checked against these schemas by the compiler; test/openapi
 * checks real responses against them instead.
 */
import { z } from "zod";
import { code, component, int, keyedOrEmpty, Link, pageOf, SelfLinks } from "../../openapi/common";
import {
  ShippingCategory,
  ShippingCategoryReference,
  TaxCategory,
  TaxCategoryReference,
} from "../shared/category-views";

const OMITTED = "Omitted when none.";
const NEVER_SET = "Omitted when never set.";

const defaultSet = {
  id: int(),
  code: code(),
  position: int().meta({ description: "Order of the variant within its product." }),
  optionValues: z.array(
    z.object({
      code: code(),
      name: z.string().optional().meta({ description: "The option's name in the default locale." }),
      translations: keyedOrEmpty(z.object({ locale: z.string(), id: int(), value: z.string() }), "locale code"),
    }),
  ),
  translations: keyedOrEmpty(z.object({ locale: z.string(), id: int(), name: z.string() }), "locale code"),
  tracked: z.boolean(),
  channelPricings: keyedOrEmpty(
    z.object({ channelCode: z.string(), price: int().meta({ description: "Minor units." }) }),
    "channel code",
  ),
};

/** The variant's categories in a set's view (omitted when none), then its version. */
const categoriesAndVersion = <T extends z.ZodType, S extends z.ZodType>(taxCategory: T, shippingCategory: S) => ({
  taxCategory: taxCategory.optional().meta({ description: OMITTED }),
  shippingCategory: shippingCategory.optional().meta({ description: OMITTED }),
  version: int().meta({ description: "Increases by 1 on every update; send it back on PUT." }),
});

export const ProductVariant = component(
  "ProductVariant",
  z.object({ ...defaultSet, ...categoriesAndVersion(TaxCategoryReference, ShippingCategoryReference), _links: SelfLinks }),
  "A product variant, default set (list items).",
);

export const ProductVariantDetailed = component(
  "ProductVariantDetailed",
  z.object({
    ...defaultSet,
    ...categoriesAndVersion(TaxCategory, ShippingCategory),
    onHold: int().meta({ description: "Units reserved (read-only)." }),
    onHand: int().meta({ description: "Units in stock." }),
    width: z.number().optional().meta({ description: NEVER_SET }),
    height: z.number().optional().meta({ description: NEVER_SET }),
    depth: z.number().optional().meta({ description: NEVER_SET }),
    weight: z.number().optional().meta({ description: NEVER_SET }),
    _links: component("ProductVariantLinks", z.object({ self: Link, product: Link })),
  }),
  "A product variant, detailed set (create, get one).",
);

export const ProductVariantPage = pageOf("ProductVariantPage", ProductVariant);
