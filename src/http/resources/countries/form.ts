/**
 * The country form: AddressingBundle's CountryType with CoreBundle's
 * CountryTypeExtension (provinces: a collection of ProvinceType {name,
 * abbreviation, code}; enabled: a checkbox; code: added on PRE_SET_DATA, so
 * last), Country.xml, Province.xml and AddressingBundle's validators.en.yml.
 */
import { z } from "zod";
import { defineForm, isPlainObject, type FormResult } from "../../form";
import { optionalBoolean, requiredCode } from "../../fields";
import { MSG } from "../../../domain/messages";
import type { ProvinceValues } from "../../../data/queries/countries";
import { documentForm, type InputShape } from "../../openapi/form-docs";
import { checkText } from "../shared/fields";

export const COUNTRY_MESSAGES = {
  codeBlank: "Please enter country ISO code.",
  codeTaken: "Country ISO code must be unique.",
  provinceCodeBlank: "Please enter province code.",
  provinceCodeFormat: "Province code should have the following format XX-XX (e.g. US-FL).",
  provinceCodeTaken: "Province code must be unique.",
  provinceNameBlank: "Please enter province name.",
  provinceNameTooShort: "Province name must be at least 2 characters long.",
  provinceNameTooLong: "Province name must not be longer than 255 characters.",
  provinceNameTaken: "Province name must be unique.",
  provinceInUse: "Cannot delete, the province is in use.",
} as const;

/** ProvinceType entries, checked entry by entry in `parseProvinces`. */
const provinces = () => z.unknown().optional();

export const createForm = defineForm({
  provinces: provinces(),
  enabled: optionalBoolean(),
  code: requiredCode(COUNTRY_MESSAGES.codeBlank),
}, { lists: ["provinces"] });

const PROVINCES: InputShape = {
  schema: z
    .array(z.object({ code: z.string(), name: z.string(), abbreviation: z.string().nullable().optional() }))
    .meta({
      description:
        "The country's provinces: `code` ISO 3166-2 (`XX-...`, unique across countries), `name` (2 to 255 characters, unique in the country), `abbreviation` (optional).",
    }),
  examples: [[{ code: "BE-VLI", name: "Limburg", abbreviation: "LI" }]],
};

documentForm(createForm, {
  component: "CountryCreate",
  shapes: { provinces: PROVINCES },
  descriptions: {
    code: "An officially assigned ISO 3166-1 alpha-2 code (`US`, `DE`); unique. Any other code: `This value is not valid.`",
    enabled: "A checkbox, as in Sylius: not sent is `false`.",
  },
  example: { code: "BE", enabled: true, provinces: [{ code: "BE-VLI", name: "Limburg" }] },
});

// A PUT leaving them out empties the provinces and unchecks `enabled` (Sylius' CheckboxType); PATCH keeps them.
export const updateForm = defineForm(
  {
    provinces: provinces(),
    enabled: optionalBoolean(),
    code: requiredCode(COUNTRY_MESSAGES.codeBlank).optional(),
  },
  { cleared: { provinces: [], enabled: false }, lists: ["provinces"] },
);

documentForm(updateForm, {
  component: "CountryUpdate",
  shapes: {
    provinces: {
      ...PROVINCES,
      schema: PROVINCES.schema.meta({
        description:
          "The country's provinces become this list: matched by code (kept, renamed), added, and those not listed removed (not while a province zone has them). Not sent: a PUT removes them all, a PATCH keeps them.",
      }),
    },
  },
  descriptions: { code: "Validated, but the code of a country cannot change.", enabled: "A checkbox: not sent, a PUT makes it `false`, a PATCH keeps it." },
  example: { enabled: false },
});

type CountryFormResult = FormResult<typeof createForm.shape> | FormResult<typeof updateForm.shape>;

const PROVINCE_CODE = /^[A-Z]{2}-[A-Z0-9]{1,}$/;
const NAME_LENGTH = { min: 2, tooShort: COUNTRY_MESSAGES.provinceNameTooShort, max: 255, tooLong: COUNTRY_MESSAGES.provinceNameTooLong };

/** The province codes a body sends (well-formed entries only), for the read batch. */
export function sentProvinceCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => (isPlainObject(entry) && typeof entry.code === "string" ? [entry.code] : []));
}

/**
 * Checks CountryType's `provinces` (a collection of ProvinceType): entry
 * failures inside `provinces.children.<i>.children.<field>`. `takenElsewhere`
 * are the sent codes another country holds. Returns the valid provinces.
 */
export function parseProvinces(result: CountryFormResult, value: unknown, takenElsewhere: ReadonlySet<string>): ProvinceValues[] {
  if (value !== undefined && value !== null && !Array.isArray(value)) {
    result.fail("provinces", MSG.invalid);
    return [];
  }
  const entries: unknown[] = Array.isArray(value) ? value : [];
  const leaves = { name: {}, abbreviation: {}, code: {} };
  result.shape("provinces", entries.length ? { children: Object.fromEntries(entries.map((_, i) => [String(i), { children: structuredClone(leaves) }])) } : {});
  const list: ProvinceValues[] = [];
  const codes = new Set<string>();
  const names = new Set<string>();
  entries.forEach((entry, index) => {
    const at = String(index);
    if (!isPlainObject(entry)) {
      result.failAt("provinces", [at], MSG.invalid);
      return;
    }
    let ok = true;
    const fail = (path: string[], message: string) => {
      result.failAt("provinces", [at, ...path], message);
      ok = false;
    };
    if (Object.keys(entry).some((key) => !(key in leaves))) fail([], MSG.extraFields);
    const name = checkText(entry.name, COUNTRY_MESSAGES.provinceNameBlank, NAME_LENGTH);
    if (name.message !== null) fail(["name"], name.message);
    else if (names.has(name.text)) fail(["name"], COUNTRY_MESSAGES.provinceNameTaken);
    const abbreviation = entry.abbreviation;
    const shortName = abbreviation === undefined || abbreviation === null || abbreviation === "" ? null : abbreviation;
    if (shortName !== null && (typeof shortName !== "string" || shortName.length > 255)) fail(["abbreviation"], MSG.invalid);
    const code = checkText(entry.code, COUNTRY_MESSAGES.provinceCodeBlank);
    if (code.message !== null) fail(["code"], code.message);
    else if (!PROVINCE_CODE.test(code.text)) fail(["code"], COUNTRY_MESSAGES.provinceCodeFormat);
    else if (codes.has(code.text) || takenElsewhere.has(code.text)) fail(["code"], COUNTRY_MESSAGES.provinceCodeTaken);
    if (name.text !== null) names.add(name.text);
    if (code.text !== null) codes.add(code.text);
    if (ok && name.text !== null && code.text !== null) list.push({ code: code.text, name: name.text, abbreviation: typeof shortName === "string" ? shortName : null });
  });
  return list;
}
