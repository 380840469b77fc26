/**
 * SQL conditions shared by the resources' reads.
 *
 * Lists of values travel as ONE bound JSON parameter expanded by SQLite's
 * `json_each`, so a reference check or a many-to-many insert never hits D1's
 * 100-bound-parameter limit whatever the list length.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Value } from "./prepared";

/** `(SELECT value FROM json_each(?))`: a list of values as one parameter (its JSON text, or the placeholder of a query built once). */
export const jsonListOf = (json: Value<string>): SQL => sql`(SELECT value FROM json_each(${json}))`;

/** `(SELECT value FROM json_each(?))`: a list of values as one parameter. */
export const jsonValues = (values: readonly (string | number)[]): SQL => jsonListOf(JSON.stringify(values));

/** `column IN (list)` with the list as one JSON parameter. */
export const inJson = (column: SQLiteColumn | SQL, values: readonly (string | number)[]): SQL =>
  sql`${column} IN ${jsonValues(values)}`;

/*
 * Two substring filters, kept apart on purpose: they differ on non-ASCII
 * text (SQLite's lower() folds ASCII only, JavaScript's toLowerCase() folds
 * every letter), so merging them would change which rows a criterion matches.
 */

/** Case-insensitive substring match (`LIKE` with `%`/`_` escaped): the configuration resources' criteria. */
export const contains = (column: SQLiteColumn, value: string): SQL => {
  const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
};

/** Case-insensitive substring match (`instr`, both sides lowered by SQLite): the catalog resources' criteria. */
export const containsText = (column: SQL.Aliased | SQL | { getSQL(): SQL }, text: string): SQL =>
  sql`instr(lower(${column}), lower(${text})) > 0`;
