/**
 * The statements of one page of a list (see `src/http/list-page.ts` for how a
 * request's `page`, `limit`, `sorting` and `criteria` become them).
 *
 * The statements go in the route's ONE batch: the total, the page's rows, and
 * the page's ids as a subquery, through which the children of the page load
 * in that same batch (one round trip, no N+1).
 */
import { count, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./db";

type ListTable = SQLiteTable & { id: SQLiteColumn };

/** The total, the page's ids (a subquery) and its rows, of `table` filtered by `where` in `orderBy` order. */
export function pageQueries<T extends ListTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
) {
  return {
    count: db.select({ total: count() }).from(table).where(where),
    ids: db.select({ id: table.id }).from(table).where(where).orderBy(...orderBy).limit(page.limit).offset(page.offset),
    /** The page's rows of `query`, a `db.select(columns).from(table).$dynamic()` (dynamic, so it stays typed here). */
    rows: <Q extends SQLiteSelect>(query: Q) =>
      query.where(where).orderBy(...orderBy).limit(page.limit).offset(page.offset),
  };
}
