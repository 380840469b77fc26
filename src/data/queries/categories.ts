/** Tax and shipping categories: same columns, different tables and users. */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { shippingCategories, taxCategories } from "../schema";

export type CategoryTable = typeof taxCategories | typeof shippingCategories;

export const categoryColumns = (table: CategoryTable) => ({
  id: table.id,
  code: table.code,
  name: table.name,
  description: table.description,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
});

export const categoryByCode = (db: Database, table: CategoryTable, code: string) =>
  db.select(categoryColumns(table)).from(table).where(eq(table.code, code)).limit(1);

/** True when variants, tax rates or shipping methods use the tax category `id`. */
export const taxCategoryInUse = (id: number): SQL => sql`(
    EXISTS (SELECT 1 FROM product_variants WHERE tax_category_id = ${id})
    OR EXISTS (SELECT 1 FROM tax_rates WHERE category_id = ${id})
    OR EXISTS (SELECT 1 FROM shipping_methods WHERE tax_category_id = ${id})
  )`;

/** True when variants or shipping methods use the shipping category `id`. */
export const shippingCategoryInUse = (id: number): SQL => sql`(
    EXISTS (SELECT 1 FROM product_variants WHERE shipping_category_id = ${id})
    OR EXISTS (SELECT 1 FROM shipping_methods WHERE category_id = ${id})
  )`;

/** A tax or shipping category as the API reads it. */
export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}
