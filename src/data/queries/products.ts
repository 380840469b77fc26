/**
 * Products: batched reads (a page of products with translations, options
 * and channels, and with the full options for display) and the write
 * statements of create/update. Every read is filtered by an id subquery so the
 * whole thing is one batch.
 */
import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import {
  channels,
  orderItems,
  productChannels,
  productOptionAssignments,
  productOptions,
  productOptionValues,
  products,
  productTranslations,
  productVariantOptionValues,
  productVariants,
} from "../schema";
import { idOfCode, rowsInIdOrder } from "./table-reads";
import { chunks, deleteByIds, insertSelectValues, type NamedResults, type Statement } from "../batch";
import { groupBy } from "../collections";
import { optionReads, optionRecords, type OptionRecord } from "./product-options";
import { linkedChannels, type ChannelDetailRow } from "./channels";

export interface ProductTranslationRow {
  id: number;
  locale: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface ProductRecord {
  id: number;
  code: string;
  enabled: boolean;
  /** The sum and number of the ratings of its accepted reviews (kept by triggers). */
  acceptedRatingSum: number;
  acceptedReviewCount: number;
  createdAt: string;
  updatedAt: string;
  translations: ProductTranslationRow[];
  /** Assigned options, in assignment order. */
  options: { id: number; code: string }[];
  /** The product's channels, in channel id order, with what a product shows of them. */
  channels: ChannelDetailRow[];
}

export interface ProductDetail extends ProductRecord {
  /** The assigned options in full, in assignment order. */
  optionRecords: OptionRecord[];
}

export interface ProductTranslationInput {
  name: string;
  slug: string;
  description: string | null;
}

/** A subquery of the id of the product with `code`. */
export const productIdByCode = (db: Database, code: string) => idOfCode(db, products, code);

const DEFAULT_ORDER = [asc(products.code), asc(products.id)];

/** The reads of the products whose ids are in `ids`, with translations, option codes and channels (`productRecords` assembles them). */
export function productReads(db: Database, ids: SQLWrapper, orderBy: SQL[] = DEFAULT_ORDER) {
  return {
    rows: db.select().from(products).where(inArray(products.id, ids)).orderBy(...orderBy),
    translations: rowsInIdOrder(db, productTranslations, inArray(productTranslations.productId, ids)),
    // Distinct column names (product_id, position, id, code): safe in a batch.
    assignments: db
      .select({
        productId: productOptionAssignments.productId,
        position: productOptionAssignments.position,
        optionId: productOptions.id,
        optionCode: productOptions.code,
      })
      .from(productOptionAssignments)
      .innerJoin(productOptions, eq(productOptions.id, productOptionAssignments.optionId))
      .where(inArray(productOptionAssignments.productId, ids))
      .orderBy(asc(productOptionAssignments.position), asc(productOptions.id)),
    channels: linkedChannels(db, { productId: productChannels.productId }, productChannels, inArray(productChannels.productId, ids)).orderBy(asc(channels.id)),
  };
}

/** The products `productReads` read. */
export function productRecords(found: NamedResults<ReturnType<typeof productReads>>): ProductRecord[] {
  const translationsOf = groupBy(found.translations, (t) => t.productId);
  const optionsOf = groupBy(found.assignments, (a) => a.productId);
  const channelsOf = groupBy(found.channels, (c) => c.productId);
  return found.rows.map((product) => ({
    id: product.id,
    code: product.code,
    enabled: product.enabled,
    acceptedRatingSum: product.acceptedRatingSum,
    acceptedReviewCount: product.acceptedReviewCount,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    translations: (translationsOf.get(product.id) ?? []).map(({ productId: _, ...translation }) => translation),
    options: (optionsOf.get(product.id) ?? []).map((a) => ({ id: a.optionId, code: a.optionCode })),
    channels: (channelsOf.get(product.id) ?? []).map(({ productId: _, ...channel }) => channel),
  }));
}

/** As `productReads`, plus the full assigned options (what a list item and a product show; `productDetails` assembles them). */
export function productDetailReads(db: Database, ids: SQLWrapper, orderBy: SQL[] = DEFAULT_ORDER) {
  const optionIds = db
    .select({ id: productOptionAssignments.optionId })
    .from(productOptionAssignments)
    .where(inArray(productOptionAssignments.productId, ids));
  return { products: productReads(db, ids, orderBy), options: optionReads(db, optionIds) };
}

/** The products `productDetailReads` read. */
export function productDetails(found: NamedResults<ReturnType<typeof productDetailReads>>): ProductDetail[] {
  const optionById = new Map(optionRecords(found.options).map((option) => [option.id, option]));
  return productRecords(found.products).map((product) => ({
    ...product,
    optionRecords: product.options.flatMap((o) => optionById.get(o.id) ?? []),
  }));
}

/** The ids of the options whose values the variants of product `code` use (rows of `optionId`). */
export function optionsUsedByVariants(db: Database, code: string) {
  const variantIds = db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIdByCode(db, code)));
  const valueIds = db
    .select({ id: productVariantOptionValues.optionValueId })
    .from(productVariantOptionValues)
    .where(inArray(productVariantOptionValues.variantId, variantIds));
  return db
    .selectDistinct({ optionId: productOptionValues.optionId })
    .from(productOptionValues)
    .where(inArray(productOptionValues.id, valueIds));
}

/** One row when a variant of product `code` is in an order (or cart) item, none otherwise. */
export function productOrdered(db: Database, code: string) {
  const variantIds = db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIdByCode(db, code)));
  return db.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.variantId, variantIds)).limit(1);
}

// ------------------------------------------------------------------ writes

/** Statements creating product `code` with its translations, options and channels. */
export function createProductStatements(
  db: Database,
  input: {
    code: string;
    enabled: boolean;
    translations: Map<string, ProductTranslationInput>;
    optionIds: number[];
    channelIds: number[];
  },
): Statement[] {
  const byCode = sql`JOIN products AS p ON p.code = ${input.code}`;
  const statements: Statement[] = [db.insert(products).values({ code: input.code, enabled: input.enabled })];
  if (input.translations.size > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: productTranslations,
        select: sql`SELECT NULL, p.id, v.column2, v.column3, v.column4, v.column5`,
        join: byCode,
        rows: [...input.translations].map(([locale, t]) => [locale, t.name, t.slug, t.description]),
      }),
    );
  }
  if (input.optionIds.length > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: productOptionAssignments,
        select: sql`SELECT p.id, v.column2, v.column3`,
        join: byCode,
        rows: input.optionIds.map((optionId, position) => [optionId, position]),
      }),
    );
  }
  if (input.channelIds.length > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: productChannels,
        select: sql`SELECT p.id, v.column2`,
        join: byCode,
        rows: input.channelIds.map((channelId) => [channelId]),
      }),
    );
  }
  return statements;
}

/** Inserts or updates (by product and locale) translations of an existing product. */
export function upsertProductTranslations(
  db: Database,
  productId: number,
  translations: Map<string, ProductTranslationInput>,
): Statement[] {
  const rows = [...translations].map(([locale, t]) => ({ productId, locale, ...t }));
  return chunks(rows, 5).map((part) =>
    db
      .insert(productTranslations)
      .values(part)
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.locale],
        set: { name: sql`excluded.name`, slug: sql`excluded.slug`, description: sql`excluded.description` },
      }),
  );
}

export const deleteProductTranslations = (db: Database, ids: readonly number[]) =>
  deleteByIds(db, productTranslations, productTranslations.id, ids);

/** Replaces the product's options (positions follow the list). */
export function replaceProductOptions(db: Database, productId: number, optionIds: readonly number[]): Statement[] {
  return [
    db.delete(productOptionAssignments).where(eq(productOptionAssignments.productId, productId)),
    ...chunks(
      optionIds.map((optionId, position) => ({ productId, optionId, position })),
      3,
    ).map((part) => db.insert(productOptionAssignments).values(part)),
  ];
}

/** Replaces the product's channels. */
export function replaceProductChannels(db: Database, productId: number, channelIds: readonly number[]): Statement[] {
  return [
    db.delete(productChannels).where(eq(productChannels.productId, productId)),
    ...chunks(channelIds, 2).map((part) =>
      db.insert(productChannels).values(part.map((channelId) => ({ productId, channelId }))),
    ),
  ];
}

/** The products of the translations that `names` selects (a list's filter by translated name). */
export const productsOfTranslations = (names: SQL): SQL => sql`${products.id} IN (SELECT ${productTranslations.productId} FROM ${productTranslations} WHERE ${names})`;
