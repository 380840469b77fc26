/**
 * A cart's units as a read shows them: JSON text kept in
 * `order_item_unit_chunks`, so that a read takes a few strings from D1 and
 * embeds them in the response verbatim, instead of turning thousands of unit
 * and adjustment rows into objects only to write them out again (a cart of
 * one item of 9,999 units has about 30,000 such rows; its units are 40
 * chunks).
 *
 * The chunks are a projection of the unit and adjustment rows, which stay the
 * cart's record: the cart object renders the chunks its change touched and
 * writes them in the same batch as the rows (cart-writer.ts), and migration
 * 0006 rendered those of the carts stored before (with SQLite's JSON, to the
 * same text).
 *
 * Each unit renders as `{"id", "adjustments": [{"id", "type", "label",
 * "amount", "neutral"}], "adjustmentsTotal"}`, units and adjustments in id
 * order: exactly the unit representation of the cart serializer
 * (test/carts/unit-json.test.ts compares both renderings of the same carts).
 *
 * D1 caps a string at 2,000,000 bytes: a chunk holds the units whose id falls
 * in one block of `UNITS_PER_CHUNK` ids (never more units than that, whatever
 * the gaps); a unit with ten adjustments of long labels renders in well under
 * 4 kB.
 */
import { and, asc, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { orderItemUnitChunks } from "../schema";
import type { OrderIds } from "./cart-store";
import type { StoredUnit } from "../../domain/cart/state";

export const UNITS_PER_CHUNK = 256;

/** The chunk a unit's JSON is kept in. */
export const chunkOf = (unitId: number): number => Math.floor(unitId / UNITS_PER_CHUNK);

/** The JSON text of units (one chunk's, in id order). */
export function renderUnits(units: readonly StoredUnit[]): string {
  return JSON.stringify(
    units.map((unit) => ({
      id: unit.id,
      adjustments: unit.adjustments.map((a) => ({ id: a.id, type: a.type, label: a.label, amount: a.amount, neutral: a.neutral })),
      adjustmentsTotal: unit.adjustmentsTotal,
    })),
  );
}

/** The unit chunks of the orders' items, in item then chunk order; none when `unless` (a condition on no row) holds. */
export function unitJsonQuery(db: Database, orderIds: OrderIds, unless?: SQL) {
  return db
    .select({ itemId: orderItemUnitChunks.itemId, units: orderItemUnitChunks.units })
    .from(orderItemUnitChunks)
    .where(
      and(
        sql`${orderItemUnitChunks.itemId} IN (SELECT i.id FROM order_items i WHERE i.order_id IN ${orderIds})`,
        unless && sql`NOT ${unless}`,
      ),
    )
    .orderBy(asc(orderItemUnitChunks.itemId), asc(orderItemUnitChunks.chunk));
}

/** Joins each item's chunks into one JSON array text, by item id. */
export function unitJsonByItem(rows: readonly { itemId: number; units: string }[]): Map<number, string> {
  const parts = new Map<number, string[]>();
  for (const row of rows) {
    // Each chunk is a non-empty array `[...]`: keep what is between the brackets.
    const inner = row.units.slice(1, -1);
    const list = parts.get(row.itemId);
    if (list) list.push(inner);
    else parts.set(row.itemId, [inner]);
  }
  return new Map([...parts].map(([itemId, list]) => [itemId, `[${list.join(",")}]`]));
}
