/**
 * Countries, as Sylius 1.8 serializes them (AddressingBundle
 * `Model.Country.yml`):
 * - `serializeCountry` (Detailed: one country): {id, code, provinces, enabled, _links.self};
 * - `serializeCountryListItem` (Default: a list's item): {id, code, _links.self}.
 */
import type { CountryRow, ProvinceRow } from "../../../data/queries/countries";
import { enc, href } from "../../serializers/links";
import { serializeProvince } from "../provinces/serializer";

export const countryLinks = (code: string) => ({ self: href(`/countries/${enc(code)}`) });

export function serializeCountry(row: CountryRow, provinces: readonly ProvinceRow[]) {
  return {
    id: row.id,
    code: row.code,
    provinces: provinces.map(serializeProvince),
    enabled: row.enabled,
    _links: countryLinks(row.code),
  };
}

export function serializeCountryListItem(row: CountryRow) {
  return { id: row.id, code: row.code, _links: countryLinks(row.code) };
}
