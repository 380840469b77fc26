/**
 * Reads orders for display (`GET /orders/{id}`, `/orders/`, `/checkouts/{id}`,
 * `/payments/…`, `/shipments/…`), each in ONE batch: the cart view's queries
 * (items, units as JSON chunks, adjustments, variants, customer and account)
 * plus what only an order shows — its number and dates, the full customer and
 * channel, addresses, payments with their methods (translations, channels),
 * shipments with their method and zone, the coupon with its promotion.
 *
 * Joined columns are correlated subqueries with an alias: D1 keys a row's
 * values by column name, so two `id`s of a join would collide.
 */
import { channelDetailColumns, type ChannelDetailRow } from "../queries/channels";
import { paymentMethodColumns, paymentMethodTranslationColumns, type PaymentMethodRow, type PaymentMethodTranslationRow } from "../queries/payment-methods";
import { asc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { NamedResults } from "../batch";
import type { Database } from "../db";
import {
  addresses,
  channels,
  customers,
  orders,
  paymentMethodChannels,
  paymentMethods,
  paymentMethodTranslations,
  payments,
  promotionCoupons,
  shipments,
} from "../schema";
import { rowsInIdOrder } from "../queries/table-reads";
import type { OrderIds } from "../carts/cart-store";
import { cartViewQueries, cartViewsFrom, type CartRecord } from "../carts/cart-views";
import type { VariantView, ViewRefills } from "../queries/product-variants";

export interface OrderDetailRow {
  id: number;
  number: string | null;
  checkoutCompletedAt: string | null;
  shippingAddressId: number | null;
  billingAddressId: number | null;
  promotionCouponId: number | null;
}

export interface OrderCustomerRow {
  id: number;
  emailCanonical: string;
  birthday: string | null;
  gender: string;
}

export type OrderChannelRow = ChannelDetailRow;

/** The fields of an address a checkout writes and an order shows. */
export interface AddressFields {
  firstName: string;
  lastName: string;
  countryCode: string;
  street: string;
  city: string;
  postcode: string;
  phoneNumber: string | null;
  provinceName: string | null;
}

export interface AddressRow extends AddressFields {
  id: number;
  provinceCode: string | null;
}

export interface PaymentRow {
  id: number;
  orderId: number;
  methodId: number | null;
  currencyCode: string;
  amount: number;
  state: string;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentMethodView {
  row: PaymentMethodRow;
  translations: PaymentMethodTranslationRow[];
  channels: OrderChannelRow[];
}

export interface PaymentView {
  row: PaymentRow;
  method: PaymentMethodView | null;
}

export interface ShipmentRow {
  id: number;
  orderId: number;
  state: string;
  tracking: string | null;
  shippedAt: string | null;
  createdAt: string;
  methodId: number | null;
  methodCode: string | null;
  methodEnabled: number | null;
  zoneCode: string | null;
}

export interface CouponRow {
  id: number;
  code: string;
  used: number;
  createdAt: string;
  updatedAt: string;
  promotionCode: string;
}

/** Everything an order's representations show. */
export interface OrderRecord extends CartRecord {
  detail: OrderDetailRow;
  person: OrderCustomerRow | null;
  channelRow: OrderChannelRow | null;
  shippingAddress: AddressRow | null;
  billingAddress: AddressRow | null;
  payments: PaymentView[];
  shipments: ShipmentRow[];
  coupon: CouponRow | null;
}

export interface OrderViewData {
  records: OrderRecord[];
  variants: Map<number, VariantView>;
}


const paymentFields = getTableColumns(payments);

const shipmentFields = {
  id: shipments.id,
  orderId: shipments.orderId,
  state: shipments.state,
  tracking: shipments.tracking,
  shippedAt: shipments.shippedAt,
  createdAt: shipments.createdAt,
  methodId: shipments.methodId,
  methodCode: sql<string | null>`(SELECT m.code FROM shipping_methods m WHERE m.id = ${shipments.methodId})`.as("method_code"),
  methodEnabled: sql<number | null>`(SELECT m.enabled FROM shipping_methods m WHERE m.id = ${shipments.methodId})`.as("method_enabled"),
  zoneCode: sql<string | null>`(SELECT z.code FROM shipping_methods m JOIN zones z ON z.id = m.zone_id WHERE m.id = ${shipments.methodId})`.as(
    "zone_code",
  ),
};

/** The payment methods whose ids `methodIds` selects (a parenthesised subquery), their translations and channels. */
export function paymentMethodQueries(db: Database, methodIds: SQL, withChannels: boolean) {
  return {
    methods: db
      .select(paymentMethodColumns)
      .from(paymentMethods)
      .where(sql`${paymentMethods.id} IN ${methodIds}`),
    translations: db
      .select(paymentMethodTranslationColumns)
      .from(paymentMethodTranslations)
      .where(sql`${paymentMethodTranslations.methodId} IN ${methodIds}`)
      .orderBy(asc(paymentMethodTranslations.id)),
    links: withChannels
      ? db
          .select({ methodId: paymentMethodChannels.methodId, channelId: paymentMethodChannels.channelId })
          .from(paymentMethodChannels)
          .where(sql`${paymentMethodChannels.methodId} IN ${methodIds}`)
          .orderBy(asc(paymentMethodChannels.channelId))
      : undefined,
    channels: withChannels
      ? db
          .select(channelDetailColumns)
          .from(channels)
          .where(sql`${channels.id} IN (SELECT pmc.channel_id FROM payment_method_channels pmc WHERE pmc.method_id IN ${methodIds})`)
      : undefined,
  };
}

type PaymentMethodRows = NamedResults<ReturnType<typeof paymentMethodQueries>>;

function paymentMethodViews(rows: PaymentMethodRows, extraChannels: readonly OrderChannelRow[] = []): Map<number, PaymentMethodView> {
  const channelById = new Map([...extraChannels, ...(rows.channels ?? [])].map((c) => [c.id, c]));
  const views = new Map<number, PaymentMethodView>(rows.methods.map((row) => [row.id, { row, translations: [], channels: [] }]));
  for (const t of rows.translations) views.get(t.methodId)?.translations.push(t);
  for (const link of rows.links ?? []) {
    const channel = channelById.get(link.channelId);
    if (channel) views.get(link.methodId)?.channels.push(channel);
  }
  return views;
}

/** The queries of the orders whose ids `orderIds` selects; `full` adds addresses, payments and shipments (the list shows none). */
export function orderViewQueries(db: Database, orderIds: OrderIds, full = true) {
  const methodIds = sql`(SELECT p.method_id FROM payments p WHERE p.order_id IN ${orderIds})`;
  return {
    cart: cartViewQueries(db, orderIds),
    details: db
      .select({
        id: orders.id,
        number: orders.number,
        checkoutCompletedAt: orders.checkoutCompletedAt,
        shippingAddressId: orders.shippingAddressId,
        billingAddressId: orders.billingAddressId,
        promotionCouponId: orders.promotionCouponId,
      })
      .from(orders)
      .where(sql`${orders.id} IN ${orderIds}`),
    coupons: db
      .select({
        id: promotionCoupons.id,
        code: promotionCoupons.code,
        used: promotionCoupons.used,
        createdAt: promotionCoupons.createdAt,
        updatedAt: promotionCoupons.updatedAt,
        promotionCode: sql<string>`(SELECT p.code FROM promotions p WHERE p.id = ${promotionCoupons.promotionId})`.as("promotion_code"),
      })
      .from(promotionCoupons)
      .where(sql`${promotionCoupons.id} IN (SELECT o.promotion_coupon_id FROM orders o WHERE o.id IN ${orderIds})`),
    people: full
      ? db
          .select({ id: customers.id, emailCanonical: customers.emailCanonical, birthday: customers.birthday, gender: customers.gender })
          .from(customers)
          .where(sql`${customers.id} IN (SELECT o.customer_id FROM orders o WHERE o.id IN ${orderIds})`)
      : undefined,
    channels: full
      ? db
          .select(channelDetailColumns)
          .from(channels)
          .where(sql`${channels.id} IN (SELECT o.channel_id FROM orders o WHERE o.id IN ${orderIds})`)
      : undefined,
    addresses: full
      ? db
          .select({
            id: addresses.id,
            firstName: addresses.firstName,
            lastName: addresses.lastName,
            countryCode: addresses.countryCode,
            street: addresses.street,
            city: addresses.city,
            postcode: addresses.postcode,
            phoneNumber: addresses.phoneNumber,
            provinceCode: addresses.provinceCode,
            provinceName: addresses.provinceName,
          })
          .from(addresses)
          .where(
            sql`${addresses.id} IN (SELECT o.shipping_address_id FROM orders o WHERE o.id IN ${orderIds} UNION SELECT o.billing_address_id FROM orders o WHERE o.id IN ${orderIds})`,
          )
      : undefined,
    payments: full ? rowsInIdOrder(db, payments, sql`${payments.orderId} IN ${orderIds}`) : undefined,
    paymentMethods: full ? paymentMethodQueries(db, methodIds, true) : undefined,
    shipments: full
      ? db
          .select(shipmentFields)
          .from(shipments)
          .where(sql`${shipments.orderId} IN ${orderIds}`)
          .orderBy(asc(shipments.id))
      : undefined,
  };
}

export type OrderViewRows = NamedResults<ReturnType<typeof orderViewQueries>>;

/** Assembles the rows; records keep the order of `orderIds` when given; views built by this read are noted in `refills`. */
export function orderViewsFrom(rows: OrderViewRows, orderIds?: number[], refills?: ViewRefills | null): OrderViewData {
  const base = cartViewsFrom(rows.cart, orderIds, refills);
  const detailById = new Map(rows.details.map((d) => [d.id, d]));
  const personById = new Map((rows.people ?? []).map((p) => [p.id, p]));
  const channelById = new Map((rows.channels ?? []).map((c) => [c.id, c]));
  const addressById = new Map((rows.addresses ?? []).map((a) => [a.id, a]));
  const couponById = new Map(rows.coupons.map((c) => [c.id, c]));
  const methods = rows.paymentMethods ? paymentMethodViews(rows.paymentMethods, rows.channels ?? []) : new Map<number, PaymentMethodView>();
  const paymentsByOrder = groupBy(rows.payments ?? [], (p) => p.orderId);
  const shipmentsByOrder = groupBy(rows.shipments ?? [], (s) => s.orderId);
  const records = base.records.flatMap((record): OrderRecord[] => {
    const detail = detailById.get(record.cart.id);
    if (!detail) return [];
    const address = (id: number | null) => (id === null ? null : (addressById.get(id) ?? null));
    return [
      {
        ...record,
        detail,
        person: personById.get(record.customer.id) ?? null,
        channelRow: channelById.get(record.channel.id) ?? null,
        shippingAddress: address(detail.shippingAddressId),
        billingAddress: address(detail.billingAddressId),
        payments: (paymentsByOrder.get(record.cart.id) ?? []).map((row) => ({
          row,
          method: row.methodId === null ? null : (methods.get(row.methodId) ?? null),
        })),
        shipments: shipmentsByOrder.get(record.cart.id) ?? [],
        coupon: detail.promotionCouponId === null ? null : (couponById.get(detail.promotionCouponId) ?? null),
      },
    ];
  });
  return { records, variants: base.variants };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The placed orders (state not `cart`), by number descending (ties and
 * unnumbered by id). The condition is SQL text, not a bound value, so that
 * SQLite plans it on the partial index `orders_placed_number` (the same
 * condition): a page walks placed orders only. Their total is the `orders`
 * counter.
 */
export const placedOrders = sql`${orders.state} <> 'cart'`;
/** The placed orders' sortable fields (Sylius' order grid's own columns), each on a partial index (`orders_placed_*`). */
export const placedOrderSortable = {
  number: orders.number,
  date: orders.checkoutCompletedAt,
  state: orders.state,
  paymentState: orders.paymentState,
  shippingState: orders.shippingState,
  total: orders.total,
  currencyCode: orders.currencyCode,
};

// ------------------------------------------------------- payments, shipments

/** Payments whose ids `paymentIds` selects, with their methods (reduced in lists: no channels). */
export function paymentViewQueries(db: Database, paymentIds: SQL, withChannels: boolean) {
  return {
    payments: db.select(paymentFields).from(payments).where(sql`${payments.id} IN ${paymentIds}`),
    methods: paymentMethodQueries(db, sql`(SELECT p.method_id FROM payments p WHERE p.id IN ${paymentIds})`, withChannels),
  };
}

export type PaymentViewRows = NamedResults<ReturnType<typeof paymentViewQueries>>;

export function paymentViewsFrom(rows: PaymentViewRows): PaymentView[] {
  const methods = paymentMethodViews(rows.methods);
  return rows.payments.map((row) => ({ row, method: row.methodId === null ? null : (methods.get(row.methodId) ?? null) }));
}

export const shipmentViewQuery = (db: Database, shipmentIds: SQL) =>
  db.select(shipmentFields).from(shipments).where(sql`${shipments.id} IN ${shipmentIds}`);

/**
 * Payments and shipments outside carts, newest first: planned on the partial
 * indexes `payments_placed_created` and `shipments_placed_created` (the same
 * conditions, as SQL text); totals from the `payments` and `shipments` counters.
 */
export const placedPayments = sql`${payments.state} <> 'cart'`;
/** The lists' sortable fields (Sylius' grids'), each on its partial index (`…_placed_created`, `shipments_placed_shipped`). */
export const paymentSortable = { createdAt: payments.createdAt };
export const placedShipments = sql`${shipments.state} <> 'cart'`;
export const shipmentSortable = { createdAt: shipments.createdAt, shippedAt: shipments.shippedAt };
