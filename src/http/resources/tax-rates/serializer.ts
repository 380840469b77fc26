/**
 * Tax rates, as Sylius 1.8's admin API serializes them (TaxationBundle's
 * `Model.TaxRate.yml` and AdminApiBundle's, which hides the zone and adds the
 * links): {id, code, name, amount (number, e.g. 0.23), includedInPrice,
 * calculator, createdAt, updatedAt, _links: {self, category, zone}}, in
 * lists and alone. The amount is stored as exact decimal text;
 * `Number("0.23")` is the closest double, which JSON prints as 0.23.
 */
import type { TaxRateRow } from "../../../data/queries/tax-rates";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export function serializeTaxRate(row: TaxRateRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    amount: Number(row.amount),
    includedInPrice: row.includedInPrice,
    calculator: row.calculator,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: {
      self: href(`/tax-rates/${enc(row.code)}`),
      category: href(`/tax-categories/${enc(row.categoryCode)}`),
      zone: href(`/zones/${enc(row.zoneCode)}`),
    },
  };
}
