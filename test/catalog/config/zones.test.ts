import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../../helpers/http";
import { createChannel, createTaxCategory } from "./fixtures";

const zoneBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Zone ${code}`,
  type: "country",
  members: ["US", "CA"],
  ...extra,
});

describe("zones", () => {
  it("creates a zone (201, 2 round trips) and reads it back (1 round trip)", async () => {
    const code = uniqueCode("Z");
    const created = await api("POST", "/api/v1/zones/", zoneBody(code, { members: ["US", "CA", "US"] }));
    expect(created.status).toBe(201);
    const expected = {
      id: expect.any(Number),
      code,
      name: `Zone ${code}`,
      type: "country",
      members: ["CA", "US"],
      _links: { self: { href: `/api/v1/zones/${code}` } },
    };
    expect(created.body).toEqual(expected);
    expect(d1RoundTrips(created.headers)).toBe(2);

    const read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...expected, id: created.body.id });
    expect(d1RoundTrips(read.headers)).toBe(1);
  });

  it("defaults type to country and members to none", async () => {
    const code = uniqueCode("Z");
    const created = await api("POST", "/api/v1/zones/", { code, name: "Plain" });
    expect(created.status).toBe(201);
    expect(created.body.type).toBe("country");
    expect(created.body.members).toEqual([]);
  });

  it("lists zones in a paginated envelope with members, in one round trip", async () => {
    const prefix = uniqueCode("ZL");
    for (const [suffix, members] of [["b", ["FR"]], ["a", ["DE", "AT"]], ["c", []]] as const) {
      expect((await api("POST", "/api/v1/zones/", zoneBody(`${prefix}_${suffix}`, { members }))).status).toBe(201);
    }
    const res = await api("GET", `/api/v1/zones/?criteria[code]=${prefix}&limit=2`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(res.body._links.self.href).toBe(`/api/v1/zones/?criteria%5Bcode%5D=${prefix}&page=1&limit=2`);
    expect(res.body._embedded.items.map((z: { code: string; members: string[] }) => [z.code, z.members])).toEqual([
      [`${prefix}_a`, ["AT", "DE"]],
      [`${prefix}_b`, ["FR"]],
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

  it("PUT keeps fields not sent, replaces sent members, ignores a sent code; PATCH likewise", async () => {
    const code = uniqueCode("Z");
    await api("POST", "/api/v1/zones/", zoneBody(code));
    const put = await api("PUT", `/api/v1/zones/${code}`, { code: "OTHER", name: "Renamed" });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.body).toMatchObject({ code, name: "Renamed", members: ["CA", "US"] });

    const patch = await api("PATCH", `/api/v1/zones/${code}`, { members: ["MX"] });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/zones/${code}`);
    expect(read.body).toMatchObject({ code, name: "Renamed", members: ["MX"] });
    expect((await api("GET", "/api/v1/zones/OTHER")).status).not.toBe(200);
  });

  it("reports every failing field at once, in form order", async () => {
    const res = await api("POST", "/api/v1/zones/", { code: "bad code", name: " ", type: "province", members: ["US", "XX"] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          code: { errors: ["Code can only be comprised of letters, numbers, dashes and underscores."] },
          name: { errors: ["This value should not be blank."] },
          type: { errors: ["This value is not valid."] },
          members: { errors: ["This value is not valid."] },
        },
      },
    });
    const blank = await api("POST", "/api/v1/zones/", {});
    expect(blank.body.errors.children).toEqual({
      code: { errors: ["This value should not be blank."] },
      name: { errors: ["This value should not be blank."] },
      type: {},
      members: {},
    });
    const lower = await api("POST", "/api/v1/zones/", zoneBody(uniqueCode("Z"), { members: ["us"] }));
    expect(lower.body.errors.children.members).toEqual({ errors: ["This value is not valid."] });
  });

  it("rejects a duplicate code and extra fields", async () => {
    const code = uniqueCode("Z");
    await api("POST", "/api/v1/zones/", zoneBody(code));
    const dup = await api("POST", "/api/v1/zones/", zoneBody(code));
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["Zone code must be unique."] });
    const extra = await api("POST", "/api/v1/zones/", zoneBody(uniqueCode("Z"), { scope: "all" }));
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    const badUpdate = await api("PATCH", `/api/v1/zones/${code}`, { name: "" });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.errors.children.name).toEqual({ errors: ["This value should not be blank."] });
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
    await api("POST", "/api/v1/zones/", zoneBody(code));
    const del = await api("DELETE", `/api/v1/zones/${code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/zones/${code}`)).status).toBe(404);

    const byChannel = uniqueCode("Z");
    await api("POST", "/api/v1/zones/", zoneBody(byChannel));
    const channel = await createChannel({ defaultTaxZone: byChannel });
    const refused = await api("DELETE", `/api/v1/zones/${byChannel}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the zone is in use." });
    await api("PATCH", `/api/v1/channels/${channel.code}`, { defaultTaxZone: null });
    expect((await api("DELETE", `/api/v1/zones/${byChannel}`)).status).toBe(204);

    const byRate = uniqueCode("Z");
    await api("POST", "/api/v1/zones/", zoneBody(byRate));
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
    const denied = await api("POST", "/api/v1/zones/", zoneBody(code), { token: "not-a-token" });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ error: "invalid_grant", error_description: "The access token provided is invalid." });
    expect((await api("GET", `/api/v1/zones/${code}`)).status).toBe(404);
    const invalid = await api("POST", "/api/v1/zones/", { name: "" }, { token: "not-a-token" });
    expect(invalid.status).toBe(401);
  });
});
