/**
 * Product attributes with their translations, and their sortable positions
 * (one list 0..n-1 over all attributes, as Sylius' Gedmo Sortable keeps it:
 * a new attribute is appended or inserted, a moved one shifts those in
 * between; the gap a delete leaves is closed by a trigger of the migration).
 */
import { asc, eq, getTableColumns, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { NamedResults, Statement } from "../batch";
import type { Database } from "../db";
import { insertedPosition, movePositionStatements, shiftAfterInsert } from "../positions";
import { productAttributes, productAttributeTranslations, productAttributeValues, products } from "../schema";
import { idOfCode, rowByCode } from "./table-reads";

export type ProductAttributeRow = typeof productAttributes.$inferSelect;

export const productAttributeColumns = getTableColumns(productAttributes);

export const productAttributeByCode = (db: Database, code: string) => rowByCode(db, productAttributes, code);

export const productAttributeIdsOfCode = (db: Database, code: string) => idOfCode(db, productAttributes, code);

/** The translations of the attributes `ids` selects (by locale). */
export const productAttributeParts = (db: Database, ids: SQLWrapper) => ({
  translations: db
    .select()
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
export const insertedAttributePosition = (position: number) => insertedPosition(productAttributes, position);

/** After the insert of attribute `code`: the others at or after its position move down by one. */
export const shiftAfterAttributeInsert = (db: Database, code: string) => shiftAfterInsert(db, productAttributes, code);

/** Moving attribute `id` from `from` to `to`: the attributes in between close up or make room. */
export const moveAttributeStatements = (db: Database, id: number, from: number, to: number): Statement[] =>
  movePositionStatements(db, productAttributes, id, from, to);

// ------------------------------------------------------------ values

/** The attributes a product form names, by code (what checking their values needs). */
export const attributesByCodes = (db: Database, codes: readonly string[]) =>
  db
    .select({ code: productAttributes.code, type: productAttributes.type, configuration: productAttributes.configuration })
    .from(productAttributes)
    .where(sql`${productAttributes.code} IN (SELECT value FROM json_each(${JSON.stringify(codes)}))`);

/**
 * The attribute values of the products `productIds` selects, in the order
 * they were added, with their attribute's code, type and name (in
 * `nameLocale`, null without that translation).
 */
export const attributeValuesOfProducts = (db: Database, productIds: SQLWrapper, nameLocale: string) =>
  db
    .select({
      id: productAttributeValues.id,
      productId: productAttributeValues.productId,
      localeCode: productAttributeValues.localeCode,
      value: productAttributeValues.value,
      code: productAttributes.code,
      type: productAttributes.type,
      name: sql<string | null>`(SELECT t.name FROM ${productAttributeTranslations} t WHERE t.attribute_id = ${productAttributes.id} AND t.locale = ${nameLocale})`,
    })
    .from(productAttributeValues)
    .innerJoin(productAttributes, eq(productAttributes.id, productAttributeValues.attributeId))
    .where(inArray(productAttributeValues.productId, productIds))
    .orderBy(asc(productAttributeValues.id));

export interface AttributeValueInput {
  attribute: string;
  localeCode: string;
  /** JSON text of the value. */
  value: string | null;
}

/**
 * Replaces the attribute values of the product with `productCode` by
 * `values` (attributes by code): a delete, then one insert through json_each.
 */
export function replaceAttributeValues(db: Database, productCode: string, values: readonly AttributeValueInput[]): Statement[] {
  const productId = sql`(SELECT ${products.id} FROM ${products} WHERE ${products.code} = ${productCode})`;
  return [
    db.delete(productAttributeValues).where(eq(productAttributeValues.productId, productId)),
    ...(values.length === 0
      ? []
      : [
          db
            .insert(productAttributeValues)
            .select(
              sql`SELECT NULL, ${productId}, a.id, json_extract(j.value, '$.localeCode'), json_extract(j.value, '$.value')
                  FROM json_each(${JSON.stringify(values)}) j JOIN ${productAttributes} a ON a.code = json_extract(j.value, '$.attribute') ORDER BY j.key`,
            ),
        ]),
  ];
}
