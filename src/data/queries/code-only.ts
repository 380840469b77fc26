/** The rows of tables that are nothing but a unique code (locales, currencies). */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import type { currencies, locales } from "../schema";

export interface CodeRow {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
}

/** A table that is nothing but a unique code. */
export type CodeTable = typeof locales | typeof currencies;

/** The columns of a code-only row. */
export const codeColumns = (table: CodeTable) => ({ id: table.id, code: table.code, createdAt: table.createdAt, updatedAt: table.updatedAt });

/** The row of `table` with `code`: none or one. */
export const codeRowByCode = (db: Database, table: CodeTable, code: string) =>
  db.select(codeColumns(table)).from(table).where(eq(table.code, code)).limit(1);

/** True when a channel, a translation or an order uses the locale. */
export const localeInUse = (row: CodeRow): SQL => sql`(
      EXISTS (SELECT 1 FROM channel_locales WHERE locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE default_locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM product_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_variant_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_value_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM shipping_method_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM orders WHERE locale_code = ${row.code})
    )`;

/** True when a channel or an order uses the currency. */
export const currencyInUse = (row: CodeRow): SQL => sql`(
      EXISTS (SELECT 1 FROM channel_currencies WHERE currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE base_currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM orders WHERE currency_code = ${row.code})
    )`;
