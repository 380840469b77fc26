/**
 * Turns "cart before" and "cart after" into the SQL of one atomic batch that
 * writes only what changed: inserted, updated and deleted items, units and
 * adjustments, and the order's totals. Rows that did not change are not
 * touched, so the cost of a change grows with what it changes (at worst
 * linearly with the cart), never with history.
 */
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "./state";
import { bool, chunks, int, text } from "./sql";

interface AdjustmentRow {
  adjustment: StoredAdjustment;
  itemId: number | null;
  unitId: number | null;
}

export function cartWriteStatements(before: CartState, after: CartState, nowIso: string): string[] {
  const statements: string[] = [];
  const oldItems = new Map(before.items.map((i) => [i.id, i]));
  const newItems = new Map(after.items.map((i) => [i.id, i]));
  const oldUnits = unitsById(before.items);
  const newUnits = unitsById(after.items);

  // Deletes first: removed items and units take their children with them (ON DELETE CASCADE).
  const removedItems = [...oldItems.keys()].filter((id) => !newItems.has(id));
  for (const ids of chunks(removedItems, 1000)) statements.push(`DELETE FROM order_items WHERE id IN (${ids.map(int).join(",")})`);
  const removedUnits = [...oldUnits.entries()].filter(([id, u]) => !newUnits.has(id) && newItems.has(u.itemId)).map(([id]) => id);
  for (const ids of chunks(removedUnits, 1000)) statements.push(`DELETE FROM order_item_units WHERE id IN (${ids.map(int).join(",")})`);

  const oldAdjustments = adjustmentsById(before);
  const newAdjustments = adjustmentsById(after);
  const removedAdjustments = [...oldAdjustments.entries()]
    .filter(([id, a]) => !newAdjustments.has(id) && ownerSurvives(a, newItems, newUnits))
    .map(([id]) => id);
  for (const ids of chunks(removedAdjustments, 1000)) statements.push(`DELETE FROM adjustments WHERE id IN (${ids.map(int).join(",")})`);

  // Items: insert new, update changed.
  const insertedItems = after.items.filter((i) => !oldItems.has(i.id));
  for (const rows of chunks(insertedItems)) {
    statements.push(
      `INSERT INTO order_items (id, order_id, variant_id, quantity, unit_price, units_total, adjustments_total, total) VALUES ${rows
        .map((i) => `(${[i.id, after.id, i.variantId, i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total].map(int).join(",")})`)
        .join(",")}`,
    );
  }
  const changedItems = after.items.filter((i) => {
    const old = oldItems.get(i.id);
    return old !== undefined && (old.quantity !== i.quantity || old.unitPrice !== i.unitPrice || old.unitsTotal !== i.unitsTotal || old.adjustmentsTotal !== i.adjustmentsTotal || old.total !== i.total);
  });
  for (const rows of chunks(changedItems)) {
    statements.push(
      `UPDATE order_items SET quantity = v.column2, unit_price = v.column3, units_total = v.column4, adjustments_total = v.column5, total = v.column6
       FROM (VALUES ${rows.map((i) => `(${[i.id, i.quantity, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total].map(int).join(",")})`).join(",")}) AS v
       WHERE order_items.id = v.column1`,
    );
  }

  // Units: insert new, update changed totals.
  const insertedUnits = [...newUnits.entries()].filter(([id]) => !oldUnits.has(id));
  for (const rows of chunks(insertedUnits, 1000)) {
    statements.push(
      `INSERT INTO order_item_units (id, item_id, adjustments_total) VALUES ${rows
        .map(([id, u]) => `(${int(id)},${int(u.itemId)},${int(u.unit.adjustmentsTotal)})`)
        .join(",")}`,
    );
  }
  const changedUnits = [...newUnits.entries()].filter(([id, u]) => {
    const old = oldUnits.get(id);
    return old !== undefined && old.unit.adjustmentsTotal !== u.unit.adjustmentsTotal;
  });
  for (const rows of chunks(changedUnits, 1000)) {
    statements.push(
      `UPDATE order_item_units SET adjustments_total = v.column2
       FROM (VALUES ${rows.map(([id, u]) => `(${int(id)},${int(u.unit.adjustmentsTotal)})`).join(",")}) AS v
       WHERE order_item_units.id = v.column1`,
    );
  }

  // Adjustments: insert new, update changed.
  const insertedAdjustments = [...newAdjustments.values()].filter((a) => !oldAdjustments.has(a.adjustment.id));
  for (const rows of chunks(insertedAdjustments)) {
    statements.push(
      `INSERT INTO adjustments (id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, origin_code) VALUES ${rows
        .map(
          ({ adjustment: a, itemId, unitId }) =>
            `(${int(a.id)},${int(after.id)},${itemId === null ? "NULL" : int(itemId)},${unitId === null ? "NULL" : int(unitId)},${text(a.type)},${text(a.label)},${int(a.amount)},${bool(a.neutral)},${text(a.originCode)})`,
        )
        .join(",")}`,
    );
  }
  const changedAdjustments = [...newAdjustments.values()].filter(({ adjustment: a }) => {
    const old = oldAdjustments.get(a.id)?.adjustment;
    return old !== undefined && (old.amount !== a.amount || old.label !== a.label || old.neutral !== a.neutral);
  });
  for (const rows of chunks(changedAdjustments)) {
    statements.push(
      `UPDATE adjustments SET amount = v.column2, neutral = v.column3, label = v.column4
       FROM (VALUES ${rows.map(({ adjustment: a }) => `(${int(a.id)},${int(a.amount)},${bool(a.neutral)},${text(a.label)})`).join(",")}) AS v
       WHERE adjustments.id = v.column1`,
    );
  }

  statements.push(
    `UPDATE orders SET items_total = ${int(after.itemsTotal)}, adjustments_total = ${int(after.adjustmentsTotal)},
       total = ${int(after.total)}, updated_at = ${text(nowIso)} WHERE id = ${int(after.id)} AND state = 'cart'`,
  );
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
