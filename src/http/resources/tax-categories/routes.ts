/**
 * `/api/v1/tax-categories/`: code, name, description (the shared part, with
 * shipping categories: ../shared/categories.ts). Tax categories are used by
 * variants, tax rates and shipping methods.
 */
import { taxCategories } from "../../../data/schema";
import { taxCategoryInUse } from "../../../data/queries/categories";
import { requiredString } from "../../fields";
import { categoryForms, categoryRoutes } from "../shared/categories";
import { serializeTaxCategory, TaxCategory, TaxCategoryPage } from "../shared/category-views";

/**
 * The messages of Sylius 1.8 (TaxationBundle's validation mapping and
 * validators.en.yml).
 */
export const TAX_CATEGORY_MESSAGES = {
  codeBlank: "Please enter tax category code.",
  codePattern: "Tax category code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The tax category with given code already exists.",
  nameBlank: "Please enter tax category name.",
} as const;

/** A tax category's name: Sylius' Length(2..255) has no English text for it, so only the blank message is Sylius'. */
const taxCategoryName = () => requiredString(TAX_CATEGORY_MESSAGES.nameBlank);

export const { create: taxCategoryCreateForm, update: taxCategoryUpdateForm } = categoryForms(taxCategoryName, TAX_CATEGORY_MESSAGES, {
  component: "TaxCategory",
  example: { code: "gift_cards", name: "Gift cards", description: "Gift cards and vouchers" },
});

export const taxCategoryRoutes = categoryRoutes({
  noun: "Tax category",
  table: taxCategories,
  forms: { create: taxCategoryCreateForm, update: taxCategoryUpdateForm },
  messages: TAX_CATEGORY_MESSAGES,
  serialize: serializeTaxCategory,
  inUse: taxCategoryInUse,
  docs: { path: "tax-categories", tag: "Tax categories", plural: "tax categories", idPrefix: "TaxCategory", item: TaxCategory, page: TaxCategoryPage },
});
