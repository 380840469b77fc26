/**
 * The cart Durable Object's reads: everything one change needs, as named
 * queries of a single batch (one D1 round trip) — the caller's token check,
 * the cart itself when the object is cold, the current catalogue data of the
 * cart's variants, the pricing context of the cart's channel, and an id
 * reservation when needed.
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type {
  PricingSetup,
  StoredPromotion,
  ShippingMethod,
  TaxRate,
} from "../../domain/pricing";
import { keyed, type NamedResults, type Statement } from "../batch";
import type { Value } from "../prepared";
import type { Database } from "../db";
import { tokenLive } from "../auth/token-live";
import {
  adjustments,
  channels,
  orderItems,
  orderItemUnits,
  orders,
  pricingContextVersion,
  productTranslations,
  productVariants,
  productVariantTranslations,
  products,
  promotionActions,
  promotionChannels,
  promotionRules,
  promotions,
  rowIdSequences,
  shippingCategories,
  shippingMethodChannels,
  shippingMethods,
  shippingMethodTranslations,
  taxCategories,
  taxRates,
  zones,
  channelPricings,
} from "../schema";
import type { CartState, StoredAdjustment, StoredItem, VariantInfo } from "../../domain/cart/state";
import { zonesOfAddresses } from "../checkout/checkout-store";

/** An `IN` list of order ids: `(?)` for one cart, or a parenthesised subquery. */
export type OrderIds = SQL;
export const oneOrder = (id: Value<number>): OrderIds => sql`(${id})`;

/** The orders `where` selects: `fields`, then their channel's code as `channelCode` (an alias: safe in a batch). */
export const ordersWithChannelCode = <F extends Record<string, SQLiteColumn>>(db: Database, fields: F, where: SQL) =>
  db
    .select({ ...fields, channelCode: sql<string>`${channels.code}`.as("channel_code") })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(where);

/** The columns of a cart's order row that its state and its views are made of. */
export const cartOrderColumns = {
  id: orders.id,
  state: orders.state,
  checkoutState: orders.checkoutState,
  customerId: orders.customerId,
  currencyCode: orders.currencyCode,
  localeCode: orders.localeCode,
  itemsTotal: orders.itemsTotal,
  adjustmentsTotal: orders.adjustmentsTotal,
  total: orders.total,
  createdAt: orders.createdAt,
  version: orders.version,
  channelId: orders.channelId,
};

/**
 * The rows of a set of orders: the orders (with their channel's code), their
 * items, units and adjustments, each in id order. Fields are aliased where a
 * name would repeat (D1 keys a row's values by column name); the large ones
 * (items, units, adjustments) are `keyed`, so their rows need no copy.
 */
export function cartRowQueries(db: Database, orderIds: OrderIds) {
  return {
    orders: ordersWithChannelCode(db, cartOrderColumns, sql`${orders.id} IN ${orderIds}`),
    items: db
      .select({
        id: keyed(orderItems.id, "id"),
        orderId: keyed(orderItems.orderId, "orderId"),
        variantId: keyed(orderItems.variantId, "variantId"),
        quantity: keyed(orderItems.quantity, "quantity"),
        unitPrice: keyed(orderItems.unitPrice, "unitPrice"),
        unitsTotal: keyed(orderItems.unitsTotal, "unitsTotal"),
        adjustmentsTotal: keyed(orderItems.adjustmentsTotal, "adjustmentsTotal"),
        total: keyed(orderItems.total, "total"),
      })
      .from(orderItems)
      .where(sql`${orderItems.orderId} IN ${orderIds}`)
      .orderBy(asc(orderItems.id)),
    units: db
      .select({
        id: keyed(orderItemUnits.id, "id"),
        itemId: keyed(orderItemUnits.itemId, "itemId"),
        adjustmentsTotal: keyed(orderItemUnits.adjustmentsTotal, "adjustmentsTotal"),
      })
      .from(orderItemUnits)
      .where(sql`${orderItemUnits.itemId} IN (SELECT i.id FROM order_items i WHERE i.order_id IN ${orderIds})`)
      .orderBy(asc(orderItemUnits.id)),
    adjustments: adjustmentRowsQuery(db, orderIds),
  };
}

/** The adjustments of a set of orders (their own, their items' and their units'), in id order. */
function adjustmentRowsQuery(db: Database, orderIds: OrderIds) {
  return db
    .select({
      id: keyed(adjustments.id, "id"),
      orderId: keyed(adjustments.orderId, "orderId"),
      orderItemId: keyed(adjustments.orderItemId, "orderItemId"),
      orderItemUnitId: keyed(adjustments.orderItemUnitId, "orderItemUnitId"),
      type: keyed(adjustments.type, "type"),
      label: keyed(adjustments.label, "label"),
      amount: keyed(adjustments.amount, "amount"),
      // Stored as 0/1; read as such so the rows need no decoding (see `keyed`).
      neutral: sql<number>`${adjustments.neutral}`.as("neutral"),
      originCode: keyed(adjustments.originCode, "originCode"),
    })
    .from(adjustments)
    .where(sql`${adjustments.orderId} IN ${orderIds}`)
    .orderBy(asc(adjustments.id));
}

export type CartRows = NamedResults<ReturnType<typeof cartRowQueries>>;
export type OrderRow = CartRows["orders"][number];

/** The cart's state from its rows; null when there is no such cart (or it is no longer a cart). */
export function cartStateFrom(rows: CartRows): CartState | null {
  const order = rows.orders[0];
  if (!order || order.state !== "cart") return null;
  return assembleCarts(rows)[0] ?? null;
}

/** Groups item, unit and adjustment rows under their orders (any number of orders, one pass). */
export function assembleCarts(rows: CartRows): CartState[] {
  const toAdjustment = (a: CartRows["adjustments"][number]): StoredAdjustment => ({
    id: a.id,
    type: a.type,
    label: a.label,
    amount: a.amount,
    neutral: a.neutral === 1,
    originCode: a.originCode,
  });
  const carts = rows.orders.map(
    (order): CartState => ({
      id: order.id,
      channelId: order.channelId,
      channelCode: order.channelCode,
      currencyCode: order.currencyCode,
      localeCode: order.localeCode,
      itemsTotal: order.itemsTotal,
      adjustmentsTotal: order.adjustmentsTotal,
      total: order.total,
      items: [],
      adjustments: [],
    }),
  );
  const cartById = new Map(carts.map((c) => [c.id, c]));
  const itemById = new Map<number, StoredItem>();
  for (const i of rows.items) {
    const item: StoredItem = {
      id: i.id,
      variantId: i.variantId,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      unitsTotal: i.unitsTotal,
      adjustmentsTotal: i.adjustmentsTotal,
      total: i.total,
      units: [],
      adjustments: [],
    };
    itemById.set(i.id, item);
    cartById.get(i.orderId)?.items.push(item);
  }
  const unitById = new Map<number, StoredItem["units"][number]>();
  for (const u of rows.units) {
    const unit = { id: u.id, adjustmentsTotal: u.adjustmentsTotal, adjustments: [] };
    unitById.set(u.id, unit);
    itemById.get(u.itemId)?.units.push(unit);
  }
  for (const a of rows.adjustments) {
    if (a.orderItemUnitId !== null) unitById.get(a.orderItemUnitId)?.adjustments.push(toAdjustment(a));
    else if (a.orderItemId !== null) itemById.get(a.orderItemId)?.adjustments.push(toAdjustment(a));
    else cartById.get(a.orderId)?.adjustments.push(toAdjustment(a));
  }
  return carts;
}

// Subqueries of the cart's order row (the object may not know them yet).
const channelIdOf = (cartId: Value<number>) => sql`(SELECT o.channel_id FROM orders o WHERE o.id = ${cartId})`;
const channelCodeOf = (cartId: Value<number>) =>
  sql`(SELECT ch.code FROM orders o JOIN channels ch ON ch.id = o.channel_id WHERE o.id = ${cartId})`;
const localeOf = (cartId: Value<number>) => sql`(SELECT o.locale_code FROM orders o WHERE o.id = ${cartId})`;

/** What a cart change knows of a variant, beside its names and price (`variantInfoQuery`, `heldVariantsQuery`). */
const variantInfoColumns = {
  id: productVariants.id,
  code: productVariants.code,
  tracked: productVariants.tracked,
  onHand: productVariants.onHand,
  onHold: productVariants.onHold,
  enabled: productVariants.enabled,
  // Aliased: D1 returns rows as objects, so two columns named `enabled` would collide.
  productEnabled: sql<boolean>`${products.enabled}`.mapWith(Boolean).as("product_enabled"),
  shippingRequired: productVariants.shippingRequired,
  weight: productVariants.weight,
  productCode: sql<string>`${products.code}`.as("product_code"),
  taxCategoryCode: sql<string | null>`${taxCategories.code}`.as("tax_category_code"),
  shippingCategoryCode: sql<string | null>`${shippingCategories.code}`.as("shipping_category_code"),
};

/**
 * Current data of the cart's variants plus, for an add, the requested one
 * (by code) — in the cart's channel and locale.
 */
export function variantInfoQuery(db: Database, cartId: Value<number>, extraVariantCode: Value<string> | null): Statement<VariantInfo[]> {
  const locale = localeOf(cartId);
  return db
    .select({
      ...variantInfoColumns,
      name: sql<string | null>`(SELECT t.name FROM ${productVariantTranslations} t WHERE t.variant_id = ${productVariants.id}
        ORDER BY t.locale = ${locale} DESC, t.id LIMIT 1)`.as("name"),
      productName: sql<string | null>`(SELECT pt.name FROM ${productTranslations} pt WHERE pt.product_id = ${products.id}
        ORDER BY pt.locale = ${locale} DESC, pt.id LIMIT 1)`.as("product_name"),
      price: sql<number | null>`(SELECT cp.price FROM ${channelPricings} cp WHERE cp.variant_id = ${productVariants.id}
        AND cp.channel_code = ${channelCodeOf(cartId)})`.as("price"),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(taxCategories, eq(taxCategories.id, productVariants.taxCategoryId))
    .leftJoin(shippingCategories, eq(shippingCategories.id, productVariants.shippingCategoryId))
    .where(
      or(
        sql`${productVariants.id} IN (SELECT i.variant_id FROM order_items i WHERE i.order_id = ${cartId})`,
        eq(productVariants.code, extraVariantCode ?? ""),
      ),
    );
}

/**
 * The current data of a held cart's variants (`ids`, a JSON array) and of
 * the one an add names (`addCode`), in the channel and locale the object
 * knows: the same rows as `variantInfoQuery`, without reading the order (and
 * its items) again for each subquery. A name is found by its locale through
 * the translations' (variant, locale) index, else the first one.
 */
export function heldVariantsQuery(
  db: Database,
  ids: Value<string>,
  addCode: Value<string>,
  channelCode: Value<string>,
  locale: Value<string>,
): Statement<VariantInfo[]> {
  return variantsIn(db, sql`${productVariants.id} IN (SELECT j.value FROM json_each(${ids}) j)`, addCode, channelCode, locale);
}

/** `heldVariantsQuery` for a cart of one variant (`id`): no `json_each`, which costs a row of its own. */
export function heldVariantQuery(
  db: Database,
  id: Value<number>,
  addCode: Value<string>,
  channelCode: Value<string>,
  locale: Value<string>,
): Statement<VariantInfo[]> {
  return variantsIn(db, eq(productVariants.id, id), addCode, channelCode, locale);
}

/** The rows of `heldVariantsQuery` as a select to nest (the guard of a change without reads compares them, change-guard.ts). */
export const heldVariantsSelect = (db: Database, ids: Value<string>, channelCode: Value<string>, locale: Value<string>) =>
  variantsIn(db, sql`${productVariants.id} IN (SELECT j.value FROM json_each(${ids}) j)`, "", channelCode, locale);

function variantsIn(db: Database, held: SQL, addCode: Value<string>, channelCode: Value<string>, locale: Value<string>) {
  return db
    .select({
      ...variantInfoColumns,
      name: sql<string | null>`COALESCE((SELECT t.name FROM ${productVariantTranslations} t WHERE t.variant_id = ${productVariants.id} AND t.locale = ${locale}),
        (SELECT t.name FROM ${productVariantTranslations} t WHERE t.variant_id = ${productVariants.id} ORDER BY t.id LIMIT 1))`.as("name"),
      productName: sql<string | null>`COALESCE((SELECT pt.name FROM ${productTranslations} pt WHERE pt.product_id = ${products.id} AND pt.locale = ${locale}),
        (SELECT pt.name FROM ${productTranslations} pt WHERE pt.product_id = ${products.id} ORDER BY pt.id LIMIT 1))`.as("product_name"),
      price: sql<number | null>`(SELECT cp.price FROM ${channelPricings} cp WHERE cp.variant_id = ${productVariants.id}
        AND cp.channel_code = ${channelCode})`.as("price"),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(taxCategories, eq(taxCategories.id, productVariants.taxCategoryId))
    .leftJoin(shippingCategories, eq(shippingCategories.id, productVariants.shippingCategoryId))
    .where(or(held, eq(productVariants.code, addCode)));
}

/**
 * How the context is read: `limit`, the LIMIT of every query (see
 * `contextLimit`: none, or no rows at all while a kept copy is current);
 * `anyBilling`, the tax rates of every zone besides the channel's
 * default zone, for the billing address to choose from in memory
 * (`ratesForBilling`), so the rows do not depend on the cart's address.
 */
export interface ContextReadOptions {
  limit?: SQL;
  anyBilling?: boolean;
}

/**
 * The LIMIT of a context query as drizzle's `limit()` takes it: a negative
 * number renders no LIMIT (`buildLimit`), an SQL object renders as written.
 */
export function limitOf(limit: SQL | undefined): number {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- drizzle's limit() is typed for numbers and placeholders, but renders any SQL object it is given as the LIMIT expression.
  return limit ? (limit as unknown as number) : -1;
}

/** The pricing context of the cart's channel: tax zone, shipping methods, promotions, tax rates (`billingAddress`: the one addressing is about to store). */
export function pricingContextQueries(
  db: Database,
  cartId: Value<number>,
  billingAddress?: { country: string; province: string | null },
  options: ContextReadOptions = {},
) {
  const limit = limitOf(options.limit);
  const billing =
    billingAddress === undefined
      ? sql`SELECT a.country_code, a.province_code FROM addresses a WHERE a.id = (SELECT o.billing_address_id FROM orders o WHERE o.id = ${cartId})`
      : sql`SELECT ${billingAddress.country}, ${billingAddress.province}`;
  // The zones of the billing address (its country, its province, zones of those zones), or of any address.
  const billingZones = options.anyBilling ? sql`(SELECT cz.id FROM zones cz)` : sql`(${zonesOfAddresses(billing)} SELECT matched.zone_id FROM matched)`;
  const channelId = channelIdOf(cartId);
  const channelPromotions = sql`(SELECT pc.promotion_id FROM ${promotionChannels} pc WHERE pc.channel_id = ${channelId})`;
  const partsOfPromotions = (table: typeof promotionRules | typeof promotionActions) =>
    db
      .select({ promotionId: table.promotionId, type: table.type, configuration: table.configuration })
      .from(table)
      .where(sql`${table.promotionId} IN ${channelPromotions}`)
      .orderBy(asc(table.id))
      .limit(limit);
  return {
    channel: db
      .select({
        code: channels.code,
        enabled: channels.enabled,
        taxCalculationStrategy: channels.taxCalculationStrategy,
        zoneCode: sql<string | null>`${zones.code}`.as("zone_code"),
        // The checkout's skips (not pricing): read with the channel the step reads anyway.
        skippingShippingStepAllowed: channels.skippingShippingStepAllowed,
        skippingPaymentStepAllowed: channels.skippingPaymentStepAllowed,
      })
      .from(channels)
      .leftJoin(zones, eq(zones.id, channels.defaultTaxZoneId))
      .where(sql`${channels.id} = ${channelId}`)
      .limit(limit),
    methods: db
      .select({
        id: shippingMethods.id,
        code: shippingMethods.code,
        position: shippingMethods.position,
        enabled: shippingMethods.enabled,
        calculator: shippingMethods.calculator,
        configuration: shippingMethods.configuration,
        categoryRequirement: shippingMethods.categoryRequirement,
        rules: shippingMethods.rules,
        zoneCode: sql<string>`${zones.code}`.as("zone_code"),
        categoryCode: sql<string | null>`${shippingCategories.code}`.as("category_code"),
        taxCategoryCode: sql<string | null>`${taxCategories.code}`.as("tax_category_code"),
        name: sql<string | null>`(SELECT t.name FROM ${shippingMethodTranslations} t WHERE t.method_id = ${shippingMethods.id}
          ORDER BY t.locale = ${localeOf(cartId)} DESC, t.id LIMIT 1)`.as("name"),
        description: sql<string | null>`(SELECT t.description FROM ${shippingMethodTranslations} t WHERE t.method_id = ${shippingMethods.id}
          ORDER BY t.locale = ${localeOf(cartId)} DESC, t.id LIMIT 1)`.as("description"),
      })
      .from(shippingMethods)
      .innerJoin(shippingMethodChannels, eq(shippingMethodChannels.methodId, shippingMethods.id))
      .innerJoin(zones, eq(zones.id, shippingMethods.zoneId))
      .leftJoin(shippingCategories, eq(shippingCategories.id, shippingMethods.categoryId))
      .leftJoin(taxCategories, eq(taxCategories.id, shippingMethods.taxCategoryId))
      .where(and(sql`${shippingMethodChannels.channelId} = ${channelId}`, eq(shippingMethods.enabled, true)))
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.id))
      .limit(limit),
    promotions: db
      .select({
        id: promotions.id,
        code: promotions.code,
        name: promotions.name,
        priority: promotions.priority,
        exclusive: promotions.exclusive,
        usageLimit: promotions.usageLimit,
        used: promotions.used,
        couponBased: promotions.couponBased,
        startsAt: promotions.startsAt,
        endsAt: promotions.endsAt,
      })
      .from(promotions)
      .where(sql`${promotions.id} IN ${channelPromotions}`)
      .orderBy(desc(promotions.priority), asc(promotions.id))
      .limit(limit),
    rules: partsOfPromotions(promotionRules),
    actions: partsOfPromotions(promotionActions),
    rates: db
      .select({
        code: taxRates.code,
        name: taxRates.name,
        amount: taxRates.amount,
        includedInPrice: taxRates.includedInPrice,
        categoryCode: sql<string>`${taxCategories.code}`.as("category_code"),
        zoneCode: sql<string>`${zones.code}`.as("zone_code"),
      })
      .from(taxRates)
      .innerJoin(taxCategories, eq(taxCategories.id, taxRates.categoryId))
      .innerJoin(zones, eq(zones.id, taxRates.zoneId))
      // The channel's default tax zone, and the zones of the billing address (taxes go by the billing zone).
      .where(
        sql`(${taxRates.zoneId} = (SELECT c.default_tax_zone_id FROM channels c WHERE c.id = ${channelId})
          OR ${taxRates.zoneId} IN ${billingZones})`,
      )
      .orderBy(asc(taxRates.id))
      .limit(limit),
  };
}

export type PricingContextRows = NamedResults<ReturnType<typeof pricingContextQueries>>;

/**
 * What stamps a cached context: the context's version (raised by triggers
 * whenever a row it is made of is written, migrations 0014 and 0025), the cart's
 * channel and locale (the methods' names are in the cart's locale).
 */
export const contextStampQuery = (db: Database, cartId: Value<number>) =>
  db
    .select({
      version: sql<string>`CAST(${pricingContextVersion.version} AS TEXT)`.as("version"),
      key: sql<string | null>`(SELECT o.channel_id || ':' || o.locale_code FROM orders o WHERE o.id = ${cartId})`.as("context_key"),
    })
    .from(pricingContextVersion)
    .where(eq(pricingContextVersion.id, 1));

/**
 * The LIMIT of the context's queries in a change: no rows, and none read
 * (SQLite stops before its first row when the LIMIT is 0), while the
 * context's version is `version`, the one of the copy the object holds;
 * no limit otherwise. One row of the version table per query.
 */
export const contextLimit = (version: Value<string>): SQL =>
  sql`(CASE WHEN (SELECT CAST(v.version AS TEXT) FROM ${pricingContextVersion} v WHERE v.id = 1) IS ${version} THEN 0 ELSE -1 END)`;

/**
 * The tax rates a cart billed in `billingZones` (the country zones of its
 * billing country) pays from context rows read with `anyBilling`: those of
 * the channel's default tax zone and of the billing zones, as the query
 * without `anyBilling` selects them, in the same order.
 */
export function ratesForBilling(rows: PricingContextRows, billingZones: readonly string[]): PricingContextRows {
  const defaultZone = rows.channel[0]?.zoneCode ?? null;
  return { ...rows, rates: rows.rates.filter((rate) => rate.zoneCode === defaultZone || billingZones.includes(rate.zoneCode)) };
}

/** Everything of the context but the prices and the clock, which vary per change; promotions as stored. */
export type { PricingSetup };

export function pricingSetupFrom(rows: PricingContextRows): PricingSetup | null {
  const channel = rows.channel[0];
  if (!channel) return null;
  const partsOf = (list: PricingContextRows["rules"], id: number) =>
    list.filter((r) => r.promotionId === id).map((r) => ({ type: r.type, configuration: r.configuration }));
  return {
    channel: {
      code: channel.code,
      taxZoneCode: channel.zoneCode ?? null,
      taxCalculationStrategy: channel.taxCalculationStrategy,
    },
    shippingMethods: rows.methods.map(
      (m): ShippingMethod => ({
        id: m.id,
        code: m.code,
        name: m.name ?? m.code,
        position: m.position,
        enabled: m.enabled,
        zoneCode: m.zoneCode,
        channelCodes: [channel.code],
        calculator: m.calculator,
        configuration: m.configuration ?? {},
        categoryCode: m.categoryCode ?? null,
        categoryRequirement: m.categoryRequirement,
        taxCategoryCode: m.taxCategoryCode ?? null,
        rules: m.rules ?? [],
      }),
    ),
    promotions: rows.promotions.map(
      (p): StoredPromotion => ({
        id: p.id,
        code: p.code,
        name: p.name,
        priority: p.priority,
        exclusive: p.exclusive,
        usageLimit: p.usageLimit ?? null,
        used: p.used,
        couponBased: p.couponBased,
        startsAt: p.startsAt ?? null,
        endsAt: p.endsAt ?? null,
        channelCodes: [channel.code],
        rules: partsOf(rows.rules, p.id),
        actions: partsOf(rows.actions, p.id),
      }),
    ),
    taxRates: rows.rates.map(
      (r): TaxRate => ({
        code: r.code,
        name: r.name,
        amount: String(r.amount),
        includedInPrice: r.includedInPrice,
        categoryCode: r.categoryCode,
        zoneCode: r.zoneCode,
      }),
    ),
  };
}

/**
 * Reserves `count` ids for the cart's new rows. The reservation starts above
 * every existing id of the three tables, so rows inserted any other way
 * (a restore, a manual fix) can never collide with it.
 */
export function reserveIdsQuery(db: Database, count: number, tokenHash?: string, scope: string | null = null) {
  // With a token, the reservation only happens for a caller the token lets
  // in for the operation's scope: a request that fails authentication (a
  // disabled user's included) or lacks the scope writes nothing.
  const live = tokenHash ? tokenLive(tokenHash, sql`unixepoch()`, scope) : undefined;
  return db
    .update(rowIdSequences)
    .set({
      lastId: sql`MAX(${rowIdSequences.lastId},
        (SELECT COALESCE(MAX(id), 0) FROM order_items),
        (SELECT COALESCE(MAX(id), 0) FROM order_item_units),
        (SELECT COALESCE(MAX(id), 0) FROM adjustments)) + ${count}`,
    })
    .where(and(eq(rowIdSequences.name, "cart_rows"), live))
    .returning({ lastId: rowIdSequences.lastId });
}

/** The reserved range [first, last] from the reservation's rows. */
export function reservedRange(rows: { lastId: number }[], count: number): { next: number; last: number } {
  const row = rows[0];
  if (!row) throw new Error("row_id_sequences has no 'cart_rows' row (migration 0001 not applied?)");
  return { next: row.lastId - count + 1, last: row.lastId };
}
