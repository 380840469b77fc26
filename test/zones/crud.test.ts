import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createTaxCategory } from "../fixtures/references";

const members = (...codes: string[]) => codes.map((code) => ({ code }));
const zoneBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Zone ${code}`,
  scope: "all",
  members: members("US", "CA"),
  ...extra,
});
const CREATE = "/api/v1/zones/country";
const memberCodes = (zone: { members: { code: string }[] }) => zone.members.map((m) => m.code);

describe("zones", () => {
  it("creates a zone (201, 2 round trips) and reads it back (1 round trip)", async () => {
    const code = uniqueCode("Z");
    const created = await api("POST", CREATE, zoneBody(code, { members: members("US", "CA") }));
    expect(created.status).toBe(201);
    const expected = {
      id: expect.any(Number),
      code,
      name: `Zone ${code}`,
      type: "country",
      scope: "all",
      members: [
        { id: expect.any(Number), code: "US" },
        { id: expect.any(Number), code: "CA" },
      ],
      _links: { self: { href: `/api/v1/zones/${code}` } },
    };
    expect(created.body).toEqual(expected);
    expect(d1RoundTrips(created.headers)).toBe(2);

    const read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...expected, id: created.body.id });
    expect(d1RoundTrips(read.headers)).toBe(1);
  });

  it("takes the type from the route, ignoring a sent type", async () => {
    const code = uniqueCode("Z");
    const created = await api("POST", CREATE, zoneBody(code, { type: "zone" }));
    expect(created.status).toBe(201);
    expect(created.body.type).toBe("country");
  });

  // Changed by issue 40: creation order by default, as Sylius 1.8 (it was `code asc`).
  it("lists zones in a paginated envelope without members (Sylius' default set), in creation order, in one round trip", async () => {
    const prefix = uniqueCode("ZL");
    for (const [suffix, codes] of [["b", ["FR"]], ["a", ["DE", "AT"]], ["c", ["PL"]]] as const) {
      expect((await api("POST", CREATE, zoneBody(`${prefix}_${suffix}`, { members: members(...codes) }))).status).toBe(201);
    }
    const res = await api("GET", `/api/v1/zones/?criteria[code]=${prefix}&limit=2`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(res.body._links.self.href).toBe(`/api/v1/zones/?criteria%5Bcode%5D=${prefix}&page=1&limit=2`);
    expect(res.body._embedded.items.map((z: { code: string; members?: unknown }) => [z.code, z.members])).toEqual([
      [`${prefix}_b`, undefined],
      [`${prefix}_a`, undefined],
    ]);
    const noSlash = await api("GET", `/api/v1/zones?criteria[code]=${prefix}&limit=2`);
    expect(noSlash.status).toBe(200);
    expect(noSlash.body._embedded.items).toEqual(res.body._embedded.items);
    const page2 = await api("GET", `/api/v1/zones/?criteria[code]=${prefix}&limit=2&page=2`);
    expect(page2.body._embedded.items.map((z: { code: string }) => z.code)).toEqual([`${prefix}_c`]);
    const desc = await api("GET", `/api/v1/zones/?criteria[code]=${prefix}&sorting[code]=desc`);
    expect(desc.body._embedded.items.map((z: { code: string }) => z.code)).toEqual([
      `${prefix}_c`,
      `${prefix}_b`,
      `${prefix}_a`,
    ]);
  });

  it("PUT replaces the members (left out: none, which fails), ignores a sent code; PATCH keeps what it does not send", async () => {
    const code = uniqueCode("Z");
    await api("POST", CREATE, zoneBody(code));
    // A PUT is the form submitted whole: members left out are an empty list, below the minimum.
    const without = await api("PUT", `/api/v1/zones/${code}`, { code: "OTHER", name: "Renamed" });
    expect(without.status).toBe(400);
    expect(without.body.errors.errors).toEqual(["Please add at least 1 zone member."]);
    const put = await api("PUT", `/api/v1/zones/${code}`, { code: "OTHER", name: "Renamed", members: members("US", "CA") });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.body).toMatchObject({ code, name: "Renamed" });
    expect(memberCodes(read.body)).toEqual(["US", "CA"]);

    const patch = await api("PATCH", `/api/v1/zones/${code}`, { members: members("MX") });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.body).toMatchObject({ code, name: "Renamed" });
    expect(memberCodes(read.body)).toEqual(["MX"]);
    expect((await api("GET", "/api/v1/zones/OTHER")).status).not.toBe(200);
  });

  it("reports every failing field at once, in form order", async () => {
    const res = await api("POST", CREATE, { code: "bad code", name: " ", type: "province", scope: "x", members: members("US", "XX") });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          name: { errors: ["Please enter zone name."] },
          type: {},
          members: { children: [{ children: { code: {} } }, { children: { code: { errors: ["This value is not valid."] } } }] },
          scope: { errors: ["This value is not valid."] },
          code: { errors: ["Zone code can only be comprised of letters, numbers, dashes and underscores."] },
        },
      },
    });
    const lower = await api("POST", CREATE, zoneBody(uniqueCode("Z"), { members: members("us") }));
    expect(lower.body.errors.children.members.children[0].children.code).toEqual({ errors: ["This value is not valid."] });
  });

  it("rejects a duplicate code and extra fields", async () => {
    const code = uniqueCode("Z");
    await api("POST", CREATE, zoneBody(code));
    const dup = await api("POST", CREATE, zoneBody(code));
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["Zone code must be unique."] });
    const extra = await api("POST", CREATE, zoneBody(uniqueCode("Z"), { priority: 1 }));
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    const badUpdate = await api("PATCH", `/api/v1/zones/${code}`, { name: "" });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.errors.children.name).toEqual({ errors: ["Please enter zone name."] });
  });

  it("answers 404 for an unknown zone", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, "/api/v1/zones/NOPE_ZONE", method === "GET" || method === "DELETE" ? undefined : { name: "x" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Zone with code "NOPE_ZONE" does not exist.' });
    }
  });

  it("deletes an unused zone (204, 2 round trips) and refuses one in use (409)", async () => {
    const code = uniqueCode("Z");
    await api("POST", CREATE, zoneBody(code));
    const del = await api("DELETE", `/api/v1/zones/${code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/zones/${code}`)).status).toBe(404);

    const byChannel = uniqueCode("Z");
    await api("POST", CREATE, zoneBody(byChannel));
    const channel = await createChannel({ defaultTaxZone: byChannel });
    const refused = await api("DELETE", `/api/v1/zones/${byChannel}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the zone is in use." });
    await api("PATCH", `/api/v1/channels/${channel.code}`, { defaultTaxZone: null });
    expect((await api("DELETE", `/api/v1/zones/${byChannel}`)).status).toBe(204);

    const byRate = uniqueCode("Z");
    await api("POST", CREATE, zoneBody(byRate));
    const category = await createTaxCategory();
    const rate = await api("POST", "/api/v1/tax-rates/", {
      code: uniqueCode("R"),
      name: "VAT",
      amount: 0.2,
      category: category.code,
      zone: byRate,
    });
    expect(rate.status).toBe(201);
    expect((await api("DELETE", `/api/v1/zones/${byRate}`)).status).toBe(409);
  });

  it("requires authentication, and writes nothing without it", async () => {
    const res = await api("GET", "/api/v1/zones/", undefined, { token: null });
    expect(res.status).toBe(401);
    const code = uniqueCode("Z");
    const denied = await api("POST", CREATE, zoneBody(code), { token: "not-a-token" });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ error: "invalid_grant", error_description: "The access token provided is invalid." });
    expect((await api("GET", `/api/v1/zones/${code}`)).status).toBe(404);
    const invalid = await api("POST", CREATE, { name: "" }, { token: "not-a-token" });
    expect(invalid.status).toBe(401);
  });
});
