/**
 * The checkout's reads, as named queries of the cart object's first batch
 * (no extra round trip): the order's checkout columns with its cart-state
 * shipment and payment, the zones of its addresses' countries, the channel's
 * payment methods, the countries (addressing) and a coupon by code.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";
import {
  addresses,
  countries,
  orders,
  paymentMethodChannels,
  paymentMethods,
  paymentMethodTranslations,
  promotionCoupons,
  promotions,
  zoneMembers,
  zones,
} from "../schema";
import type { NamedResults } from "../batch";
import type { Value } from "../prepared";

const shippingAddress = alias(addresses, "shipping_address");
const billingAddress = alias(addresses, "billing_address");

/** The order's checkout columns, its address countries, its coupon, and its shipment and payment in state `cart`. */
export function checkoutRowQuery(db: Database, orderId: Value<number>) {
  return db
    .select({
      state: orders.state,
      checkoutState: orders.checkoutState,
      total: orders.total,
      shippingAddressId: orders.shippingAddressId,
      billingAddressId: orders.billingAddressId,
      shippingCountry: sql<string | null>`${shippingAddress.countryCode}`.as("shipping_country"),
      billingCountry: sql<string | null>`${billingAddress.countryCode}`.as("billing_country"),
      couponId: orders.promotionCouponId,
      couponCode: sql<string | null>`${promotionCoupons.code}`.as("coupon_code"),
      couponPromotionId: sql<number | null>`${promotionCoupons.promotionId}`.as("coupon_promotion_id"),
      couponUsageLimit: sql<number | null>`${promotionCoupons.usageLimit}`.as("coupon_usage_limit"),
      couponUsed: sql<number | null>`${promotionCoupons.used}`.as("coupon_used"),
      couponExpiresAt: sql<string | null>`${promotionCoupons.expiresAt}`.as("coupon_expires_at"),
      shipmentId: sql<number | null>`(SELECT s.id FROM shipments s WHERE s.order_id = ${orders.id} AND s.state = 'cart' ORDER BY s.id LIMIT 1)`.as(
        "shipment_id",
      ),
      shipmentMethodCode: sql<string | null>`(SELECT m.code FROM shipments s JOIN shipping_methods m ON m.id = s.method_id
        WHERE s.order_id = ${orders.id} AND s.state = 'cart' ORDER BY s.id LIMIT 1)`.as("shipment_method_code"),
      shipmentMethodName: sql<string | null>`(SELECT COALESCE((SELECT t.name FROM shipping_method_translations t WHERE t.method_id = m.id
          ORDER BY t.locale = ${orders.localeCode} DESC, t.id LIMIT 1), m.code)
        FROM shipments s JOIN shipping_methods m ON m.id = s.method_id
        WHERE s.order_id = ${orders.id} AND s.state = 'cart' ORDER BY s.id LIMIT 1)`.as("shipment_method_name"),
      paymentId: sql<number | null>`(SELECT p.id FROM payments p WHERE p.order_id = ${orders.id} AND p.state = 'cart' ORDER BY p.id DESC LIMIT 1)`.as(
        "payment_id",
      ),
      paymentMethodId: sql<number | null>`(SELECT p.method_id FROM payments p WHERE p.order_id = ${orders.id} AND p.state = 'cart' ORDER BY p.id DESC LIMIT 1)`.as(
        "payment_method_id",
      ),
      paymentAmount: sql<number | null>`(SELECT p.amount FROM payments p WHERE p.order_id = ${orders.id} AND p.state = 'cart' ORDER BY p.id DESC LIMIT 1)`.as(
        "payment_amount",
      ),
      paymentMethodEnabled: sql<number | null>`(SELECT pm.enabled FROM payments p JOIN payment_methods pm ON pm.id = p.method_id
        WHERE p.order_id = ${orders.id} AND p.state = 'cart' ORDER BY p.id DESC LIMIT 1)`.as("payment_method_enabled"),
      paymentMethodName: sql<string | null>`(SELECT COALESCE((SELECT t.name FROM payment_method_translations t WHERE t.method_id = p.method_id
          ORDER BY t.locale = ${orders.localeCode} DESC, t.id LIMIT 1), pm.code)
        FROM payments p JOIN payment_methods pm ON pm.id = p.method_id
        WHERE p.order_id = ${orders.id} AND p.state = 'cart' ORDER BY p.id DESC LIMIT 1)`.as("payment_method_name"),
    })
    .from(orders)
    .leftJoin(shippingAddress, eq(shippingAddress.id, orders.shippingAddressId))
    .leftJoin(billingAddress, eq(billingAddress.id, orders.billingAddressId))
    .leftJoin(promotionCoupons, eq(promotionCoupons.id, orders.promotionCouponId))
    .where(eq(orders.id, orderId));
}

export type CheckoutRow = NamedResults<{ row: ReturnType<typeof checkoutRowQuery> }>["row"][number];

/**
 * The zones containing the order's address countries and `extra` countries
 * (those an addressing is about to store), by zone id: `{country, zone}`.
 */
export function countryZonesQuery(db: Database, orderId: Value<number>, extra: readonly string[] = []) {
  return db
    .select({ country: zoneMembers.code, zone: sql<string>`${zones.code}`.as("zone_code") })
    .from(zoneMembers)
    .innerJoin(zones, and(eq(zones.id, zoneMembers.zoneId), eq(zones.type, "country")))
    .where(
      sql`${zoneMembers.code} IN (
        SELECT a.country_code FROM addresses a JOIN orders o ON a.id IN (o.shipping_address_id, o.billing_address_id) WHERE o.id = ${orderId}
        UNION SELECT j.value FROM json_each(${JSON.stringify(extra)}) j)`,
    )
    .orderBy(asc(zones.id));
}

/** The enabled payment methods of the order's channel, by position (names in the order's locale). */
export function channelPaymentMethodsQuery(db: Database, orderId: Value<number>, limit?: SQL) {
  const locale = sql`(SELECT o.locale_code FROM orders o WHERE o.id = ${orderId})`;
  return db
    .select({
      id: paymentMethods.id,
      code: paymentMethods.code,
      position: paymentMethods.position,
      name: sql<string | null>`(SELECT t.name FROM ${paymentMethodTranslations} t WHERE t.method_id = ${paymentMethods.id}
        ORDER BY t.locale = ${locale} DESC, t.id LIMIT 1)`.as("name"),
      description: sql<string | null>`(SELECT t.description FROM ${paymentMethodTranslations} t WHERE t.method_id = ${paymentMethods.id}
        ORDER BY t.locale = ${locale} DESC, t.id LIMIT 1)`.as("description"),
    })
    .from(paymentMethods)
    .innerJoin(paymentMethodChannels, eq(paymentMethodChannels.methodId, paymentMethods.id))
    .where(
      and(
        eq(paymentMethods.enabled, true),
        sql`${paymentMethodChannels.channelId} = (SELECT o.channel_id FROM orders o WHERE o.id = ${orderId})`,
      ),
    )
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
    // drizzle's limit() is typed for numbers and placeholders, but renders any SQL object it is given as the LIMIT expression; negative: none.
    .limit(limit ? (limit as unknown as number) : -1);
}

export type PaymentMethodRow = NamedResults<{ row: ReturnType<typeof channelPaymentMethodsQuery> }>["row"][number];

/** Every country (code, enabled): the address form's catalogue. */
export const countryCatalogQuery = (db: Database) =>
  db.select({ code: countries.code, enabled: countries.enabled }).from(countries).orderBy(asc(countries.code));

/** A coupon by code, with its promotion's coupon flag and whether the promotion runs in the order's channel. */
export function couponByCodeQuery(db: Database, orderId: number, code: string) {
  return db
    .select({
      id: promotionCoupons.id,
      promotionId: promotionCoupons.promotionId,
      usageLimit: promotionCoupons.usageLimit,
      used: promotionCoupons.used,
      expiresAt: promotionCoupons.expiresAt,
      couponBased: promotions.couponBased,
      inChannel: sql<number>`EXISTS (SELECT 1 FROM promotion_channels pc WHERE pc.promotion_id = ${promotions.id}
        AND pc.channel_id = (SELECT o.channel_id FROM orders o WHERE o.id = ${orderId}))`.as("in_channel"),
    })
    .from(promotionCoupons)
    .innerJoin(promotions, eq(promotions.id, promotionCoupons.promotionId))
    .where(eq(promotionCoupons.code, code));
}

export type CouponRow = NamedResults<{ row: ReturnType<typeof couponByCodeQuery> }>["row"][number];

/** A coupon can still be used (Sylius PromotionCouponEligibilityChecker: usage limit, expiry). */
export function couponUsable(coupon: { usageLimit: number | null; used: number; expiresAt: string | null }, nowIso: string): boolean {
  if (coupon.usageLimit !== null && coupon.used >= coupon.usageLimit) return false;
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) < Date.parse(nowIso)) return false;
  return true;
}
