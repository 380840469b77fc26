/**
 * The checkout's reads, as named queries of the cart object's first batch
 * (no extra round trip): the order's checkout columns with its cart-state
 * shipment and payment, the zones of its addresses, the channel's
 * payment methods, the countries (addressing) and a coupon by code.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
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
  provinces,
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
      shippingProvince: sql<string | null>`${shippingAddress.provinceCode}`.as("shipping_province"),
      billingProvince: sql<string | null>`${billingAddress.provinceCode}`.as("billing_province"),
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
 * A WITH clause whose `matched(member, zone_id)` rows are the zones the
 * addresses `addresses` selects (`(country, province)` rows, either may be
 * null) are in, as Sylius' ZoneMatcher matches them: a country zone by its
 * member country, a province zone by its member province, a zone of zones
 * by a member zone so found, recursively; `member` is the address's country
 * or province code that matched. Each step goes through `zone_members_code`
 * (migration 0019); the addresses are read once.
 */
export function zonesOfAddresses(addresses: SQL): SQL {
  return sql`WITH RECURSIVE addr(country, province) AS (${addresses}),
    matched(member, zone_id) AS (
      SELECT zm.code, zm.zone_id FROM addr JOIN zone_members zm ON zm.code IN (addr.country, addr.province)
      JOIN zones z ON z.id = zm.zone_id
        AND ((z.type = 'country' AND zm.code = addr.country) OR (z.type = 'province' AND zm.code = addr.province))
      UNION
      SELECT matched.member, pm.zone_id FROM matched JOIN zones c ON c.id = matched.zone_id
      JOIN zone_members pm ON pm.code = c.code JOIN zones p ON p.id = pm.zone_id AND p.type = 'zone')`;
}

/** Codes an addressing is about to store: its addresses' countries and provinces. */
export interface AddressCodes {
  countries: readonly string[];
  provinces: readonly string[];
}

/**
 * The zones containing the order's addresses (by country and province) and
 * `extra` codes (those an addressing is about to store), by zone id:
 * `{member, zone, type}` (see `zonesOfAddresses`).
 */
export function countryZonesQuery(db: Database, orderId: Value<number>, extra: AddressCodes = { countries: [], provinces: [] }) {
  const addressRows = sql`SELECT a.country_code, a.province_code FROM orders o
      JOIN addresses a ON a.id IN (o.shipping_address_id, o.billing_address_id) WHERE o.id = ${orderId}
    UNION ALL SELECT j.value, NULL FROM json_each(${JSON.stringify(extra.countries)}) j
    UNION ALL SELECT NULL, j.value FROM json_each(${JSON.stringify(extra.provinces)}) j`;
  return db
    .select({
      member: sql<string>`mz.member`.as("member"),
      zone: sql<string>`mz.zone_code`.as("zone_code"),
      type: sql<string>`mz.zone_type`.as("zone_type"),
    })
    .from(
      sql`(${zonesOfAddresses(addressRows)}
        SELECT DISTINCT matched.member AS member, z.id AS zone_id, z.code AS zone_code, z.type AS zone_type
        FROM matched JOIN zones z ON z.id = matched.zone_id) mz`,
    )
    .orderBy(sql`mz.zone_id`);
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
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- drizzle's limit() is typed for numbers and placeholders, but renders any SQL object it is given as the LIMIT expression; negative: none.
    .limit(limit ? (limit as unknown as number) : -1);
}

export type PaymentMethodRow = NamedResults<{ row: ReturnType<typeof channelPaymentMethodsQuery> }>["row"][number];

/** The provinces of these countries (country code, province code): the address form's province choices. */
export const provincesOfCountriesQuery = (db: Database, countryCodes: readonly string[]) =>
  db
    .select({ country: sql<string>`${countries.code}`.as("country_code"), code: provinces.code })
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(inArray(countries.code, [...countryCodes]))
    .orderBy(asc(provinces.code));

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

/**
 * A coupon is under its usage limit (none: always): the count test of the
 * domain's `couponUsable` (src/domain/cart/checkout-processing.ts), which the
 * change guard's coupon check needs as a value (data uses the domain's types
 * only).
 */
export const underUsageLimit = (coupon: { usageLimit: number | null; used: number }): boolean => coupon.usageLimit === null || coupon.used < coupon.usageLimit;
