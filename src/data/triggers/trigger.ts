/**
 * What a declared trigger becomes: its name and its `CREATE TRIGGER`
 * statement (no trailing `;`, as `sqlite_master.sql` holds it). The modules
 * of this folder declare the facts (which table feeds which counter, version,
 * posting or view) and turn them into these; `index.ts` gathers them and
 * writes the migration block (`npm run db:triggers`, docs/development/triggers.md).
 */
import { getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

export interface Trigger {
  name: string;
  sql: string;
}

/** A row event a trigger fires on. */
export type RowEvent = "insert" | "update" | "delete";

/** The keyword of `AFTER <event>`. */
export const EVENT_SQL: Record<RowEvent, string> = { insert: "INSERT", update: "UPDATE", delete: "DELETE" };

/** The row a trigger's statements read for an event: `NEW` for an insert, `OLD` for a delete. */
export const ROW_OF: Record<Exclude<RowEvent, "update">, "NEW" | "OLD"> = { insert: "NEW", delete: "OLD" };

/** A table's SQL name. */
export const tableName = (table: SQLiteTable): string => getTableName(table);

/** An identifier in backticks, as drizzle-kit writes them. */
export const quoted = (name: string): string => `\`${name}\``;

/** A column in backticks. */
export const col = (column: SQLiteColumn): string => quoted(column.name);

/** `OLD.`col`` / `NEW.`col``. */
export const ref = (row: "OLD" | "NEW", column: SQLiteColumn): string => `${row}.${col(column)}`;
