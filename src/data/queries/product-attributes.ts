/**
 * Product attributes with their translations, and their sortable positions
 * (one list 0..n-1 over all attributes, as Sylius' Gedmo Sortable keeps it:
 * a new attribute is appended or inserted, a moved one shifts those in
 * between; the gap a delete leaves is closed by a trigger of the migration).
 */
import { eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { NamedResults, Statement } from "../batch";
import type { Database } from "../db";
import { productAttributes, productAttributeTranslations } from "../schema";

export interface ProductAttributeRow {
  id: number;
  code: string;
  type: string;
  configuration: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export const productAttributeColumns = {
  id: productAttributes.id,
  code: productAttributes.code,
  type: productAttributes.type,
  configuration: productAttributes.configuration,
  position: productAttributes.position,
  createdAt: productAttributes.createdAt,
  updatedAt: productAttributes.updatedAt,
};

export const productAttributeByCode = (db: Database, code: string) =>
  db.select(productAttributeColumns).from(productAttributes).where(eq(productAttributes.code, code)).limit(1);

export const productAttributeIdsOfCode = (db: Database, code: string) =>
  db.select({ id: productAttributes.id }).from(productAttributes).where(eq(productAttributes.code, code));

/** The translations of the attributes `ids` selects (by locale). */
export const productAttributeParts = (db: Database, ids: SQLWrapper) => ({
  translations: db
    .select({
      id: productAttributeTranslations.id,
      attributeId: productAttributeTranslations.attributeId,
      locale: productAttributeTranslations.locale,
      name: productAttributeTranslations.name,
    })
    .from(productAttributeTranslations)
    .where(inArray(productAttributeTranslations.attributeId, ids))
    .orderBy(productAttributeTranslations.locale),
});

export type ProductAttributeParts = NamedResults<ReturnType<typeof productAttributeParts>>;

/** Inserts, or renames for a locale it has, the translations of the attribute with `code`. */
export const upsertAttributeTranslations = (db: Database, code: string, names: ReadonlyMap<string, string>): Statement[] =>
  names.size === 0
    ? []
    : [
        db
          .insert(productAttributeTranslations)
          .select(
            sql`SELECT NULL, a.id, j.key, j.value FROM ${productAttributes} a, json_each(${JSON.stringify(Object.fromEntries(names))}) j WHERE a.code = ${code}`,
          )
          .onConflictDoUpdate({
            target: [productAttributeTranslations.attributeId, productAttributeTranslations.locale],
            set: { name: sql`excluded.name` },
          }),
      ];

/** The largest position (null without attributes): where a move ends at most. */
export const maxAttributePosition = (db: Database) =>
  db.select({ max: sql<number | null>`MAX(${productAttributes.position})` }).from(productAttributes);

/** The position after the last attribute (0 when there is none). */
export const nextAttributePosition = sql<number>`(SELECT COALESCE(MAX(position) + 1, 0) FROM product_attributes)`;

/** Where a new attribute asked at `position` lands: there, or right after the last one when that is further. */
export const insertedAttributePosition = (position: number) =>
  sql<number>`(SELECT MIN(${position}, COALESCE(MAX(position) + 1, 0)) FROM product_attributes)`;

/** After the insert of attribute `code`: the others at or after its position move down by one. */
export const shiftAfterAttributeInsert = (db: Database, code: string) =>
  db
    .update(productAttributes)
    .set({ position: sql`${productAttributes.position} + 1` })
    .where(
      sql`${productAttributes.position} >= (SELECT p.position FROM product_attributes AS p WHERE p.code = ${code}) AND ${productAttributes.code} <> ${code}`,
    );

/** Moving attribute `id` from `from` to `to`: the attributes in between close up or make room. */
export function moveAttributeStatements(db: Database, id: number, from: number, to: number): Statement[] {
  if (to === from) return [];
  const others = sql`${productAttributes.id} <> ${id}`;
  return [
    to > from
      ? db
          .update(productAttributes)
          .set({ position: sql`${productAttributes.position} - 1` })
          .where(sql`${productAttributes.position} > ${from} AND ${productAttributes.position} <= ${to} AND ${others}`)
      : db
          .update(productAttributes)
          .set({ position: sql`${productAttributes.position} + 1` })
          .where(sql`${productAttributes.position} >= ${to} AND ${productAttributes.position} < ${from} AND ${others}`),
  ];
}
