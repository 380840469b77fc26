/**
 * The statements of one page of a list (see `src/http/list-page.ts` for how a
 * request's `page`, `limit`, `sorting`, `criteria` and `cursor` become them).
 *
 * The statements go in the route's ONE batch: the total, the page's rows, and
 * the page's ids as a subquery, through which the children of the page load
 * in that same batch (one round trip, no N+1).
 *
 * What a page costs does not grow with the rows stored (docs/performance/scale.md):
 * - the total of an unfiltered list is one row of `list_counts`, kept by
 *   SQLite triggers (migration 0010), not a count of the list's rows;
 * - every list's sorting is planned on an index, so a page walks `offset +
 *   limit` index entries; a cursor (`keyset`) seeks to its key and walks
 *   `limit` entries, however deep the walk is;
 * - a deep page (`offset >= DEEP_OFFSET`) read by a list with many statements
 *   reads its ids first (`ids`, one index walk) and loads the rest by those
 *   ids (`idList`): one more round trip instead of a walk per statement.
 */
import { and, asc, count, desc, eq, getTableName, gt, isNotNull, isNull, lt, not, or, sql, SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./db";
import type { Statement } from "./batch";
import { contains, containsText, jsonValues } from "./conditions";
import { customers, listCounts, productTranslations, products, searchGramCounts, searchGramPositions, searchGrams, taxonTranslations, taxons } from "./schema";

type ListTable = SQLiteTable & { id: SQLiteColumn };

/** From this offset on, a page whose statements would each walk the offset reads its ids first (see `idList`). */
export const DEEP_OFFSET = 100;

/** The counter row that holds a list's total (see the `list_counts` table): `owner` 0 unless nested. */
export interface ListCounter {
  scope: string;
  /** The parent of a nested list (a product's id, a promotion's id), or a subquery that selects it. */
  owner?: number | SQL;
}

/** Where a cursor walk resumes: after the row whose sort key is `key` and id is `id`. */
export interface CursorKey {
  key: string | number | null;
  id: number;
}

/** A cursor walk (keyset pagination) along the list's sort key. */
export interface Keyset {
  /** The sort key (the sorted column or expression). */
  key: SQLiteColumn | SQL;
  direction: "asc" | "desc";
  /** The direction of the id among rows of one key (default: `direction`). */
  ties?: "asc" | "desc" | undefined;
  /** Whether the key may be NULL (SQLite sorts NULL first ascending, last descending). */
  nullable: boolean;
  /** The last row seen; `undefined` starts the walk. */
  after: CursorKey | undefined;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface PageOptions {
  /** The list's counter; give it only when `where` is the list's own condition (no criteria). */
  counter?: ListCounter | undefined;
  /** Read the page as a cursor walk instead of by offset. */
  keyset?: Keyset | undefined;
}

/** The rows after `after` in the keyset's order (ties by id, in the same direction). */
export function keysetCondition(keyset: Keyset, id: SQLiteColumn): SQL | undefined {
  const { after, key, direction, nullable } = keyset;
  if (!after) return undefined;
  const ties = keyset.ties ?? direction;
  const idBeyond = ties === "asc" ? gt : lt;
  if (after.key === null) {
    // NULL keys come first ascending (then every non-NULL one), last descending.
    const sameNull = and(isNull(key), idBeyond(id, after.id));
    return direction === "asc" ? or(sameNull, isNotNull(key)) : sameNull;
  }
  // A row value comparison: SQLite seeks the (key, id) index entry and walks on from it.
  // Ties in the other direction (a small configuration table's default order) compare the key, then the id.
  const seek =
    ties === direction
      ? sql`(${key}, ${id}) ${sql.raw(direction === "asc" ? ">" : "<")} (${after.key}, ${after.id})`
      : (or(sql`${key} ${sql.raw(direction === "asc" ? ">" : "<")} ${after.key}`, and(sql`${key} = ${after.key}`, idBeyond(id, after.id))) ?? sql`0`);
  return nullable && direction === "desc" ? or(seek, isNull(key)) : seek;
}

/**
 * The total, the page's ids (a subquery) and its rows, of `table` filtered by
 * `where` in `orderBy` order. `count` reads the counter row when there is one
 * (one row read), else counts the matches; its `next` is the cursor key of
 * the page's last row (JSON `[key, id]`) in a cursor walk, else NULL.
 */
export function pageQueries<T extends ListTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: PageWindow,
  options: PageOptions = {},
) {
  const { counter, keyset } = options;
  const seek = keyset ? keysetCondition(keyset, table.id) : undefined;
  const rowsWhere = and(where, seek);
  const offset = keyset ? 0 : page.offset;
  const next = keyset
    ? sql<string | null>`(${db
        .select({ next: sql`json_array(${keyset.key}, ${table.id})` })
        .from(table)
        .where(rowsWhere)
        .orderBy(...orderBy)
        .limit(1)
        .offset(page.limit - 1)})`
    : sql<string | null>`NULL`;
  return {
    count: counter
      ? db
          .select({ total: listCounts.total, next: next.as("next") })
          .from(listCounts)
          .where(and(eq(listCounts.scope, counter.scope), sql`${listCounts.owner} = ${counter.owner ?? 0}`))
      : db.select({ total: count(), next: next.as("next") }).from(table).where(where),
    ids: db.select({ id: table.id }).from(table).where(rowsWhere).orderBy(...orderBy).limit(page.limit).offset(offset),
    /** The page's rows of `query`, a `db.select(columns).from(table).$dynamic()` (dynamic, so it stays typed here). */
    rows: <Q extends SQLiteSelect>(query: Q) => query.where(rowsWhere).orderBy(...orderBy).limit(page.limit).offset(offset),
  };
}

/** Ids read by a first round trip, as the `(…)` list a view's queries select by (one JSON parameter). */
export const idList = (ids: readonly number[]): SQL => jsonValues(ids);

/**
 * A text column with trigram postings (`search_grams`, kept by migration
 * 0022's triggers): `code` is its `scope` there, `owner` the id of its rows.
 */
export interface SearchScope {
  code: number;
  owner: SQLiteColumn;
  text: SQLiteColumn;
}

/**
 * The indexed texts (the codes are migration 0022's). Their triggers are
 * generated from this list (src/data/triggers/search-postings.ts): a new one
 * needs a migration with its triggers regenerated and its postings backfilled.
 */
export const SEARCH_SCOPES = {
  customerEmail: { code: 1, owner: customers.id, text: customers.emailCanonical },
  customerFirstName: { code: 2, owner: customers.id, text: customers.firstName },
  customerLastName: { code: 3, owner: customers.id, text: customers.lastName },
  productCode: { code: 4, owner: products.id, text: products.code },
  productName: { code: 5, owner: productTranslations.id, text: productTranslations.name },
  taxonCode: { code: 6, owner: taxons.id, text: taxons.code },
  taxonName: { code: 7, owner: taxonTranslations.id, text: taxonTranslations.name },
} satisfies Record<string, SearchScope>;

/** The shortest needle whose candidates are the postings of one trigram; shorter ones read a range of postings. */
export const MIN_GRAM_NEEDLE = 3;

/**
 * `owner IN (…)`: a superset of the rows whose `lower(text)` contains
 * `needle` (which the caller rechecks with its own match), or `undefined`
 * for an empty needle (every row matches). `needle` is what the match looks
 * for in `lower(text)`: SQLite lowers it again (`lower()` changes only ASCII
 * capitals, so a needle the caller lowered stays as it is).
 * - Three or more characters: the owners of the needle's rarest trigram,
 *   picked in SQL from `search_gram_counts` (a trigram no row has counts 0:
 *   nothing matches); the filter reads the postings of one trigram, then
 *   those rows by id.
 * - One or two: the owners of the postings that start with the needle (each
 *   text has a posting at every position, the last two shorter than three
 *   characters: migration 0024), exactly the rows that contain it.
 */
export function gramCandidates(scope: SearchScope, needle: string): SQL | undefined {
  const length = [...needle].length;
  if (length === 0) return undefined;
  if (length < MIN_GRAM_NEEDLE) {
    // Every string that starts with the needle sorts in [needle, needle || U+10FFFF) under BINARY.
    return sql`${scope.owner} IN (SELECT ${searchGrams.owner} FROM ${searchGrams} WHERE ${searchGrams.scope} = ${scope.code} AND ${searchGrams.gram} >= lower(${needle}) AND ${searchGrams.gram} < lower(${needle}) || char(1114111))`;
  }
  const { i } = searchGramPositions;
  const gram = sql`substr(lower(${needle}), ${i}, 3)`;
  const rarest = sql`SELECT ${gram} FROM ${searchGramPositions} LEFT JOIN ${searchGramCounts} ON ${searchGramCounts.scope} = ${scope.code} AND ${searchGramCounts.gram} = ${gram} WHERE ${i} <= length(lower(${needle})) - 2 ORDER BY coalesce(${searchGramCounts.n}, 0) LIMIT 1`;
  return sql`${scope.owner} IN (SELECT ${searchGrams.owner} FROM ${searchGrams} WHERE ${searchGrams.scope} = ${scope.code} AND ${searchGrams.gram} = (${rarest}))`;
}

// ------------------------------------------------------------------ criteria of Sylius' string filter

/** The types of Sylius' string filter (`criteria[field][type]`). */
export const TEXT_FILTER_TYPES = ["contains", "not_contains", "equal", "not_equal", "starts_with", "ends_with", "empty", "not_empty", "in", "not_in"] as const;
export type TextFilterType = (typeof TEXT_FILTER_TYPES)[number];

/** One criterion: its type and (trimmed, not blank unless the type needs none) value. */
export interface TextCriterion {
  type: TextFilterType;
  value: string;
}

/** At most this many values in an `in` / `not_in` criterion (each is a lookup of its own). */
export const MAX_IN_VALUES = 20;

/**
 * The rows a criterion that no index answers may examine per request (the
 * negations, `empty`, `not_empty`, and `ends_with` of a text without
 * postings): it is applied to the first `SCAN_BUDGET` rows (by id) of those
 * the list's other criteria leave, never to the whole table
 * (docs/api/lists.md, "Filters").
 */
export const SCAN_BUDGET = 10_000;

/** A text a list filters by (a column of its table, or of a child's rows with `ownerOf`). */
export interface TextFilter {
  text: SQLiteColumn | SQL;
  /** Whether `text` is never NULL (`empty` then matches nothing and `not_empty` everything, without reading a row). */
  notNull: boolean;
  /** The `contains` condition (the flat form `criteria[field]=X`): through trigram postings where the text has them. */
  contains: (value: string) => SQL;
  /** A superset of the rows whose text contains `needle` (trigram postings), if the text has them. */
  candidates?: ((needle: string) => SQL | undefined) | undefined;
  /** The condition on a child's rows (a translation's) as one on the list's rows. */
  ownerOf?: ((condition: SQL) => SQL) | undefined;
}

/** `LIKE` pattern text of `value` with `%`, `_` and `\` taken literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `lower(text) LIKE lower(pattern)`: case-insensitive as the other criteria (SQLite's lower(): ASCII letters). */
const likeText = (text: SQLiteColumn | SQL, pattern: string): SQL => sql`lower(${text}) LIKE lower(${pattern}) ESCAPE '\\'`;

/** The values of an `in` criterion: comma-separated, trimmed, blanks dropped (Sylius' `explode(',')` and `trim`). */
export const inValues = (value: string): string[] =>
  value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

type Positive = "contains" | "equal" | "starts_with" | "ends_with" | "in";
const NEGATED: Partial<Record<TextFilterType, Positive>> = { not_contains: "contains", not_equal: "equal", not_in: "in" };
const isPositive = (type: TextFilterType): type is Positive => ["contains", "equal", "starts_with", "ends_with", "in"].includes(type);

/** The condition a positive type puts on `filter`'s own rows (before `ownerOf`); `scans` when no postings answer it. */
function positiveCondition(filter: TextFilter, type: Positive, value: string): { condition: SQL; scans: boolean } {
  const { text } = filter;
  const candidates = (needle: string) => filter.candidates?.(needle);
  const checked = (needle: string, match: SQL) => and(candidates(needle), match) ?? match;
  switch (type) {
    case "contains":
      return { condition: filter.contains(value), scans: false };
    case "equal":
      return { condition: checked(value, sql`lower(${text}) = lower(${value})`), scans: false };
    case "starts_with":
      return { condition: checked(value, likeText(text, `${likeLiteral(value)}%`)), scans: false };
    case "ends_with":
      return { condition: checked(value, likeText(text, `%${likeLiteral(value)}`)), scans: filter.candidates === undefined };
    case "in": {
      const values = inValues(value);
      const condition = or(...values.map((one) => positiveCondition(filter, "equal", one).condition)) ?? sql`0`;
      return { condition, scans: false };
    }
  }
}

/**
 * The condition of `criterion` on the list's rows, as Sylius' string filter
 * puts it (case-insensitive, as its MySQL collation compares): `undefined`
 * when it restricts nothing (`not_empty` of a text never NULL); `scans` when
 * no index answers it (it must be applied within `SCAN_BUDGET`, see
 * `budgeted`). A negation keeps SQL's rule: a NULL text matches neither a
 * type nor its negation.
 */
export function textCondition(filter: TextFilter, criterion: TextCriterion): { condition: SQL | undefined; scans: boolean } {
  const owner = (condition: SQL) => (filter.ownerOf ? filter.ownerOf(condition) : condition);
  const { type, value } = criterion;
  if (type === "empty") return filter.notNull ? { condition: sql`0`, scans: false } : { condition: owner(sql`${filter.text} IS NULL`), scans: true };
  if (type === "not_empty") return filter.notNull ? { condition: undefined, scans: false } : { condition: owner(sql`${filter.text} IS NOT NULL`), scans: true };
  const negated = NEGATED[type];
  if (negated !== undefined) {
    const positive = owner(positiveCondition(filter, negated, value).condition);
    const present = filter.notNull ? undefined : owner(sql`${filter.text} IS NOT NULL`);
    return { condition: and(present, not(positive)) ?? not(positive), scans: true };
  }
  if (!isPositive(type)) return { condition: undefined, scans: false };
  const positive = positiveCondition(filter, type, value);
  return { condition: owner(positive.condition), scans: positive.scans };
}

/**
 * Sylius' string filter over several texts (`search` in a code and a name):
 * any of them matches, but `not_equal` needs all of them to (Sylius' `andX`).
 */
export function textsCondition(filters: readonly TextFilter[], criterion: TextCriterion): { condition: SQL | undefined; scans: boolean } {
  const each = filters.map((filter) => textCondition(filter, criterion));
  const conditions = each.map((one) => one.condition);
  // A text that restricts nothing makes the whole OR restrict nothing.
  if (criterion.type !== "not_equal" && conditions.some((condition) => condition === undefined)) return { condition: undefined, scans: false };
  const joined = criterion.type === "not_equal" ? and(...conditions) : or(...conditions);
  return { condition: joined, scans: each.some((one) => one.scans) };
}

/**
 * `scanned` applied to at most `SCAN_BUDGET` rows: the first of `table`'s
 * rows (by id) that `where` leaves (the list's own condition and its indexed
 * criteria), so a criterion no index answers examines a bounded number of
 * rows whatever the table holds.
 */
export function budgeted(db: Database, table: ListTable, where: SQL | undefined, scanned: SQL): SQL {
  const window = db.select({ id: table.id }).from(table).where(where).orderBy(table.id).limit(SCAN_BUDGET);
  return and(sql`${table.id} IN (${window})`, scanned) ?? scanned;
}

/** Tables whose whole-table list total is kept in `list_counts` (scope: the table's name; migration 0010's triggers). */
export const COUNTED_TABLES: ReadonlySet<string> = new Set([
  "tax_categories",
  "shipping_categories",
  "channels",
  "customers",
  "admin_users",
  "product_options",
  "tax_rates",
  "taxons",
  "payment_methods",
  "promotions",
  "shipping_methods",
  "products",
  "product_attributes",
  "product_association_types",
  "zones",
  "exchange_rates",
  "customer_groups",
]);

/** The counter of `table`'s unfiltered list, if it has one. */
export function tableCounter(table: SQLiteTable): ListCounter | undefined {
  const name = getTableName(table);
  return COUNTED_TABLES.has(name) ? { scope: name } : undefined;
}

/**
 * The sort key of a configuration list by its translated name: the name of
 * its translation in `localeCode`, NULL (first ascending) for a row without
 * one. A correlated lookup per row, on the translations' unique `(owner,
 * locale)` index: only for the bounded configuration tables, which are read
 * whole to be sorted.
 */
export function nameInLocale(translations: SQLiteTable, owner: SQLiteColumn, name: SQLiteColumn, locale: SQLiteColumn, id: SQLiteColumn, localeCode: string): SQL {
  return sql`(SELECT ${name} FROM ${translations} WHERE ${owner} = ${id} AND ${locale} = ${localeCode})`;
}

/**
 * A `criteria[...]` filter of a whole table's text through its trigram
 * postings: the rows of the needle's rarest trigram, rechecked by the list's
 * own match, so the matches (and the responses) are exactly the plain
 * match's while the count reads only the candidates, never the table
 * (docs/performance/scale.md, "Filtered lists"). `match` is `contains`
 * (`lower(text) LIKE`, the value lowered by JavaScript) or `containsText`
 * (`instr`, both sides lowered by SQLite). A value shorter than three
 * characters has no trigram: it falls back to the plain match (a scan).
 *
 * `ownerOf` is for a text in a child table (a translation's name): it turns
 * the condition on the child's rows into one on the list's rows.
 */
export function substring(scope: SearchScope, match: typeof contains | typeof containsText = contains, ownerOf?: (condition: SQL) => SQL): TextFilter {
  return {
    text: scope.text,
    notNull: scope.text.notNull,
    contains: (value) => {
      const needle = match === contains ? value.toLowerCase() : value;
      return and(gramCandidates(scope, needle), match(scope.text, value)) ?? match(scope.text, value);
    },
    // The other types compare under SQLite's lower(), as `gramCandidates` lowers the needle.
    candidates: (needle) => gramCandidates(scope, needle),
    ownerOf,
  };
}

/** The order of a list sorted by `key` in `direction`, ties broken by `id` in `ties` (default: the same direction). */
export function sortOrder(key: SQLiteColumn | SQL, id: SQLiteColumn, direction: "asc" | "desc", ties: "asc" | "desc" = direction): SQL[] {
  const by = (order: "asc" | "desc") => (order === "asc" ? asc : desc);
  return [by(direction)(key), by(ties)(id)];
}

/** Whether a sort key may be NULL (an expression may; a column unless NOT NULL). */
export const nullableKey = (key: SQLiteColumn | SQL): boolean => key instanceof SQL || !key.notNull;

/** One criterion's condition, and whether it scans (no index answers it). */
export interface CriterionCondition {
  condition: SQL | undefined;
  scans: boolean;
}

/**
 * The WHERE of a list page: its scope's rows and the indexed criteria, the
 * criteria no index answers examining a bounded window of the rows the
 * others leave (`budgeted`); `filtered` is the criteria alone (undefined
 * without any: the list's total is then its counter's).
 */
export function listConditions(
  db: Database,
  table: ListTable,
  conditions: readonly CriterionCondition[],
  scope: SQL | undefined,
): { where: SQL | undefined; filtered: SQL | undefined } {
  const indexed = and(...conditions.filter((one) => !one.scans).map((one) => one.condition));
  const scanned = and(...conditions.filter((one) => one.scans).map((one) => one.condition));
  const own = scope ? and(scope, indexed) : indexed;
  const where = scanned === undefined ? own : budgeted(db, table, own, scanned);
  const filtered = scanned === undefined ? indexed : and(indexed, scanned);
  return { where, filtered };
}

/** The page's rows of `query` by its ids read first (`ids`, an `idList`), in `orderBy`. */
export const rowsOfIds = <Q extends SQLiteSelect>(query: Q, id: SQLiteColumn, ids: SQL, orderBy: SQL[]) => query.where(sql`${id} IN ${ids}`).orderBy(...orderBy);

/** The page's ids subquery as SQL, for views that select by it. */
export const idsOfQuery = (ids: Statement): SQL => sql`${ids}`;

/** One id as the `(…)` list a view's queries select by. */
export const oneIdList = (id: number): SQL => sql`(${id})`;
