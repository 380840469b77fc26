/**
 * Reads of one table that many resources make alike: the row of a code and
 * a subquery of its id (a resource the API addresses by code), and the rows
 * a condition selects in id order (a resource's parts: translations,
 * pricings, payments...).
 */
import { asc, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";

/** A table with an integer `id`. */
type IdTable = SQLiteTable & { id: SQLiteColumn };
/** A table with an integer `id` and a unique `code`. */
type CodedTable = IdTable & { code: SQLiteColumn };

/** The row (all columns) of `table` with `code`: none or one. */
export const rowByCode = <T extends CodedTable>(db: Database, table: T, code: string) =>
  db.select().from(table).where(eq(table.code, code)).limit(1);

/** A subquery of the id of the row of `table` with `code`. */
export const idOfCode = <T extends CodedTable>(db: Database, table: T, code: string) =>
  db.select({ id: table.id }).from(table).where(eq(table.code, code));

/** The rows (all columns) of `table` that `where` selects, in id order. */
export const rowsInIdOrder = <T extends IdTable>(db: Database, table: T, where: SQL | undefined) =>
  db.select().from(table).where(where).orderBy(asc(table.id));
