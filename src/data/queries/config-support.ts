/**
 * Small query helpers shared by the supporting (configuration) resources:
 * zones, channels, customers, tax/shipping categories, tax rates and
 * shipping methods.
 *
 * - Lists of codes travel as ONE bound JSON parameter expanded by SQLite's
 *   `json_each`, so a reference check or a many-to-many insert never hits
 *   D1's 100-bound-parameter limit whatever the list length.
 * - drizzle's D1 batch cannot run a raw `sql` statement that has bound
 *   parameters (`db.run(sql...)`/`db.all(sql...)` have no prepared statement):
 *   raw reads are wrapped in `db.select({x: sql...})`, raw inserts in
 *   `db.insert(table).select(sql...)`.
 * - Listing: page/limit, `sorting[field]`, `criteria[field]` (substring,
 *   case-insensitive) built the same way for every resource.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { conflict } from "../../http/errors";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db";
import { carriedQuery, criteriaFrom, pageRequest, sortingFrom, type PageRequest, type Sorting } from "../../http/pagination";

/** `(SELECT value FROM json_each(?))`: a list of values as one parameter. */
export const jsonValues = (values: readonly (string | number)[]): SQL =>
  sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** `column IN (list)` with the list as one JSON parameter. */
export const inJson = (column: SQLiteColumn | SQL, values: readonly (string | number)[]): SQL =>
  sql`${column} IN ${jsonValues(values)}`;

/** Case-insensitive substring match (`LIKE` with `%`/`_` escaped). */
export const contains = (column: SQLiteColumn, value: string): SQL => {
  const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
};

export interface ListRequest<C extends string> {
  page: PageRequest;
  orderBy: SQL[];
  criteria: Partial<Record<C, string>>;
  /** Query parameters the envelope's links carry (sorting, criteria). */
  query: URLSearchParams;
}

/**
 * Reads `page`, `limit`, `sorting[field]=asc|desc` (among `sortable`) and
 * `criteria[field]` (among `criteria`). Ties are broken by `tieBreaker` in
 * the same direction, so pages never overlap.
 */
export function listRequest<F extends string, C extends string>(
  url: URL,
  sortable: Record<F, SQLiteColumn>,
  fallback: Sorting<NoInfer<F>>,
  tieBreaker: SQLiteColumn,
  criteria: readonly C[] = [],
): ListRequest<C> {
  const sorting = sortingFrom(url, Object.keys(sortable) as F[], fallback);
  const direction = sorting.direction === "asc" ? asc : desc;
  return {
    page: pageRequest(url),
    orderBy: [direction(sortable[sorting.field]), direction(tieBreaker)],
    criteria: criteriaFrom(url, criteria),
    query: carriedQuery(url),
  };
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Unique values, first occurrence order. */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Runs a batch built at run time (its results are not needed); an empty list makes no round trip. */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (!first) return;
  await db.batch([first, ...rest]);
}

/**
 * Deletes the row `id` of `table` unless `inUse` (an SQL boolean) holds, in
 * one atomic batch: the check and the conditional delete see the same state,
 * so a reference added meanwhile is never orphaned. Throws 409 when in use.
 */
export async function deleteUnlessInUse(
  db: Database,
  table: SQLiteTable & { id: SQLiteColumn },
  id: number,
  inUse: SQL,
  message: string,
): Promise<void> {
  const [usage] = await db.batch([
    db.select({ inUse: sql<number>`${inUse}` }).from(table as SQLiteTable).where(eq(table.id, id)),
    db.delete(table).where(and(eq(table.id, id), sql`NOT ${inUse}`)),
  ]);
  if (usage[0]?.inUse) throw conflict(message);
}
