/**
 * One submitted address, checked as Sylius' address form checks it
 * (AddressingBundle: AddressType, BuildAddressFormSubscriber, validation
 * Address.xml): text fields trimmed and "" read as missing; NotBlank, then
 * Length on names, street, city and postcode; `countryCode` one of the
 * enabled countries; the province field exists only once the country is a
 * known one (BuildAddressFormSubscriber): `provinceCode`, a choice of the
 * country's provinces, for a country that has provinces, else
 * `provinceName`, a free text (the other one is then an extra field). A
 * country with provinces needs one of its own (ProvinceAddressConstraint:
 * `Please select proper province.` on the address, checked only when the
 * address has no other failure; a code that is not one of the country's is
 * `This value is not valid.` on `provinceCode`).
 * Sylius puts no length limit on phone number, company or province name.
 */
import { MSG } from "../messages";
import { ORDER_MSG, type AddressTextLabel } from "./messages";

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "company",
  "countryCode",
  "street",
  "city",
  "postcode",
  "provinceCode",
  "provinceName",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface Address {
  readonly firstName: string;
  readonly lastName: string;
  readonly countryCode: string;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  readonly phoneNumber: string | null;
  readonly company: string | null;
  readonly provinceCode: string | null;
  readonly provinceName: string | null;
}

/** Country code → enabled. A known country gets a province field, only an enabled one is accepted. */
export type CountryCatalog = ReadonlyMap<string, boolean>;

/** Country code → the codes of its provinces (a country absent or with none: `provinceName`). */
export type ProvinceCatalog = ReadonlyMap<string, ReadonlySet<string>>;

const NO_PROVINCES: ProvinceCatalog = new Map();

export interface AddressErrors {
  /** Errors of the address form itself (not an object, extra fields). */
  readonly form: readonly string[];
  readonly fields: Partial<Record<AddressField, readonly string[]>>;
}

export type AddressCheck = { readonly ok: true; readonly address: Address } | { readonly ok: false; readonly errors: AddressErrors };

/** The fields the form has for this submission (the province field appears with a known country). */
export function addressFormFields(submitted: unknown, countries: CountryCatalog, provinces: ProvinceCatalog = NO_PROVINCES): AddressField[] {
  const fields: AddressField[] = ["firstName", "lastName", "phoneNumber", "company", "countryCode", "street", "city", "postcode"];
  const code = isRecord(submitted) ? submitted.countryCode : undefined;
  if (typeof code === "string" && countries.has(code)) fields.push(provinces.get(code)?.size ? "provinceCode" : "provinceName");
  return fields;
}

type Text = { readonly ok: true; readonly value: string | null } | { readonly ok: false };

/**
 * A text field as Symfony's Form::submit reads it: false/null → missing,
 * other scalars → their string, arrays and objects → not valid; trimmed, "" → missing.
 */
export function formText(value: unknown): Text {
  if (value === undefined || value === null || value === false) return { ok: true, value: null };
  if (value === true) return { ok: true, value: "1" };
  if (typeof value === "number") return { ok: true, value: textOrNull(String(value)) };
  if (typeof value === "string") return { ok: true, value: textOrNull(value) };
  return { ok: false };
}

function textOrNull(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed === "" ? null : trimmed;
}

const REQUIRED: readonly { field: AddressField; blank: string; length?: { label: AddressTextLabel; min: number } }[] = [
  { field: "firstName", blank: ORDER_MSG.firstNameBlank, length: { label: "First name", min: 2 } },
  { field: "lastName", blank: ORDER_MSG.lastNameBlank, length: { label: "Last name", min: 2 } },
  { field: "countryCode", blank: ORDER_MSG.countryBlank },
  { field: "street", blank: ORDER_MSG.streetBlank, length: { label: "Street", min: 2 } },
  { field: "city", blank: ORDER_MSG.cityBlank, length: { label: "City", min: 2 } },
  { field: "postcode", blank: ORDER_MSG.postcodeBlank, length: { label: "Postcode", min: 1 } },
];
const MAX_LENGTH = 255;

/** A missing address (not sent, null) is an empty one: every required field reports its blank message. */
export function checkAddress(submitted: unknown, countries: CountryCatalog, provinces: ProvinceCatalog = NO_PROVINCES): AddressCheck {
  if (submitted !== undefined && submitted !== null && !isRecord(submitted)) {
    return { ok: false, errors: { form: [MSG.invalid], fields: {} } };
  }
  const data: Record<string, unknown> = submitted ?? {};
  const allowed = addressFormFields(data, countries, provinces);
  const form: string[] = Object.keys(data).some((key) => !allowed.some((field) => field === key)) ? [MSG.extraFields] : [];

  const fields: Partial<Record<AddressField, string[]>> = {};
  const values = new Map<AddressField, string | null>();
  for (const field of allowed) {
    const text = formText(data[field]);
    if (text.ok) values.set(field, text.value);
    else fields[field] = [MSG.invalid];
  }
  for (const rule of REQUIRED) {
    if (fields[rule.field] !== undefined) continue;
    const value = values.get(rule.field) ?? null;
    const problem = value === null ? rule.blank : rule.length === undefined ? null : lengthProblem(value, rule.length);
    if (problem !== null) fields[rule.field] = [problem];
  }
  const country = values.get("countryCode") ?? null;
  if (country !== null && fields.countryCode === undefined && countries.get(country) !== true) {
    fields.countryCode = [ORDER_MSG.countryInvalid];
  }
  const countryProvinces = country === null ? undefined : provinces.get(country);
  const province = values.get("provinceCode") ?? null;
  if (countryProvinces?.size && province !== null && fields.provinceCode === undefined && !countryProvinces.has(province)) {
    fields.provinceCode = [MSG.invalid];
  }
  // ProvinceAddressConstraint: only for an address without another failure.
  if (countryProvinces?.size && province === null && form.length === 0 && Object.keys(fields).length === 0) {
    form.push(ORDER_MSG.provinceInvalid);
  }
  const address = form.length === 0 && Object.keys(fields).length === 0 ? toAddress(values) : null;
  return address === null ? { ok: false, errors: { form, fields } } : { ok: true, address };
}

function lengthProblem(value: string, rule: { label: AddressTextLabel; min: number }): string | null {
  const size = length(value);
  if (size < rule.min) return ORDER_MSG.tooShort(rule.label, rule.min);
  if (size > MAX_LENGTH) return ORDER_MSG.tooLong(rule.label, MAX_LENGTH);
  return null;
}

/** Symfony's Length counts characters (code points), not UTF-16 units. */
function length(value: string): number {
  return [...value].length;
}

function toAddress(values: ReadonlyMap<AddressField, string | null>): Address | null {
  const get = (field: AddressField) => values.get(field) ?? null;
  const firstName = get("firstName");
  const lastName = get("lastName");
  const countryCode = get("countryCode");
  const street = get("street");
  const city = get("city");
  const postcode = get("postcode");
  if (firstName === null || lastName === null || countryCode === null || street === null || city === null || postcode === null) {
    return null;
  }
  return {
    firstName,
    lastName,
    countryCode,
    street,
    city,
    postcode,
    phoneNumber: get("phoneNumber"),
    company: get("company"),
    provinceCode: get("provinceCode"),
    provinceName: get("provinceName"),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
