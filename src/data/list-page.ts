/**
 * One page of a resource list, read the way every list endpoint reads it:
 * `page`/`limit`, `sorting[field]=asc|desc` (ties broken by id in the same
 * direction, so pages never overlap) and `criteria[field]` filters (ANDed).
 *
 * The statements go in the route's ONE batch: the total, the page's rows, and
 * the page's ids as a subquery, through which the children of the page load
 * in that same batch (one round trip, no N+1).
 */
import { and, asc, count, desc, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { carriedQuery, criteriaFrom, envelope, pageRequest, sortingFrom, type Sorting } from "../http/pagination";
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

export interface ListSpec<F extends string, C extends string> {
  /** Sortable fields and the column each sorts by. */
  sortable: Record<F, SQLiteColumn>;
  defaultSorting: Sorting<NoInfer<F>>;
  /** `criteria[field]` → the condition its (trimmed, non-blank) value adds. */
  filters?: Record<C, (value: string) => SQL>;
}

/**
 * The page of `table` that the request `url` asks for: `pageQueries` plus
 * the `orderBy` (for loaders that order the rows themselves) and the
 * paginated envelope of the items, `counted` being the result of `count`.
 */
export function listPage<T extends ListTable, F extends string, C extends string = never>(
  db: Database,
  table: T,
  url: string,
  spec: ListSpec<F, C>,
) {
  const parsed = new URL(url);
  const sorting = sortingFrom(parsed, Object.keys(spec.sortable) as F[], spec.defaultSorting);
  const direction = sorting.direction === "asc" ? asc : desc;
  const orderBy = [direction(spec.sortable[sorting.field]), direction(table.id)];
  const filters = Object.entries(spec.filters ?? {}) as [C, (value: string) => SQL][];
  const criteria = criteriaFrom(parsed, filters.map(([field]) => field));
  const where = and(
    ...filters.map(([field, condition]) => {
      const value = criteria[field];
      return value === undefined ? undefined : condition(value);
    }),
  );
  const request = pageRequest(parsed);
  const query = carriedQuery(parsed);
  return {
    ...pageQueries(db, table, where, orderBy, request),
    orderBy,
    envelope: <I>(path: string, counted: readonly { total: number }[], items: I[]) =>
      envelope({ path, request, total: counted[0]?.total ?? 0, items, query }),
  };
}
