/**
 * Product variant queries: every statement is a drizzle query builder meant to
 * be placed in a `db.batch([...])` (nothing here awaits anything), so a
 * request composes its reads, or its writes, into one round trip.
 *
 * The central piece is the *view* loader: `variantViewQueries(db, ids)`
 * returns the one SELECT that loads whole representations (row,
 * translations, channel pricings, option values with their option's and their
 * own translations, tax and shipping categories) of any number of variants:
 * each variant's row, and what it shows of other rows as one JSON text,
 * stored in `variant_views` once built and read from there while current
 * (docs/performance/variant-views.md). The variant list, the variant resource
 * and cart items put it under a name of their own batch (`namedBatch`) and
 * turn the results into views with `variantViewsFrom(...)`, noting the views
 * the read had to build for the caller to store (`ViewRefills`).
 *
 * Variant sets are given as SQL (`VariantIds`), not as id lists read first,
 * so that a page, a cart's items or a freshly inserted variant can be loaded
 * in the same batch that selects (or writes) them.
 *
 * Batch gotcha respected here: drizzle maps batch rows by column NAME, so
 * every select reads one table, or aliases every field distinctly.
 */
import { and, eq, is, SQL, sql, type SQLWrapper } from "drizzle-orm";
import { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { NamedResults, Statement } from "../batch";
import type { Database } from "../db";
import { renderedRows } from "../json-rows";
import {
  channelPricings,
  channels,
  locales,
  productOptionAssignments,
  productOptionValues,
  productOptions,
  products,
  productVariantOptionValues,
  productVariants,
  productVariantTranslations,
  shippingCategories,
  taxCategories,
  orderItems,
  variantViews,
  listCounts,
} from "../schema";
import type { CategoryRow } from "./categories";
import { containsText, inJson, jsonValues } from "../conditions";
import { budgeted, DEEP_OFFSET, pageQueries, textCondition, type CursorKey, type TextCriterion, type TextFilter } from "../list-page";
import { prepared, type Value } from "../prepared";
import { IsolateMemory } from "../isolate-cache";

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

/** The marker that opens a view's children built by this read (not found stored and current). */
const BUILT = "~";

const jsonArray = (select: SQL) => sql`json((${select}))`;

/**
 * The JSON text of what a variant's view shows from other rows (the
 * `VariantChildren` of the `product_variants` row of the enclosing statement),
 * built by correlated subqueries: the translations, channel pricings, option
 * values (each with its own translations, its option's id and name), tax and
 * shipping categories, in the orders `VariantView` documents. This text is
 * what `variant_views` stores, so a view read from the store and one built
 * here are the same text, parsed alike.
 */
const builtChildren = sql`json_object(
  'translations', ${jsonArray(sql`SELECT json_group_array(json_object('id', t.id, 'variantId', t.variant_id, 'locale', t.locale, 'name', t.name) ORDER BY t.id)
    FROM product_variant_translations t WHERE t.variant_id = product_variants.id`)},
  'channelPricings', ${jsonArray(sql`SELECT json_group_array(json_object('id', cp.id, 'variantId', cp.variant_id, 'channelCode', cp.channel_code, 'price', cp.price) ORDER BY cp.id)
    FROM channel_pricings cp WHERE cp.variant_id = product_variants.id`)},
  'optionValues', ${jsonArray(sql`SELECT json_group_array(json_object(
      'valueId', ov.id, 'code', ov.code, 'optionId', ov.option_id,
      'optionName', (SELECT ot.name FROM product_option_translations ot
        WHERE ot.option_id = ov.option_id ORDER BY (ot.locale = ${DEFAULT_LOCALE}) DESC, ot.id LIMIT 1),
      'translations', ${jsonArray(sql`SELECT json_group_array(json_object('id', vt.id, 'valueId', vt.value_id, 'locale', vt.locale, 'value', vt.value) ORDER BY vt.id)
        FROM product_option_value_translations vt WHERE vt.value_id = ov.id`)}
    ) ORDER BY o.position, o.id, ov.id)
    FROM product_variant_option_values l
    JOIN product_option_values ov ON ov.id = l.option_value_id
    JOIN product_options o ON o.id = ov.option_id
    WHERE l.variant_id = product_variants.id`)},
  'taxCategory', ${jsonArray(sql`SELECT json_object('id', c.id, 'code', c.code, 'name', c.name, 'description', c.description, 'createdAt', c.created_at, 'updatedAt', c.updated_at)
    FROM tax_categories c WHERE c.id = product_variants.tax_category_id`)},
  'shippingCategory', ${jsonArray(sql`SELECT json_object('id', c.id, 'code', c.code, 'name', c.name, 'description', c.description, 'createdAt', c.created_at, 'updatedAt', c.updated_at)
    FROM shipping_categories c WHERE c.id = product_variants.shipping_category_id`)}
)`;

/**
 * The columns of a variant's whole view: its row, its `view_version`, and its
 * children's JSON: the stored text when `variant_views` holds it for the
 * current version (one lookup by key), else `~` and the text built now
 * (`coalesce` evaluates the building subqueries only then). One statement per
 * set of variants, whose cost, once the views are stored, does not depend on
 * how many translations, prices or option values a variant has
 * (docs/performance/variant-views.md).
 */
export const variantViewFields = {
  ...variantFields,
  viewVersion: productVariants.viewVersion,
  viewChildren: sql<string>`coalesce(
    (SELECT vv.children FROM variant_views vv WHERE vv.variant_id = product_variants.id AND vv.view_version = product_variants.view_version),
    ${BUILT} || ${builtChildren})`.as("view_children"),
};

/** A row of `variantViewFields`. */
export interface VariantViewRow extends VariantRow {
  viewVersion: number;
  viewChildren: string;
}

/** The view rows of a set of variants (unordered: views come back in this query's order). */
export const variantRowsQuery = (db: Database, ids: VariantIds) =>
  db.select(variantViewFields).from(productVariants).where(sql`${productVariants.id} IN ${ids}`);

/**
 * Everything to load full views of a set of variants: one SELECT, whatever
 * the number of variants. Put it under a name of any batch (it is a SELECT,
 * so the batch still carries the auth check):
 *
 * ```ts
 * const ids = variantIdsOf(sql`(SELECT variant_id FROM order_items WHERE order_id = ${cartId})`);
 * const read = await namedBatch(db, { cart: cartQuery, variants: variantViewQueries(db, ids) });
 * const views = variantViewsFrom(read.variants, refills); // VariantView[], in row order
 * ```
 */
export function variantViewQueries(db: Database, ids: VariantIds) {
  return { rows: variantRowsQuery(db, ids) };
}

export type VariantViewRows = NamedResults<ReturnType<typeof variantViewQueries>>;

/** Views of the variants of `variantViewQueries`' results, in the rows' order (see `viewsOf`). */
export const variantViewsFrom = (rows: VariantViewRows, refills?: ViewRefills | null): VariantView[] => viewsOf(rows.rows, refills);

const translationSchema = z.object({ id: z.number(), variantId: z.number(), locale: z.string(), name: z.string() });
const pricingSchema = z.object({ id: z.number(), variantId: z.number(), channelCode: z.string(), price: z.number() });
const valueTranslationSchema = z.object({ id: z.number(), valueId: z.number(), locale: z.string(), value: z.string() });
const categorySchema = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .nullable();
const childrenSchema = z.object({
  translations: z.array(translationSchema),
  channelPricings: z.array(pricingSchema),
  optionValues: z.array(
    z.object({
      valueId: z.number(),
      code: z.string(),
      optionId: z.number(),
      optionName: z.string().nullable(),
      translations: z.array(valueTranslationSchema),
    }),
  ),
  taxCategory: categorySchema,
  shippingCategory: categorySchema,
});

/** What a variant's view shows from other rows: the JSON `variant_views` stores. */
export type VariantChildren = Omit<VariantView, "row">;

const parseChildren = (text: string): VariantChildren => childrenSchema.parse(JSON.parse(text));

/**
 * Views of `rows` (kept in their order). A view whose children were built by
 * this read (none stored for its current version) is noted in `refills`, for
 * the caller to store after it answered (`ViewRefills.statements`).
 */
export function viewsOf(rows: readonly VariantViewRow[], refills?: ViewRefills | null): VariantView[] {
  return rows.map((raw) => {
    const built = raw.viewChildren.startsWith(BUILT);
    const text = built ? raw.viewChildren.slice(BUILT.length) : raw.viewChildren;
    if (built) refills?.note(raw.id, raw.viewVersion, text);
    const last = lastViews.get(raw.id);
    if (last && last.children === text && sameRow(last.raw, raw)) return last.view;
    const { viewVersion: _version, viewChildren: _children, ...row } = raw;
    const view: VariantView = { row, ...parseChildren(text) };
    lastViews.set(raw.id, { raw, children: text, view });
    return view;
  });
}

/** Notes in `refills` the views of `rows` that the read had to build, as `viewsOf` does, without making the views. */
export function noteBuiltViews(rows: readonly VariantViewRow[], refills: ViewRefills | null | undefined): void {
  if (!refills) return;
  for (const raw of rows) {
    if (raw.viewChildren.startsWith(BUILT)) refills.note(raw.id, raw.viewVersion, raw.viewChildren.slice(BUILT.length));
  }
}

/**
 * The view made last of each variant (per isolate), with the row and the
 * children's text it was made from: a read that finds the same row (every
 * column) and the very same children's text gets the same view object back,
 * without parsing and checking the text again, and the serializers that keep
 * a text per view (`variantDefaultJson`) know it by identity. Views are never
 * changed once made, so sharing one between requests is safe.
 */
const lastViews = new IsolateMemory<number, { raw: VariantViewRow; children: string; view: VariantView }>({
  name: "variant views",
  file: "src/data/queries/product-variants.ts",
  key: "variant id",
  // Variants whose last view is kept (a few KB each with its row and text); past it the one kept first goes.
  bound: { entries: 5_000, evict: "first-kept" },
  kind: "checked",
  readBehind: "the variant's row just read, every column (`view_version` among them), and its stored view text, compared whole",
});

/** Every column of `variantViewFields` but the children's text (compared as a whole, past its `~`). */
const ROW_COLUMNS = [
  "id",
  "productId",
  "productCode",
  "code",
  "position",
  "tracked",
  "onHand",
  "onHold",
  "width",
  "height",
  "depth",
  "weight",
  "taxCategoryId",
  "shippingCategoryId",
  "version",
  "createdAt",
  "updatedAt",
  "viewVersion",
] as const satisfies readonly (keyof VariantViewRow)[];

/** Fails to compile when a column of a view row is left out of `ROW_COLUMNS` (it would go uncompared). */
export const UNCOMPARED_COLUMNS: Record<Exclude<keyof VariantViewRow, (typeof ROW_COLUMNS)[number] | "viewChildren">, never> = {};

/** Two rows of `variantViewFields` with the same value in every column (the children's text aside). */
function sameRow(a: VariantViewRow, b: VariantViewRow): boolean {
  for (const column of ROW_COLUMNS) if (a[column] !== b[column]) return false;
  return true;
}

/** A view row as `variantRowsJson` writes it: the values of `ROW_COLUMNS` in that order, then the children's text (null: held by the reader). */
type VariantViewJson = [
  id: number,
  productId: number,
  productCode: string,
  code: string,
  position: number,
  tracked: number,
  onHand: number,
  onHold: number,
  width: number | null,
  height: number | null,
  depth: number | null,
  weight: number | null,
  taxCategoryId: number | null,
  shippingCategoryId: number | null,
  version: number,
  createdAt: string,
  updatedAt: string,
  viewVersion: number,
  viewChildren: string | null,
];

/** The SQL of one field of `variantViewFields` (an aliased expression without its alias). */
const fieldSql = (field: SQLiteColumn | SQL.Aliased): SQL => (is(field, SQL.Aliased) ? field.sql : sql`${field}`);

/** A variant's view as a reader holds it, by id and `view_version`: `heldViewKeys` lists them, `variantRowsJson` leaves their children out. */
const viewKey = sql`${productVariants.id} || ':' || ${productVariants.viewVersion}`;

/** The keys of views whose children a reader holds (`variantRowsJson`'s `held`): a JSON array text, bound as one value. */
export const heldViewKeys = (rows: Iterable<VariantViewRow>): string => JSON.stringify(Array.from(rows, (row) => `${row.id}:${row.viewVersion}`));

/**
 * The view rows of the variants `ids` selects as one JSON text (a
 * parenthesised scalar subquery, for a column of another statement's rows):
 * every column `variantRowsQuery` reads, in `ROW_COLUMNS` order, then the
 * children's text (stored, or `~` and built). One value in place of a row per
 * variant; `variantRowsFromJson` reads it back as the same rows.
 *
 * `held` (`heldViewKeys`, bound): the views whose children the reader
 * already holds, left out (null) while the variant's `view_version` is the
 * held one: a view's children are a function of its variant and version (the
 * triggers of migration 0023 raise the version with every source), and they
 * are most of the text.
 */
export const variantRowsJson = (ids: VariantIds, held?: SQL): SQL<string> => {
  const children = fieldSql(variantViewFields.viewChildren);
  const values = [
    ...ROW_COLUMNS.map((name) => fieldSql(variantViewFields[name])),
    held ? sql`CASE WHEN ${viewKey} IN (SELECT value FROM json_each(${held})) THEN NULL ELSE ${children} END` : children,
  ];
  return sql<string>`(SELECT json_group_array(json_array(${sql.join(values, sql`, `)}))
    FROM ${productVariants} WHERE ${productVariants.id} IN ${ids})`;
};

/** The rows of a `variantRowsJson` text, as `variantRowsQuery` gives them; children left out come from `held` (the rows they were listed from). */
export function variantRowsFromJson(text: string, held?: ReadonlyMap<number, VariantViewRow>): VariantViewRow[] {
  return renderedRows<VariantViewJson>(text).map(
    ([id, productId, productCode, code, position, tracked, onHand, onHold, width, height, depth, weight, taxCategoryId, shippingCategoryId, version, createdAt, updatedAt, viewVersion, viewChildren]) => ({
      id,
      productId,
      productCode,
      code,
      position,
      // Stored as 0/1, as drizzle's boolean column decodes it.
      tracked: tracked === 1,
      onHand,
      onHold,
      width,
      height,
      depth,
      weight,
      taxCategoryId,
      shippingCategoryId,
      version,
      createdAt,
      updatedAt,
      viewVersion,
      viewChildren: viewChildren ?? heldChildren(held, id, viewVersion),
    }),
  );
}

/** The children of a view the reader listed as held: SQL left them out only for a key of `held`, so they are there. */
function heldChildren(held: ReadonlyMap<number, VariantViewRow> | undefined, id: number, viewVersion: number): string {
  const row = held?.get(id);
  if (row?.viewVersion !== viewVersion) throw new Error(`The children of variant ${id}'s view ${viewVersion} were left out but are not held`);
  return row.viewChildren;
}

/** Whether a `variantRowsJson` text may hold children built by its read (`~`): only then are its rows worth reading for `noteBuiltViews`. */
export const mayHoldBuiltViews = (text: string): boolean => text.includes(`"${BUILT}`);

/** At most this many characters of views in one refill statement (D1 takes strings up to 2 MB). */
const REFILL_CHARS = 500_000;

/**
 * The views a request built (not found stored) and may store once it has
 * answered: `statements` writes each only if its variant's `view_version` is
 * still the one it was built from, so a change committed in between (which
 * raised the version) never leaves a stale view marked current.
 */
export class ViewRefills {
  private readonly built = new Map<number, { v: number; c: string }>();

  note(variantId: number, viewVersion: number, children: string): void {
    this.built.set(variantId, { v: viewVersion, c: children });
  }

  get size(): number {
    return this.built.size;
  }

  /** The guarded upserts of the views noted (none when none), then forgets them. */
  statements(db: Database): Statement[] {
    const groups: { id: number; v: number; c: string }[][] = [];
    let chars = REFILL_CHARS;
    for (const [id, view] of this.built) {
      if (chars + view.c.length > REFILL_CHARS) {
        groups.push([]);
        chars = 0;
      }
      groups[groups.length - 1]?.push({ id, ...view });
      chars += view.c.length;
    }
    this.built.clear();
    return groups.map((group) => refillStatement(db, JSON.stringify(group)));
  }
}

/** Stores views `[{id, v, c}]` (variant id, the view version they were built from, the children's text), each only while that version is current. */
const refillStatement = (db: Database, views: string) =>
  db
    .insert(variantViews)
    .select(
      sql`SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.v'), json_extract(j.value, '$.c') FROM json_each(${views}) j
        WHERE (SELECT pv.view_version FROM product_variants pv WHERE pv.id = json_extract(j.value, '$.id')) = json_extract(j.value, '$.v')`,
    )
    .onConflictDoUpdate({
      target: variantViews.variantId,
      set: { viewVersion: sql`excluded.view_version`, children: sql`excluded.children` },
    });

// ------------------------------------------------------------------ lists

export type VariantSortField = "position" | "code" | "createdAt" | "updatedAt" | "name";

export interface VariantListQuery {
  productCode: string;
  criteria: { code?: TextCriterion | undefined; name?: TextCriterion | undefined };
  sorting: { field: VariantSortField; direction: "asc" | "desc" };
  limit: number;
  offset: number;
  /** A cursor walk: `null` starts it, a key resumes after it; `undefined` pages by offset. */
  cursor?: CursorKey | null | undefined;
}

const productIdByCode = (productCode: Value<string>) => sql`(SELECT p.id FROM products p WHERE p.code = ${productCode})`;

/** A product's variants: the condition of every list of them. */
const ofProduct = (productCode: Value<string>) => sql`${productVariants.productId} = ${productIdByCode(productCode)}`;

/** The texts a variant list filters by (Sylius' grid: `code`, and `name` as the translation's): a product's variants, no postings. */
const VARIANT_FILTERS = {
  code: { text: productVariants.code, notNull: true, contains: (value: string) => containsText(productVariants.code, value) },
  // A variant without a translation has the name "" (never NULL).
  name: { text: sql`coalesce(${variantNameSql}, '')`, notNull: true, contains: (value: string) => containsText(sql`coalesce(${variantNameSql}, '')`, value) },
} satisfies Record<keyof VariantListQuery["criteria"], TextFilter>;

function listWhere(db: Database, query: VariantListQuery): SQL {
  const conditions = (["code", "name"] as const).flatMap((field) => {
    const criterion = query.criteria[field];
    return criterion === undefined ? [] : [textCondition(VARIANT_FILTERS[field], criterion)];
  });
  const product = ofProduct(query.productCode);
  const own = and(product, ...conditions.filter((one) => !one.scans).map((one) => one.condition)) ?? product;
  const scanned = and(...conditions.filter((one) => one.scans).map((one) => one.condition));
  // A criterion no index answers examines a bounded window of the product's variants the others leave.
  return scanned === undefined ? own : budgeted(db, productVariants, own, scanned);
}

/** Each sorting's key: a column of one of the `product_variants_product_*` indexes, or the translated name (not indexed). */
const SORT_KEYS: Record<VariantSortField, SQLiteColumn | SQL> = {
  position: productVariants.position,
  code: productVariants.code,
  createdAt: productVariants.createdAt,
  updatedAt: productVariants.updatedAt,
  name: variantNameSql,
};

function listOrder(sorting: VariantListQuery["sorting"]): SQL[] {
  const column = SORT_KEYS[sorting.field];
  const dir = sorting.direction === "asc" ? sql.raw("ASC") : sql.raw("DESC");
  return [sql`${column} ${dir}`, sql`${productVariants.id} ${dir}`];
}

function variantPage(db: Database, query: VariantListQuery) {
  const filtered = query.criteria.code !== undefined || query.criteria.name !== undefined;
  const key = SORT_KEYS[query.sorting.field];
  return pageQueries(db, productVariants, listWhere(db, query), listOrder(query.sorting), query, {
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
 * "unknown product" apart), the total and the page's view rows, in order
 * (`variantViewFields`), so everything is one batch.
 * A deep page (`offset >= DEEP_OFFSET`) reads `variantDeepPageQueries` instead.
 */
export function variantPageQueries(db: Database, query: VariantListQuery) {
  const page = variantPage(db, query);
  return {
    product: db.select({ id: products.id }).from(products).where(eq(products.code, query.productCode)),
    counted: page.count,
    rows: page.rows(db.select(variantViewFields).from(productVariants).$dynamic()),
  };
}

/**
 * `variantPageQueries` of a plain page (no criteria, no cursor, not deep: the
 * list as a client first reads it), with its SQL built once per sorting
 * (prepared.ts): the same statements, text and values, as
 * `variantPageQueries` builds for it (test/unit/data/variant-views.test.ts).
 * Undefined for any other page.
 */
export function variantPlainPageQueries(db: Database, query: VariantListQuery) {
  const { criteria, sorting } = query;
  if (criteria.code !== undefined || criteria.name !== undefined || query.cursor !== undefined || query.offset >= DEEP_OFFSET) return undefined;
  // Drizzle leaves out `offset 0`: the first page is a statement of its own.
  const first = query.offset === 0;
  const key = `${sorting.field} ${sorting.direction}${first ? "" : " offset"}`;
  let page = plainPages.get(key);
  if (!page) {
    page = plainPage(sorting, first);
    plainPages.set(key, page);
  }
  return page.bind(db, { productCode: query.productCode, limit: query.limit, offset: query.offset });
}

/** What `pageQueries` builds for an unfiltered page of a product's variants by offset, read from its counter. */
const plainPage = (sorting: VariantListQuery["sorting"], first: boolean) =>
  prepared(["productCode", "limit", "offset"], (db, values) => {
    const where = and(ofProduct(values.productCode));
    const rows = db
      .select(variantViewFields)
      .from(productVariants)
      .where(and(where, undefined))
      .orderBy(...listOrder(sorting))
      .limit(values.limit);
    return {
      product: db.select({ id: products.id }).from(products).where(eq(products.code, values.productCode)),
      counted: db
        .select({ total: listCounts.total, next: sql<string | null>`NULL`.as("next") })
        .from(listCounts)
        .where(and(eq(listCounts.scope, "product_variants"), sql`${listCounts.owner} = ${productIdByCode(values.productCode)}`)),
      rows: first ? rows : rows.offset(values.offset),
    };
  });

const plainPages = new IsolateMemory<string, ReturnType<typeof plainPage>>({
  name: "plain variant page statements",
  file: "src/data/queries/product-variants.ts",
  key: "sorting, and first page or not",
  bound: { fixed: "one entry per sorting and direction, first page or not" },
  kind: "derived",
  readBehind: "code (the statements' SQL; values are bound per use)",
});

/**
 * A deep page in two batches, so the offset is walked once: `first` (the
 * product, the total, the page's ids), then `rest(ids)` (the rows, in the
 * order of `ids` once the caller sorted them, with their views' children).
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
        .select(variantViewFields)
        .from(productVariants)
        .where(sql`${productVariants.id} IN ${jsonValues(ids)}`),
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

/** An SQL scalar of the variant's version, read where it stands in a batch (its events' `sequence`, after its write). */
export const variantVersionOf = (id: SQL | number): SQL => sql`(SELECT version FROM product_variants WHERE id = ${id})`;

/** An SQL scalar of the id of the variant with `code` (the one a create's batch inserts). */
export const variantIdOfCode = (code: string): SQL => sql`(SELECT id FROM product_variants WHERE code = ${code})`;

/** The position after the product's last variant's (0 for its first), computed in the write's batch. */
export const nextVariantPosition = (productId: number): SQL =>
  sql`(SELECT COALESCE(MAX(p.position) + 1, 0) FROM product_variants p WHERE p.product_id = ${productId})`;

/** A guard that always holds (a create's child writes: nothing to compare). */
export const noGuard = (): SQL => sql`1`;

/** Deletes the variant `id`; with `version`, only that version of it (the one whose tag an `If-Match` matched). Returns the deleted ids. */
export const deleteVariant = (db: Database, id: number, version: number | undefined) =>
  db
    .delete(productVariants)
    .where(and(eq(productVariants.id, id), version !== undefined ? eq(productVariants.version, version) : undefined))
    .returning({ id: productVariants.id });
