/**
 * One page of a resource list, read the way every list endpoint reads it:
 * `page`/`limit`, `sorting[field]=asc|desc` (ties broken by id in the same
 * direction, so pages never overlap) and `criteria[field]` filters (ANDed).
 * The statements come from `pageQueries` and go in the route's one batch.
 *
 * An unfiltered list of a table with a counter (`COUNTED_TABLES`) reads its
 * total from `list_counts`; `cursor` walks the list by key instead of by page
 * number (docs/api/cursors.md).
 */
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../data/db";
import {
  DEEP_OFFSET,
  idList,
  idsOfQuery,
  listConditions,
  nameInLocale,
  nullableKey,
  pageQueries,
  rowsOfIds,
  sortOrder,
  tableCounter,
  textCondition,
  textsCondition,
  type CriterionCondition,
  type ListCounter,
  type TextCriterion,
  type TextFilter,
} from "../data/list-page";
import { badRequest } from "./errors";
import { DEFAULT_LOCALE } from "../domain/product-attributes";
import { namedBatch, type NamedQueries, type NamedResults, type Statement } from "../data/batch";
import { firstBatch, type FirstBatchContext } from "./first-batch";
import { contains, containsText } from "../data/conditions";
import { carriedQuery, criteriaFrom, cursorAfter, envelope, pageRequest, sortingFrom, withCursor, type PageRequest, type Sorting } from "./pagination";

export { SEARCH_SCOPES, substring } from "../data/list-page";

type ListTable = SQLiteTable & { id: SQLiteColumn };

type NamedTable = ListTable & { code: SQLiteColumn; name: SQLiteColumn; createdAt: SQLiteColumn; updatedAt: SQLiteColumn };

/**
 * The list of a resource with a code and a name (channels, zones, tax rates):
 * sortable by code, name, `extra` columns and timestamps, filtered by code and
 * name (substring), `createdAt asc` (creation order) by default.
 */
export function namedListSpec<E extends string = never>(
  table: NamedTable,
  extra?: Record<E, SQLiteColumn>,
): ListSpec<"code" | "name" | "createdAt" | "updatedAt" | E, "code" | "name"> {
  return {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the object has exactly these keys: the four named ones and E (from `extra`)
    sortable: { code: table.code, name: table.name, ...extra, createdAt: table.createdAt, updatedAt: table.updatedAt } as Record<
      "code" | "name" | "createdAt" | "updatedAt" | E,
      SQLiteColumn
    >,
    // Creation order (ties broken by id), as Sylius 1.8's API lists them (no grid, no sorting: the database's id order).
    defaultSorting: { field: "createdAt", direction: "asc" },
    filters: { code: textFilter(table.code), name: textFilter(table.name) },
  };
}

/**
 * The sort key of a configuration list by its translated name: the name of
 * its translation in the request's locale (the shop's `en_US`, the locale
 * every read shows first), as Sylius' grids sort `translation.name`; NULL
 * (first ascending) for a row without one. A correlated lookup per row, on
 * the translations' unique `(owner, locale)` index: only for the bounded
 * configuration tables, which are read whole to be sorted.
 */
export function translatedName(translations: SQLiteTable, owner: SQLiteColumn, name: SQLiteColumn, locale: SQLiteColumn, id: SQLiteColumn): SQL {
  return nameInLocale(translations, owner, name, locale, id, DEFAULT_LOCALE);
}

/**
 * A filter by `column` of the list's table, of every type of Sylius' string
 * filter; `match` is its `contains` (see `substring`). Without postings, each
 * type reads the rows its list's other conditions leave (a configuration
 * table, or a parent's rows).
 */
export function textFilter(column: SQLiteColumn, match: typeof contains | typeof containsText = contains): TextFilter {
  return { text: column, notNull: column.notNull, contains: (value) => match(column, value) };
}

/**
 * A list's `criteria[field]`: a text of Sylius' string filter (`TextFilter`,
 * every type), several texts (`search` in a code and a name), or a condition
 * of the value that takes the flat form only (a boolean's `true`/`false`).
 */
export type ListFilter = TextFilter | readonly TextFilter[] | ((value: string) => SQL);

export interface ListSpec<F extends string, C extends string> {
  /** Sortable fields and the column (or expression: `translatedName`) each sorts by. */
  sortable: Record<F, SQLiteColumn | SQL>;
  defaultSorting: Sorting<NoInfer<F>>;
  /** `criteria[field]` → its filter (`ListFilter`). */
  filters?: Record<C, ListFilter>;
  /** Pages by number only: `cursor` is ignored (a promotion's coupons, a product's reviews). */
  numbersOnly?: boolean;
}

/** Where a page's statements find its rows (see `listPage`'s `read`). */
export interface PageAt {
  /** The page's ids: the ids subquery, or (a deep page) the ids read first, as a list. */
  ids: SQLWrapper;
  /** The page's rows of `query` (a `db.select(columns).from(table).$dynamic()`), in the list's order. */
  rows: <Q extends SQLiteSelect>(query: Q) => Q;
}

/**
 * The page of `table` that the request `url` asks for: `pageQueries` plus
 * the `orderBy` (for loaders that order the rows themselves), the paginated
 * envelope of the items (`counted` being the result of `count`), and `read`.
 *
 * `read(c, load)` runs the page: `load` names the page's queries, selecting
 * by `at.ids` / `at.rows`; `items` are their results. Up to `DEEP_OFFSET` (and for a
 * cursor page) that is the request's one batch, with the count, each
 * statement selecting the page's ids again (a walk of at most `DEEP_OFFSET +
 * limit` index entries each). From there it is two: the count and the ids
 * (ONE walk of the offset), then the statements by those ids, so a deep page
 * walks its index once whatever the number of statements. A list of one
 * statement (its rows) walks once anyway and needs no `read`.
 *
 * `scope`: a nested list's rows (a promotion's coupons) and the counter row
 * of their unfiltered total.
 */
export function listPage<T extends ListTable, F extends string, C extends string = never>(
  db: Database,
  table: T,
  url: string,
  spec: ListSpec<F, C>,
  scope?: { where: SQL; counter: ListCounter },
) {
  const parsed = new URL(url);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.keys of `sortable`: its own keys, the F names
  const sorting = sortingFrom(parsed, Object.keys(spec.sortable) as F[], spec.defaultSorting);
  const orderBy = sortOrder(spec.sortable[sorting.field], table.id, sorting.direction, sorting.ties ?? sorting.direction);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.entries of `filters`: its own keys (the C names) with their filters
  const filters = Object.entries(spec.filters ?? {}) as [C, ListFilter][];
  const criteria = criteriaFrom(parsed, filters.map(([field]) => field));
  const conditions = filters.flatMap(([field, filter]) => {
    const criterion = criteria[field];
    return criterion === undefined ? [] : [criterionCondition(field, filter, criterion)];
  });
  // A criterion no index answers examines a bounded window of the rows the others leave.
  const { where, filtered } = listConditions(db, table, conditions, scope?.where);
  const request = spec.numbersOnly ? pageRequest(parsed) : withCursor(pageRequest(parsed), parsed, sorting);
  const query = carriedQuery(parsed);
  const column = spec.sortable[sorting.field];
  const keyset =
    request.cursor === undefined ? undefined : { key: column, direction: sorting.direction, ties: sorting.ties, nullable: nullableKey(column), after: request.cursor ?? undefined };
  const counter = filtered === undefined ? (scope?.counter ?? tableCounter(table)) : undefined;
  const queries = pageQueries(db, table, where, orderBy, request, { counter, keyset });
  const read = async <Q extends NamedQueries>(c: FirstBatchContext, load: (at: PageAt) => Q) => {
    if (keyset !== undefined || request.offset < DEEP_OFFSET) {
      const [counted, items] = await namedBatch(db, load({ ids: queries.ids, rows: queries.rows }), queries.count);
      return { counted, items };
    }
    const first = await firstBatch(c, { counted: queries.count, ids: queries.ids });
    const ids = idList(first.ids.map((row) => Number(row.id)));
    const items = await namedBatch(db, load({ ids, rows: (rows) => rowsOfIds(rows, table.id, ids, orderBy) }));
    return { counted: first.counted, items };
  };
  return {
    ...queries,
    orderBy,
    read,
    envelope: <I>(path: string, counted: readonly { total: number; next?: string | null }[], items: I[]) =>
      envelope({ path, request, total: counted[0]?.total ?? 0, items, query, next: cursorAfter(sorting, counted[0]?.next) }),
  };
}

/** The condition of one criterion on `filter`; a filter of the flat form only refuses another type. */
function criterionCondition(field: string, filter: ListFilter, criterion: TextCriterion): CriterionCondition {
  if (typeof filter === "function") {
    if (criterion.type !== "contains") throw badRequest(`"${field}" is not a text filter: send criteria[${field}]=value.`);
    return { condition: filter(criterion.value), scans: false };
  }
  return isTextFilterList(filter) ? textsCondition(filter, criterion) : textCondition(filter, criterion);
}

const isTextFilterList = (filter: TextFilter | readonly TextFilter[]): filter is readonly TextFilter[] => Array.isArray(filter);

/** A page's count and ids statements, as `pageQueries` builds them. */
export interface PageStatements {
  count: Statement<{ total: number; next: string | null }[]>;
  ids: Statement<{ id: number }[]>;
}

/**
 * Reads a page whose parts load by its ids (`views(ids)`: statements that
 * select by the `(…)` list `ids`). The first batch is the request's
 * (`firstBatch`: the token check rides along). Up to `DEEP_OFFSET` it is the
 * only one, each statement selecting the page again (it walks at most
 * `DEEP_OFFSET + limit` index entries); from there two: the count and the
 * ids (ONE walk of the index), then the views by those ids, so a deep page
 * walks its index once.
 */
export async function readPage<V extends NamedQueries>(
  c: FirstBatchContext,
  page: PageStatements,
  request: PageRequest,
  views: (ids: SQL) => V,
): Promise<{ counted: { total: number; next: string | null }[]; ids: { id: number }[]; views: NamedResults<V> }> {
  if (request.offset < DEEP_OFFSET) {
    const read = await firstBatch(c, { counted: page.count, ids: page.ids, views: views(idsOfQuery(page.ids)) });
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A generic V's results are its NamedResults, which TypeScript cannot see through the batch's conditional result type.
    return { counted: read.counted, ids: read.ids, views: read.views as NamedResults<V> };
  }
  const first = await firstBatch(c, { counted: page.count, ids: page.ids });
  const second = await namedBatch(c.var.db, views(idList(first.ids.map((row) => row.id))));
  return { counted: first.counted, ids: first.ids, views: second };
}
