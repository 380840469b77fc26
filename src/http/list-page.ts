/**
 * One page of a resource list, read the way every list endpoint reads it:
 * `page`/`limit`, `sorting[field]=asc|desc` (ties broken by id in the same
 * direction, so pages never overlap) and `criteria[field]` filters (ANDed).
 * The statements come from `pageQueries` and go in the route's one batch.
 */
import { and, asc, desc, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../data/db";
import { pageQueries } from "../data/list-page";
import { contains } from "../data/conditions";
import { carriedQuery, criteriaFrom, envelope, pageRequest, sortingFrom, type Sorting } from "./pagination";

type ListTable = SQLiteTable & { id: SQLiteColumn };

type NamedTable = ListTable & { code: SQLiteColumn; name: SQLiteColumn; createdAt: SQLiteColumn; updatedAt: SQLiteColumn };

/**
 * The list of a resource with a code and a name (channels, zones, tax rates):
 * sortable by code, name, `extra` columns and timestamps, filtered by code and
 * name (substring), `code asc` by default.
 */
export function namedListSpec<E extends string = never>(
  table: NamedTable,
  extra?: Record<E, SQLiteColumn>,
): ListSpec<"code" | "name" | "createdAt" | "updatedAt" | E, "code" | "name"> {
  return {
    sortable: { code: table.code, name: table.name, ...extra, createdAt: table.createdAt, updatedAt: table.updatedAt } as Record<
      "code" | "name" | "createdAt" | "updatedAt" | E,
      SQLiteColumn
    >,
    defaultSorting: { field: "code", direction: "asc" },
    filters: { code: (value) => contains(table.code, value), name: (value) => contains(table.name, value) },
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
