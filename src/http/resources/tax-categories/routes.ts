/**
 * `/api/v1/tax-categories/`: code, name, description (the shared part, with
 * shipping categories: ../shared/categories.ts). Tax categories are used by
 * variants, tax rates and shipping methods.
 */
import { taxCategories } from "../../../data/schema";
import { taxCategoryInUse } from "../../../data/queries/categories";
import { requiredString } from "../../fields";
import { categoryRoutes } from "../shared/categories";
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

export const taxCategoryRoutes = categoryRoutes({
  noun: "Tax category",
  area: "config",
  plural: "tax categories",
  table: taxCategories,
  messages: TAX_CATEGORY_MESSAGES,
  // Sylius' Length(2..255) on the name has no English text: only the blank message is Sylius'.
  name: () => requiredString(TAX_CATEGORY_MESSAGES.nameBlank),
  example: { code: "gift_cards", name: "Gift cards", description: "Gift cards and vouchers" },
  views: { serialize: serializeTaxCategory, item: TaxCategory, page: TaxCategoryPage },
  inUse: taxCategoryInUse,
  event: "tax_category",
});
