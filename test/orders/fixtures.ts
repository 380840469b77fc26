/**
 * Placed orders for the order tests. Until the checkout's completion lands,
 * a cart is created and filled through the API, then turned into a placed
 * order with drizzle, exactly as `complete` leaves it (Sylius' order `create` transition and its callbacks): a
 * number, checkoutCompletedAt, states new / awaiting_payment / ready,
 * checkout state completed, addresses, the payment (state new, amount = the
 * total) and the shipment (state ready), onHold += quantity for tracked
 * variants, and, when asked, a promotion and a coupon counted as used once.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../src/data/schema";
import { api, uniqueCode } from "../helpers/http";
import { cartFixture, type CartFixture } from "../carts/fixtures";

export const db = () => drizzle(env.DB, { schema });

export interface PlacedOrder {
  id: number;
  number: string;
  fixture: CartFixture;
  paymentId: number;
  shipmentId: number;
  paymentMethod: { id: number; code: string; translationId: number };
  shippingMethod: { id: number; code: string; zone: string };
  shippingAddressId: number;
  billingAddressId: number;
  promotion: { id: number; code: string } | null;
  coupon: { id: number; code: string } | null;
  total: number;
  /** Quantities in the order: the first untracked variant, the tracked one. */
  untrackedQuantity: number;
  trackedQuantity: number;
}

let numbers = 0;
/** A number unique to this run (9 digits, zero padded), as `complete` assigns them. */
function nextNumber(): string {
  numbers += 1;
  const base = (Date.now() % 1_000_000) * 1000 + numbers * 7 + Math.floor(Math.random() * 7);
  return String(base % 1_000_000_000).padStart(9, "0");
}

export interface PlaceOptions {
  untracked?: number;
  tracked?: number;
  withPromotion?: boolean;
  /** Skip the payment (an order with nothing to pay). */
  noPayment?: boolean;
  number?: string;
}

export async function cartWithItems(untracked: number, tracked: number): Promise<{ id: number; fixture: CartFixture }> {
  const fixture = await cartFixture();
  const cart = await api("POST", "/api/v1/carts/", { customer: fixture.customer, channel: fixture.channel, localeCode: "en_US" });
  if (cart.status !== 201) throw new Error(`cart: ${cart.status} ${JSON.stringify(cart.body)}`);
  const id = cart.body.id as number;
  if (untracked > 0) await mustAdd(id, fixture.variants[0]!.code, untracked);
  if (tracked > 0) await mustAdd(id, fixture.tracked.code, tracked);
  return { id, fixture };
}

async function mustAdd(cartId: number, variant: string, quantity: number): Promise<void> {
  const res = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant, quantity });
  if (res.status !== 201) throw new Error(`add item: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A placed order: 1 untracked and 2 tracked units unless told otherwise. */
export async function placedOrder(options: PlaceOptions = {}): Promise<PlacedOrder> {
  const untrackedQuantity = options.untracked ?? 1;
  const trackedQuantity = options.tracked ?? 2;
  const { id, fixture } = await cartWithItems(untrackedQuantity, trackedQuantity);
  const d = db();
  const now = new Date().toISOString();
  const [channel] = await d.select({ id: schema.channels.id }).from(schema.channels).where(eq(schema.channels.code, fixture.channel));
  const [order] = await d.select({ total: schema.orders.total, currencyCode: schema.orders.currencyCode }).from(schema.orders).where(eq(schema.orders.id, id));

  // The methods the checkout would have selected.
  const methodCode = uniqueCode("PM");
  const [method] = await d.insert(schema.paymentMethods).values({ code: methodCode, position: 1 }).returning({ id: schema.paymentMethods.id });
  const [translation] = await d
    .insert(schema.paymentMethodTranslations)
    .values({ methodId: method!.id, locale: "en_US", name: "Cash on delivery", description: "Pay when it arrives" })
    .returning({ id: schema.paymentMethodTranslations.id });
  await d.insert(schema.paymentMethodChannels).values({ methodId: method!.id, channelId: channel!.id });
  const zoneCode = uniqueCode("Z");
  const [zone] = await d.insert(schema.zones).values({ code: zoneCode, name: "World", type: "country" }).returning({ id: schema.zones.id });
  const shippingCode = uniqueCode("SM");
  const [shipping] = await d
    .insert(schema.shippingMethods)
    .values({ code: shippingCode, zoneId: zone!.id, calculator: "flat_rate", configuration: {} })
    .returning({ id: schema.shippingMethods.id });

  const addressRows = await d
    .insert(schema.addresses)
    .values([
      { firstName: "John", lastName: "Doe", countryCode: "US", street: "1 Main St", city: "Springfield", postcode: "12345", phoneNumber: "555-0100" },
      { firstName: "Jane", lastName: "Roe", countryCode: "US", street: "2 Side St", city: "Shelbyville", postcode: "54321" },
    ])
    .returning({ id: schema.addresses.id });

  let promotion: PlacedOrder["promotion"] = null;
  let coupon: PlacedOrder["coupon"] = null;
  if (options.withPromotion) {
    const promotionCode = uniqueCode("PROMO");
    const [promo] = await d
      .insert(schema.promotions)
      .values({ code: promotionCode, name: "Holiday promotion", used: 1, couponBased: true })
      .returning({ id: schema.promotions.id });
    const couponCode = uniqueCode("COUPON");
    const [row] = await d.insert(schema.promotionCoupons).values({ promotionId: promo!.id, code: couponCode, used: 1 }).returning({ id: schema.promotionCoupons.id });
    promotion = { id: promo!.id, code: promotionCode };
    coupon = { id: row!.id, code: couponCode };
    // The adjustment the promotion left (amount 0 keeps the totals), with an id from the cart rows' sequence.
    const [reserved] = await d
      .update(schema.rowIdSequences)
      .set({
        lastId: sql`MAX(${schema.rowIdSequences.lastId}, (SELECT COALESCE(MAX(id), 0) FROM order_items), (SELECT COALESCE(MAX(id), 0) FROM order_item_units), (SELECT COALESCE(MAX(id), 0) FROM adjustments)) + 1`,
      })
      .where(eq(schema.rowIdSequences.name, "cart_rows"))
      .returning({ lastId: schema.rowIdSequences.lastId });
    await d
      .insert(schema.adjustments)
      .values({ id: reserved!.lastId, orderId: id, type: "order_promotion", label: "Holiday promotion", amount: 0, originCode: promotionCode });
  }

  const number = options.number ?? nextNumber();
  const [payment] = options.noPayment
    ? [{ id: 0 }]
    : await d
        .insert(schema.payments)
        .values({ orderId: id, methodId: method!.id, currencyCode: order!.currencyCode, amount: order!.total, state: "new" })
        .returning({ id: schema.payments.id });
  const [shipment] = await d.insert(schema.shipments).values({ orderId: id, methodId: shipping!.id, state: "ready" }).returning({ id: schema.shipments.id });
  await d
    .update(schema.orders)
    .set({
      state: "new",
      checkoutState: "completed",
      paymentState: options.noPayment ? "paid" : "awaiting_payment",
      shippingState: "ready",
      number,
      checkoutCompletedAt: now,
      shippingAddressId: addressRows[0]!.id,
      billingAddressId: addressRows[1]!.id,
      promotionCouponId: coupon?.id ?? null,
      version: sql`${schema.orders.version} + 1`,
    })
    .where(eq(schema.orders.id, id));
  if (trackedQuantity > 0) {
    await d
      .update(schema.productVariants)
      .set({ onHold: sql`${schema.productVariants.onHold} + ${trackedQuantity}` })
      .where(eq(schema.productVariants.id, fixture.tracked.id));
  }
  return {
    id,
    number,
    fixture,
    paymentId: payment!.id,
    shipmentId: shipment!.id,
    paymentMethod: { id: method!.id, code: methodCode, translationId: translation!.id },
    shippingMethod: { id: shipping!.id, code: shippingCode, zone: zoneCode },
    shippingAddressId: addressRows[0]!.id,
    billingAddressId: addressRows[1]!.id,
    promotion,
    coupon,
    total: order!.total,
    untrackedQuantity,
    trackedQuantity,
  };
}

/** A variant's stock as D1 holds it. */
export async function stockOf(variantId: number): Promise<{ onHand: number; onHold: number }> {
  const [row] = await db()
    .select({ onHand: schema.productVariants.onHand, onHold: schema.productVariants.onHold })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.id, variantId));
  return row!;
}

/** The states an order's rows are in. */
export async function statesOf(order: PlacedOrder) {
  const d = db();
  const [row] = await d
    .select({ state: schema.orders.state, paymentState: schema.orders.paymentState, shippingState: schema.orders.shippingState })
    .from(schema.orders)
    .where(eq(schema.orders.id, order.id));
  const [payment] = await d.select({ state: schema.payments.state }).from(schema.payments).where(eq(schema.payments.orderId, order.id));
  const [shipment] = await d
    .select({ state: schema.shipments.state, tracking: schema.shipments.tracking, shippedAt: schema.shipments.shippedAt })
    .from(schema.shipments)
    .where(eq(schema.shipments.orderId, order.id));
  return { ...row!, payment: payment?.state ?? null, shipment: shipment!.state, tracking: shipment!.tracking, shippedAt: shipment!.shippedAt };
}

export async function usedOf(order: PlacedOrder): Promise<{ promotion: number; coupon: number }> {
  const d = db();
  const [promotion] = await d.select({ used: schema.promotions.used }).from(schema.promotions).where(eq(schema.promotions.id, order.promotion!.id));
  const [coupon] = await d.select({ used: schema.promotionCoupons.used }).from(schema.promotionCoupons).where(eq(schema.promotionCoupons.id, order.coupon!.id));
  return { promotion: promotion!.used, coupon: coupon!.used };
}
