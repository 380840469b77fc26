/**
 * Provinces, as AddressingBundle's Model.Province.yml serializes them in the
 * Detailed group (Sylius 1.8), alone and inside their country:
 * {id, code, name, abbreviation (when set), _links {self, country}}.
 */
import type { ProvinceRow } from "../../../data/queries/countries";
import { enc, href } from "../../serializers/links";

export const provincePath = (countryCode: string, code: string) => `/countries/${enc(countryCode)}/provinces/${enc(code)}`;

export function serializeProvince(row: ProvinceRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    // JMS leaves null properties out.
    ...(row.abbreviation === null ? {} : { abbreviation: row.abbreviation }),
    _links: { self: href(provincePath(row.countryCode, row.code)), country: href(`/countries/${enc(row.countryCode)}`) },
  };
}
