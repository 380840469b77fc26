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
import type { Statement } from "../batch";
import { inJson } from "../conditions";
import type { Database } from "../db";
import { adjustments, orderItems, orderItemUnitChunks, orderItemUnits, orders } from "../schema";
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "./state";
import { chunkOf, renderUnits } from "./unit-json";

/** Rows per multi-row statement. */
const CHUNK = 1000;

interface AdjustmentRow {
  adjustment: StoredAdjustment;
  itemId: number | null;
  unitId: number | null;
}

type Cell = number | string | null;

/** `json_each(?)` over tuples, with `v.value ->> i` as column i. */
const tuples = (rows: readonly (readonly Cell[])[]): SQL => sql`json_each(${JSON.stringify(rows)}) AS v`;
const column = (index: number): SQL => sql.raw(`v.value ->> ${index}`);
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

/** A write of the batch; its result carries D1's `rows_written`. */
export type CartWrite = Statement<D1Result>;

export function cartWriteStatements(db: Database, before: CartState, after: CartState, nowIso: string): CartWrite[] {
  const statements: CartWrite[] = [];
  /** One statement per chunk of rows, the chunk given as `json_each(?) AS v`. */
  const each = (rows: Cell[][], statement: (values: SQL) => CartWrite) => {
    for (const part of chunks(rows)) statements.push(statement(tuples(part)));
  };
  const ids = (list: number[]) => chunks(list);

  const oldItems = new Map(before.items.map((i) => [i.id, i]));
  const newItems = new Map(after.items.map((i) => [i.id, i]));
  const oldUnits = unitsById(before.items);
  const newUnits = unitsById(after.items);

  // Deletes first: removed items and units take their children with them (ON DELETE CASCADE).
  for (const part of ids([...oldItems.keys()].filter((id) => !newItems.has(id)))) {
    statements.push(db.delete(orderItems).where(inJson(orderItems.id, part)));
  }
  const removedUnits = [...oldUnits.entries()].filter(([id, u]) => !newUnits.has(id) && newItems.has(u.itemId)).map(([id]) => id);
  for (const part of ids(removedUnits)) {
    statements.push(db.delete(orderItemUnits).where(inJson(orderItemUnits.id, part)));
  }
  const oldAdjustments = adjustmentsById(before);
  const newAdjustments = adjustmentsById(after);
  const removedAdjustments = [...oldAdjustments.entries()]
    .filter(([id, a]) => !newAdjustments.has(id) && ownerSurvives(a, newItems, newUnits))
    .map(([id]) => id);
  for (const part of ids(removedAdjustments)) {
    statements.push(db.delete(adjustments).where(inJson(adjustments.id, part)));
  }

  // Items: insert new, update changed. (An insert-select names every column in schema order.)
  each(
    after.items
      .filter((i) => !oldItems.has(i.id))
      .map((i) => [i.id, after.id, i.variantId, i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total]),
    (values) => db.insert(orderItems).select(sql`SELECT ${columns(8)} FROM ${values}`),
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
    (values) =>
      db
        .update(orderItems)
        .set({ quantity: column(1), unitPrice: column(2), unitsTotal: column(3), adjustmentsTotal: column(4), total: column(5) })
        .from(values)
        .where(sql`${orderItems.id} = ${column(0)}`),
  );

  // Units: insert new, update changed totals.
  each(
    [...newUnits.entries()].filter(([id]) => !oldUnits.has(id)).map(([id, u]) => [id, u.itemId, u.unit.adjustmentsTotal]),
    (values) => db.insert(orderItemUnits).select(sql`SELECT ${columns(3)} FROM ${values}`),
  );
  each(
    [...newUnits.entries()]
      .filter(([id, u]) => {
        const old = oldUnits.get(id);
        return old !== undefined && old.unit.adjustmentsTotal !== u.unit.adjustmentsTotal;
      })
      .map(([id, u]) => [id, u.unit.adjustmentsTotal]),
    (values) =>
      db
        .update(orderItemUnits)
        .set({ adjustmentsTotal: column(1) })
        .from(values)
        .where(sql`${orderItemUnits.id} = ${column(0)}`),
  );

  // Adjustments: insert new, update changed.
  each(
    [...newAdjustments.values()]
      .filter((a) => !oldAdjustments.has(a.adjustment.id))
      .map(({ adjustment: a, itemId, unitId }) => [a.id, after.id, itemId, unitId, a.type, a.label, a.amount, a.neutral ? 1 : 0, a.originCode]),
    (values) => db.insert(adjustments).select(sql`SELECT ${columns(9)} FROM ${values}`),
  );
  each(
    [...newAdjustments.values()]
      .filter(({ adjustment: a }) => {
        const old = oldAdjustments.get(a.id)?.adjustment;
        return old !== undefined && (old.amount !== a.amount || old.label !== a.label || old.neutral !== a.neutral);
      })
      .map(({ adjustment: a }) => [a.id, a.amount, a.neutral ? 1 : 0, a.label]),
    (values) =>
      db
        .update(adjustments)
        .set({ amount: column(1), neutral: column(2), label: column(3) })
        .from(values)
        .where(sql`${adjustments.id} = ${column(0)}`),
  );

  statements.push(...unitChunkStatements(db, touchedChunks(oldUnits, newUnits, removedUnits, oldAdjustments, newAdjustments), newItems));

  statements.push(
    db
      .update(orders)
      // `version` moves with every committed change: the cart's entity tag is made of it.
      .set({ itemsTotal: after.itemsTotal, adjustmentsTotal: after.adjustmentsTotal, total: after.total, updatedAt: nowIso, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, after.id), eq(orders.state, "cart"))),
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

/** Renders the touched chunks of surviving items again (an emptied chunk is deleted; a removed item's go with it). */
function unitChunkStatements(db: Database, touched: Map<number, Set<number>>, items: Map<number, StoredItem>): CartWrite[] {
  const statements: CartWrite[] = [];
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
      const key = and(eq(orderItemUnitChunks.itemId, itemId), eq(orderItemUnitChunks.chunk, chunk));
      statements.push(
        units.length === 0
          ? db.delete(orderItemUnitChunks).where(key)
          : db
              .insert(orderItemUnitChunks)
              .values({ itemId, chunk, units: renderUnits(units) })
              .onConflictDoUpdate({ target: [orderItemUnitChunks.itemId, orderItemUnitChunks.chunk], set: { units: sql`excluded.units` } }),
      );
    }
  }
  return statements;
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
