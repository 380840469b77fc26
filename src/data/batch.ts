/**
 * The batch toolkit every resource shares: D1 runs a `db.batch` in one round
 * trip, atomically and in order, so a request queues its reads (or its
 * writes) and runs them together.
 *
 * - `namedBatch(db, { cart: q1, items: [q2, q3], view: { rows: q4 } })` runs
 *   drizzle queries in one batch and returns their results under the same
 *   names, typed by drizzle (`{ cart: Row1[], items: Row2[], view: { rows: Row4[] } }`);
 *   an `undefined` entry runs nothing and reads back as `undefined`. The
 *   queries run in the order their names are written (writes that must come
 *   first are named first; integer-like names would jump ahead, so none is).
 * - `namedBatch(db, queries, lead)` runs `lead` (named entries: a request's
 *   checks, a create's writes) first in the same batch and hands back
 *   `[leadResults, results]`; a list entry is how a batch built at run time
 *   (any number of statements) is named.
 * - D1 allows at most 100 bound parameters per statement: `chunks` splits
 *   multi-row statements under that limit (several statements in one batch
 *   are fine).
 * - drizzle's D1 batch cannot run a raw `sql` statement that has bound
 *   parameters (`db.run(sql...)`/`db.all(sql...)` have no prepared statement):
 *   raw reads are wrapped in `db.select({x: sql...})`, raw inserts in
 *   `db.insert(table).select(sql...)`.
 *
 * Row mapping: drizzle's own D1 batch turns every row object D1 returns into
 * an array, then walks its field list per row to build the object again
 * (about 1.5 µs per row of 8 columns: 40-60 ms for the ~40,000 unit and
 * adjustment rows of a 9999-unit cart, more than the whole read). So a batch
 * runs the statements drizzle builds on drizzle's D1 client itself, and maps
 * the rows of plain selects (a flat field list) with the same decoders drizzle
 * would use, in one tight loop; every other query (writes, `returning`,
 * nested selections) is mapped by drizzle's prepared query, as `db.batch`
 * would. test/d1/named-batch.test.ts checks both give the same rows.
 */
import { and, Column, eq, inArray, is, noopDecoder, SQL, sql, type DriverValueDecoder, type Query as BuiltQuery } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteSelectBase, type SQLiteColumn, type SQLiteTable, type SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { unique } from "./collections";
import type { Database } from "./db";
import { InUseError } from "./errors";
import { isReadOnlySql } from "./metered-d1";

/** A drizzle query (select, insert, update, delete builder) that can run in a batch, and its result. */
export type Statement<Result = unknown> = BatchItem<"sqlite"> &
  PromiseLike<Result> & {
    toSQL(): BuiltQuery;
    prepare(): { getQuery(): BuiltQuery; mapResult(response: unknown, isFromBatch?: boolean): unknown };
  };

/** D1 allows at most 100 bound parameters per statement; keep a margin. */
const MAX_PARAMS = 90;

/** Named queries: a query, a list of queries, a nested group, or nothing. */
export type NamedQueries = { readonly [name: string]: NamedEntry };
export type NamedEntry = Query | readonly Query[] | NamedQueries | undefined;

/** What a batch runs: a drizzle query, or a query built once and bound for this use (see prepared.ts). */
export type Query = Statement | BoundQuery<unknown>;

/** The results of named queries, under the same names. */
export type NamedResults<T extends NamedQueries> = { -readonly [K in keyof T]: ResultOf<T[K]> };
type ResultOf<E> = E extends undefined
  ? undefined
  : E extends BoundQuery<infer R>
    ? R
    : E extends PromiseLike<infer R>
      ? R
      : E extends readonly (infer Q)[]
        ? (Q extends BoundQuery<infer R> ? R : Awaited<Q>)[]
        : E extends NamedQueries
          ? NamedResults<E>
          : never;

/** Runs named queries as one batch (one D1 round trip) and returns their typed results by name. */
export async function namedBatch<T extends NamedQueries>(db: Database, queries: T): Promise<NamedResults<T>>;
/** The same, with `lead` run first in that batch: its results, then the queries'. */
export async function namedBatch<T extends NamedQueries, L extends NamedEntry>(
  db: Database,
  queries: T,
  lead: L,
): Promise<[ResultOf<L>, NamedResults<T>]>;
export async function namedBatch(db: Database, queries: NamedQueries, lead?: NamedEntry): Promise<unknown> {
  const statements: Query[] = [];
  const readLead = queueEntry(statements, lead);
  const read = queueEntry(statements, queries);
  const results = await executeBatch(db, statements);
  return lead === undefined ? read(results) : [readLead(results), read(results)];
}

/** Queues an entry's queries on `statements`; returns the reader of its results, shaped like the entry. */
function queueEntry(statements: Query[], entry: NamedEntry): (results: readonly unknown[]) => unknown {
  if (entry === undefined) return () => undefined;
  if (isStatement(entry) || entry instanceof BoundQuery) {
    const index = statements.push(entry) - 1;
    return (results) => results[index];
  }
  if (isStatementList(entry)) {
    const readers = entry.map((query) => queueEntry(statements, query));
    return (results) => readers.map((read) => read(results));
  }
  const readers = Object.entries(entry).map(([name, value]) => [name, queueEntry(statements, value)] as const);
  return (results) => Object.fromEntries(readers.map(([name, read]) => [name, read(results)]));
}

/**
 * Whether every query of `entry` only reads: a drizzle select, or a bound
 * query whose SQL cannot write (see `isReadOnlySql`). Anything else (an
 * insert, update or delete builder) counts as a write.
 */
export function readsOnly(entry: NamedEntry): boolean {
  if (entry === undefined) return true;
  if (entry instanceof BoundQuery) return isReadOnlySql(entry.sql);
  if (isStatement(entry)) return is(entry, SQLiteSelectBase) || isReadOnlySql(entry.toSQL().sql);
  if (isStatementList(entry)) return entry.every(readsOnly);
  return Object.values(entry).every(readsOnly);
}

export function isStatement(entry: unknown): entry is Statement {
  return typeof entry === "object" && entry !== null && "toSQL" in entry && typeof entry.toSQL === "function";
}

function isStatementList(entry: NamedEntry): entry is readonly Query[] {
  return Array.isArray(entry);
}

/**
 * A column selected under a name of its own (`sql\`${column}\`.as(key)`, typed
 * as the column). A select made only of such fields whose values need no
 * decoding (integers, text) gets D1's row objects as they are, with no
 * per-row copy: the cart's large reads (thousands of units and adjustments)
 * use it.
 */
export const keyed = <C extends SQLiteColumn, K extends string>(column: C, key: K) =>
  sql<C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null>`${column}`.as(key);

/** One D1 batch of drizzle statements, each result mapped as drizzle maps it (see the top of this file). */
async function executeBatch(db: Database, statements: readonly Query[]): Promise<readonly unknown[]> {
  if (statements.length === 0) return [];
  const client = db.$client;
  const prepared = statements.map((statement) => {
    // A drizzle query is built here, for this use only; a bound query was built once (prepared.ts).
    const { sql: text, params, map } = statement instanceof BoundQuery ? statement : prepareTemplate(statement);
    return { d1: client.prepare(text).bind(...params), map };
  });
  const results = await client.batch(prepared.map((p) => p.d1));
  return results.map((result, i) => {
    const entry = prepared[i];
    if (!entry) throw new Error("D1 returned more results than statements.");
    return entry.map(result);
  });
}

/** A query's SQL text, parameters (placeholders included) and result mapping, built once (see prepared.ts). */
export class QueryTemplate {
  constructor(
    readonly sql: string,
    readonly params: readonly unknown[],
    readonly map: (result: D1Result) => unknown,
  ) {}
}

/**
 * A query's SQL and result mapping. A flat select maps its rows itself (see
 * `selectMapper`); any other query (a write, a nested select) through the
 * drizzle query built here, whose SQL serves both (built once), and whose
 * mapping depends on the query's shape, never on its values.
 */
export function prepareTemplate(statement: Statement): QueryTemplate {
  const map = selectMapper(statement);
  if (map) {
    const built = statement.toSQL();
    return new QueryTemplate(built.sql, built.params, map);
  }
  const query = statement.prepare();
  const built = query.getQuery();
  return new QueryTemplate(built.sql, built.params, (result) => query.mapResult(result, true));
}

/** A query template with this use's values: a batch runs it as it runs a drizzle query; `R` is its result. */
export class BoundQuery<R> {
  /** Types only: the result the bound query reads as. */
  declare readonly resultType?: R;
  constructor(
    readonly sql: string,
    readonly params: readonly unknown[],
    readonly map: (result: D1Result) => unknown,
  ) {}
}

/** An `sql` field's decoder (set by `mapWith`, identity otherwise): drizzle keeps it on the instance, untyped. */
const decoderOf = (field: SQL): DriverValueDecoder<unknown, unknown> =>
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- drizzle keeps an `sql` field's decoder on the instance, untyped
  (field as SQL & { decoder: DriverValueDecoder<unknown, unknown> }).decoder; // drizzle keeps it on the instance, untyped (see above)

type Decode = ((value: unknown) => unknown) | null;

/** The decoding of a value drizzle would apply, or null when it is the identity (most columns). */
function decodeOf(decoder: DriverValueDecoder<unknown, unknown>): Decode {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity, then called with its decoder as `this`
  const map = decoder.mapFromDriverValue;
  if (decoder === noopDecoder || map === Column.prototype.mapFromDriverValue) return null;
  return (value) => map.call(decoder, value);
}

/**
 * For a select whose fields are flat (columns and `sql` expressions, no
 * nested objects), a mapper equivalent to drizzle's: value i of a row goes to
 * field i, null stays null, anything else goes through the field's decoder
 * (skipped when it is the identity). Values are read by column name when the
 * result's column names are exactly the expected ones, in order (checked once
 * per result), else by position, as drizzle reads them. Null for any other
 * query.
 */
function selectMapper(statement: Statement): ((result: D1Result) => unknown[]) | null {
  if (!is(statement, SQLiteSelectBase)) return null;
  const selected: Record<string, unknown> = statement._.selectedFields;
  const keys: string[] = [];
  const names: (string | null)[] = [];
  const decodes: Decode[] = [];
  for (const [key, field] of Object.entries(selected)) {
    if (is(field, Column)) {
      decodes.push(decodeOf(field));
      names.push(field.name);
    } else if (is(field, SQL)) {
      decodes.push(decodeOf(decoderOf(field)));
      names.push(null);
    } else if (is(field, SQL.Aliased)) {
      decodes.push(decodeOf(decoderOf(field.sql)));
      names.push(field.fieldAlias);
    } else {
      return null;
    }
    keys.push(key);
  }
  const width = keys.length;
  const byName = (first: Record<string, unknown>): string[] | null => {
    const columns = Object.keys(first);
    if (columns.length !== width) return null;
    for (let i = 0; i < width; i++) if (names[i] !== columns[i]) return null;
    return columns;
  };
  // Rows whose column names are the field keys and need no decoding are
  // already what drizzle would build: they are returned as D1 made them.
  const asIs = decodes.every((decode) => decode === null) && keys.every((key, i) => names[i] === key);
  return (result) => {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- D1 hands a select's rows over in objects keyed by column name.
    const rows = result.results as Record<string, unknown>[];
    const first = rows[0];
    if (!first) return [];
    const columns = byName(first);
    // D1 hands rows over as objects: two result columns with one name leave one value, and reading by
    // position would then shift every later field. Refuse it loudly (alias one of the columns).
    if (!columns && Object.keys(first).length !== width) {
      throw new Error(`A select has ${width} fields but its rows have ${Object.keys(first).length} columns: alias duplicate column names.`);
    }
    if (asIs && columns) return rows;
    const out: unknown[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- r < rows.length, and each row is an object (above).
      const source = rows[r] as Record<string, unknown>;
      const values = columns ? null : Object.values(source);
      const row: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- i < width: `columns` and `keys` have `width` entries.
        const value = columns ? source[columns[i] as string] : values?.[i];
        const decode = decodes[i];
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- i < width: `keys` has `width` entries
        row[keys[i] as string] = value === null ? null : decode ? decode(value) : value; // i < width: `keys` has `width` entries
      }
      out[r] = row;
    }
    return out;
  };
}

/**
 * Splits `items` so that each chunk binds at most MAX_PARAMS - reserved
 * parameters. (The cart writer splits by a row count instead: its
 * statements take all their rows as one JSON parameter.)
 */
export function chunks<T>(items: readonly T[], paramsPerItem: number, reserved = 0): T[][] {
  const size = Math.max(1, Math.floor((MAX_PARAMS - reserved) / Math.max(1, paramsPerItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type CodeTable = SQLiteTable & { id: SQLiteColumn; code: SQLiteColumn };

/** `SELECT id, code FROM <table> WHERE code IN (...)`, chunked: a list entry; `idsOfCodes` maps its rows code → id. */
export function idsByCodeQueries(db: Database, table: CodeTable, codes: Iterable<string>) {
  return chunks(unique([...codes]), 1).map((part) =>
    db.select({ id: table.id, code: table.code }).from(table).where(inArray(table.code, part)),
  );
}
export const idsOfCodes = (found: readonly { id: unknown; code: unknown }[][]): Map<string, number> =>
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The rows of an integer `id` and a text `code` column (CodeTable's columns are not typed any closer).
  new Map(found.flat().map((row) => [row.code as string, row.id as number] as const));

/**
 * `INSERT INTO <into> SELECT <select> FROM (VALUES (0, ?, ...), (1, ?, ...)) AS v <join> WHERE true ORDER BY v.column1`:
 * inserts rows whose foreign keys are found by code in the same batch. Row i's
 * values are `v.column2`, `v.column3`, ... (column1 is the ordinal that keeps
 * the submitted order). `select` lists EVERY column of `into` in schema order
 * (drizzle's insert-select names them all; `NULL` for an autoincrement id).
 * Chunked under the parameter limit.
 *
 * (drizzle's `db.run(sql)` cannot be batched on D1 in drizzle 0.45, while an
 * insert builder can: hence `db.insert(table).select(sql)`.)
 */
export function insertSelectValues<T extends SQLiteTable>(
  db: Database,
  args: {
    into: T;
    select: SQL;
    join: SQL;
    rows: readonly unknown[][];
    reservedParams?: number;
    onConflict?: { target: SQLiteColumn[]; set: SQLiteUpdateSetSource<T> };
  },
): Statement[] {
  const width = args.rows[0]?.length ?? 0;
  return chunks(args.rows, width, args.reservedParams ?? 4).map((part) => {
    const tuples = part.map(
      (row, i) => sql`(${sql.raw(String(i))}, ${sql.join(row.map((value) => sql`${value}`), sql`, `)})`,
    );
    const insert = db
      .insert(args.into)
      .select(
        sql`${args.select} FROM (VALUES ${sql.join(tuples, sql`, `)}) AS v ${args.join} WHERE true ORDER BY v.column1`,
      );
    return args.onConflict
      ? insert.onConflictDoUpdate({ target: args.onConflict.target, set: args.onConflict.set })
      : insert;
  });
}

/** `DELETE FROM <table> WHERE id IN (...)`, chunked. */
export function deleteByIds(
  db: Database,
  table: SQLiteTable,
  idColumn: SQLiteColumn,
  ids: readonly number[],
): Statement[] {
  return chunks(ids, 1).map((part) => db.delete(table).where(inArray(idColumn, part)));
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
  const { usage } = await namedBatch(db, {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- drizzle's `from` wants the table type itself, not the intersection with its id column.
    usage: db.select({ inUse: sql<number>`(${inUse})` }).from(table as SQLiteTable).where(eq(table.id, id)),
    deleted: db.delete(table).where(and(eq(table.id, id), sql`NOT (${inUse})`)),
  });
  if (usage[0]?.inUse) throw new InUseError(message);
}
