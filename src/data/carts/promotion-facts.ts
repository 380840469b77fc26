/**
 * What some promotion rules and filters read besides the cart and the
 * channel's context (domain/pricing/facts.ts): the taxons of the cart's
 * products, the customer's group and placed orders. Each statement is added
 * to a change's (or a checkout step's) read batch only when the channel's
 * promotions need it, so it costs no round trip, and nothing at all in a
 * channel whose promotions do not use these rules.
 *
 * A read has a mode per fact: `READ` (the caller knows the promotions need
 * it: from the context copy it holds) or `IF_USED` (it does not know: the
 * statement asks, in the same snapshot, whether a promotion of the cart's
 * channel has such a rule, through the rules' and actions' type index, and
 * reads nothing more when none has).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { FactNeeds, PromotionFacts } from "../../domain/pricing";
import { prepared, type Value } from "../prepared";
import type { Database } from "../db";
import type { NamedResults } from "../batch";
import { orders, products, productTaxons, taxons } from "../schema";

/** How a fact is read: not at all, unconditionally, or when the channel's promotions use it. */
export type FactMode = 0 | typeof READ | typeof IF_USED;
export const READ = 1;
export const IF_USED = 2;

/** How each fact the promotions may need is read. */
export type FactModes = Record<keyof FactNeeds, FactMode>;

/** Modes reading exactly `needs` (the promotions' needs are known). */
export const modesFor = (needs: FactNeeds): FactModes => ({
  productTaxons: needs.productTaxons ? READ : 0,
  customerGroup: needs.customerGroup ? READ : 0,
  placedOrders: needs.placedOrders ? READ : 0,
});

/** Modes asking the database (the promotions are not known yet). */
export const IF_USED_MODES: FactModes = { productTaxons: IF_USED, customerGroup: IF_USED, placedOrders: IF_USED };

const channelOf = (cartId: Value<number>) => sql`(SELECT o.channel_id FROM orders o WHERE o.id = ${cartId})`;

/**
 * Whether a promotion of the cart's channel has a rule of one of `types` (constants): the rules of those types
 * (their type index), each looked up in the channel's promotions (their primary key), so a database without
 * such rules reads none.
 */
const ruleUsed = (cartId: Value<number>, types: SQL) =>
  sql`EXISTS (SELECT 1 FROM promotion_rules r JOIN promotion_channels pc ON pc.promotion_id = r.promotion_id AND pc.channel_id = ${channelOf(cartId)}
    WHERE r.type IN ${types})`;

/** Whether `mode` reads: READ (1), or IF_USED (2) and `used` holds (SQLite evaluates `used` only for IF_USED). */
const reads = (mode: Value<number>, used: SQL) => sql`(${mode} = 1 OR (${mode} = 2 AND ${used}))`;

/**
 * The taxons of the cart's products (and of the product of the variant an
 * add names, `addCode`): `(product code, taxon code)` pairs, the product's
 * taxons as Sylius' `getTaxons()` (its product taxons).
 */
export const productTaxonFacts = prepared(["cartId", "addCode", "mode"], (db, values) => {
  const used = sql`(${ruleUsed(values.cartId, sql`('has_taxon', 'total_of_items_from_taxon')`)}
    OR EXISTS (SELECT 1 FROM promotion_actions a JOIN promotion_channels pc ON pc.promotion_id = a.promotion_id AND pc.channel_id = ${channelOf(values.cartId)}
      WHERE a.type IN ('unit_fixed_discount', 'unit_percentage_discount') AND a.configuration LIKE '%"taxons":["%'))`;
  return db
    .select({ productCode: sql<string>`${products.code}`.as("product_code"), taxonCode: sql<string>`${taxons.code}`.as("taxon_code") })
    .from(productTaxons)
    .innerJoin(taxons, eq(taxons.id, productTaxons.taxonId))
    .innerJoin(products, eq(products.id, productTaxons.productId))
    .where(
      and(
        reads(values.mode, used),
        sql`${productTaxons.productId} IN (SELECT v.product_id FROM product_variants v
          WHERE v.id IN (SELECT i.variant_id FROM order_items i WHERE i.order_id = ${values.cartId}) OR v.code = ${values.addCode})`,
      ),
    )
    .orderBy(asc(productTaxons.id));
});

/** The cart customer's group code and placed orders (not cart, not cancelled: Sylius' `countByCustomer`), each per its mode. */
export const customerFacts = prepared(["cartId", "groupMode", "ordersMode"], (db, values) => {
  const readsGroup = reads(values.groupMode, ruleUsed(values.cartId, sql`('customer_group')`));
  const readsOrders = reads(values.ordersMode, ruleUsed(values.cartId, sql`('nth_order')`));
  return db
    .select({
      readsGroup: sql<number>`${readsGroup}`.as("reads_group"),
      // "orders" is the cart's row: the subqueries name their own tables with aliases.
      groupCode: sql<string | null>`(CASE WHEN ${readsGroup} THEN (SELECT g.code FROM customers c JOIN customer_groups g ON g.id = c.group_id
        WHERE c.id = "orders"."customer_id") END)`.as("group_code"),
      readsOrders: sql<number>`${readsOrders}`.as("reads_orders"),
      placedOrders: sql<number | null>`(CASE WHEN ${readsOrders} THEN (SELECT COUNT(*) FROM orders p
        WHERE p.customer_id = "orders"."customer_id" AND p.state NOT IN ('cart', 'cancelled')) END)`.as("placed_orders"),
    })
    .from(orders)
    .where(and(eq(orders.id, values.cartId), sql`(${readsGroup} OR ${readsOrders})`));
});

/** The fact reads of `modes` for a batch (a statement only for the facts some mode reads). */
export function promotionFactQueries(db: Database, cartId: number, addCode: string | null, modes: FactModes) {
  return {
    factTaxons: modes.productTaxons !== 0 ? productTaxonFacts.bind(db, { cartId, addCode: addCode ?? "", mode: modes.productTaxons }) : undefined,
    factCustomer:
      modes.customerGroup !== 0 || modes.placedOrders !== 0
        ? customerFacts.bind(db, { cartId, groupMode: modes.customerGroup, ordersMode: modes.placedOrders })
        : undefined,
  };
}

export type FactRows = Partial<NamedResults<{ factTaxons: ReturnType<typeof productTaxonFacts.bind>; factCustomer: ReturnType<typeof customerFacts.bind> }>>;

/** The facts the rows read (a fact not read stays absent: its rules do not hold). */
export function promotionFactsFrom(rows: FactRows): PromotionFacts {
  const facts: { productTaxons?: Record<string, string[]>; customerGroupCode?: string | null; placedOrders?: number } = {};
  if (rows.factTaxons && rows.factTaxons.length > 0) {
    const byProduct: Record<string, string[]> = {};
    for (const row of rows.factTaxons) (byProduct[row.productCode] ??= []).push(row.taxonCode);
    facts.productTaxons = byProduct;
  }
  const customer = rows.factCustomer?.[0];
  if (customer?.readsGroup) facts.customerGroupCode = customer.groupCode;
  if (customer?.readsOrders) facts.placedOrders = customer.placedOrders ?? 0;
  return facts;
}
