/**
 * Provinces as Sylius 1.8's ProvinceApiTest drives them
 * (tests/Responses/province/show_response.json): AdminApiBundle's
 * routing/province.yml (show and delete under a country),
 * AddressingBundle's Model.Province.yml (Detailed: abbreviation and a
 * country link). The fixture's province (`be_lim`, resources/countries.yml)
 * is not a code the country form accepts, so it is stored directly, as
 * Sylius' fixture loader stores it.
 */
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createCountry, createProvince } from "../fixtures/references";
import { db } from "../fixtures/db";
import { provinces } from "../../src/data/schema";

const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };

/** resources/countries.yml's `province_BE_limburg`, in a free country. */
async function limburg() {
  const country = await createCountry();
  const code = `${country.code.toLowerCase()}_${uniqueCode("lim").toLowerCase()}`;
  await db().insert(provinces).values({ countryId: country.id, code, name: "Limburg", abbreviation: "lim" });
  return { country: country.code as string, code };
}

describe("provinces (Sylius 1.8 ProvinceApiTest)", () => {
  it("it_denies_getting_province_for_non_authenticated_user: access_denied_response", async () => {
    const res = await api("GET", "/api/v1/countries/FR/provinces/centre", undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ACCESS_DENIED);
  });

  it("it_allows_to_get_province: show_response (1 round trip)", async () => {
    const { country, code } = await limburg();
    const res = await api("GET", `/api/v1/countries/${country}/provinces/${code}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Limburg",
      abbreviation: "lim",
      _links: { self: { href: `/api/v1/countries/${country}/provinces/${code}` }, country: { href: `/api/v1/countries/${country}` } },
    });
  });

  it("it_allows_to_delete_province: 204, then not_found_response", async () => {
    const { country, code } = await limburg();
    const del = await api("DELETE", `/api/v1/countries/${country}/provinces/${code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    const gone = await api("GET", `/api/v1/countries/${country}/provinces/${code}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 404, message: `Province with code "${code}" does not exist.` });
    expect((await api("GET", `/api/v1/countries/${country}`)).body.provinces).toEqual([]);
  });
});

describe("provinces (this service)", () => {
  it("a province is found under its own country only; an unknown country is named", async () => {
    const { country, province } = await createProvince();
    const other = await createCountry();
    expect((await api("GET", `/api/v1/countries/${other.code}/provinces/${province}`)).status).toBe(404);
    const unknown = await api("GET", `/api/v1/countries/XK/provinces/${province}`);
    expect(unknown.body).toEqual({ code: 404, message: 'Country with code "XK" does not exist.' });
    expect((await api("DELETE", `/api/v1/countries/${country.code}/provinces/${province}-NO`)).status).toBe(404);
  });

  it("a province a province zone has as a member cannot be deleted (409), nor its country; nor dropped from the country's form", async () => {
    const { country, province } = await createProvince();
    const zone = uniqueCode("ZP");
    expect((await api("POST", "/api/v1/zones/province", { code: zone, name: "Provinces", scope: "tax", members: [{ code: province }] })).status).toBe(201);
    const refused = await api("DELETE", `/api/v1/countries/${country.code}/provinces/${province}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the province is in use." });
    expect((await api("DELETE", `/api/v1/countries/${country.code}`)).status).toBe(409);
    const dropped = await api("PATCH", `/api/v1/countries/${country.code}`, { provinces: [] });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors.children.provinces).toEqual({ errors: ["Cannot delete, the province is in use."] });
    // Once the zone is gone, the province can go.
    expect((await api("DELETE", `/api/v1/zones/${zone}`)).status).toBe(204);
    expect((await api("DELETE", `/api/v1/countries/${country.code}/provinces/${province}`)).status).toBe(204);
  });
});
