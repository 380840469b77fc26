/**
 * `/api/v1/countries/`: the countries addresses may use, keyed by their
 * ISO 3166-1 alpha-2 code. Sylius 1.8 has no update
 * of a country in its admin API; here PUT/PATCH change `enabled` (the code
 * cannot change). A country still used by a zone member or an address
 * cannot be deleted (409).
 *
 * List: default sorting `code asc`; sortable `code`, `createdAt`,
 * `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { eq } from "drizzle-orm";
import { defineForm } from "../../form";
import { optionalBoolean, requiredCode } from "../../fields";
import { contains } from "../../../data/conditions";
import { countries } from "../../../data/schema";
import { COUNTRY_CODES } from "../../../data/queries/zones";
import { countryByCode, countryColumns, countryInUse } from "../../../data/queries/countries";
import { nowIso } from "../../serializers/timestamps";
import { documentForm } from "../../openapi/form-docs";
import { oneRow, resourceRoutes } from "../shared/resource";
import { serializeCountry } from "./serializer";
import { Country, CountryPage } from "./schemas";

export const COUNTRY_MESSAGES = {
  codeBlank: "Please enter country ISO code.",
  codeTaken: "Country ISO code must be unique.",
} as const;

export const createForm = defineForm({
  code: requiredCode(COUNTRY_MESSAGES.codeBlank),
  enabled: optionalBoolean(),
});

documentForm(createForm, {
  component: "CountryCreate",
  descriptions: {
    code: "An officially assigned ISO 3166-1 alpha-2 code (`US`, `DE`); unique. Any other code: `This value is not valid.`",
    enabled: "Default `true`.",
  },
  example: { code: "BE", enabled: true },
});

export const updateForm = defineForm({
  code: requiredCode(COUNTRY_MESSAGES.codeBlank).optional(),
  enabled: optionalBoolean(),
});

documentForm(updateForm, {
  component: "CountryUpdate",
  descriptions: { code: "Validated, but the code of a country cannot change." },
  example: { enabled: false },
});

/** An officially assigned ISO 3166-1 alpha-2 code (Sylius' code field is Symfony's CountryType, a choice of those). */
const ISO_CODE = new RegExp(`^(?:${[...COUNTRY_CODES].join("|")})$`);

const CODE_NOTE = "A sent `code` is validated, then ignored: the code of a country cannot change.";

export const countryRoutes = resourceRoutes({
  noun: "Country",
  table: countries,
  byCode: countryByCode,
  codeShape: ISO_CODE,
  docs: {
    path: "countries",
    tag: "Countries",
    plural: "countries",
    idPrefix: "Country",
    item: Country,
    page: CountryPage,
    putNote: CODE_NOTE,
    patchNote: `${CODE_NOTE} Fields not sent keep their values.`,
  },
  inUse: (row) => countryInUse(row.code),
  list: {
    spec: {
      sortable: { code: countries.code, createdAt: countries.createdAt, updatedAt: countries.updatedAt },
      defaultSorting: { field: "code", direction: "asc" },
      filters: { code: (value: string) => contains(countries.code, value) },
    },
    select: (db) => db.select(countryColumns).from(countries).$dynamic(),
    items: (rows) => rows.map(serializeCountry),
  },
  one: oneRow(countryByCode, serializeCountry),
  create: {
    form: createForm,
    unique: COUNTRY_MESSAGES.codeTaken,
    check: () => undefined,
    writes: (db, code, _plan, { values }) => ({ row: db.insert(countries).values({ code, enabled: values.enabled ?? true }) }),
  },
  update: {
    form: updateForm,
    // A PUT without a body is the form submitted empty: its code is blank (as the other code-keyed resources).
    emptyPut: { code: COUNTRY_MESSAGES.codeBlank },
    check: () => undefined,
    writes: (db, row, _plan, { values }) => [
      db
        .update(countries)
        .set({ enabled: values.enabled ?? row.enabled, updatedAt: nowIso() })
        .where(eq(countries.id, row.id)),
    ],
  },
});
