/** Tables that are nothing but a unique code (locales, currencies) and their rows. */
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

export type CodeTable = SQLiteTable & {
  id: SQLiteColumn;
  code: SQLiteColumn;
  createdAt: SQLiteColumn;
  updatedAt: SQLiteColumn;
};

export interface CodeRow {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
}
