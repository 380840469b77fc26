import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createCountry } from "../fixtures/references";

const BASE = "/api/v1/countries/";

/** A country in a list: Sylius' Default group (no provinces, no `enabled`). */
const listItem = (country: { id: number; code: string }) => ({ id: country.id, code: country.code, _links: { self: { href: `${BASE}${country.code}` } } });

describe("countries", () => {
  it("creates a country (201, 2 round trips) in Sylius' representation and reads it (1 round trip)", async () => {
    const country = await createCountry({ enabled: false });
    expect(country).toEqual({ id: expect.any(Number), code: expect.stringMatching(/^[A-Z]{2}$/), provinces: [], enabled: false, _links: { self: { href: `${BASE}${country.code}` } } });
    const read = await api("GET", `${BASE}${country.code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(country);
  });

  it("is not enabled unless `enabled` is sent (a checkbox, as in Sylius); a create costs 2 round trips", async () => {
    const country = await createCountry();
    expect(country.enabled).toBe(true);
    await api("DELETE", `${BASE}${country.code}`);
    const again = await api("POST", BASE, { code: country.code });
    expect(again.status).toBe(201);
    expect(again.body.enabled).toBe(false);
    expect(d1RoundTrips(again.headers)).toBe(2);
  });

  it("lists countries in the order they were added, sorts and filters by code, in one round trip", async () => {
    const country = await createCountry();
    const list = await api("GET", `${BASE}?criteria[code]=${country.code}`);
    expect(list.status).toBe(200);
    expect(d1RoundTrips(list.headers)).toBe(1);
    expect(list.body._embedded.items).toContainEqual(listItem(country));
    expect(list.body._links.self.href).toBe(`${BASE}?criteria%5Bcode%5D=${country.code}&page=1&limit=10`);
    const added = await api("GET", `${BASE}?limit=100`);
    const ids = added.body._embedded.items.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const all = await api("GET", `${BASE}?limit=100&sorting[code]=asc`);
    const codes = all.body._embedded.items.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort());
  });

  it("PUT and PATCH change `enabled` (204); a sent code is validated, then ignored", async () => {
    const country = await createCountry();
    const put = await api("PUT", `${BASE}${country.code}`, { code: country.code, enabled: false });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    expect((await api("GET", `${BASE}${country.code}`)).body).toEqual({ ...country, enabled: false });
    const patch = await api("PATCH", `${BASE}${country.code}`, {});
    expect(patch.status).toBe(204);
    expect((await api("GET", `${BASE}${country.code}`)).body.enabled).toBe(false);
    expect((await api("PATCH", `${BASE}${country.code}`, { enabled: true, code: "ZZZ" })).status).toBe(400);
    expect((await api("PATCH", `${BASE}${country.code}`, { enabled: true })).status).toBe(204);
    expect((await api("GET", `${BASE}${country.code}`)).body).toEqual(country);
  });

  it("a PUT without a body is the form submitted empty: 400 on code, nothing changed", async () => {
    const country = await createCountry();
    const put = await api("PUT", `${BASE}${country.code}`, {});
    expect(put.status).toBe(400);
    expect(put.body.errors.children.code).toEqual({ errors: ["Please enter country ISO code."] });
    expect((await api("GET", `${BASE}${country.code}`)).body).toEqual(country);
  });

  it("validates: blank, malformed, unknown and taken codes, a wrong enabled, extra fields", async () => {
    const missing = await api("POST", BASE, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: { provinces: {}, enabled: {}, code: { errors: ["Please enter country ISO code."] } } },
    });
    const malformed = await api("POST", BASE, { code: "U S", enabled: "yes" });
    expect(malformed.body.errors.children).toEqual({
      provinces: {},
      enabled: { errors: ["This value is not valid."] },
      code: { errors: ["Code can only be comprised of letters, numbers, dashes and underscores."] },
    });
    for (const code of ["XX", "us", "USA"]) {
      const unknown = await api("POST", BASE, { code });
      expect(unknown.body.errors.children.code, code).toEqual({ errors: ["This value is not valid."] });
    }
    const country = await createCountry();
    const taken = await api("POST", BASE, { code: country.code });
    expect(taken.body.errors.children.code).toEqual({ errors: ["Country ISO code must be unique."] });
    const extra = await api("POST", BASE, { code: "ZW", regions: [] });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
  });

  it("answers 404 for an unknown country on every operation", async () => {
    const code = "XK";
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${BASE}${code}`, method === "PUT" || method === "PATCH" ? { enabled: true } : undefined);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Country with code "${code}" does not exist.` });
    }
  });

  it("deletes an unused country (204, 2 round trips); then it is gone", async () => {
    const country = await createCountry();
    const res = await api("DELETE", `${BASE}${country.code}`);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect((await api("GET", `${BASE}${country.code}`)).status).toBe(404);
  });

  it("refuses to delete a country a zone has as a member, or an address uses (409)", async () => {
    const inZone = await createCountry();
    const zone = uniqueCode("Z");
    expect((await api("POST", "/api/v1/zones/country", { code: zone, name: "Zone", scope: "all", members: [{ code: inZone.code }] })).status).toBe(201);
    const refused = await api("DELETE", `${BASE}${inZone.code}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the country is in use." });
    expect((await api("GET", `${BASE}${inZone.code}`)).status).toBe(200);
    // Once the zone lets it go, it can be deleted.
    expect((await api("PATCH", `/api/v1/zones/${zone}`, { members: [{ code: "US" }] })).status).toBe(204);
    expect((await api("DELETE", `${BASE}${inZone.code}`)).status).toBe(204);

    // Addresses are written by checkout; one stored directly stands for it.
    const inAddress = await createCountry();
    await env.DB.prepare("INSERT INTO addresses (first_name, last_name, country_code, street, city, postcode) VALUES ('A', 'B', ?, 'S', 'C', 'P')")
      .bind(inAddress.code)
      .run();
    expect((await api("DELETE", `${BASE}${inAddress.code}`)).status).toBe(409);
  });
});
