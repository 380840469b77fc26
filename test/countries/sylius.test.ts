/**
 * Countries as Sylius 1.8's CountryApiTest drives them
 * (tests/Responses/country/*.json): AdminApiBundle's routing/country.yml,
 * AddressingBundle's Model.Country.yml (Detailed: provinces and enabled;
 * Default, in lists: id, code, link), CountryType with CoreBundle's
 * CountryTypeExtension (provinces, enabled as a checkbox, code last),
 * Country.xml and Province.xml. Country codes are one shared, fixed set:
 * where Sylius uses BE, NL and PL, these tests take free codes.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createCountry, uniqueProvinceCode } from "../fixtures/references";
import { validationFailed } from "../fixtures/sylius";

const BASE = "/api/v1/countries/";
const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };

/** A free country code, its country created by `create` (the first code it takes). */
async function freeCode(create: (code: string) => Promise<{ status: number; body: any }>) {
  const probe = await createCountry();
  // Free the probe's code again and use it: the create under test is then the one that takes it.
  expect((await api("DELETE", `${BASE}${probe.code}`)).status).toBe(204);
  return { code: probe.code as string, res: await create(probe.code) };
}

describe("countries (Sylius 1.8 CountryApiTest)", () => {
  it("it_denies_creating_country_for_non_authenticated_user, it_denies_getting_country_for_non_authenticated_user", async () => {
    for (const [method, path] of [["POST", BASE], ["GET", `${BASE}1`]] as const) {
      const res = await api(method, path, undefined, { token: null });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(ACCESS_DENIED);
    }
  });

  it("it_does_not_allow_to_create_country_without_specifying_required_data: create_validation_fail_response", async () => {
    const res = await api("POST", BASE);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ provinces: {}, enabled: {}, code: { errors: ["Please enter country ISO code."] } }));
    expect(Object.keys(res.body.errors.children)).toEqual(["provinces", "enabled", "code"]);
  });

  it("it_allows_to_create_country_with_given_code: create_response (not enabled: the checkbox was not sent)", async () => {
    const { code, res } = await freeCode((code) => api("POST", BASE, { code }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), code, provinces: [], enabled: false, _links: { self: { href: `${BASE}${code}` } } });
  });

  it("it_allows_to_create_country_with_provinces: create_with_province_response", async () => {
    let province = "";
    const { code, res } = await freeCode((code) => {
      province = uniqueProvinceCode(code);
      return api("POST", BASE, { code, provinces: [{ code: province, name: "Limburg" }] });
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      provinces: [
        {
          id: expect.any(Number),
          code: province,
          name: "Limburg",
          _links: { self: { href: `${BASE}${code}/provinces/${province}` }, country: { href: `${BASE}${code}` } },
        },
      ],
      enabled: false,
      _links: { self: { href: `${BASE}${code}` } },
    });
    expect((await api("GET", `${BASE}${code}`)).body).toEqual(res.body);
  });

  it("it_returns_not_found_response_when_requesting_details_of_a_country_which_does_not_exist, ..._delete_country_which_does_not_exist", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await api(method, `${BASE}-1`);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Country with code "-1" does not exist.' });
    }
  });

  it("it_allows_to_get_countries_list: index_response (Default group, in the order they were added)", async () => {
    const added = [await createCountry(), await createCountry(), await createCountry()];
    const res = await api("GET", `${BASE}?limit=100`);
    expect(res.status).toBe(200);
    expect(res.body._links.self.href).toBe(`${BASE}?page=1&limit=100`);
    const items: { id: number; code: string }[] = res.body._embedded.items;
    for (const country of added) expect(items).toContainEqual({ id: country.id, code: country.code, _links: { self: { href: `${BASE}${country.code}` } } });
    const positions = added.map((country) => items.findIndex((item) => item.code === country.code));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("it_allows_to_get_country: show_response", async () => {
    const country = await createCountry();
    const res = await api("GET", `${BASE}${country.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: country.id, code: country.code, provinces: [], enabled: true, _links: { self: { href: `${BASE}${country.code}` } } });
  });

  it("it_allows_to_delete_country: 204, then not_found_response", async () => {
    const country = await createCountry();
    expect((await api("DELETE", `${BASE}${country.code}`)).status).toBe(204);
    expect((await api("GET", `${BASE}${country.code}`)).status).toBe(404);
  });
});

describe("country provinces (Province.xml, validators.en.yml)", () => {
  it("validates each province: blank, format, length, duplicates, taken by another country, extra fields", async () => {
    const other = await createCountry({ provinces: [{ code: `${"ZZ"}-${uniqueCode("T").replace(/[^A-Za-z0-9]/g, "").toUpperCase()}`, name: "Taken" }] });
    const taken = other.provinces[0].code;
    const res = await api("POST", BASE, {
      code: "ZW",
      provinces: [
        {},
        { code: "be_lim", name: "L" },
        { code: "ZW-A1", name: "Same" },
        { code: "ZW-A1", name: "Same" },
        { code: taken, name: "Elsewhere", abbreviation: 3 },
        { code: "ZW-B", name: "Extra", country: "ZW" },
        "ZW-C",
      ],
    });
    expect(res.status).toBe(400);
    const entry = (name: unknown, abbreviation: unknown, code: unknown) => ({ children: { name, abbreviation, code } });
    expect(res.body.errors.children.provinces).toEqual({
      children: [
        entry({ errors: ["Please enter province name."] }, {}, { errors: ["Please enter province code."] }),
        entry({ errors: ["Province name must be at least 2 characters long."] }, {}, { errors: ["Province code should have the following format XX-XX (e.g. US-FL)."] }),
        entry({}, {}, {}),
        entry({ errors: ["Province name must be unique."] }, {}, { errors: ["Province code must be unique."] }),
        entry({}, { errors: ["This value is not valid."] }, { errors: ["Province code must be unique."] }),
        { errors: ["This form should not contain extra fields."], ...entry({}, {}, {}) },
        { errors: ["This value is not valid."], ...entry({}, {}, {}) },
      ],
    });
    expect((await api("POST", BASE, { code: "ZW", provinces: "ZW-A" })).body.errors.children.provinces).toEqual({ errors: ["This value is not valid."] });
  });

  it("PUT/PATCH with provinces: kept by code (same id), renamed, added, removed; not sent: unchanged", async () => {
    const country = await createCountry();
    const [a, b, c] = ["A", "B", "C"].map((s) => `${country.code}-${s}${uniqueCode("").replace(/[^A-Za-z0-9]/g, "").toUpperCase()}`);
    expect((await api("PATCH", `${BASE}${country.code}`, { provinces: [{ code: a, name: "Alpha" }, { code: b, name: "Beta", abbreviation: "B" }] })).status).toBe(204);
    const before = (await api("GET", `${BASE}${country.code}`)).body.provinces;
    expect(before.map((p: { code: string; name: string }) => [p.code, p.name])).toEqual([[a, "Alpha"], [b, "Beta"]]);
    expect(before[1].abbreviation).toBe("B");
    expect((await api("PUT", `${BASE}${country.code}`, { enabled: true, provinces: [{ code: b, name: "Alpha" }, { code: c, name: "Gamma" }] })).status).toBe(204);
    const after = (await api("GET", `${BASE}${country.code}`)).body.provinces;
    expect(after.map((p: { code: string; name: string }) => [p.code, p.name])).toEqual([[b, "Alpha"], [c, "Gamma"]]);
    expect(after[0].id).toBe(before[1].id);
    expect(after[0].abbreviation).toBeUndefined();
    expect((await api("PATCH", `${BASE}${country.code}`, { enabled: false })).status).toBe(204);
    expect((await api("GET", `${BASE}${country.code}`)).body.provinces).toEqual(after);
    expect((await api("GET", `${BASE}${country.code}/provinces/${a}`)).status).toBe(404);
  });
});
