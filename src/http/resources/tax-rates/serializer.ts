/**
 * Tax rates: {id, code, name, amount (number, e.g. 0.23), includedInPrice,
 * calculator, category: {id, code, name, _links}, zone: {id, code, name, _links},
 * createdAt, updatedAt, _links.self}. The amount is stored as exact decimal
 * text; `Number("0.23")` is the closest double, which JSON prints as 0.23.
 */
import type { TaxRateRow } from "../../../data/queries/tax-rates";
import { serializeTaxCategory, type CategoryRow } from "../categories/serializer";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { serializeZoneReference, type ZoneRefRow } from "../zones/serializer";

export function serializeTaxRate(row: TaxRateRow, category: CategoryRow, zone: ZoneRefRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    amount: Number(row.amount),
    includedInPrice: row.includedInPrice,
    calculator: row.calculator,
    category: serializeTaxCategory(category, "listItem"),
    zone: serializeZoneReference(zone),
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(`/tax-rates/${enc(row.code)}`) },
  };
}
