/**
 * Reads carts for display, straight from D1, in one batch: the orders picked
 * by an SQL filter, their customers, accounts, channels, items, units,
 * adjustments and the variants' default data. Used by GET cart, the cart list
 * and GET order: one round trip whatever the number of carts and items.
 */
import type { CartState } from "./state";
import type { ShopUserRow } from "../queries/customers";
import { assembleCarts, type AdjustmentRow, type ItemRow, type OrderRow, type UnitRow } from "./cart-store";
import { VARIANT_VIEW_STATEMENTS, variantViewRows, variantViewStatements, type VariantViewRows } from "./variant-views";

export interface CustomerRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}
export type { ShopUserRow };

export interface CartRecord {
  cart: CartState & { checkoutState: string; state: string; customerId: number; createdAt: string };
  customer: CustomerRow;
  user: ShopUserRow | null;
  channel: { id: number; code: string };
}

export interface CartViewData {
  records: CartRecord[];
  variants: VariantViewRows;
}

/** Statements loading the carts whose ids `SELECT` by `orderIdsSql` returns (bound to `params`). */
export function cartViewStatements(db: D1Database, orderIdsSql: string, params: unknown[]): D1PreparedStatement[] {
  const q = (sql: string) => db.prepare(sql).bind(...params);
  const ids = `SELECT id FROM (${orderIdsSql})`;
  return [
    q(`SELECT o.id, o.state, o.checkout_state, o.customer_id, o.currency_code, o.locale_code, o.items_total,
         o.adjustments_total, o.total, o.created_at, o.channel_id, ch.code AS channel_code
       FROM orders o JOIN channels ch ON ch.id = o.channel_id WHERE o.id IN (${ids})`),
    q(`SELECT id, email, first_name, last_name FROM customers
       WHERE id IN (SELECT customer_id FROM orders WHERE id IN (${ids}))`),
    q(`SELECT id, customer_id, username, username_canonical, enabled FROM shop_users
       WHERE customer_id IN (SELECT customer_id FROM orders WHERE id IN (${ids}))`),
    q(`SELECT id, order_id, variant_id, quantity, unit_price, units_total, adjustments_total, total
       FROM order_items WHERE order_id IN (${ids}) ORDER BY id`),
    q(`SELECT id, item_id, adjustments_total FROM order_item_units
       WHERE item_id IN (SELECT id FROM order_items WHERE order_id IN (${ids})) ORDER BY id`),
    q(`SELECT id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, origin_code
       FROM adjustments WHERE order_id IN (${ids}) ORDER BY id`),
    ...variantViewStatements(db, `SELECT variant_id FROM order_items WHERE order_id IN (${ids})`, params),
  ];
}
export const CART_VIEW_STATEMENTS = 6 + VARIANT_VIEW_STATEMENTS;

/** Assembles the statements' results; records keep the order of `orderIds` when given. */
export function cartViewsFrom(results: D1Result[], orderIds?: number[]): CartViewData {
  const rows = results.map((r) => r.results);
  const orders = rows[0] as (OrderRow & { checkout_state: string; customer_id: number; created_at: string })[];
  const customers = new Map((rows[1] as any[]).map((c) => [c.id as number, c]));
  const users = new Map((rows[2] as any[]).map((u) => [u.customer_id as number, u]));
  const carts = assembleCarts(orders, rows[3] as ItemRow[], rows[4] as UnitRow[], rows[5] as AdjustmentRow[]);
  const records = carts.map((cart, index): CartRecord => {
    const order = orders[index]!;
    const c = customers.get(order.customer_id);
    const u = users.get(order.customer_id);
    return {
      cart: { ...cart, state: order.state, checkoutState: order.checkout_state, customerId: order.customer_id, createdAt: order.created_at },
      customer: { id: c?.id, email: c?.email, firstName: c?.first_name ?? null, lastName: c?.last_name ?? null },
      user: u ? { id: u.id, customerId: u.customer_id, username: u.username, usernameCanonical: u.username_canonical, enabled: u.enabled === 1 } : null,
      channel: { id: order.channel_id, code: order.channel_code },
    };
  });
  if (orderIds) {
    const position = new Map(orderIds.map((id, i) => [id, i]));
    records.sort((a, b) => (position.get(a.cart.id) ?? 0) - (position.get(b.cart.id) ?? 0));
  }
  return { records, variants: variantViewRows(results.slice(6)) };
}
