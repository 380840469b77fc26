/**
 * Turns "cart before" and "cart after" into the statements of one atomic
 * batch that writes only what changed: inserted, updated and deleted items,
 * units and adjustments, and the order's totals. Rows that did not change are
 * not touched, so the cost of a change grows with what it changes (at worst
 * linearly with the cart), never with history.
 *
 * A change may touch thousands of rows (a 9999-unit item), while D1 binds at
 * most 100 parameters per statement: multi-row statements take their rows as
 * ONE JSON parameter, an array of tuples that `json_each` expands (`value ->> i`
 * is column i), chunked so that no parameter grows large.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BoundQuery } from "../batch";
import { jsonListOf } from "../conditions";
import type { Database } from "../db";
import { prepared, type Value } from "../prepared";
import { adjustments, orderItems, orderItemUnitChunks, orderItemUnits, orders } from "../schema";
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "../../domain/cart/state";
import { chunkOf, renderUnits } from "./unit-json";

/** Rows per multi-row statement. */
const CHUNK = 1000;

interface AdjustmentRow {
  adjustment: StoredAdjustment;
  itemId: number | null;
  unitId: number | null;
}

type Cell = number | string | null;

/** Column i of ONE tuple given as a JSON text (`row ->> i`): a single-row statement, no `json_each` to join. */
const cell = (row: Value<string>, index: number): SQL => sql`(${row} ->> ${sql.raw(String(index))})`;

/** `json_each(?) AS v` over tuples given as one JSON text, with `v.value ->> i` as column i. */
const tuples = (rows: Value<string>): SQL => sql`json_each(${rows}) AS v`;
const column = (index: number): SQL => sql.raw(`v.value ->> ${index}`);
/** The `count` columns of ONE tuple given as a JSON text (`row ->> 0, row ->> 1, ...`). */
const cells = (row: Value<string>, count: number): SQL =>
  sql.join(
    Array.from({ length: count }, (_, i) => cell(row, i)),
    sql`, `,
  );
const columns = (count: number): SQL =>
  sql.join(
    Array.from({ length: count }, (_, i) => column(i)),
    sql`, `,
  );

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Every statement a change may write, built once (see prepared.ts): each takes
 * its rows (ids, for a delete) as one JSON text, so its SQL is the same for
 * any cart.
 */
const writes = {
  deleteItems: prepared(["rows"], (db, v) => db.delete(orderItems).where(sql`${orderItems.id} IN ${jsonListOf(v.rows)}`)),
  deleteUnits: prepared(["rows"], (db, v) => db.delete(orderItemUnits).where(sql`${orderItemUnits.id} IN ${jsonListOf(v.rows)}`)),
  deleteAdjustments: prepared(["rows"], (db, v) => db.delete(adjustments).where(sql`${adjustments.id} IN ${jsonListOf(v.rows)}`)),
  // One row: by its primary key alone (its id given as a JSON number); `json_each` costs rows of its own.
  deleteItem: prepared(["row"], (db, v) => db.delete(orderItems).where(sql`${orderItems.id} = CAST(${v.row} AS INTEGER)`)),
  // An insert-select names every column in schema order.
  insertItems: prepared(["rows"], (db, v) => db.insert(orderItems).select(sql`SELECT ${columns(8)} FROM ${tuples(v.rows)}`)),
  // One row: its columns from one JSON tuple, with no `json_each` to read.
  insertItem: prepared(["row"], (db, v) => db.insert(orderItems).select(sql`SELECT ${cells(v.row, 8)}`)),
  updateItems: prepared(["rows"], (db, v) =>
    db
      .update(orderItems)
      .set({ quantity: column(1), unitPrice: column(2), unitsTotal: column(3), adjustmentsTotal: column(4), total: column(5) })
      .from(tuples(v.rows))
      .where(sql`${orderItems.id} = ${column(0)}`),
  ),
  // One row: updated by its primary key alone. The json_each form (UPDATE ... FROM) reads about four rows for one.
  updateItem: prepared(["row"], (db, v) =>
    db
      .update(orderItems)
      .set({ quantity: cell(v.row, 1), unitPrice: cell(v.row, 2), unitsTotal: cell(v.row, 3), adjustmentsTotal: cell(v.row, 4), total: cell(v.row, 5) })
      .where(sql`${orderItems.id} = ${cell(v.row, 0)}`),
  ),
  insertUnits: prepared(["rows"], (db, v) => db.insert(orderItemUnits).select(sql`SELECT ${columns(3)} FROM ${tuples(v.rows)}`)),
  insertUnit: prepared(["row"], (db, v) => db.insert(orderItemUnits).select(sql`SELECT ${cells(v.row, 3)}`)),
  updateUnits: prepared(["rows"], (db, v) =>
    db
      .update(orderItemUnits)
      .set({ adjustmentsTotal: column(1) })
      .from(tuples(v.rows))
      .where(sql`${orderItemUnits.id} = ${column(0)}`),
  ),
  updateUnit: prepared(["row"], (db, v) =>
    db
      .update(orderItemUnits)
      .set({ adjustmentsTotal: cell(v.row, 1) })
      .where(sql`${orderItemUnits.id} = ${cell(v.row, 0)}`),
  ),
  insertAdjustments: prepared(["rows"], (db, v) => db.insert(adjustments).select(sql`SELECT ${columns(9)} FROM ${tuples(v.rows)}`)),
  insertAdjustment: prepared(["row"], (db, v) => db.insert(adjustments).select(sql`SELECT ${cells(v.row, 9)}`)),
  updateAdjustments: prepared(["rows"], (db, v) =>
    db
      .update(adjustments)
      .set({ amount: column(1), neutral: column(2), label: column(3) })
      .from(tuples(v.rows))
      .where(sql`${adjustments.id} = ${column(0)}`),
  ),
  updateAdjustment: prepared(["row"], (db, v) =>
    db
      .update(adjustments)
      .set({ amount: cell(v.row, 1), neutral: cell(v.row, 2), label: cell(v.row, 3) })
      .where(sql`${adjustments.id} = ${cell(v.row, 0)}`),
  ),
  // Unit chunks: rows of [itemId, chunk] to delete, of [itemId, chunk, units] to write.
  deleteUnitChunks: prepared(["rows"], (db, v) =>
    db
      .delete(orderItemUnitChunks)
      .where(sql`(${orderItemUnitChunks.itemId}, ${orderItemUnitChunks.chunk}) IN (SELECT ${columns(2)} FROM ${tuples(v.rows)})`),
  ),
  upsertUnitChunks: prepared(["rows"], (db, v) =>
    db
      .insert(orderItemUnitChunks)
      // `WHERE true` keeps SQLite from reading ON CONFLICT as a join constraint.
      .select(sql`SELECT ${columns(3)} FROM ${tuples(v.rows)} WHERE true`)
      .onConflictDoUpdate({ target: [orderItemUnitChunks.itemId, orderItemUnitChunks.chunk], set: { units: sql`excluded.units` } }),
  ),
  upsertUnitChunk: prepared(["row"], (db, v) =>
    db
      .insert(orderItemUnitChunks)
      .select(sql`SELECT ${cells(v.row, 3)} WHERE true`)
      .onConflictDoUpdate({ target: [orderItemUnitChunks.itemId, orderItemUnitChunks.chunk], set: { units: sql`excluded.units` } }),
  ),
  // `expected`: the version the change read the cart at (null: not checked). A
  // cart changed meanwhile by another writer fails the whole batch (json('guard')
  // raises a malformed-JSON error, as the order lifecycle's guard does).
  // `changes`: how many changes the write makes (a group commit writes several: each is a version).
  totals: prepared(["id", "itemsTotal", "adjustmentsTotal", "total", "updatedAt", "expected", "changes"], (db, v) =>
    db
      .update(orders)
      // `version` moves with every committed change: the cart's entity tag is made of it.
      .set({
        itemsTotal: sql`${v.itemsTotal}`,
        adjustmentsTotal: sql`${v.adjustmentsTotal}`,
        total: sql`${v.total}`,
        updatedAt: sql`${v.updatedAt}`,
        version: sql`${orders.version} + ${v.changes}`,
      })
      .where(
        and(
          eq(orders.id, v.id),
          eq(orders.state, "cart"),
          sql`json(CASE WHEN ${v.expected} IS NULL OR ${orders.version} = ${v.expected} THEN '1' ELSE 'guard' END) = '1'`,
        ),
      ),
  ),
};


/** A write of the batch; its result carries D1's `rows_written`. */
export type CartWrite = BoundQuery<D1Result>;

/**
 * The statements of a change from `before` to `after`; `expectedVersion`: the
 * version `before` is of (null: not checked); `changes`: how many changes
 * lead there (the version grows by as many).
 */
export function cartWriteStatements(db: Database, before: CartState, after: CartState, nowIso: string, expectedVersion: number | null = null, changes = 1): CartWrite[] {
  const statements: CartWrite[] = [];
  /** One statement per chunk of rows (or ids), the chunk given as one JSON text. */
  const each = (
    rows: readonly (Cell[] | number)[],
    write: { bind(db: Database, values: { rows: string }): CartWrite },
    one?: { bind(db: Database, values: { row: string }): CartWrite },
  ) => {
    if (one && rows.length === 1) {
      statements.push(one.bind(db, { row: JSON.stringify(rows[0]) }));
      return;
    }
    for (const part of chunks(rows)) statements.push(write.bind(db, { rows: JSON.stringify(part) }));
  };

  const oldItems = new Map(before.items.map((i) => [i.id, i]));
  const newItems = new Map(after.items.map((i) => [i.id, i]));
  const oldUnits = unitsById(before.items);
  const newUnits = unitsById(after.items);

  // Deletes first: removed items and units take their children with them (ON DELETE CASCADE).
  each(
    [...oldItems.keys()].filter((id) => !newItems.has(id)),
    writes.deleteItems,
    writes.deleteItem,
  );
  const removedUnits = [...oldUnits.entries()].filter(([id, u]) => !newUnits.has(id) && newItems.has(u.itemId)).map(([id]) => id);
  each(removedUnits, writes.deleteUnits);
  const oldAdjustments = adjustmentsById(before);
  const newAdjustments = adjustmentsById(after);
  const removedAdjustments = [...oldAdjustments.entries()]
    .filter(([id, a]) => !newAdjustments.has(id) && ownerSurvives(a, newItems, newUnits))
    .map(([id]) => id);
  each(removedAdjustments, writes.deleteAdjustments);

  // Items: insert new, update changed.
  each(
    after.items
      .filter((i) => !oldItems.has(i.id))
      .map((i) => [i.id, after.id, i.variantId, i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total]),
    writes.insertItems,
    writes.insertItem,
  );
  each(
    after.items
      .filter((i) => {
        const old = oldItems.get(i.id);
        return (
          old !== undefined &&
          (old.quantity !== i.quantity ||
            old.unitPrice !== i.unitPrice ||
            old.unitsTotal !== i.unitsTotal ||
            old.adjustmentsTotal !== i.adjustmentsTotal ||
            old.total !== i.total)
        );
      })
      .map((i) => [i.id, i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total]),
    writes.updateItems,
    writes.updateItem,
  );

  // Units: insert new, update changed totals.
  each(
    [...newUnits.entries()].filter(([id]) => !oldUnits.has(id)).map(([id, u]) => [id, u.itemId, u.unit.adjustmentsTotal]),
    writes.insertUnits,
    writes.insertUnit,
  );
  each(
    [...newUnits.entries()]
      .filter(([id, u]) => {
        const old = oldUnits.get(id);
        return old !== undefined && old.unit.adjustmentsTotal !== u.unit.adjustmentsTotal;
      })
      .map(([id, u]) => [id, u.unit.adjustmentsTotal]),
    writes.updateUnits,
    writes.updateUnit,
  );

  // Adjustments: insert new, update changed.
  each(
    [...newAdjustments.values()]
      .filter((a) => !oldAdjustments.has(a.adjustment.id))
      .map(({ adjustment: a, itemId, unitId }) => [a.id, after.id, itemId, unitId, a.type, a.label, a.amount, a.neutral ? 1 : 0, a.originCode]),
    writes.insertAdjustments,
    writes.insertAdjustment,
  );
  each(
    [...newAdjustments.values()]
      .filter(({ adjustment: a }) => {
        const old = oldAdjustments.get(a.id)?.adjustment;
        return old !== undefined && (old.amount !== a.amount || old.label !== a.label || old.neutral !== a.neutral);
      })
      .map(({ adjustment: a }) => [a.id, a.amount, a.neutral ? 1 : 0, a.label]),
    writes.updateAdjustments,
    writes.updateAdjustment,
  );

  statements.push(...unitChunkStatements(db, touchedChunks(oldUnits, newUnits, removedUnits, oldAdjustments, newAdjustments), newItems));

  statements.push(
    writes.totals.bind(db, {
      id: after.id,
      itemsTotal: after.itemsTotal,
      adjustmentsTotal: after.adjustmentsTotal,
      total: after.total,
      updatedAt: nowIso,
      expected: expectedVersion,
      changes,
    }),
  );
  return statements;
}

type UnitsById = Map<number, { itemId: number; unit: StoredUnit }>;

/**
 * The unit chunks (unit-json.ts) whose text a change alters, by item: those
 * holding a unit that is new, gone or has another total, or whose
 * adjustments were inserted, changed or deleted.
 */
function touchedChunks(
  oldUnits: UnitsById,
  newUnits: UnitsById,
  removedUnits: number[],
  oldAdjustments: Map<number, AdjustmentRow>,
  newAdjustments: Map<number, AdjustmentRow>,
): Map<number, Set<number>> {
  const touched = new Map<number, Set<number>>();
  const touch = (unitId: number) => {
    const owner = newUnits.get(unitId) ?? oldUnits.get(unitId);
    if (!owner) return;
    const chunks = touched.get(owner.itemId) ?? new Set<number>();
    chunks.add(chunkOf(unitId));
    touched.set(owner.itemId, chunks);
  };
  for (const [id, { unit }] of newUnits) {
    if (oldUnits.get(id)?.unit.adjustmentsTotal !== unit.adjustmentsTotal) touch(id);
  }
  for (const id of removedUnits) touch(id);
  for (const [id, row] of newAdjustments) {
    const old = oldAdjustments.get(id)?.adjustment;
    const a = row.adjustment;
    if (row.unitId !== null && (!old || old.amount !== a.amount || old.label !== a.label || old.neutral !== a.neutral || old.type !== a.type)) {
      touch(row.unitId);
    }
  }
  for (const [id, row] of oldAdjustments) if (row.unitId !== null && !newAdjustments.has(id)) touch(row.unitId);
  return touched;
}

/**
 * Renders the touched chunks of surviving items again (an emptied chunk is
 * deleted; a removed item's go with it): one statement for all the deletes
 * and one per `CHUNK_TEXT` characters of rendered units for the writes.
 */
function unitChunkStatements(db: Database, touched: Map<number, Set<number>>, items: Map<number, StoredItem>): CartWrite[] {
  const emptied: Cell[][] = [];
  const rendered: Cell[][] = [];
  for (const [itemId, chunks] of touched) {
    const item = items.get(itemId);
    if (!item) continue;
    const unitsOf = new Map<number, StoredUnit[]>();
    for (const unit of item.units) {
      const chunk = chunkOf(unit.id);
      if (!chunks.has(chunk)) continue;
      const list = unitsOf.get(chunk);
      if (list) list.push(unit);
      else unitsOf.set(chunk, [unit]);
    }
    for (const chunk of chunks) {
      const units = (unitsOf.get(chunk) ?? []).sort((a, b) => a.id - b.id);
      if (units.length === 0) emptied.push([itemId, chunk]);
      else rendered.push([itemId, chunk, renderUnits(units)]);
    }
  }
  const statements: CartWrite[] = [];
  if (emptied.length > 0) statements.push(writes.deleteUnitChunks.bind(db, { rows: JSON.stringify(emptied) }));
  const [only] = rendered;
  if (rendered.length === 1 && only) statements.push(writes.upsertUnitChunk.bind(db, { row: JSON.stringify(only) }));
  else for (const part of byTextLength(rendered)) statements.push(writes.upsertUnitChunks.bind(db, { rows: JSON.stringify(part) }));
  return statements;
}

/**
 * Characters of rendered units per statement. D1 caps a bound string at
 * 2,000,000 bytes: a character takes at most 3 bytes in UTF-8, and inside the
 * parameter the units' JSON grows only by escapes (at most doubling its ASCII
 * part). A single chunk, which may go alone, renders in well under 1 MB
 * (see unit-json.ts).
 */
const CHUNK_TEXT = 500_000;

/** Consecutive groups of [itemId, chunk, units] rows, each under CHUNK_TEXT characters of units (a longer row goes alone). */
function byTextLength(rows: Cell[][]): Cell[][][] {
  const groups: Cell[][][] = [];
  let group: Cell[][] = [];
  let length = 0;
  for (const row of rows) {
    const size = String(row[2]).length;
    if (group.length > 0 && length + size > CHUNK_TEXT) {
      groups.push(group);
      group = [];
      length = 0;
    }
    group.push(row);
    length += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

function unitsById(items: StoredItem[]): Map<number, { itemId: number; unit: StoredUnit }> {
  const map = new Map<number, { itemId: number; unit: StoredUnit }>();
  for (const item of items) for (const unit of item.units) map.set(unit.id, { itemId: item.id, unit });
  return map;
}

function adjustmentsById(cart: CartState): Map<number, AdjustmentRow> {
  const map = new Map<number, AdjustmentRow>();
  for (const a of cart.adjustments) map.set(a.id, { adjustment: a, itemId: null, unitId: null });
  for (const item of cart.items) {
    for (const a of item.adjustments) map.set(a.id, { adjustment: a, itemId: item.id, unitId: null });
    for (const unit of item.units) {
      for (const a of unit.adjustments) map.set(a.id, { adjustment: a, itemId: null, unitId: unit.id });
    }
  }
  return map;
}

function ownerSurvives(row: AdjustmentRow, items: Map<number, StoredItem>, units: Map<number, unknown>): boolean {
  if (row.unitId !== null) return units.has(row.unitId);
  if (row.itemId !== null) return items.has(row.itemId);
  return true;
}
