/**
 * The batch toolkit every resource shares: D1 runs a `db.batch` in one round
 * trip, atomically and in order, so a request queues its reads (or its
 * writes) and runs them together.
 *
 * - `Batch` queues statements and hands back a getter per statement.
 * - D1 allows at most 100 bound parameters per statement: `chunks` splits
 *   multi-row statements under that limit (several statements in one batch
 *   are fine).
 * - drizzle's D1 batch cannot run a raw `sql` statement that has bound
 *   parameters (`db.run(sql...)`/`db.all(sql...)` have no prepared statement):
 *   raw reads are wrapped in `db.select({x: sql...})`, raw inserts in
 *   `db.insert(table).select(sql...)`.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { unique } from "./collections";
import type { Database } from "./db";
import { InUseError } from "./errors";

export type Statement = BatchItem<"sqlite">;

/** D1 allows at most 100 bound parameters per statement; keep a margin. */
const MAX_PARAMS = 90;

/** Runs statements built at run time as one batch; an empty list makes no round trip. */
export async function runBatch(db: Database, statements: readonly Statement[]): Promise<readonly unknown[]> {
  const [first, ...rest] = statements;
  return first ? db.batch([first, ...rest]) : [];
}

/**
 * Statements run together in one `db.batch` (one D1 round trip, atomic).
 * `add` returns a getter for that statement's result once the batch ran.
 */
export class Batch {
  private readonly statements: Statement[] = [];
  private results: readonly unknown[] | undefined;

  add<Q extends Statement & PromiseLike<unknown>>(query: Q): () => Awaited<Q> {
    const index = this.statements.length;
    this.statements.push(query);
    return () => {
      if (!this.results) throw new Error("Batch read before it ran.");
      return this.results[index] as Awaited<Q>;
    };
  }

  addAll(statements: Statement[]): void {
    this.statements.push(...statements);
  }

  get size(): number {
    return this.statements.length;
  }

  async run(db: Database): Promise<void> {
    this.results = await runBatch(db, this.statements);
  }
}

/**
 * Splits `items` so that each chunk binds at most MAX_PARAMS - reserved
 * parameters. (The cart store's `chunks` in carts/sql.ts is a different
 * tool: its statements inline literals, so it splits by a row count.)
 */
export function chunks<T>(items: readonly T[], paramsPerItem: number, reserved = 0): T[][] {
  const size = Math.max(1, Math.floor((MAX_PARAMS - reserved) / Math.max(1, paramsPerItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `SELECT id, code FROM <table> WHERE code IN (...)`, chunked: a getter of code → id for the codes found. */
export function queueIdsByCode(
  batch: Batch,
  db: Database,
  table: SQLiteTable & { id: SQLiteColumn; code: SQLiteColumn },
  codes: Iterable<string>,
): () => Map<string, number> {
  const getters = chunks(unique([...codes]), 1).map((part) =>
    batch.add(db.select({ id: table.id, code: table.code }).from(table).where(inArray(table.code, part))),
  );
  return () =>
    new Map(getters.flatMap((get) => (get() as { id: number; code: string }[]).map((r) => [r.code, r.id] as const)));
}

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
    onConflict?: { target: SQLiteColumn[]; set: Record<string, SQL> };
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
      ? insert.onConflictDoUpdate({ target: args.onConflict.target, set: args.onConflict.set as never })
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
  const [usage] = await db.batch([
    db.select({ inUse: sql<number>`(${inUse})` }).from(table as SQLiteTable).where(eq(table.id, id)),
    db.delete(table).where(and(eq(table.id, id), sql`NOT (${inUse})`)),
  ]);
  if (usage[0]?.inUse) throw new InUseError(message);
}
