/**
 * Cart expiry's queries: the conditional delete a cart's Durable Object runs
 * when the cart's time is up, and the scheduled sweep's page of stale carts.
 *
 * "Unchanged since" is read from `orders.updated_at`: the insert sets it, and
 * every committed change of the cart object writes it (cart-writer.ts updates
 * the order row in each change's batch), while reads never touch it. It is the
 * one record of a cart's last change that also exists for carts created before
 * expiry existed, or whose object was never reached. Timestamps are ISO 8601
 * UTC text of one fixed shape (schema.ts), so comparing the text compares the
 * times.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, orders } from "../schema";

/**
 * One batch, in this order: delete the cart if it is still a cart and was last
 * changed at or before `cutoffIso` (its items, units, adjustments, shipment
 * and payment go with it, ON DELETE CASCADE, as `DELETE /api/v1/carts/{id}`
 * removes them), then read what is left of the order (nothing once deleted).
 * The deleted cart's address ids come back for `expiredAddressesQuery`. Check and
 * delete are one statement, so a change committed meanwhile, by whichever
 * writer, is never deleted.
 */
export function expireCartQueries(db: Database, cartId: number, cutoffIso: string) {
  return {
    expired: db
      .delete(orders)
      .where(and(eq(orders.id, cartId), eq(orders.state, "cart"), lte(orders.updatedAt, cutoffIso)))
      .returning({ id: orders.id, shippingAddressId: orders.shippingAddressId, billingAddressId: orders.billingAddressId }),
    left: db.select({ state: orders.state, updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, cartId)),
  };
}

/**
 * Up to `limit` carts last changed at or before `cutoffIso`, oldest first.
 *
 * `created_at <= cutoff` follows from `updated_at <= cutoff` (a cart is changed
 * after it is created); stating it lets SQLite walk the existing
 * `(state, created_at)` index over the old carts only, in that index's order
 * (the id is the index's tiebreaker), and stop at `limit`, instead of reading
 * and sorting every cart.
 */
export function staleCartsQuery(db: Database, cutoffIso: string, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.state, "cart"), lte(orders.createdAt, cutoffIso), lte(orders.updatedAt, cutoffIso)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/**
 * The addresses of a cart just expired (rows of their own, set by the
 * checkout, referenced by that cart only). A second statement after the
 * cart's delete, since the cart's row references them until it is gone; the
 * alarm runs it, so its round trip keeps no client waiting.
 */
export function expiredAddressesQuery(db: Database, ids: readonly number[]) {
  return db.delete(addresses).where(inArray(addresses.id, [...ids]));
}
