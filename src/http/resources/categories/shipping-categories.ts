/**
 * `/api/v1/shipping-categories/`: code, name, description. Same resource
 * shape as tax categories (see `categoryRoutes`); in use by variants and
 * shipping methods. Default list sorting `code asc`.
 */
import { shippingCategories } from "../../../data/schema";
import { shippingCategoryInUse } from "../../../data/queries/categories";
import { serializeShippingCategory } from "./serializer";
import { categoryRoutes } from "./routes";

export const shippingCategoryRoutes = categoryRoutes({
  path: "shipping-categories",
  table: shippingCategories,
  noun: "Shipping category",
  uniqueMessage: "The shipping category with given code already exists.",
  serialize: (row) => serializeShippingCategory(row, "full"),
  inUse: shippingCategoryInUse,
});
