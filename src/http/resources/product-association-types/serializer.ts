/**
 * Product association types, as Sylius 1.8 serializes them (ProductBundle's
 * Model.ProductAssociationType.yml): in a list (Default group)
 * `{id, code, translations, _links.self}`; alone (Default and Detailed)
 * with `createdAt` and `updatedAt` too. `translations` is keyed by locale
 * (`[]` when none): `{id, locale, name}`.
 */
import type { AssociationTypeRow, AssociationTypeTranslationRow } from "../../../data/queries/product-association-types";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { keyedByLocale } from "../product-options/serializer";

export const associationTypeLink = (code: string) => href(`/product-association-types/${enc(code)}`);

export function serializeAssociationTypeListItem(row: AssociationTypeRow, translations: readonly AssociationTypeTranslationRow[]) {
  return {
    id: row.id,
    code: row.code,
    translations: keyedByLocale(translations, ({ id, locale, name }) => ({ id, locale, name })),
    _links: { self: associationTypeLink(row.code) },
  };
}

export function serializeAssociationType(row: AssociationTypeRow, translations: readonly AssociationTypeTranslationRow[]) {
  const { _links, ...item } = serializeAssociationTypeListItem(row, translations);
  return { ...item, createdAt: atom(row.createdAt), updatedAt: atom(row.updatedAt), _links };
}
