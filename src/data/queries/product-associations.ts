/**
 * A product's associations (one per association type, each linking to other
 * products): the reads of the products whose ids are in a subquery (one
 * batch) and the statements that replace a product's associations.
 */
import { asc, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import type { NamedResults, Statement } from "../batch";
import { groupBy } from "../collections";
import { productAssociationProducts, productAssociations, productAssociationTypes } from "../schema";
import { associationTypeColumns, associationTypeTranslations, type AssociationTypeRow, type AssociationTypeTranslationRow } from "./product-association-types";
import { productDetailReads, productDetails, type ProductDetail } from "./products";

export interface AssociationRecord {
  id: number;
  type: AssociationTypeRow;
  typeTranslations: AssociationTypeTranslationRow[];
  /** The associated products, by id. */
  products: ProductDetail[];
}

/** The reads of the associations of the products whose ids are in `ids` (`associationRecords` assembles them). */
export function associationReads(db: Database, ids: SQLWrapper) {
  const associationIds = db.select({ id: productAssociations.id }).from(productAssociations).where(inArray(productAssociations.productId, ids));
  const typeIds = db.select({ id: productAssociations.typeId }).from(productAssociations).where(inArray(productAssociations.productId, ids));
  const linkedIds = db
    .select({ id: productAssociationProducts.productId })
    .from(productAssociationProducts)
    .where(inArray(productAssociationProducts.associationId, associationIds));
  return {
    associations: db
      .select({ id: productAssociations.id, ownerId: productAssociations.productId, typeId: productAssociations.typeId })
      .from(productAssociations)
      .where(inArray(productAssociations.productId, ids))
      .orderBy(asc(productAssociations.id)),
    types: db.select(associationTypeColumns).from(productAssociationTypes).where(inArray(productAssociationTypes.id, typeIds)),
    translations: associationTypeTranslations(db, typeIds),
    links: db
      .select({ associationId: productAssociationProducts.associationId, linkedId: productAssociationProducts.productId })
      .from(productAssociationProducts)
      .where(inArray(productAssociationProducts.associationId, associationIds))
      .orderBy(asc(productAssociationProducts.productId)),
    linked: productDetailReads(db, linkedIds),
  };
}

/** The associations `associationReads` read, by product id. */
export function associationRecords(found: NamedResults<ReturnType<typeof associationReads>>): Map<number, AssociationRecord[]> {
  const typeById = new Map(found.types.map((type) => [type.id, type]));
  const translationsOf = groupBy(found.translations, (t) => t.typeId);
  const productById = new Map(productDetails(found.linked).map((product) => [product.id, product]));
  const linksOf = groupBy(found.links, (link) => link.associationId);
  const records = found.associations.flatMap((association) => {
    const type = typeById.get(association.typeId);
    if (!type) return [];
    const products = (linksOf.get(association.id) ?? []).flatMap((link) => productById.get(link.linkedId) ?? []);
    return [{ ownerId: association.ownerId, record: { id: association.id, type, typeTranslations: translationsOf.get(type.id) ?? [], products } }];
  });
  const byOwner = groupBy(records, (r) => r.ownerId);
  return new Map([...byOwner].map(([owner, list]) => [owner, list.map((r) => r.record)]));
}

export interface AssociationInput {
  typeId: number;
  productIds: number[];
}

/** Replaces the associations of product `code` (found by code, so a create's insert may come first in the batch). */
export function replaceAssociations(db: Database, code: string, associations: readonly AssociationInput[]): Statement[] {
  const owner = sql`(SELECT p.id FROM products AS p WHERE p.code = ${code})`;
  const statements: Statement[] = [db.delete(productAssociations).where(sql`${productAssociations.productId} = ${owner}`)];
  for (const { typeId, productIds } of associations) {
    statements.push(db.insert(productAssociations).select(sql`SELECT NULL, p.id, ${typeId} FROM products AS p WHERE p.code = ${code}`));
    if (productIds.length === 0) continue;
    statements.push(
      db
        .insert(productAssociationProducts)
        .select(
          sql`SELECT pa.id, j.value FROM product_associations AS pa JOIN json_each(${JSON.stringify(productIds)}) AS j WHERE pa.type_id = ${typeId} AND pa.product_id = ${owner}`,
        ),
    );
  }
  return statements;
}
