/**
 * Product association types and their translations: the reads of a page or
 * of one type (through an id subquery, in the same batch) and the writes.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { insertSelectValues, type Statement } from "../batch";
import { inJson } from "../conditions";
import { locales, productAssociations, productAssociationTypes, productAssociationTypeTranslations } from "../schema";
import { idOfCode, rowByCode } from "./table-reads";

export const associationTypeColumns = getTableColumns(productAssociationTypes);

export type AssociationTypeRow = typeof productAssociationTypes.$inferSelect;

export const associationTypeByCode = (db: Database, code: string) => rowByCode(db, productAssociationTypes, code);

export const associationTypeIdsOfCode = (db: Database, code: string) => idOfCode(db, productAssociationTypes, code);

/** The translations of the types whose ids are in `ids`. */
export const associationTypeTranslations = (db: Database, ids: SQLWrapper) =>
  db
    .select()
    .from(productAssociationTypeTranslations)
    .where(inArray(productAssociationTypeTranslations.typeId, ids))
    .orderBy(asc(productAssociationTypeTranslations.id));

export type AssociationTypeTranslationRow = { id: number; typeId: number; locale: string; name: string };

/** Every locale code, in creation order (a translations form has one sub-form per locale, as Sylius' ResourceTranslationsType). */
export const allLocaleCodes = (db: Database) => db.select({ code: locales.code }).from(locales).orderBy(asc(locales.id));

/** Inserts or renames the translations of the type `code` (found by code, so a create's insert may come first in the batch). */
export function upsertAssociationTypeTranslations(db: Database, code: string, translations: ReadonlyMap<string, string>): Statement[] {
  if (translations.size === 0) return [];
  return insertSelectValues(db, {
    into: productAssociationTypeTranslations,
    select: sql`SELECT NULL, t.id, v.column2, v.column3`,
    join: sql`JOIN product_association_types AS t ON t.code = ${code}`,
    rows: [...translations].map(([locale, name]) => [locale, name]),
    onConflict: {
      target: [productAssociationTypeTranslations.typeId, productAssociationTypeTranslations.locale],
      set: { name: sql`excluded.name` },
    },
  });
}

/** Removes the translations of type `typeId` in `localeCodes`. */
export const deleteAssociationTypeTranslations = (db: Database, typeId: number, localeCodes: readonly string[]) =>
  db
    .delete(productAssociationTypeTranslations)
    .where(and(eq(productAssociationTypeTranslations.typeId, typeId), inJson(productAssociationTypeTranslations.locale, localeCodes)));

/** True when a product association uses the type `typeId`. */
export const associationTypeInUse = (typeId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${productAssociations} WHERE ${productAssociations.typeId} = ${typeId})`;
