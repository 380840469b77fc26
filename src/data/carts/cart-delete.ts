/**
 * `DELETE /api/v1/carts/{id}`'s rows, as the cart's object deletes the cart:
 * what it reads (the cart, still a cart, with its addresses' ids) and the
 * statements of its write batch.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, orders } from "../schema";

/**
 * The cart while it is still a cart, with its addresses' ids (set by the
 * checkout's addressing), and what its `cart.deleted` says of it (its
 * number, states, total, currency, version and customer's email).
 */
export const cartToDeleteQuery = (db: Database, cartId: number) =>
  db
    .select({
      id: orders.id,
      shippingAddressId: orders.shippingAddressId,
      billingAddressId: orders.billingAddressId,
      number: orders.number,
      checkoutState: orders.checkoutState,
      state: orders.state,
      paymentState: orders.paymentState,
      shippingState: orders.shippingState,
      total: orders.total,
      currencyCode: orders.currencyCode,
      version: orders.version,
      customerEmail: sql<string | null>`(SELECT c.email FROM customers c WHERE c.id = ${orders.customerId})`.as("customer_email"),
    })
    .from(orders)
    .where(and(eq(orders.id, cartId), eq(orders.state, "cart")));

/** The cart (its rows go with it, ON DELETE CASCADE), then its addresses, once it no longer references them. */
/** True once the cart's row is gone: a `cart.deleted` is written only after the delete happened. */
export const cartGone = (cartId: number) => sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${cartId})`;

export function deleteCartStatements(db: Database, cartId: number, addressIds: readonly number[]) {
  return {
    deleted: db.delete(orders).where(and(eq(orders.id, cartId), eq(orders.state, "cart"))),
    // Its addresses (rows of their own, referenced by the order only) go with it, once it no longer references them.
    addresses: addressIds.length ? db.delete(addresses).where(inArray(addresses.id, [...addressIds])) : undefined,
  };
}
