/** Sylius' sortable positions, shared by the tables that keep one (options, attributes). */
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { Statement } from "./batch";
import type { Database } from "./db";
import type { productAttributes, productOptions } from "./schema";

type Sortable = typeof productOptions | typeof productAttributes;

/** Moving row `id` of `table` from `from` to `to`: the rows in between close up or make room. */
export function movePositionStatements(db: Database, table: Sortable, id: number, from: number, to: number): Statement[] {
  if (to === from) return [];
  const others = sql`${table.id} <> ${id}`;
  return [
    to > from
      ? db
          .update(table)
          .set({ position: sql`${table.position} - 1` })
          .where(sql`${table.position} > ${from} AND ${table.position} <= ${to} AND ${others}`)
      : db
          .update(table)
          .set({ position: sql`${table.position} + 1` })
          .where(sql`${table.position} >= ${to} AND ${table.position} < ${from} AND ${others}`),
  ];
}

/** Where a new row asked at `position` lands: there, or right after the last one when that is further. */
export const insertedPosition = (table: Sortable, position: number) =>
  sql<number>`(SELECT MIN(${position}, COALESCE(MAX(position) + 1, 0)) FROM ${sql.raw(getTableName(table))})`;

/** After the insert of row `code`: the others at or after its position move down by one. */
export const shiftAfterInsert = (db: Database, table: Sortable, code: string) =>
  db
    .update(table)
    .set({ position: sql`${table.position} + 1` })
    .where(sql`${table.position} >= (SELECT p.position FROM ${sql.raw(getTableName(table))} AS p WHERE p.code = ${code}) AND ${table.code} <> ${code}`);

/**
 * An auto-assigned integer computed in SQL (`next`: `last + 1`), or NULL past
 * `max`: the NOT NULL column then refuses the write inside the same atomic
 * batch, so the bound holds even against concurrent writers.
 */
export const boundedNextOf = (next: SQL, max: number) => sql<number>`(SELECT CASE WHEN n > ${max} THEN NULL ELSE n END FROM (SELECT ${next} AS n))`;
