/**
 * What a cart's entity tag is made of, besides what the cart's own rows
 * show: its `version` (raised by every write of its rows, see cart-writer.ts)
 * stands for the order, items, units and adjustments, however many; the rows
 * the cart embeds but does not own — its customer and account, its channel,
 * its items' variants — are given as such, for the tag to digest what the
 * body shows of them. Read in one batch with everything else: `GET` gets them
 * from the cart view's rows (cart-views.ts), the cart's object from
 * `cartTagQueries` in its first batch of a change that carries `If-Match`.
 */
import { eq, sql } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { orders } from "../schema";
import { variantIdsOf, variantViewQueries, variantViewsFrom, type VariantView, type ViewRefills } from "../queries/product-variants";
import { cartCustomerQueries, type CustomerRow, type ShopUserRow } from "./cart-views";
import { ordersWithChannelCode } from "./cart-store";

export interface CartTagParts {
  id: number;
  version: number;
  customer: CustomerRow;
  user: ShopUserRow | null;
  channel: { id: number; code: string };
  /** The views of the items' variants (any order). */
  variants: Iterable<VariantView>;
}

/** The rows of a cart's tag parts: 4 SELECTs (the order, the customer and account, the variants' views), whatever the size of the cart (no unit is read). */
export function cartTagQueries(db: Database, cartId: number) {
  return {
    order: ordersWithChannelCode(db, { id: orders.id, version: orders.version, customerId: orders.customerId, channelId: orders.channelId }, eq(orders.id, cartId)),
    ...cartCustomerQueries(db, sql`(SELECT o.customer_id FROM orders o WHERE o.id = ${cartId})`),
    variants: variantViewQueries(db, variantIdsOf(sql`(SELECT i.variant_id FROM order_items i WHERE i.order_id = ${cartId})`)),
  };
}

export type CartTagRows = NamedResults<ReturnType<typeof cartTagQueries>>;

/** The parts from `cartTagQueries`' results; null when there is no such order. Views built by this read are noted in `refills`. */
export function cartTagPartsFrom(rows: CartTagRows, refills?: ViewRefills): CartTagParts | null {
  const order = rows.order[0];
  const customer = rows.customers[0];
  if (!order || !customer) return null;
  return {
    id: order.id,
    version: order.version,
    customer: { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
    user: rows.users[0] ?? null,
    channel: { id: order.channelId, code: order.channelCode },
    variants: variantViewsFrom(rows.variants, refills),
  };
}
