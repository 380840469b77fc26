import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency, createLocale, freeCurrencyCode, uniqueLocaleCode } from "../fixtures/references";

/** The cost of each foundation operation, as reported by Server-Timing. */
describe("D1 round trips per request", () => {
  const cases = [
    { name: "locales", path: "/api/v1/locales/", fresh: () => Promise.resolve(uniqueLocaleCode()), create: createLocale },
    { name: "currencies", path: "/api/v1/currencies/", fresh: freeCurrencyCode, create: createCurrency },
  ] as const;

  for (const r of cases) {
    it(`${r.name}: list 1, get 1, create 2, put 2, patch 2, delete 2`, async () => {
      const code = await r.fresh();
      const measured: Record<string, [number, number]> = {};
      const record = (op: string, res: { status: number; headers: Headers }) => {
        measured[op] = [res.status, d1RoundTrips(res.headers)];
      };
      record("list", await api("GET", r.path));
      record("list page 2 sorted", await api("GET", `${r.path}?page=2&limit=1&sorting%5BcreatedAt%5D=desc`));
      record("create", await api("POST", r.path, { code }));
      record("get", await api("GET", `${r.path}${code}`));
      record("put", await api("PUT", `${r.path}${code}`, { code }));
      record("patch", await api("PATCH", `${r.path}${code}`, { code }));
      record("delete", await api("DELETE", `${r.path}${code}`));
      record("get 404", await api("GET", `${r.path}${code}`));
      record("create duplicate", await api("POST", r.path, { code: (await r.create()).code }));
      record("create blank", await api("POST", r.path, { code: "" }));
      expect(measured).toEqual({
        list: [200, 1],
        "list page 2 sorted": [200, 1],
        create: [201, 2],
        get: [200, 1],
        put: [204, 2],
        patch: [204, 2],
        delete: [204, 2],
        "get 404": [404, 1],
        "create duplicate": [400, 1],
        "create blank": [400, 1],
      });
    });
  }

  it("routing errors cost only the token check", async () => {
    const notFound = await api("GET", "/api/v1/nothing/here");
    expect([notFound.status, d1RoundTrips(notFound.headers)]).toEqual([404, 1]);
    const notAllowed = await api("PATCH", "/api/v1/currencies/", {});
    expect([notAllowed.status, d1RoundTrips(notAllowed.headers)]).toEqual([405, 1]);
    const badJson = await api("PUT", "/api/v1/locales/en_US", undefined, { raw: "{" });
    expect([badJson.status, d1RoundTrips(badJson.headers)]).toEqual([400, 1]);
    const noToken = await api("GET", "/api/v1/locales/", undefined, { token: null });
    expect([noToken.status, d1RoundTrips(noToken.headers)]).toEqual([401, 0]);
  });
});
