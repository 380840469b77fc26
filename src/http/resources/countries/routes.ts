/**
 * `/api/v1/countries/`: the countries addresses may use, keyed by their
 * ISO 3166-1 alpha-2 code, with their provinces (the form: ./form.ts; one
 * province: ../provinces/). Sylius 1.8 has no update of a country in its
 * admin API; here PUT/PATCH change `enabled` and, when sent, the provinces
 * (the code cannot change). A country still used by a zone member (itself
 * or one of its provinces) or an address cannot be deleted (409).
 *
 * List (Sylius' Default group: id, code, link): default sorting `createdAt
 * asc` (Sylius lists countries in the order they were added); sortable
 * `code`, `createdAt`, `updatedAt`; `criteria[code]`. Countries have no
 * list counter: a few hundred rows at most, counted by their list.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import type { Database } from "../../../data/db";
import { countries } from "../../../data/schema";
import { COUNTRY_CODES } from "../../../data/queries/zones";
import {
  countryByCode,
  countryColumns,
  countryInUse,
  provincesOfCountries,
  provincesOfCountryInZones,
  provincesWithCodes,
  replaceProvinces,
} from "../../../data/queries/countries";
import { idOfCode } from "../../../data/queries/table-reads";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes, withParts } from "../shared/resource";
import { resourceNames } from "../shared/names";
import { withOwnParts } from "../shared/own-parts";
import { COUNTRY_MESSAGES, createForm, parseProvinces, sentProvinceCodes, updateForm } from "./form";
import { serializeCountry, serializeCountryListItem } from "./serializer";
import { Country, CountryPage } from "./schemas";
import { textFilter } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

/** An officially assigned ISO 3166-1 alpha-2 code (Sylius' code field is Symfony's CountryType, a choice of those). */
const ISO_CODE = new RegExp(`^(?:${[...COUNTRY_CODES].join("|")})$`);

const CODE_NOTE = "A sent `code` is validated, then ignored: the code of a country cannot change.";

const idsOfCode = (db: Database, code: string) => idOfCode(db, countries, code);

const withProvinces = withParts(
  countryByCode,
  idsOfCode,
  (db, ids) => ({ provinces: provincesOfCountries(db, ids) }),
  (rows, { provinces }) => withOwnParts(rows, provinces, (p) => p.countryId, serializeCountry),
);

export const countryRoutes = resourceRoutes({
  noun: "Country",
  events: { resource: "country" },
  table: countries,
  byCode: countryByCode,
  codeShape: ISO_CODE,
  docs: {
    area: "config",
    ...resourceNames("Country", "countries"),
    item: Country,
    page: CountryPage,
    putNote: CODE_NOTE,
    patchNote: `${CODE_NOTE} Fields not sent keep their values.`,
  },
  inUse: (row) => countryInUse(row.code),
  list: {
    spec: {
      // Sylius' grid: `code`, `name` (sorted by the code), `enabled`.
      sortable: { code: countries.code, name: countries.code, enabled: countries.enabled, createdAt: countries.createdAt, updatedAt: countries.updatedAt },
      defaultSorting: { field: "createdAt", direction: "asc" },
      filters: { code: textFilter(countries.code) },
    },
    select: (db) => listRows(db, countries, countryColumns),
    items: (rows) => rows.map(serializeCountryListItem),
  },
  one: withProvinces.one,
  create: {
    form: createForm,
    unique: COUNTRY_MESSAGES.codeTaken,
    reads: (db, values) => ({ taken: provincesWithCodes(db, sentProvinceCodes(values.provinces)) }),
    check: (result, { taken }) => parseProvinces(result, result.values.provinces, new Set(taken.map((p) => p.code))),
    writes: (db, code, list, { values }) => ({
      // `enabled` is a checkbox (CoreBundle's CountryTypeExtension): not sent is unchecked.
      row: insertRow(db, countries, { code, enabled: values.enabled ?? false }),
      provinces: list.length > 0 ? replaceProvinces(db, code, list) : undefined,
    }),
  },
  update: {
    form: updateForm,
    reads: (db, code, values) => ({ taken: provincesWithCodes(db, sentProvinceCodes(values.provinces)), inZones: provincesOfCountryInZones(db, code) }),
    // A PUT without a body is the form submitted empty: its code is blank (as the other code-keyed resources).
    emptyPut: { code: COUNTRY_MESSAGES.codeBlank },
    check: (result, { taken, inZones }, row, { emptyPut }) => {
      // Sent, or cleared by a PUT (the list empties); an empty PUT fails on its code alone.
      if ((!result.submitted.has("provinces") && result.values.provinces === undefined) || emptyPut) return undefined;
      const elsewhere = new Set(taken.filter((p) => p.countryId !== row.id).map((p) => p.code));
      const list = parseProvinces(result, result.values.provinces, elsewhere);
      const kept = new Set(list.map((p) => p.code));
      if (result.isValid("provinces") && inZones.some((p) => !kept.has(p.code))) result.fail("provinces", COUNTRY_MESSAGES.provinceInUse);
      return list;
    },
    writes: (db, row, list, { values }) => [
      updateById(db, countries, row.id, { enabled: values.enabled ?? row.enabled, updatedAt: nowIso() }),
      ...(list ? replaceProvinces(db, row.code, list) : []),
    ],
  },
});
