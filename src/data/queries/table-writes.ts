/**
 * Writes of one row by its id that many resources make alike: its update,
 * its `updatedAt` touch, its delete; and the insert of a row and the select
 * of a list's rows. Statements are returned unexecuted, for the request's
 * batch.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn, SQLiteInsertValue, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";

/** A table with an integer `id`. */
type IdTable = SQLiteTable & { id: SQLiteColumn };

/** The insert of one row into `table`. */
export const insertRow = <T extends SQLiteTable>(db: Database, table: T, values: SQLiteInsertValue<T>) => db.insert(table).values(values);

/** The update of the row of `table` with `id`. */
export const updateById = <T extends IdTable>(db: Database, table: T, id: number, changes: SQLiteUpdateSetSource<T>) =>
  db.update(table).set(changes).where(eq(table.id, id));

/** The delete of the row of `table` with `id`. */
export const deleteById = <T extends IdTable>(db: Database, table: T, id: number) => db.delete(table).where(eq(table.id, id));

/** The rows of `table` (its `columns`), for a list page to filter, order and limit (`$dynamic`). */
export const listRows = <T extends SQLiteTable, C extends SelectedFields>(db: Database, table: T, columns: C) => db.select(columns).from(table).$dynamic();

/** The column's own value: what an update's `set` keeps (a write that must still touch the row). */
export const unchanged = (column: SQLiteColumn): SQL => sql`${column}`;
