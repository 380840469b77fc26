import { describe, expect, it } from "vitest";
import { addressFormFields, checkAddress, checkAddressing, formText, pickAddresses } from "../../../../src/domain/orders";

const countries = new Map([
  ["FR", true],
  ["US", true],
  ["DE", false], // known but disabled
]);

const jon = { firstName: "Jon", lastName: "Snow", countryCode: "FR", street: "Rue de la Paix 1", city: "Paris", postcode: "75002" };
const arya = { ...jon, firstName: "Arya", street: "Main St 2", countryCode: "US", city: "Boston", postcode: "02101" };

const BLANK = {
  firstName: ["Please enter first name."],
  lastName: ["Please enter last name."],
  countryCode: ["Please select country."],
  street: ["Please enter street."],
  city: ["Please enter city."],
  postcode: ["Please enter postcode."],
};

describe("pickAddresses: the flags (Checkout AddressType PRE_SUBMIT)", () => {
  it.each([
    ["no flag, billing sent: copied to shipping", { billingAddress: jon }, jon, jon],
    ["no flag, shipping sent: copied to billing", { shippingAddress: arya }, arya, arya],
    ["no flag, both sent: billing wins", { shippingAddress: arya, billingAddress: jon }, jon, jon],
    ["differentBillingAddress: both as sent", { shippingAddress: arya, billingAddress: jon, differentBillingAddress: true }, arya, jon],
    ["differentShippingAddress: the same meaning", { shippingAddress: arya, billingAddress: jon, differentShippingAddress: true }, arya, jon],
    ["a flag, only shipping sent: billing stays missing", { shippingAddress: arya, differentBillingAddress: true }, arya, undefined],
    ["false flags are no flags", { shippingAddress: arya, billingAddress: jon, differentBillingAddress: false, differentShippingAddress: "0" }, jon, jon],
    ["a null billing is not sent", { shippingAddress: arya, billingAddress: null }, arya, arya],
    ["nothing sent", {}, undefined, undefined],
  ])("%s", (_case, body, shipping, billing) => {
    expect(pickAddresses(body)).toEqual({ shippingAddress: shipping, billingAddress: billing });
  });
});

describe("checkAddress: one address form", () => {
  it("accepts a complete address, trimmed, optional fields null", () => {
    expect(checkAddress({ ...jon, city: "  Paris ", phoneNumber: "" }, countries)).toEqual({
      ok: true,
      address: { ...jon, phoneNumber: null, company: null, provinceCode: null, provinceName: null },
    });
  });

  it.each([
    ["not sent", undefined],
    ["null", null],
    ["empty", {}],
    ["blank strings", { firstName: " ", lastName: "", countryCode: "", street: "  ", city: "", postcode: "" }],
  ])("a missing address (%s): every required field says so", (_case, submitted) => {
    expect(checkAddress(submitted, countries)).toEqual({ ok: false, errors: { form: [], fields: BLANK } });
  });

  it.each([
    ["firstName", "J", "First name must be at least 2 characters long."],
    ["lastName", "S", "Last name must be at least 2 characters long."],
    ["street", "x", "Street must be at least 2 characters long."],
    ["city", "P", "City must be at least 2 characters long."],
    ["firstName", "J".repeat(256), "First name must not be longer than 255 characters."],
    ["postcode", "9".repeat(256), "Postcode must not be longer than 255 characters."],
    ["countryCode", "XX", "This value is not valid."], // unknown
    ["countryCode", "DE", "This value is not valid."], // disabled
    ["city", ["Paris"], "This value is not valid."], // not a text
  ])("%s = %j → %s", (field, value, message) => {
    expect(checkAddress({ ...jon, [field]: value }, countries)).toEqual({ ok: false, errors: { form: [], fields: { [field]: [message] } } });
  });

  it("counts characters, not UTF-16 units: two emoji are long enough", () => {
    expect(checkAddress({ ...jon, firstName: "😀😀" }, countries).ok).toBe(true);
    expect(checkAddress({ ...jon, firstName: "😀" }, countries).ok).toBe(false);
  });

  it("a non-object address is not valid as a whole", () => {
    expect(checkAddress("Paris", countries)).toEqual({ ok: false, errors: { form: ["This value is not valid."], fields: {} } });
  });

  it("unknown keys are extra fields; the province field exists for a known country only (provinceName for a country without provinces)", () => {
    expect(checkAddress({ ...jon, provinceName: "Île-de-France" }, countries)).toMatchObject({ ok: true });
    expect(checkAddress({ ...jon, provinceCode: "FR-75" }, countries)).toEqual({
      ok: false,
      errors: { form: ["This form should not contain extra fields."], fields: {} },
    });
    expect(checkAddress({ ...jon, nickname: "Lord Snow" }, countries)).toMatchObject({
      errors: { form: ["This form should not contain extra fields."] },
    });
    expect(addressFormFields(jon, countries)).toContain("provinceName");
    expect(addressFormFields({ ...jon, countryCode: "DE" }, countries)).toContain("provinceName"); // known, though disabled
    expect(addressFormFields({ ...jon, countryCode: "XX" }, countries)).not.toContain("provinceName");
  });
});

describe("checkAddress: provinces (BuildAddressFormSubscriber, ProvinceAddressConstraint)", () => {
  const provinces = new Map([["US", new Set(["US-CA", "US-NY"])]]);
  const sent = (over: Record<string, unknown>) => ({ ...arya, ...over });

  it("a country with provinces has a provinceCode choice, not provinceName", () => {
    expect(addressFormFields(arya, countries, provinces)).toEqual([
      "firstName", "lastName", "phoneNumber", "company", "countryCode", "street", "city", "postcode", "provinceCode",
    ]);
    expect(addressFormFields(jon, countries, provinces)).toContain("provinceName");
  });

  it.each([
    ["one of the country's provinces", { provinceCode: "US-CA" }, { ok: true, address: expect.objectContaining({ provinceCode: "US-CA", provinceName: null }) }],
    ["trimmed", { provinceCode: " US-NY " }, { ok: true, address: expect.objectContaining({ provinceCode: "US-NY" }) }],
    ["another country's or an unknown province", { provinceCode: "FR-75" }, { ok: false, errors: { form: [], fields: { provinceCode: ["This value is not valid."] } } }],
    ["none: the address needs one", {}, { ok: false, errors: { form: ["Please select proper province."], fields: {} } }],
    ["a blank one", { provinceCode: "" }, { ok: false, errors: { form: ["Please select proper province."], fields: {} } }],
    ["a province name instead: an extra field (the constraint waits for the other failures)", { provinceName: "California" }, {
      ok: false,
      errors: { form: ["This form should not contain extra fields."], fields: {} },
    }],
    ["none, with another failure: only that failure", { provinceCode: null, city: "" }, { ok: false, errors: { form: [], fields: { city: ["Please enter city."] } } }],
  ])("%s", (_case, over, expected) => {
    expect(checkAddress(sent(over), countries, provinces)).toEqual(expected);
  });

  it("checkAddressing passes the provinces to both addresses", () => {
    const result = checkAddressing({ shippingAddress: sent({ provinceCode: "US-CA" }), billingAddress: jon, differentBillingAddress: true }, countries, provinces);
    expect(result).toMatchObject({ ok: true, shippingAddress: { provinceCode: "US-CA" }, billingAddress: { provinceCode: null } });
  });
});

describe("formText (how Symfony's form reads a text field)", () => {
  it.each([
    [undefined, { ok: true, value: null }],
    [null, { ok: true, value: null }],
    [false, { ok: true, value: null }],
    [true, { ok: true, value: "1" }],
    [75002, { ok: true, value: "75002" }],
    ["  x  ", { ok: true, value: "x" }],
    ["   ", { ok: true, value: null }],
    [{}, { ok: false }],
    [[], { ok: false }],
  ])("%j → %j", (value, expected) => {
    expect(formText(value)).toEqual(expected);
  });
});

describe("checkAddressing: flags, then both forms", () => {
  it("no flag: one billing address serves both", () => {
    expect(checkAddressing({ billingAddress: jon }, countries)).toMatchObject({
      ok: true,
      shippingAddress: { firstName: "Jon" },
      billingAddress: { firstName: "Jon" },
    });
  });

  it("a flag: both must be valid; errors reported under each", () => {
    expect(checkAddressing({ shippingAddress: arya, differentBillingAddress: true }, countries)).toEqual({
      ok: false,
      errors: { shippingAddress: { form: [], fields: {} }, billingAddress: { form: [], fields: BLANK } },
    });
  });

  it("nothing sent: both report every required field", () => {
    expect(checkAddressing({}, countries)).toEqual({
      ok: false,
      errors: { shippingAddress: { form: [], fields: BLANK }, billingAddress: { form: [], fields: BLANK } },
    });
  });
});
