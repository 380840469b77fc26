/**
 * `/api/v1/shipping-categories/`: code, name, description (the shared part,
 * with tax categories: ../shared/categories.ts). Shipping categories are
 * used by variants and shipping methods.
 */
import { shippingCategories } from "../../../data/schema";
import { shippingCategoryInUse } from "../../../data/queries/categories";
import { categoryRoutes } from "../shared/categories";
import { serializeShippingCategory, ShippingCategory, ShippingCategoryPage } from "../shared/category-views";
import { boundedName } from "../shared/name-field";

/**
 * The messages of Sylius 1.8 (ShippingBundle's validation mapping and
 * validators.en.yml).
 */
export const SHIPPING_CATEGORY_MESSAGES = {
  codeBlank: "Please enter shipping category code.",
  codePattern: "Shipping category code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The shipping category with given code already exists.",
  nameBlank: "Please enter shipping category name.",
  nameTooShort: "Category name must be at least 2 characters long.",
  nameTooLong: "Category name must not be longer than 255 characters.",
} as const;

export const shippingCategoryRoutes = categoryRoutes({
  noun: "Shipping category",
  area: "config",
  plural: "shipping categories",
  table: shippingCategories,
  messages: SHIPPING_CATEGORY_MESSAGES,
  name: () => boundedName(SHIPPING_CATEGORY_MESSAGES),
  example: { code: "fragile", name: "Fragile", description: "Glass and ceramics" },
  views: { serialize: serializeShippingCategory, item: ShippingCategory, page: ShippingCategoryPage },
  inUse: shippingCategoryInUse,
  event: "shipping_category",
});
