/**
 * The cart object's event statements that a plain `eventInserts` cannot
 * write, each still one statement of the change's own batch (no round trip):
 *
 * - `inventoryEventInserts`: an `inventory.changed` whose `sequence` is the
 *   variant's version after the stock update, read by the insert (after the
 *   update, in the same batch);
 * - `createdCartEventInsert`: `cart.created`, whose id the cart's insert
 *   just gave (the largest: `orders.id` is AUTOINCREMENT);
 * - `eventInsertWhere`: an event written only when `condition` holds, for a
 *   guarded write (a deletion that did not happen writes none);
 * - `expiredCartEventInsert`: `cart.expired`, built from the row the expiry
 *   deletes, with the same WHERE, placed before that delete.
 */
import { SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { customers, events, orders, productVariants } from "../schema";
import { rowOf } from "../events";
import type { NewEvent } from "../../domain/events/event";
import type { StockEvent } from "../../domain/events/lifecycle";

/** The id of the cart a create's batch just inserted (AUTOINCREMENT: the largest); unlike `last_insert_rowid()`, an event insert after it does not move it. */
export const newCartId = (): SQL => sql`(SELECT max(${orders.id}) FROM ${orders})`;

/** Inserts `event` through `INSERT … SELECT` (every column, in the table's order) with `tail` (its FROM/WHERE). */
function insertSelect(db: Database, event: NewEvent, overrides: { sequence?: SQL; data?: SQL; href?: SQL; resourceId?: SQL }, tail: SQL) {
  const row = rowOf(event);
  const value = (v: unknown): SQL => (v instanceof SQL ? v : sql`${v ?? null}`);
  const columns = [
    sql`NULL`,
    value(row.type),
    sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    overrides.href ?? value(row.resourceHref),
    overrides.resourceId ?? value(row.resourceId),
    value(row.resourceCode),
    overrides.sequence ?? value(row.sequence),
    value(row.actorClient),
    value(row.actorUser),
    value(row.actorSystem),
    overrides.data ?? value(row.data),
  ];
  return db
    .insert(events)
    .select(sql`SELECT ${sql.join(columns, sql`, `)} ${tail}`)
    .returning({ eventId: events.id });
}

/** `list`, each written only when `condition` holds when its insert runs (after the batch's guarded statements). */
export const eventInsertWhere = (db: Database, list: readonly NewEvent[], condition: SQL) =>
  list.map((event) => insertSelect(db, event, {}, sql`WHERE ${condition}`));

/**
 * The variant's stock events, after its stock update: each takes the
 * variant's version as it now is; `numberOf`: the order whose number the
 * same batch gave (a completion), read into `data.order.number`.
 */
export const inventoryEventInserts = (db: Database, stock: readonly StockEvent[], numberOf?: number) =>
  stock.map(({ variantId, event }) => {
    const row = rowOf(event);
    return db
      .insert(events)
      .values({
        ...row,
        sequence: sql`(SELECT ${productVariants.version} FROM ${productVariants} WHERE ${productVariants.id} = ${variantId})`,
        ...(numberOf !== undefined ? { data: sql`json_set(${row.data}, '$.order.number', (SELECT ${orders.number} FROM ${orders} WHERE ${orders.id} = ${numberOf}))` } : {}),
      })
      .returning({ eventId: events.id });
  });

/**
 * `cart.created` after the cart's insert: its id, href (`cartsPath` and the
 * id) and sequence (the row's version) are the new row's.
 */
export function createdCartEventInsert(db: Database, event: NewEvent, cartsPath: string) {
  const id = newCartId();
  return db
    .insert(events)
    .values({
      ...rowOf(event),
      resourceHref: sql`${cartsPath} || ${id}`,
      resourceId: id,
      sequence: sql`(SELECT ${orders.version} FROM ${orders} WHERE ${orders.id} = ${id})`,
      data: sql`json_set(${rowOf(event).data}, '$.id', ${id})`,
    })
    .returning({ eventId: events.id });
}

/**
 * `cart.expired`, its data (`lifecycleData`'s keys) and sequence read from
 * the row, written only if the cart is still a cart unchanged since
 * `cutoffIso`: the same WHERE as the delete it precedes (expireCartQueries).
 */
export function expiredCartEventInsert(db: Database, event: NewEvent, cartId: number, cutoffIso: string) {
  const data = sql`json_object('id', o.id, 'number', o.number, 'checkoutState', o.checkout_state, 'state', o.state,
    'paymentState', o.payment_state, 'shippingState', o.shipping_state, 'total', o.total, 'currencyCode', o.currency_code,
    'customer', json_object('email', (SELECT c.email FROM ${customers} c WHERE c.id = o.customer_id)))`;
  return insertSelect(
    db,
    event,
    { sequence: sql`o.version + 1`, data },
    sql`FROM ${orders} o WHERE o.id = ${cartId} AND o.state = 'cart' AND o.updated_at <= ${cutoffIso}`,
  );
}

/**
 * A checkout step's or completion's cart and order events, after the order's
 * update in the same batch: each reads of the order's row, in its own
 * statement, its `sequence` (the version the batch left), its `number` and
 * its customer's email, and is written only if the order is now in `state`
 * (`cart` after a step, `new` once placed): a step whose update found the
 * order no longer a cart writes none.
 */
export const orderEventInserts = (db: Database, list: readonly NewEvent[], orderId: number, state: string) =>
  list.map((event) =>
    insertSelect(
      db,
      event,
      {
        sequence: sql`o.version`,
        data: sql`json_set(${rowOf(event).data}, '$.number', o.number, '$.customer', json_object('email', (SELECT c.email FROM ${customers} c WHERE c.id = o.customer_id)))`,
      },
      sql`FROM ${orders} o WHERE o.id = ${orderId} AND o.state = ${state}`,
    ),
  );
