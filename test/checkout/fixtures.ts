/**
 * Checkout fixtures, inserted with drizzle straight into D1 (the HTTP CRUD of
 * countries, payment methods and coupons is another part's): on top of the
 * cart fixture's channel (USD, en_US, no default tax zone) and variants, two
 * countries in zone A (taxed 20 %, shipping 10.00) and one in zone B
 * (untaxed, shipping 5.00), two payment methods, and a coupon-based 10 %
 * promotion with one coupon. Codes are unique per call.
 */
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq, inArray } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, uniqueCode } from "../helpers/http";
import { cartFixture, type CartFixture } from "../carts/fixtures";

export interface CheckoutFixture extends CartFixture {
  channelId: number;
  /** Zone A: countries a1, a2 (tax 20 %, method shipA 1000). Zone B: country b (method shipB 500). */
  countries: { a1: string; a2: string; b: string; disabled: string };
  zones: { a: string; b: string };
  shipping: { a: { id: number; code: string }; b: { id: number; code: string } };
  payment: { first: { id: number; code: string }; second: { id: number; code: string } };
  coupon: { code: string; id: number; promotionId: number; promotionCode: string };
  taxCategory: string;
}

export const db = () => drizzle(env.DB, { schema });

export async function checkoutFixture(prices: number[] = [2000, 1500]): Promise<CheckoutFixture> {
  const base = await cartFixture(prices);
  const d = db();
  const channel = (await d.select({ id: schema.channels.id }).from(schema.channels).where(eq(schema.channels.code, base.channel)))[0]!;
  const tag = uniqueCode("X").replace(/[^A-Za-z0-9]/g, "");
  const countries = { a1: `A1${tag}`, a2: `A2${tag}`, b: `B${tag}`, disabled: `D${tag}` };
  await d.insert(schema.countries).values([
    { code: countries.a1 },
    { code: countries.a2 },
    { code: countries.b },
    { code: countries.disabled, enabled: false },
  ]);
  const zoneCodes = { a: `ZA${tag}`, b: `ZB${tag}` };
  const [zoneA, zoneB] = await d
    .insert(schema.zones)
    .values([
      { code: zoneCodes.a, name: "Zone A" },
      { code: zoneCodes.b, name: "Zone B" },
    ])
    .returning({ id: schema.zones.id });
  await d.insert(schema.zoneMembers).values([
    { zoneId: zoneA!.id, code: countries.a1 },
    { zoneId: zoneA!.id, code: countries.a2 },
    { zoneId: zoneB!.id, code: countries.b },
  ]);
  const taxCategory = `TC${tag}`;
  const [category] = await d.insert(schema.taxCategories).values({ code: taxCategory, name: "Regular" }).returning({ id: schema.taxCategories.id });
  await d.insert(schema.taxRates).values({ code: `TR${tag}`, name: "EU Regular Tax 20%", amount: "0.2", categoryId: category!.id, zoneId: zoneA!.id });
  await d
    .update(schema.productVariants)
    .set({ taxCategoryId: category!.id })
    .where(inArray(schema.productVariants.id, [...base.variants.map((v) => v.id), base.tracked.id]));
  const shipCodes = { a: `shipA${tag}`, b: `shipB${tag}` };
  const [shipA, shipB] = await d
    .insert(schema.shippingMethods)
    .values([
      { code: shipCodes.a, position: 0, zoneId: zoneA!.id, calculator: "flat_rate", configuration: { [base.channel]: { amount: 1000 } } },
      { code: shipCodes.b, position: 1, zoneId: zoneB!.id, calculator: "flat_rate", configuration: { [base.channel]: { amount: 500 } } },
    ])
    .returning({ id: schema.shippingMethods.id });
  await d.insert(schema.shippingMethodTranslations).values([
    { methodId: shipA!.id, locale: "en_US", name: "Courier A", description: "Zone A courier" },
    { methodId: shipB!.id, locale: "en_US", name: "Courier B" },
  ]);
  await d.insert(schema.shippingMethodChannels).values([
    { methodId: shipA!.id, channelId: channel.id },
    { methodId: shipB!.id, channelId: channel.id },
  ]);
  const payCodes = { first: `cod${tag}`, second: `bank${tag}` };
  const [payFirst, paySecond] = await d
    .insert(schema.paymentMethods)
    .values([
      { code: payCodes.second, position: 2 },
      { code: payCodes.first, position: 1 },
    ])
    .returning({ id: schema.paymentMethods.id });
  await d.insert(schema.paymentMethodTranslations).values([
    { methodId: payFirst!.id, locale: "en_US", name: "Bank transfer" },
    { methodId: paySecond!.id, locale: "en_US", name: "Cash on delivery", description: "Pay the courier" },
  ]);
  await d.insert(schema.paymentMethodChannels).values([
    { methodId: payFirst!.id, channelId: channel.id },
    { methodId: paySecond!.id, channelId: channel.id },
  ]);
  const promotionCode = `HOLIDAY${tag}`;
  const [promotion] = await d
    .insert(schema.promotions)
    .values({ code: promotionCode, name: "Holiday promotion", couponBased: true })
    .returning({ id: schema.promotions.id });
  await d.insert(schema.promotionChannels).values({ promotionId: promotion!.id, channelId: channel.id });
  await d.insert(schema.promotionActions).values({ promotionId: promotion!.id, type: "order_percentage_discount", configuration: { percentage: 0.1 } });
  const couponCode = `COUPON${tag}`;
  const [coupon] = await d.insert(schema.promotionCoupons).values({ promotionId: promotion!.id, code: couponCode }).returning({ id: schema.promotionCoupons.id });
  return {
    ...base,
    channelId: channel.id,
    countries,
    zones: zoneCodes,
    shipping: { a: { id: shipA!.id, code: shipCodes.a }, b: { id: shipB!.id, code: shipCodes.b } },
    // Inserted second-first: the first by position is the later row.
    payment: { first: { id: paySecond!.id, code: payCodes.first }, second: { id: payFirst!.id, code: payCodes.second } },
    coupon: { code: couponCode, id: coupon!.id, promotionId: promotion!.id, promotionCode },
    taxCategory,
  };
}

/** A cart of the fixture's channel and customer; returns its id. */
export async function newCart(f: CheckoutFixture): Promise<number> {
  const res = await api("POST", "/api/v1/carts/", { customer: f.customer, channel: f.channel, localeCode: "en_US" });
  if (res.status !== 201) throw new Error(`cart create → ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: number }).id;
}

export async function addItem(cartId: number, variant: string, quantity = 1): Promise<void> {
  const res = await api("POST", `/api/v1/carts/${cartId}/items`, { variant, quantity });
  if (res.status !== 201) throw new Error(`add item → ${res.status} ${JSON.stringify(res.body)}`);
}

/** An address in `country`. */
export const address = (country: string) => ({
  firstName: "Anna",
  lastName: "Nowak",
  street: "Main Street 1",
  countryCode: country,
  city: "Warsaw",
  postcode: "00-001",
});

export async function orderRow(id: number) {
  return (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
}

export async function paymentsOf(orderId: number) {
  return db().select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
}

export async function shipmentsOf(orderId: number) {
  return db().select().from(schema.shipments).where(eq(schema.shipments.orderId, orderId));
}

export async function variantRow(id: number) {
  return (await db().select().from(schema.productVariants).where(eq(schema.productVariants.id, id)))[0]!;
}

/** A step that must answer 204. */
export async function step(method: string, path: string, body?: unknown): Promise<void> {
  const res = await api(method, path, body);
  if (res.status !== 204) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
}
