/**
 * `/api/v1/shipping-categories/`: code, name, description (the shared part,
 * with tax categories: ../shared/categories.ts). Shipping categories are
 * used by variants and shipping methods.
 */
import { z } from "zod";
import { MSG } from "../../../domain/messages";
import { shippingCategories } from "../../../data/schema";
import { shippingCategoryInUse } from "../../../data/queries/categories";
import { categoryForms, categoryRoutes } from "../shared/categories";
import { serializeShippingCategory, ShippingCategory, ShippingCategoryPage } from "../shared/category-views";

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

const shippingCategoryName = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? SHIPPING_CATEGORY_MESSAGES.nameBlank : MSG.invalid) })
    .refine((s) => s.trim().length > 0, { error: SHIPPING_CATEGORY_MESSAGES.nameBlank, abort: true })
    .refine((s) => s.length >= 2, { error: SHIPPING_CATEGORY_MESSAGES.nameTooShort, abort: true })
    .refine((s) => s.length <= 255, { error: SHIPPING_CATEGORY_MESSAGES.nameTooLong });

export const { create: shippingCategoryCreateForm, update: shippingCategoryUpdateForm } = categoryForms(shippingCategoryName, SHIPPING_CATEGORY_MESSAGES, {
  component: "ShippingCategory",
  example: { code: "fragile", name: "Fragile", description: "Glass and ceramics" },
});

export const shippingCategoryRoutes = categoryRoutes({
  noun: "Shipping category",
  table: shippingCategories,
  forms: { create: shippingCategoryCreateForm, update: shippingCategoryUpdateForm },
  messages: SHIPPING_CATEGORY_MESSAGES,
  serialize: serializeShippingCategory,
  inUse: shippingCategoryInUse,
  docs: {
    path: "shipping-categories",
    tag: "Shipping categories",
    plural: "shipping categories",
    idPrefix: "ShippingCategory",
    item: ShippingCategory,
    page: ShippingCategoryPage,
  },
});
