/**
 * Reads carts for display, straight from D1, in one batch of two
 * statements: the orders picked by an SQL filter with their channels,
 * customers, accounts, items, order and item adjustments and the variants'
 * view rows (the variant list's loader); the units as JSON text (see
 * `unit-json.ts`). Used by GET cart, the cart list and GET order: one round
 * trip whatever the number of carts and items.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import { channels, customers, orders, shopUsers } from "../schema";
import type { ShopUserRow } from "../queries/customers";
import {
  variantIdsOf,
  variantRowsFromJson,
  variantRowsJson,
  viewsOf,
  type VariantView,
  type VariantViewRow,
  type ViewRefills,
} from "../queries/product-variants";
import { prepared } from "../prepared";
import { renderedRows } from "../json-rows";
import { assembleCarts, cartOrderColumns, oneOrder, type CartRows, type OrderIds } from "./cart-store";
import type { CartState, StoredItem } from "../../domain/cart/state";
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

/**
 * The order rows of a view, each carrying what the view shows of it, so a
 * cart read is two statements whatever it shows (see json-rows.ts): the order
 * and its channel's code, its customer and account (joined: one of each per
 * order), and as JSON rows rendered by SQLite its items and adjustments
 * (those of units come with the units' JSON), in id order (read back by
 * `cartRowsOf`), and its variants' view rows (`variantRowsJson`).
 */
function viewOrderQuery(db: Database, orderIds: OrderIds, heldViews?: SQL) {
  return db
    .select({
      ...cartOrderColumns,
      // Aliased: D1 keys a row's values by column name (see cart-store.ts).
      channelCode: sql<string>`${channels.code}`.as("channel_code"),
      email: sql<string | null>`${customers.email}`.as("customer_email"),
      firstName: sql<string | null>`${customers.firstName}`.as("customer_first_name"),
      lastName: sql<string | null>`${customers.lastName}`.as("customer_last_name"),
      userId: sql<number | null>`${shopUsers.id}`.as("user_id"),
      username: sql<string | null>`${shopUsers.username}`.as("user_username"),
      usernameCanonical: sql<string | null>`${shopUsers.usernameCanonical}`.as("user_username_canonical"),
      userEnabled: sql<number | null>`${shopUsers.enabled}`.as("user_enabled"),
      itemsJson: sql<string>`(SELECT json_group_array(json_array(
          i.id, i.variant_id, i.quantity, i.unit_price, i.units_total, i.adjustments_total, i.total) ORDER BY i.id)
        FROM order_items i WHERE i.order_id = ${orders.id})`.as("items_json"),
      adjustmentsJson: sql<string>`(SELECT json_group_array(json_array(
          a.id, a.order_item_id, a.type, a.label, a.amount, a.neutral, a.origin_code) ORDER BY a.id)
        FROM adjustments a WHERE a.order_id = ${orders.id} AND a.order_item_unit_id IS NULL)`.as("adjustments_json"),
      variantsJson: variantRowsJson(variantIdsOf(sql`(SELECT i.variant_id FROM order_items i WHERE i.order_id = ${orders.id})`), heldViews).as(
        "variants_json",
      ),
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shopUsers, eq(shopUsers.customerId, orders.customerId))
    .where(sql`${orders.id} IN ${orderIds}`);
}

/** The queries of the orders whose ids `orderIds` selects (`(?)` or a parenthesised subquery): two statements. */
export function cartViewQueries(db: Database, orderIds: OrderIds) {
  return { orders: viewOrderQuery(db, orderIds), unitJson: unitJsonQuery(db, orderIds) };
}

export type CartViewRows = NamedResults<ReturnType<typeof cartViewQueries>>;

/**
 * `cartViewQueries` of one order, built once: the same SQL for every order
 * (see prepared.ts). Its units' JSON comes back empty when the order is still
 * at `keptVersion`, the version of the units a reader already holds: every
 * write of a cart's unit chunks raises its version in the same batch
 * (cart-writer.ts), so equal versions are equal chunks, and a read of an
 * unchanged cart of thousands of units takes none of their text again. No
 * order is at version -1. Likewise its variants' views leave out the
 * children of `heldViews` (see `variantRowsJson`; `"[]"`: none held).
 */
export const cartViewOfOrder = prepared(["id", "keptVersion", "heldViews"], (db, values) => ({
  orders: viewOrderQuery(db, oneOrder(values.id), sql`${values.heldViews}`),
  unitJson: unitJsonQuery(db, oneOrder(values.id), sql`(SELECT o.version FROM orders o WHERE o.id = ${values.id}) IS ${values.keptVersion}`),
}));

/** An item as `viewOrderQuery` renders it in its order's `itemsJson`. */
type ItemJson = [id: number, variantId: number, quantity: number, unitPrice: number, unitsTotal: number, adjustmentsTotal: number, total: number];
/** An order's or item's adjustment as `viewOrderQuery` renders it in `adjustmentsJson` (`itemId` null: the order's). */
type AdjustmentJson = [id: number, itemId: number | null, type: string, label: string, amount: number, neutral: number, originCode: string | null];
type ViewOrderRow = CartViewRows["orders"][number];

/** The item and adjustment rows of orders, from the JSON each order row carries. */
function cartRowsOf(orderRows: readonly ViewOrderRow[]): CartRows {
  const items: CartRows["items"] = [];
  const adjustments: CartRows["adjustments"] = [];
  for (const order of orderRows) {
    for (const [id, variantId, quantity, unitPrice, unitsTotal, adjustmentsTotal, total] of renderedRows<ItemJson>(order.itemsJson)) {
      items.push({ id, orderId: order.id, variantId, quantity, unitPrice, unitsTotal, adjustmentsTotal, total });
    }
    for (const [id, orderItemId, type, label, amount, neutral, originCode] of renderedRows<AdjustmentJson>(order.adjustmentsJson)) {
      adjustments.push({ id, orderId: order.id, orderItemId, orderItemUnitId: null, type, label, amount, neutral, originCode });
    }
  }
  return { orders: [...orderRows], items, units: [], adjustments };
}

/** The view rows of the orders' variants (each once, though carts share it); children left out come from `held`. */
export function variantRowsOf(orderRows: readonly ViewOrderRow[], held?: ReadonlyMap<number, VariantViewRow>): VariantViewRow[] {
  const byId = new Map<number, VariantViewRow>();
  for (const order of orderRows) for (const row of variantRowsFromJson(order.variantsJson, held)) byId.set(row.id, row);
  return [...byId.values()];
}

/** The account an order row carries, if its customer has one. */
function userOf(order: ViewOrderRow): ShopUserRow | null {
  if (order.userId === null) return null;
  return {
    id: order.userId,
    customerId: order.customerId,
    username: order.username ?? "",
    usernameCanonical: order.usernameCanonical ?? "",
    enabled: order.userEnabled === 1,
  };
}

/**
 * Assembles the rows; records keep the order of `orderIds` when given; views
 * built by this read are noted in `refills`. `variantRows`: the variants'
 * rows when the caller has read them already (`variantRowsOf`).
 */
export function cartViewsFrom(
  rows: CartViewRows,
  orderIds?: number[],
  refills?: ViewRefills | null,
  variantRows: VariantViewRow[] = variantRowsOf(rows.orders),
): CartViewData {
  const orderById = new Map(rows.orders.map((o) => [o.id, o]));
  const unitsByItem = unitJsonByItem(rows.unitJson);
  const records = assembleCarts(cartRowsOf(rows.orders)).flatMap((cart): CartRecord[] => {
    const order = orderById.get(cart.id);
    if (!order) return [];
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
        customer: { id: order.customerId, email: order.email ?? "", firstName: order.firstName, lastName: order.lastName },
        user: userOf(order),
        channel: { id: order.channelId, code: order.channelCode },
      },
    ];
  });
  if (orderIds) {
    const position = new Map(orderIds.map((id, i) => [id, i]));
    records.sort((a, b) => (position.get(a.cart.id) ?? 0) - (position.get(b.cart.id) ?? 0));
  }
  const variants = new Map(viewsOf(variantRows, refills).map((view) => [view.row.id, view]));
  return { records, variants };
}

/** The orders that are carts (state `cart`): the carts list's rows. */
export const unplacedCarts = (): SQL => eq(orders.state, "cart");
