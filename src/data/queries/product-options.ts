/**
 * Product options: batched reads and writes (the batch toolkit is ../batch.ts).
 *
 * Reads are named queries for one `namedBatch` (one round trip per request),
 * filtered by an id subquery, so children of a whole page load in the same
 * batch as the page (no N+1, no second trip). Writes that need a parent id
 * created in the same batch use INSERT ... SELECT joined on the parent's
 * unique code.
 */
import { and, asc, eq, exists, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { chunks, deleteByIds, idsByCodeQueries, idsOfCodes, insertSelectValues, type NamedResults, type Statement } from "../batch";
import { groupBy, unique } from "../collections";
import type { Database } from "../db";
import { insertedPosition, movePositionStatements, shiftAfterInsert } from "../positions";
import {
  productOptionAssignments,
  productOptions,
  productOptionTranslations,
  productOptionValues,
  productOptionValueTranslations,
  productVariantOptionValues,
  locales,
} from "../schema";
import { idOfCode, rowsInIdOrder } from "./table-reads";

// ------------------------------------------------------------ shared reads

/** The locale codes among `codes` that exist: the reads (chunked), then `localeSet` of their results. */
export const existingLocalesQueries = (db: Database, codes: Iterable<string>) => idsByCodeQueries(db, locales, codes);
/** At most this many of the shop's locales are listed in a failed form's translations (a shop has a handful). */
export const SHOP_LOCALES_LISTED = 100;

/** The shop's locale codes in creation order, at most SHOP_LOCALES_LISTED (the primary key's order: no sort). */
export const shopLocaleCodes = (db: Database) => db.select({ code: locales.code }).from(locales).orderBy(asc(locales.id)).limit(SHOP_LOCALES_LISTED);

export const localeSet = (found: readonly { id: unknown; code: unknown }[][]): Set<string> => new Set(idsOfCodes(found).keys());

/** The translation of the preferred locale: en_US when present, else the first one. */
export function preferredTranslation<T extends { locale: string }>(rows: readonly T[]): T | undefined {
  return rows.find((row) => row.locale === "en_US") ?? rows[0];
}

// ------------------------------------------------------------------ options

export interface OptionTranslationRow {
  id: number;
  locale: string;
  name: string;
}

export interface OptionValueTranslationRow {
  id: number;
  locale: string;
  value: string;
}

export interface OptionValueRecord {
  id: number;
  code: string;
  translations: OptionValueTranslationRow[];
}

export interface OptionRecord {
  id: number;
  code: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  translations: OptionTranslationRow[];
  values: OptionValueRecord[];
}

/** A subquery of the id of the option with `code`. */
export const optionIdByCode = (db: Database, code: string) => idOfCode(db, productOptions, code);

/**
 * The reads of the options whose ids are in `ids` (a subquery), with their
 * translations, values and value translations: four SELECTs, named entries
 * that `optionRecords` assembles.
 */
export function optionReads(db: Database, ids: SQLWrapper, orderBy: SQL[] = [asc(productOptions.position), asc(productOptions.id)]) {
  const valueIds = db.select({ id: productOptionValues.id }).from(productOptionValues).where(inArray(productOptionValues.optionId, ids));
  return {
    options: db.select().from(productOptions).where(inArray(productOptions.id, ids)).orderBy(...orderBy),
    translations: rowsInIdOrder(db, productOptionTranslations, inArray(productOptionTranslations.optionId, ids)),
    values: rowsInIdOrder(db, productOptionValues, inArray(productOptionValues.optionId, ids)),
    valueTranslations: rowsInIdOrder(db, productOptionValueTranslations, inArray(productOptionValueTranslations.valueId, valueIds)),
  };
}

/** The options `optionReads` read, each with its translations and values. */
export function optionRecords(found: NamedResults<ReturnType<typeof optionReads>>): OptionRecord[] {
  const translationsOf = groupBy(found.translations, (t) => t.optionId);
  const valueTranslationsOf = groupBy(found.valueTranslations, (t) => t.valueId);
  const valuesOf = groupBy(found.values, (v) => v.optionId);
  return found.options.map((option) => ({
    ...option,
    translations: (translationsOf.get(option.id) ?? []).map(({ optionId: _, ...translation }) => translation),
    values: (valuesOf.get(option.id) ?? []).map((value) => ({
      id: value.id,
      code: value.code,
      translations: (valueTranslationsOf.get(value.id) ?? []).map(({ id, locale, value: text }) => ({ id, locale, value: text })),
    })),
  }));
}

/** The option values among `codes` that exist, in any option (chunked); `valueOwners` maps code → option id. */
export const valueOwnersQueries = (db: Database, codes: readonly string[]) =>
  chunks(unique(codes), 1).map((part) =>
    db
      .select({ code: productOptionValues.code, optionId: productOptionValues.optionId })
      .from(productOptionValues)
      .where(inArray(productOptionValues.code, part)),
  );
export const valueOwners = (found: readonly { code: string; optionId: number }[][]) =>
  new Map(found.flat().map((row) => [row.code, row.optionId] as const));

/** The values of option `code` that some variant uses (their ids). */
export function usedValueIdsQuery(db: Database, code: string) {
  const valueIds = db
    .select({ id: productOptionValues.id })
    .from(productOptionValues)
    .where(inArray(productOptionValues.optionId, optionIdByCode(db, code)));
  return db
    .selectDistinct({ id: productVariantOptionValues.optionValueId })
    .from(productVariantOptionValues)
    .where(inArray(productVariantOptionValues.optionValueId, valueIds));
}

/** A product option `code` is assigned to (none when unassigned). */
export const optionAssignedQuery = (db: Database, code: string) =>
  db
    .select({ productId: productOptionAssignments.productId })
    .from(productOptionAssignments)
    .where(inArray(productOptionAssignments.optionId, optionIdByCode(db, code)))
    .limit(1);

// ------------------------------------------------------------------ writes

export interface OptionValueInput {
  code: string;
  /** locale → value */
  translations: Map<string, string>;
}

/** Statements creating option `code` with its translations and values. */
export function createOptionStatements(
  db: Database,
  input: { code: string; position: number | SQL; translations: Map<string, string>; values: OptionValueInput[] },
): Statement[] {
  const statements: Statement[] = [db.insert(productOptions).values({ code: input.code, position: input.position })];
  const byCode = sql`JOIN product_options AS o ON o.code = ${input.code}`;
  if (input.translations.size > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: productOptionTranslations,
        select: sql`SELECT NULL, o.id, v.column2, v.column3`,
        join: byCode,
        rows: [...input.translations].map(([locale, name]) => [locale, name]),
      }),
    );
  }
  if (input.values.length > 0) {
    statements.push(
      ...insertSelectValues(db, {
        into: productOptionValues,
        select: sql`SELECT NULL, o.id, v.column2`,
        join: byCode,
        rows: input.values.map((value) => [value.code]),
      }),
      ...upsertValueTranslations(db, input.values),
    );
  }
  return statements;
}

/** Inserts (or updates by value and locale) the translations of values found by code. */
export function upsertValueTranslations(db: Database, values: readonly OptionValueInput[]): Statement[] {
  const rows = values.flatMap((value) => [...value.translations].map(([locale, text]) => [value.code, locale, text]));
  if (rows.length === 0) return [];
  return insertSelectValues(db, {
    into: productOptionValueTranslations,
    select: sql`SELECT NULL, pv.id, v.column3, v.column4`,
    join: sql`JOIN product_option_values AS pv ON pv.code = v.column2`,
    onConflict: {
      target: [productOptionValueTranslations.valueId, productOptionValueTranslations.locale],
      set: { value: sql`excluded.value` },
    },
    rows,
    reservedParams: 0,
  });
}

/** Inserts (or renames) the option's translations. */
export function upsertOptionTranslations(db: Database, optionId: number, translations: Map<string, string>): Statement[] {
  const rows = [...translations].map(([locale, name]) => ({ optionId, locale, name }));
  return chunks(rows, 3).map((part) =>
    db
      .insert(productOptionTranslations)
      .values(part)
      .onConflictDoUpdate({
        target: [productOptionTranslations.optionId, productOptionTranslations.locale],
        set: { name: sql`excluded.name` },
      }),
  );
}

/** Adds values (without translations) to an existing option. */
export function insertOptionValues(db: Database, optionId: number, codes: readonly string[]): Statement[] {
  return chunks(codes, 2).map((part) =>
    db.insert(productOptionValues).values(part.map((code) => ({ optionId, code }))),
  );
}

export const deleteOptionTranslations = (db: Database, ids: readonly number[]) =>
  deleteByIds(db, productOptionTranslations, productOptionTranslations.id, ids);

export const deleteOptionValues = (db: Database, ids: readonly number[]) =>
  deleteByIds(db, productOptionValues, productOptionValues.id, ids);

export const deleteOptionValueTranslations = (db: Database, ids: readonly number[]) =>
  deleteByIds(db, productOptionValueTranslations, productOptionValueTranslations.id, ids);

// ---------------------------------------------------------------- positions
//
// Options are sortable as Sylius' (Gedmo Sortable) are: one list 0..n-1 over
// all options; a new option without a position is appended; placing one at a
// position shifts the others, and a delete closes the gap.

/** The position after the last option (0 when there is none). */
export const nextOptionPosition = () => sql<number>`(SELECT COALESCE(MAX(position) + 1, 0) FROM product_options)`;

/** Where a new option asked at `position` lands: there, or right after the last one when that is further. */
export const insertedOptionPosition = (position: number) => insertedPosition(productOptions, position);

/** After the insert of option `code`: the others at or after its position move down by one. */
export const shiftAfterOptionInsert = (db: Database, code: string) => shiftAfterInsert(db, productOptions, code);

/** The largest position (a read for a move). */
export const maxOptionPosition = (db: Database) => db.select({ max: sql<number | null>`MAX(${productOptions.position})` }).from(productOptions);

/** Moving option `id` from `from` to `to`: the options in between close up or make room. */
export const moveOptionStatements = (db: Database, id: number, from: number, to: number): Statement[] =>
  movePositionStatements(db, productOptions, id, from, to);

/** After the delete of an option at `position`: the ones after it move up by one. */
export const closeOptionGap = (db: Database, position: number) =>
  db
    .update(productOptions)
    .set({ position: sql`${productOptions.position} - 1` })
    .where(sql`${productOptions.position} > ${position}`);

/** The options with a translation that `names` selects (a list's filter by any translation's name). */
export const optionsOfTranslations = (names: SQL): SQL =>
  exists(new QueryBuilder().select({ id: productOptionTranslations.id }).from(productOptionTranslations).where(and(eq(productOptionTranslations.optionId, productOptions.id), names)));

/** The id and position of the option with `code`: none or one. */
export const optionPositionByCode = (db: Database, code: string) =>
  db.select({ id: productOptions.id, position: productOptions.position }).from(productOptions).where(eq(productOptions.code, code)).limit(1);
