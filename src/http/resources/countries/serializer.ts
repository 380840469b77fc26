/**
 * Countries, as Sylius 1.8 serializes them (AddressingBundle
 * `Model.Country.yml`): {id, code, provinces: [], enabled, _links.self}.
 * Provinces are not modelled: always `[]`.
 */
import type { CountryRow } from "../../../data/queries/countries";
import { enc, href } from "../../serializers/links";

export const countryLinks = (code: string) => ({ self: href(`/countries/${enc(code)}`) });

export function serializeCountry(row: CountryRow) {
  return {
    id: row.id,
    code: row.code,
    provinces: [],
    enabled: row.enabled,
    _links: countryLinks(row.code),
  };
}
