/**
 * Reads carts for display, straight from D1, in one batch: the orders picked
 * by an SQL filter, their customers, accounts, channels, items, order and
 * item adjustments, the units as JSON text (see `unit-json.ts`) and the
 * variants' views (the variant list's loader). Used by GET cart, the cart
 * list and GET order: one round trip whatever the number of carts and items.
 */
import { sql, type SQL } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { customers, shopUsers } from "../schema";
import type { ShopUserRow } from "../queries/customers";
import { variantIdsOf, variantViewQueries, variantViewsFrom, type VariantView, type ViewRefills } from "../queries/product-variants";
import { prepared } from "../prepared";
import { adjustmentRowsQuery, assembleCarts, cartRowQueries, oneOrder, type OrderIds } from "./cart-store";
import type { CartState, StoredItem } from "./state";
import { unitJsonByItem, unitJsonQuery } from "./unit-json";

export interface CustomerRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}
export type { ShopUserRow };

/** An item as a read shows it: its units are JSON text, rendered by D1. */
export interface ViewedItem extends Omit<StoredItem, "units"> {
  /** A JSON array of the item's units (see `unit-json.ts` for its shape). */
  units: string;
}

export interface ViewedCart extends Omit<CartState, "items"> {
  items: ViewedItem[];
  checkoutState: string;
  state: string;
  customerId: number;
  createdAt: string;
  /** Raised by every committed change of the cart's rows (its entity tag's part for the units). */
  version: number;
}

export interface CartRecord {
  cart: ViewedCart;
  customer: CustomerRow;
  user: ShopUserRow | null;
  channel: { id: number; code: string };
}

export interface CartViewData {
  records: CartRecord[];
  /** The views of the carts' variants, by variant id. */
  variants: Map<number, VariantView>;
}

/** The customers a cart shows (and their accounts), of the ids `customerIds` selects (a parenthesised subquery). */
export function cartCustomerQueries(db: Database, customerIds: SQL) {
  return {
    customers: db
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(sql`${customers.id} IN ${customerIds}`),
    users: db
      .select({
        id: shopUsers.id,
        customerId: shopUsers.customerId,
        username: shopUsers.username,
        usernameCanonical: shopUsers.usernameCanonical,
        enabled: shopUsers.enabled,
      })
      .from(shopUsers)
      .where(sql`${shopUsers.customerId} IN ${customerIds}`),
  };
}

/** The queries of the orders whose ids `orderIds` selects (`(?)` or a parenthesised subquery). */
export function cartViewQueries(db: Database, orderIds: OrderIds) {
  const customerIds = sql`(SELECT o.customer_id FROM orders o WHERE o.id IN ${orderIds})`;
  const { orders, items } = cartRowQueries(db, orderIds);
  return {
    orders,
    items,
    // Order and item adjustments; the units' own come with the units' JSON.
    adjustments: adjustmentRowsQuery(db, orderIds, false),
    unitJson: unitJsonQuery(db, orderIds),
    ...cartCustomerQueries(db, customerIds),
    variants: variantViewQueries(
      db,
      variantIdsOf(sql`(SELECT i.variant_id FROM order_items i WHERE i.order_id IN ${orderIds})`),
    ),
  };
}

export type CartViewRows = NamedResults<ReturnType<typeof cartViewQueries>>;

/** `cartViewQueries` of one order, built once: the same SQL for every order (see prepared.ts). */
export const cartViewOfOrder = prepared(["id"], (db, values) => cartViewQueries(db, oneOrder(values.id)));

/** Assembles the rows; records keep the order of `orderIds` when given; views built by this read are noted in `refills`. */
export function cartViewsFrom(rows: CartViewRows, orderIds?: number[], refills?: ViewRefills | null): CartViewData {
  const customerById = new Map(rows.customers.map((c) => [c.id, c]));
  const userByCustomer = new Map(rows.users.map((u) => [u.customerId, u]));
  const orderById = new Map(rows.orders.map((o) => [o.id, o]));
  const unitsByItem = unitJsonByItem(rows.unitJson);
  const records = assembleCarts({ ...rows, units: [] }).flatMap((cart): CartRecord[] => {
    const order = orderById.get(cart.id);
    if (!order) return [];
    const customer = customerById.get(order.customerId);
    const items = cart.items.map((item): ViewedItem => ({ ...item, units: unitsByItem.get(item.id) ?? "[]" }));
    return [
      {
        cart: {
          ...cart,
          items,
          state: order.state,
          checkoutState: order.checkoutState,
          customerId: order.customerId,
          createdAt: order.createdAt,
          version: order.version,
        },
        customer: {
          id: order.customerId,
          email: customer?.email ?? "",
          firstName: customer?.firstName ?? null,
          lastName: customer?.lastName ?? null,
        },
        user: userByCustomer.get(order.customerId) ?? null,
        channel: { id: order.channelId, code: order.channelCode },
      },
    ];
  });
  if (orderIds) {
    const position = new Map(orderIds.map((id, i) => [id, i]));
    records.sort((a, b) => (position.get(a.cart.id) ?? 0) - (position.get(b.cart.id) ?? 0));
  }
  const variants = new Map(variantViewsFrom(rows.variants, refills).map((view) => [view.row.id, view]));
  return { records, variants };
}
