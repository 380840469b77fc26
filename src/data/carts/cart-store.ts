/**
 * The cart Durable Object's reads: everything one change needs, as statements
 * of a single batch (one D1 round trip) — the cart itself when the object is
 * cold, the current catalogue data of the cart's variants, the pricing
 * context of the cart's channel, and an id reservation when needed.
 */
import type { PricingSetup, ShippingMethod, StoredPromotion, TaxRate } from "../../domain/pricing";
import type { CartState, StoredAdjustment, StoredItem, VariantInfo } from "./state";

// Subqueries of the cart's order row (the object may not know them yet).
const CHANNEL_ID = "(SELECT channel_id FROM orders WHERE id = ?1)";
const CHANNEL_CODE = "(SELECT ch.code FROM orders o JOIN channels ch ON ch.id = o.channel_id WHERE o.id = ?1)";
const LOCALE = "(SELECT locale_code FROM orders WHERE id = ?1)";

export function cartStateStatements(db: D1Database, cartId: number): D1PreparedStatement[] {
  const q = (sql: string) => db.prepare(sql).bind(cartId);
  return [
    q(`SELECT o.id, o.state, o.currency_code, o.locale_code, o.items_total, o.adjustments_total, o.total,
         o.channel_id, ch.code AS channel_code
       FROM orders o JOIN channels ch ON ch.id = o.channel_id WHERE o.id = ?1`),
    q(`SELECT id, variant_id, quantity, unit_price, units_total, adjustments_total, total
       FROM order_items WHERE order_id = ?1 ORDER BY id`),
    q(`SELECT id, item_id, adjustments_total FROM order_item_units
       WHERE item_id IN (SELECT id FROM order_items WHERE order_id = ?1) ORDER BY id`),
    q(`SELECT id, order_item_id, order_item_unit_id, type, label, amount, neutral, origin_code
       FROM adjustments WHERE order_id = ?1 ORDER BY id`),
  ];
}
export const CART_STATE_STATEMENTS = 4;

export interface OrderRow {
  id: number;
  state: string;
  currency_code: string;
  locale_code: string;
  items_total: number;
  adjustments_total: number;
  total: number;
  channel_id: number;
  channel_code: string;
}
export interface ItemRow {
  id: number;
  order_id?: number;
  variant_id: number;
  quantity: number;
  unit_price: number;
  units_total: number;
  adjustments_total: number;
  total: number;
}
export interface UnitRow {
  id: number;
  item_id: number;
  adjustments_total: number;
}
export interface AdjustmentRow {
  id: number;
  order_id?: number;
  order_item_id: number | null;
  order_item_unit_id: number | null;
  type: string;
  label: string;
  amount: number;
  neutral: number;
  origin_code: string | null;
}

/** Builds the state from the statements' results; null when there is no such cart. */
export function cartStateFrom(results: D1Result[]): CartState | null {
  const [orders, items, units, adjustments] = results.map((r) => r.results) as [OrderRow[], ItemRow[], UnitRow[], AdjustmentRow[]];
  const order = orders[0];
  if (!order || order.state !== "cart") return null;
  return assembleCarts(orders, items, units, adjustments)[0] ?? null;
}

/** Groups item, unit and adjustment rows under their orders (any number of orders, one pass). */
export function assembleCarts(orders: OrderRow[], items: ItemRow[], units: UnitRow[], adjustments: AdjustmentRow[]): CartState[] {
  const toAdjustment = (a: AdjustmentRow): StoredAdjustment => ({
    id: a.id,
    type: a.type,
    label: a.label,
    amount: a.amount,
    neutral: a.neutral === 1,
    originCode: a.origin_code,
  });
  const carts = orders.map(
    (order): CartState => ({
      id: order.id,
      channelId: order.channel_id,
      channelCode: order.channel_code,
      currencyCode: order.currency_code,
      localeCode: order.locale_code,
      itemsTotal: order.items_total,
      adjustmentsTotal: order.adjustments_total,
      total: order.total,
      items: [],
      adjustments: [],
    }),
  );
  const cartById = new Map(carts.map((c) => [c.id, c]));
  const itemById = new Map<number, StoredItem>();
  for (const i of items) {
    const item: StoredItem = {
      id: i.id,
      variantId: i.variant_id,
      quantity: i.quantity,
      unitPrice: i.unit_price,
      unitsTotal: i.units_total,
      adjustmentsTotal: i.adjustments_total,
      total: i.total,
      units: [],
      adjustments: [],
    };
    itemById.set(i.id, item);
    cartById.get(i.order_id ?? carts[0]?.id ?? -1)?.items.push(item);
  }
  const unitById = new Map<number, StoredItem["units"][number]>();
  for (const u of units) {
    const unit = { id: u.id, adjustmentsTotal: u.adjustments_total, adjustments: [] };
    unitById.set(u.id, unit);
    itemById.get(u.item_id)?.units.push(unit);
  }
  for (const a of adjustments) {
    if (a.order_item_unit_id !== null) unitById.get(a.order_item_unit_id)?.adjustments.push(toAdjustment(a));
    else if (a.order_item_id !== null) itemById.get(a.order_item_id)?.adjustments.push(toAdjustment(a));
    else cartById.get(a.order_id ?? carts[0]?.id ?? -1)?.adjustments.push(toAdjustment(a));
  }
  return carts;
}

/**
 * Current data of the cart's variants plus, for an add, the requested one
 * (by code) — in the cart's channel and locale.
 */
export function variantInfoStatement(db: D1Database, cartId: number, extraVariantCode: string | null): D1PreparedStatement {
  return db
    .prepare(
      `SELECT v.id, v.code, v.tracked, v.on_hand, v.on_hold, p.code AS product_code,
         tc.code AS tax_category_code, sc.code AS shipping_category_code,
         (SELECT t.name FROM product_variant_translations t WHERE t.variant_id = v.id
            ORDER BY t.locale = ${LOCALE} DESC, t.id LIMIT 1) AS name,
         (SELECT pt.name FROM product_translations pt WHERE pt.product_id = p.id
            ORDER BY pt.locale = ${LOCALE} DESC, pt.id LIMIT 1) AS product_name,
         (SELECT cp.price FROM channel_pricings cp WHERE cp.variant_id = v.id
            AND cp.channel_code = ${CHANNEL_CODE}) AS price
       FROM product_variants v JOIN products p ON p.id = v.product_id
       LEFT JOIN tax_categories tc ON tc.id = v.tax_category_id
       LEFT JOIN shipping_categories sc ON sc.id = v.shipping_category_id
       WHERE v.id IN (SELECT variant_id FROM order_items WHERE order_id = ?1) OR v.code = ?2`,
    )
    .bind(cartId, extraVariantCode ?? "");
}

interface VariantRow {
  id: number;
  code: string;
  tracked: number;
  on_hand: number;
  on_hold: number;
  product_code: string;
  tax_category_code: string | null;
  shipping_category_code: string | null;
  name: string | null;
  product_name: string | null;
  price: number | null;
}

export function variantInfosFrom(result: D1Result): VariantInfo[] {
  return (result.results as VariantRow[]).map((v) => ({
    id: v.id,
    code: v.code,
    productCode: v.product_code,
    tracked: v.tracked === 1,
    onHand: v.on_hand,
    onHold: v.on_hold,
    taxCategoryCode: v.tax_category_code,
    shippingCategoryCode: v.shipping_category_code,
    name: v.name,
    productName: v.product_name,
    price: v.price,
  }));
}

/** The pricing context of the cart's channel (contract §6), six statements. */
export function pricingContextStatements(db: D1Database, cartId: number): D1PreparedStatement[] {
  const q = (sql: string) => db.prepare(sql).bind(cartId);
  const channelPromotions = `SELECT promotion_id FROM promotion_channels WHERE channel_id = ${CHANNEL_ID}`;
  return [
    q(`SELECT ch.code, ch.tax_calculation_strategy, z.code AS zone_code
       FROM channels ch LEFT JOIN zones z ON z.id = ch.default_tax_zone_id WHERE ch.id = ${CHANNEL_ID}`),
    q(`SELECT m.id, m.code, m.position, m.enabled, m.calculator, m.configuration, m.category_requirement,
         z.code AS zone_code, sc.code AS category_code, tc.code AS tax_category_code,
         (SELECT t.name FROM shipping_method_translations t WHERE t.method_id = m.id
            ORDER BY t.locale = ${LOCALE} DESC, t.id LIMIT 1) AS name
       FROM shipping_methods m
       JOIN shipping_method_channels smc ON smc.method_id = m.id
       JOIN zones z ON z.id = m.zone_id
       LEFT JOIN shipping_categories sc ON sc.id = m.category_id
       LEFT JOIN tax_categories tc ON tc.id = m.tax_category_id
       WHERE smc.channel_id = ${CHANNEL_ID} AND m.enabled = 1
       ORDER BY m.position, m.id`),
    q(`SELECT p.id, p.code, p.name, p.priority, p.exclusive, p.usage_limit, p.used, p.starts_at, p.ends_at
       FROM promotions p WHERE p.id IN (${channelPromotions}) ORDER BY p.priority DESC, p.id`),
    q(`SELECT promotion_id, type, configuration FROM promotion_rules
       WHERE promotion_id IN (${channelPromotions}) ORDER BY id`),
    q(`SELECT promotion_id, type, configuration FROM promotion_actions
       WHERE promotion_id IN (${channelPromotions}) ORDER BY id`),
    q(`SELECT r.code, r.name, r.amount, r.included_in_price, tc.code AS category_code, z.code AS zone_code
       FROM tax_rates r JOIN tax_categories tc ON tc.id = r.category_id JOIN zones z ON z.id = r.zone_id
       WHERE r.zone_id = (SELECT default_tax_zone_id FROM channels WHERE id = ${CHANNEL_ID})
       ORDER BY r.id`),
  ];
}
export const PRICING_CONTEXT_STATEMENTS = 6;

/** Everything of the context but the prices and the clock, which vary per change; promotions as stored. */
export type { PricingSetup };

export function pricingSetupFrom(results: D1Result[]): PricingSetup | null {
  const [channels, methods, promotions, rules, actions, rates] = results.map((r) => r.results) as any[][];
  const channel = channels?.[0];
  if (!channel) return null;
  const partsOf = (rows: any[], id: number) =>
    rows.filter((r) => r.promotion_id === id).map((r) => ({ type: r.type as string, configuration: parseJson(r.configuration) }));
  return {
    channel: {
      code: channel.code,
      taxZoneCode: channel.zone_code ?? null,
      taxCalculationStrategy: channel.tax_calculation_strategy,
    },
    shippingMethods: (methods ?? []).map(
      (m): ShippingMethod => ({
        id: m.id,
        code: m.code,
        name: m.name ?? m.code,
        position: m.position,
        enabled: m.enabled === 1,
        zoneCode: m.zone_code,
        channelCodes: [channel.code],
        calculator: m.calculator,
        configuration: (parseJson(m.configuration) ?? {}) as ShippingMethod["configuration"],
        categoryCode: m.category_code ?? null,
        categoryRequirement: m.category_requirement,
        taxCategoryCode: m.tax_category_code ?? null,
      }),
    ),
    promotions: (promotions ?? []).map(
      (p): StoredPromotion => ({
        id: p.id,
        code: p.code,
        name: p.name,
        priority: p.priority,
        exclusive: p.exclusive === 1,
        usageLimit: p.usage_limit ?? null,
        used: p.used,
        startsAt: p.starts_at ?? null,
        endsAt: p.ends_at ?? null,
        channelCodes: [channel.code],
        rules: partsOf(rules ?? [], p.id),
        actions: partsOf(actions ?? [], p.id),
      }),
    ),
    taxRates: (rates ?? []).map(
      (r): TaxRate => ({
        code: r.code,
        name: r.name,
        amount: String(r.amount),
        includedInPrice: r.included_in_price === 1,
        categoryCode: r.category_code,
        zoneCode: r.zone_code,
      }),
    ),
  };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Reserves `count` ids for the cart's new rows. The reservation starts above
 * every existing id of the three tables, so rows inserted any other way
 * (a restore, a manual fix) can never collide with it.
 */
export function reserveIdsStatement(db: D1Database, count: number, tokenHash?: string): D1PreparedStatement {
  // With a token, the reservation only happens for a live token: a request
  // that fails authentication writes nothing.
  const live = tokenHash
    ? " AND EXISTS (SELECT 1 FROM oauth_access_tokens WHERE token_hash = ?2 AND expires_at > unixepoch())"
    : "";
  const statement = db.prepare(
    `UPDATE row_id_sequences SET last_id = MAX(last_id,
       (SELECT COALESCE(MAX(id), 0) FROM order_items),
       (SELECT COALESCE(MAX(id), 0) FROM order_item_units),
       (SELECT COALESCE(MAX(id), 0) FROM adjustments)) + ?1
     WHERE name = 'cart_rows'${live} RETURNING last_id`,
  );
  return tokenHash ? statement.bind(count, tokenHash) : statement.bind(count);
}

/** The reserved range [first, last] from the statement's result. */
export function reservedRange(result: D1Result, count: number): { next: number; last: number } {
  const row = (result.results as { last_id: number }[])[0];
  if (!row) throw new Error("row_id_sequences has no 'cart_rows' row (migration 0001 not applied?)");
  return { next: row.last_id - count + 1, last: row.last_id };
}
