/**
 * A cart's units as D1 renders them: JSON text, built by SQLite in the read
 * batch, so that a read never turns thousands of unit and adjustment rows
 * into JavaScript objects only to write them out again. A cart of one item of
 * 9,999 units has about 30,000 of those rows; as JSON they are one string per
 * chunk of units, which the serializer embeds verbatim.
 *
 * Each unit renders as `{"id", "adjustments": [{"id", "type", "label",
 * "amount", "neutral"}], "adjustmentsTotal"}`, units and adjustments in id
 * order: exactly the unit representation of the cart serializer
 * (test/carts/unit-json.test.ts compares both renderings of the same carts).
 *
 * D1 caps a string at 2,000,000 bytes, so an item's units come in chunks of
 * at most `UNITS_PER_CHUNK` units (ids `n * UNITS_PER_CHUNK` to the next
 * multiple: never more units than that, whatever the gaps): a unit with ten
 * adjustments of long labels renders in well under 4 kB.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { adjustments, orderItemUnits, orderItems } from "../schema";
import type { OrderIds } from "./cart-store";

export const UNITS_PER_CHUNK = 256;

/** The units of the orders' items as JSON arrays, several per item when large, in item then unit order. */
export function unitJsonQuery(db: Database, orderIds: OrderIds) {
  // One index lookup per unit (`adjustments_unit`). A subquery's JSON comes
  // back as text, hence `json(...)` to embed it as an array.
  const unitAdjustments = sql`json((
    SELECT json_group_array(json_object('id', a.id, 'type', a.type, 'label', a.label, 'amount', a.amount,
      'neutral', CASE WHEN a.neutral THEN json('true') ELSE json('false') END) ORDER BY a.id)
    FROM ${adjustments} a WHERE a.order_item_unit_id = ${orderItemUnits.id}))`;
  const chunk = sql`${orderItemUnits.id} / ${sql.raw(String(UNITS_PER_CHUNK))}`;
  return db
    .select({
      itemId: sql<number>`${orderItemUnits.itemId}`.as("item_id"),
      units: sql<string>`json_group_array(json_object('id', ${orderItemUnits.id}, 'adjustments', ${unitAdjustments},
        'adjustmentsTotal', ${orderItemUnits.adjustmentsTotal}) ORDER BY ${orderItemUnits.id})`.as("units"),
    })
    .from(orderItemUnits)
    .where(sql`${orderItemUnits.itemId} IN (SELECT i.id FROM ${orderItems} i WHERE i.order_id IN ${orderIds})`)
    .groupBy(orderItemUnits.itemId, chunk)
    .orderBy(orderItemUnits.itemId, chunk);
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
