/**
 * Product variant queries: every statement is a drizzle query builder meant to
 * be placed in a `db.batch([...])` (nothing here awaits anything), so a
 * request composes its reads, or its writes, into one round trip.
 *
 * The central piece is the *view* loader: `variantViewQueries(db, ids)`
 * returns the named SELECTs that load whole representations (row,
 * translations, channel pricings, option values with their option's and their
 * own translations, tax and shipping categories) of any number of variants in
 * a fixed number of statements, whatever the number of variants (no N+1).
 * The variant list, the variant resource and cart items put them under a name
 * of their own batch (`namedBatch`) and turn the results into views with
 * `variantViewsFrom(...)`.
 *
 * Variant sets are given as SQL (`VariantIds`), not as id lists read first,
 * so that a page, a cart's items or a freshly inserted variant can be loaded
 * in the same batch that selects (or writes) them.
 *
 * Batch gotcha respected here: drizzle maps batch rows by column NAME, so
 * every select reads one table, or aliases every field distinctly.
 */
import { and, asc, eq, is, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { NamedResults, Statement } from "../batch";
import type { Database } from "../db";
import {
  channelPricings,
  channels,
  locales,
  productOptionAssignments,
  productOptionTranslations,
  productOptionValues,
  productOptionValueTranslations,
  productOptions,
  products,
  productVariantOptionValues,
  productVariants,
  productVariantTranslations,
  shippingCategories,
  taxCategories,
  orderItems,
} from "../schema";
import { rowsInIdOrder } from "./table-reads";
import type { CategoryRow } from "./categories";
import { groupBy } from "../collections";
import { containsText, inJson, jsonValues } from "../conditions";
import { pageQueries, type CursorKey } from "../list-page";
import { categoryColumns } from "./categories";

/** The locale whose names are "the" name (variant sorting, option names). */
export const DEFAULT_LOCALE = "en_US";

// ------------------------------------------------------------ variant sets

/**
 * A set of variant ids, as a parenthesised SQL subquery usable after `IN`
 * (e.g. `(SELECT id FROM ...)`). Build one with `variantIdsIn` (a list of ids)
 * or `variantIdsOf` (any one-column select: a page, a cart's items...).
 */
export type VariantIds = SQL;

/**
 * A list of ids, bound as ONE JSON parameter (`json_each`), so any number of
 * ids stays under D1's 100-bound-parameters limit.
 */
export const variantIdsIn = (ids: readonly number[]): VariantIds => jsonValues(ids);

/**
 * Any query returning one column of variant ids: a drizzle select builder
 * (`db.select({ id: orderItems.variantId }).from(orderItems).where(...)`,
 * which drizzle parenthesises itself) or an already parenthesised `sql`
 * fragment (`sql\`(SELECT variant_id FROM order_items WHERE order_id = ${id})\``).
 */
export const variantIdsOf = (query: SQLWrapper): VariantIds => sql`${query}`;

/** The variant with this code, only if it belongs to the product with this code. */
export const variantIdsByCode = (productCode: string, variantCode: string): VariantIds =>
  sql`(SELECT pv.id FROM product_variants pv JOIN products p ON p.id = pv.product_id
       WHERE pv.code = ${variantCode} AND p.code = ${productCode})`;

// ------------------------------------------------------------------- rows

export interface VariantRow {
  id: number;
  productId: number;
  productCode: string;
  code: string;
  position: number;
  tracked: boolean;
  onHand: number;
  onHold: number;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  taxCategoryId: number | null;
  shippingCategoryId: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface VariantTranslationRow {
  id: number;
  variantId: number;
  locale: string;
  name: string;
}

export interface ChannelPricingRow {
  id: number;
  variantId: number;
  channelCode: string;
  price: number;
}

export interface OptionValueTranslationRow {
  id: number;
  valueId: number;
  locale: string;
  value: string;
}

/** One option value of a variant, ready to serialize. */
export interface VariantOptionValue {
  valueId: number;
  /** The option value's code. */
  code: string;
  optionId: number;
  /** The option's name in the default locale (`en_US`, else its first translation); null when untranslated. */
  optionName: string | null;
  translations: OptionValueTranslationRow[];
}

/** Everything a variant representation shows, loaded by `variantViewStatements`. */
export interface VariantView {
  row: VariantRow;
  /** In creation (id) order. */
  translations: VariantTranslationRow[];
  /** In creation (id) order. */
  channelPricings: ChannelPricingRow[];
  /** Ordered by the option's position, then option id, then value id. */
  optionValues: VariantOptionValue[];
  taxCategory: CategoryRow | null;
  shippingCategory: CategoryRow | null;
}

/**
 * The columns of a variant row. `productCode` is a correlated subquery (the
 * links need it) aliased so no name collides in a batch.
 */
export const variantFields = {
  id: productVariants.id,
  productId: productVariants.productId,
  productCode: sql<string>`(SELECT p.code FROM products p WHERE p.id = product_variants.product_id)`.as("product_code"),
  code: productVariants.code,
  position: productVariants.position,
  tracked: productVariants.tracked,
  onHand: productVariants.onHand,
  onHold: productVariants.onHold,
  width: productVariants.width,
  height: productVariants.height,
  depth: productVariants.depth,
  weight: productVariants.weight,
  taxCategoryId: productVariants.taxCategoryId,
  shippingCategoryId: productVariants.shippingCategoryId,
  version: productVariants.version,
  createdAt: productVariants.createdAt,
  updatedAt: productVariants.updatedAt,
};

/** The name a variant sorts and filters by: its `en_US` translation, else its first one. */
export const variantNameSql = sql`(SELECT t.name FROM product_variant_translations t
  WHERE t.variant_id = product_variants.id ORDER BY (t.locale = ${DEFAULT_LOCALE}) DESC, t.id LIMIT 1)`;

/** The rows of a set of variants (unordered: views come back in this query's order). */
export const variantRowsQuery = (db: Database, ids: VariantIds) =>
  db.select(variantFields).from(productVariants).where(sql`${productVariants.id} IN ${ids}`);

/**
 * The SELECTs loading the children of a set of variants, 5 statements for any
 * number of variants, each filtered by `variant_id IN <ids>`. Results go to
 * `assembleViews`.
 */
export function variantChildrenQueries(db: Database, ids: VariantIds) {
  const valueIds = sql`(SELECT option_value_id FROM product_variant_option_values WHERE variant_id IN ${ids})`;
  return {
    translations: rowsInIdOrder(db, productVariantTranslations, sql`${productVariantTranslations.variantId} IN ${ids}`),
    pricings: rowsInIdOrder(db, channelPricings, sql`${channelPricings.variantId} IN ${ids}`),
    // One join, every field aliased distinctly (batch rows are keyed by name).
    optionValues: db
      .select({
        variantId: sql<number>`product_variant_option_values.variant_id`.as("pvov_variant_id"),
        valueId: sql<number>`product_option_values.id`.as("pov_value_id"),
        code: sql<string>`product_option_values.code`.as("pov_value_code"),
        optionId: sql<number>`product_option_values.option_id`.as("pov_option_id"),
        // The option's name in the default locale, else its first translation.
        optionName: sql<string | null>`(SELECT t.name FROM ${productOptionTranslations} t
          WHERE t.option_id = product_option_values.option_id ORDER BY (t.locale = ${DEFAULT_LOCALE}) DESC, t.id LIMIT 1)`.as(
          "pov_option_name",
        ),
      })
      .from(productVariantOptionValues)
      .innerJoin(productOptionValues, eq(productOptionValues.id, productVariantOptionValues.optionValueId))
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(sql`${productVariantOptionValues.variantId} IN ${ids}`)
      .orderBy(asc(productOptions.position), asc(productOptions.id), asc(productOptionValues.id)),
    valueTranslations: rowsInIdOrder(db, productOptionValueTranslations, sql`${productOptionValueTranslations.valueId} IN ${valueIds}`),
    // Both kinds of category in one statement (`kind` tells them apart).
    categories: db
      .select({ kind: sql<"tax" | "shipping">`'tax'`.as("kind"), ...categoryColumns(taxCategories) })
      .from(taxCategories)
      .where(sql`${taxCategories.id} IN (SELECT v.tax_category_id FROM product_variants v WHERE v.id IN ${ids})`)
      .unionAll(
        db
          .select({ kind: sql<"tax" | "shipping">`'shipping'`.as("kind"), ...categoryColumns(shippingCategories) })
          .from(shippingCategories)
          .where(sql`${shippingCategories.id} IN (SELECT v.shipping_category_id FROM product_variants v WHERE v.id IN ${ids})`),
      ),
  };
}

export type VariantChildrenRows = NamedResults<ReturnType<typeof variantChildrenQueries>>;

/**
 * Everything to load full views of a set of variants: the rows, then the
 * children (6 SELECTs in all, whatever the number of variants). Put them
 * under a name of any batch (all are SELECTs, so the batch still carries the
 * auth check):
 *
 * ```ts
 * const ids = variantIdsOf(sql`(SELECT variant_id FROM order_items WHERE order_id = ${cartId})`);
 * const read = await namedBatch(db, { cart: cartQuery, variants: variantViewQueries(db, ids) });
 * const views = variantViewsFrom(read.variants); // VariantView[], in row order
 * ```
 */
export function variantViewQueries(db: Database, ids: VariantIds) {
  return { rows: variantRowsQuery(db, ids), children: variantChildrenQueries(db, ids) };
}

export type VariantViewRows = NamedResults<ReturnType<typeof variantViewQueries>>;

/** Views of the variants of `variantViewQueries`' results, in the rows' order. */
export const variantViewsFrom = (rows: VariantViewRows): VariantView[] => assembleViews(rows.rows, rows.children);

/** Views of `rows` (kept in their order) from `variantChildrenQueries`' results. */
export function assembleViews(rows: readonly VariantRow[], children: VariantChildrenRows): VariantView[] {
  const { translations, pricings, optionValues: links, valueTranslations, categories } = children;

  const byVariant = <T extends { variantId: number }>(list: readonly T[]) => groupBy(list, (r) => r.variantId);
  const translationsOf = byVariant(translations);
  const pricingsOf = byVariant(pricings);
  const linksOf = byVariant(links);
  const valueTranslationsOf = groupBy(valueTranslations, (r) => r.valueId);
  const categoriesOf = (kind: "tax" | "shipping") =>
    new Map<number, CategoryRow>(
      categories
        .filter((r) => r.kind === kind)
        .map(({ id, code, name, description, createdAt, updatedAt }) => [id, { id, code, name, description, createdAt, updatedAt }]),
    );
  const taxById = categoriesOf("tax");
  const shippingById = categoriesOf("shipping");

  return rows.map((row) => ({
    row,
    translations: translationsOf.get(row.id) ?? [],
    channelPricings: pricingsOf.get(row.id) ?? [],
    optionValues: (linksOf.get(row.id) ?? []).map((link) => ({
      valueId: link.valueId,
      code: link.code,
      optionId: link.optionId,
      optionName: link.optionName ?? null,
      translations: valueTranslationsOf.get(link.valueId) ?? [],
    })),
    taxCategory: row.taxCategoryId === null ? null : (taxById.get(row.taxCategoryId) ?? null),
    shippingCategory: row.shippingCategoryId === null ? null : (shippingById.get(row.shippingCategoryId) ?? null),
  }));
}

// ------------------------------------------------------------------ lists

export type VariantSortField = "position" | "code" | "createdAt" | "updatedAt" | "name";

export interface VariantListQuery {
  productCode: string;
  criteria: { code?: string; name?: string };
  sorting: { field: VariantSortField; direction: "asc" | "desc" };
  limit: number;
  offset: number;
  /** A cursor walk: `null` starts it, a key resumes after it; `undefined` pages by offset. */
  cursor?: CursorKey | null | undefined;
}

const productIdByCode = (productCode: string) => sql`(SELECT p.id FROM products p WHERE p.code = ${productCode})`;

function listWhere(query: VariantListQuery): SQL {
  const conditions: SQL[] = [sql`${productVariants.productId} = ${productIdByCode(query.productCode)}`];
  if (query.criteria.code !== undefined) {
    conditions.push(containsText(productVariants.code, query.criteria.code));
  }
  if (query.criteria.name !== undefined) {
    conditions.push(containsText(sql`coalesce(${variantNameSql}, '')`, query.criteria.name));
  }
  // `conditions` always holds the product condition, so `and` has something to join.
  return and(...conditions) ?? sql`1`;
}

/** Each sorting's key: a column of one of the `product_variants_product_*` indexes, or the translated name (not indexed). */
const SORT_KEYS: Record<VariantSortField, SQLiteColumn | SQL> = {
  position: productVariants.position,
  code: productVariants.code,
  createdAt: productVariants.createdAt,
  updatedAt: productVariants.updatedAt,
  name: variantNameSql,
};

function listOrder(query: VariantListQuery): SQL[] {
  const column = SORT_KEYS[query.sorting.field];
  const dir = query.sorting.direction === "asc" ? sql.raw("ASC") : sql.raw("DESC");
  return [sql`${column} ${dir}`, sql`${productVariants.id} ${dir}`];
}

function variantPage(db: Database, query: VariantListQuery) {
  const filtered = query.criteria.code !== undefined || query.criteria.name !== undefined;
  const key = SORT_KEYS[query.sorting.field];
  return pageQueries(db, productVariants, listWhere(query), listOrder(query), query, {
    // Unfiltered: the product's counter row (its variants are not counted).
    counter: filtered ? undefined : { scope: "product_variants", owner: productIdByCode(query.productCode) },
    keyset:
      query.cursor === undefined
        ? undefined
        : { key, direction: query.sorting.direction, nullable: !is(key, SQLiteColumn) || !key.notNull, after: query.cursor ?? undefined },
  });
}

/**
 * One page of a product's variants, as batch statements: the product (to tell
 * "unknown product" apart), the total, the page rows (ordered) and all the
 * page's children, which select the page again as a subquery (`variant_id IN
 * (SELECT id ... ORDER BY ... LIMIT ? OFFSET ?)`) so everything is one batch.
 * A deep page (`offset >= DEEP_OFFSET`) reads `variantDeepPageQueries` instead.
 */
export function variantPageQueries(db: Database, query: VariantListQuery) {
  const page = variantPage(db, query);
  return {
    product: db.select({ id: products.id }).from(products).where(eq(products.code, query.productCode)),
    counted: page.count,
    rows: page.rows(db.select(variantFields).from(productVariants).$dynamic()),
    children: variantChildrenQueries(db, variantIdsOf(page.ids)),
  };
}

/**
 * A deep page in two batches, so the offset is walked once: `first` (the
 * product, the total, the page's ids), then `rest(ids)` (the rows, in the
 * order of `ids` once the caller sorted them, and their children, by those ids).
 */
export function variantDeepPageQueries(db: Database, query: VariantListQuery) {
  const page = variantPage(db, query);
  return {
    first: {
      product: db.select({ id: products.id }).from(products).where(eq(products.code, query.productCode)),
      counted: page.count,
      ids: page.ids,
    },
    rest: (ids: readonly number[]) => ({
      // In no order: the caller puts them in the order of `ids` (sorting them here would sort in a temporary B-tree).
      rows: db
        .select(variantFields)
        .from(productVariants)
        .where(sql`${productVariants.id} IN ${jsonValues(ids)}`),
      children: variantChildrenQueries(db, variantIdsOf(jsonValues(ids))),
    }),
  };
}

// ----------------------------------------------------------------- writes

/** What a write refers to by code, checked in one read batch. */
export interface VariantReferences {
  productCode: string;
  /** The variant being updated/deleted (by code, within the product); omit on create. */
  variantCode?: string;
  /** A code the variant will carry, checked for uniqueness; omit when not changing. */
  newCode?: string;
  locales?: readonly string[];
  channels?: readonly string[];
  taxCategory?: string | null;
  shippingCategory?: string | null;
  /** Codes of submitted option values. */
  optionValueCodes?: readonly string[];
}

/**
 * The read batch of a variant write: product, the variant (update/delete), the
 * owner of the wanted code, known locales, channels (with `enabled`), the tax
 * and shipping category ids, the submitted option values that belong to one of
 * the product's options (with their option code), and whether an order item
 * uses the variant, and the product's option codes. Queries without input still run and find nothing
 * (no code is empty), which keeps the results' shape fixed.
 */
export function variantReferenceQueries(db: Database, refs: VariantReferences) {
  const productId = productIdByCode(refs.productCode);
  const variantCode = refs.variantCode ?? "";
  return {
    product: db.select({ id: products.id, code: products.code }).from(products).where(eq(products.code, refs.productCode)),
    variant: db
      .select(variantFields)
      .from(productVariants)
      .where(and(eq(productVariants.code, variantCode), sql`${productVariants.productId} = ${productId}`)),
    codeOwners: db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, refs.newCode ?? "")),
    locales: db.select({ code: locales.code }).from(locales).where(inJson(locales.code, refs.locales ?? [])),
    channels: db
      .select({ code: channels.code, enabled: channels.enabled })
      .from(channels)
      .where(inJson(channels.code, refs.channels ?? [])),
    taxCategory: db.select({ id: taxCategories.id }).from(taxCategories).where(eq(taxCategories.code, refs.taxCategory ?? "")),
    shippingCategory: db
      .select({ id: shippingCategories.id })
      .from(shippingCategories)
      .where(eq(shippingCategories.code, refs.shippingCategory ?? "")),
    optionValues: db
      .select({
        valueId: sql<number>`product_option_values.id`.as("pov_value_id"),
        valueCode: sql<string>`product_option_values.code`.as("pov_value_code"),
        optionCode: sql<string>`product_options.code`.as("po_option_code"),
      })
      .from(productOptionValues)
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(
        and(
          inJson(productOptionValues.code, refs.optionValueCodes ?? []),
          sql`${productOptions.id} IN (SELECT a.option_id FROM product_option_assignments a WHERE a.product_id = ${productId})`,
        ),
      ),
    /** The product's option codes (by option position, as a variant lists its option values): the keys of the form's `optionValues` children. */
    productOptions: db
      .select({ code: productOptions.code })
      .from(productOptionAssignments)
      .innerJoin(productOptions, eq(productOptions.id, productOptionAssignments.optionId))
      .where(sql`${productOptionAssignments.productId} = ${productId}`)
      .orderBy(productOptions.position, productOptions.id),
    inUse: db
      .select({ inUse: sql<number>`1`.as("in_use") })
      .from(orderItems)
      .where(
        sql`${orderItems.variantId} = (SELECT v.id FROM product_variants v WHERE v.code = ${variantCode} AND v.product_id = ${productId})`,
      )
      .limit(1),
  };
}

/**
 * Children writes of one variant. `variantId` is the id or a scalar subquery
 * (a new variant: `(SELECT id FROM product_variants WHERE code = ?)`); every
 * statement applies only when `guard` (an SQL boolean) holds at its turn in
 * the batch, which is how updates tie them to the version compare-and-set.
 */
export interface ChildWriteTarget {
  variantId: number | SQL;
  guard: SQL;
}

type KeyedWriteMode = "create" | "replace" | "merge";

/**
 * Child rows keyed within the variant (a locale, a channel code), written
 * from a `{key: value}` object: `replace` deletes the keys not given (PUT);
 * `merge` keeps them (PATCH). Existing keys keep their ids.
 */
function keyedChildWrites(
  db: Database,
  target: ChildWriteTarget,
  entries: Record<string, string | number>,
  mode: KeyedWriteMode,
  child: {
    table: typeof productVariantTranslations | typeof channelPricings;
    key: SQLiteColumn;
    /** What an existing key's row takes from the submitted one. */
    set: Record<string, SQL>;
  },
): Statement[] {
  const json = JSON.stringify(entries);
  const statements: Statement[] = [];
  if (mode === "replace") {
    statements.push(
      db
        .delete(child.table)
        .where(
          and(
            sql`${child.table.variantId} = ${target.variantId}`,
            sql`${child.key} NOT IN (SELECT key FROM json_each(${json}))`,
            target.guard,
          ),
        ),
    );
  }
  if (Object.keys(entries).length > 0) {
    statements.push(
      db
        .insert(child.table)
        .select(sql`SELECT NULL, ${target.variantId}, key, value FROM json_each(${json}) WHERE ${target.guard}`)
        .onConflictDoUpdate({ target: [child.table.variantId, child.key], set: child.set }),
    );
  }
  return statements;
}

/** Translations `{locale: name}`. */
export const translationWrites = (db: Database, target: ChildWriteTarget, names: Record<string, string>, mode: KeyedWriteMode) =>
  keyedChildWrites(db, target, names, mode, { table: productVariantTranslations, key: productVariantTranslations.locale, set: { name: sql`excluded.name` } });

/** Channel pricings `{channelCode: minor units}`. */
export const channelPricingWrites = (db: Database, target: ChildWriteTarget, prices: Record<string, number>, mode: KeyedWriteMode) =>
  keyedChildWrites(db, target, prices, mode, { table: channelPricings, key: channelPricings.channelCode, set: { price: sql`excluded.price` } });

/** The variant's option values become exactly `valueIds`. */
export function optionValueWrites(
  db: Database,
  target: ChildWriteTarget,
  valueIds: readonly number[],
  mode: "create" | "replace",
): Statement[] {
  const statements: Statement[] = [];
  if (mode === "replace") {
    statements.push(
      db
        .delete(productVariantOptionValues)
        .where(and(sql`${productVariantOptionValues.variantId} = ${target.variantId}`, target.guard)),
    );
  }
  if (valueIds.length > 0) {
    statements.push(
      db
        .insert(productVariantOptionValues)
        .select(
          sql`SELECT ${target.variantId}, value FROM json_each(${JSON.stringify(valueIds)}) WHERE ${target.guard}`,
        )
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/** What one variant update writes (each part only when given). */
export interface VariantUpdate {
  variantId: number;
  /** The compare-and-set: the version the client holds; null writes without a version condition. */
  expectedVersion: number | null;
  /** Columns to set (version and updated_at are handled here). */
  set: Partial<typeof productVariants.$inferInsert>;
  translations?: { names: Record<string, string>; mode: "replace" | "merge" };
  channelPricings?: { prices: Record<string, number>; mode: "replace" | "merge" };
  /** Replaces the option values. */
  optionValueIds?: readonly number[];
  updatedAt: string;
}

export type VariantUpdateOutcome = { status: "updated"; version: number } | { status: "stale"; version: number } | { status: "missing" };

/**
 * One atomic write batch for a variant update, as a compare-and-set:
 *
 * 1. the child-row writes, each guarded by
 *    `EXISTS (SELECT 1 FROM product_variants WHERE id = ? AND version = <expected>)`;
 * 2. `UPDATE product_variants SET ..., version = version + 1 WHERE id = ? AND version = <expected> RETURNING version`;
 * 3. `SELECT version FROM product_variants WHERE id = ?` (tells "stale" from "deleted").
 *
 * The children come before the UPDATE on purpose: in a batch (one
 * transaction, run in order) nothing but our own UPDATE can change the
 * version, so the guards hold exactly when the UPDATE's condition holds. A
 * guard placed after the UPDATE and testing `version = expected + 1` would be
 * fooled by a concurrent writer that already moved the row to that version.
 *
 * Run `queries` with `namedBatch`; `outcome(results)` reads its results.
 */
export function variantUpdateQueries(db: Database, update: VariantUpdate) {
  const { variantId, expectedVersion } = update;
  const guard =
    expectedVersion === null
      ? sql`EXISTS (SELECT 1 FROM product_variants g WHERE g.id = ${variantId})`
      : sql`EXISTS (SELECT 1 FROM product_variants g WHERE g.id = ${variantId} AND g.version = ${expectedVersion})`;
  const target: ChildWriteTarget = { variantId, guard };
  // Named in batch order: the children's writes, then the UPDATE, then the check.
  const queries = {
    children: [
      ...(update.translations ? translationWrites(db, target, update.translations.names, update.translations.mode) : []),
      ...(update.channelPricings
        ? channelPricingWrites(db, target, update.channelPricings.prices, update.channelPricings.mode)
        : []),
      ...(update.optionValueIds ? optionValueWrites(db, target, update.optionValueIds, "replace") : []),
    ],
    updated: db
      .update(productVariants)
      .set({ ...update.set, version: sql`${productVariants.version} + 1`, updatedAt: update.updatedAt })
      .where(
        and(
          eq(productVariants.id, variantId),
          expectedVersion === null ? undefined : eq(productVariants.version, expectedVersion),
        ),
      )
      .returning({ version: productVariants.version }),
    current: db.select({ version: productVariants.version }).from(productVariants).where(eq(productVariants.id, variantId)),
  };
  const outcome = (results: NamedResults<typeof queries>): VariantUpdateOutcome => {
    const [updated] = results.updated;
    if (updated) return { status: "updated", version: updated.version };
    const [current] = results.current;
    return current ? { status: "stale", version: current.version } : { status: "missing" };
  };
  return { queries, outcome };
}
