/**
 * The two reads of a resource the API addresses by its unique code: its row,
 * and a subquery of its id (for the reads and writes of one batch).
 */
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";

/** A table with an integer `id` and a unique `code`. */
type CodedTable = SQLiteTable & { id: SQLiteColumn; code: SQLiteColumn };

/** The row (all columns) of `table` with `code`: none or one. */
export const rowByCode = <T extends CodedTable>(db: Database, table: T, code: string) =>
  db.select().from(table).where(eq(table.code, code)).limit(1);

/** A subquery of the id of the row of `table` with `code`. */
export const idOfCode = <T extends CodedTable>(db: Database, table: T, code: string) =>
  db.select({ id: table.id }).from(table).where(eq(table.code, code));
