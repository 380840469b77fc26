import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency, createLocale, freeCurrencyCode, uniqueLocaleCode } from "../fixtures/references";

const INVALID = "This value is not valid.";
const EXTRA = "This form should not contain extra fields.";

const failed = (children: Record<string, object>, formErrors?: string[]) => ({
  code: 400,
  message: "Validation Failed",
  errors: formErrors ? { errors: formErrors, children } : { children },
});

const codeError = (...messages: string[]) => failed({ code: { errors: messages } });

const resources = [
  {
    name: "locales",
    path: "/api/v1/locales/",
    fresh: () => Promise.resolve(uniqueLocaleCode()),
    existing: async () => (await createLocale()).code,
    wellFormedButInvalid: ["english", "EN_us", "en_USA", "e", "en-US"],
    badCharacters: ["en US", "en_US!", "fr.FR", "é_FR"],
    unique: "Locale code must be unique.",
    blank: "Please choose locale code.",
    table: "locales",
  },
  {
    name: "currencies",
    path: "/api/v1/currencies/",
    fresh: freeCurrencyCode,
    existing: async () => (await createCurrency()).code,
    wellFormedButInvalid: ["usd", "USDX", "US", "U5D", "US_"],
    badCharacters: ["US$", "U D", "€UR"],
    unique: "Currency code must be unique.",
    blank: "Please choose currency code.",
    table: "currencies",
  },
] as const;

for (const r of resources) {
  describe(`${r.name}: validation errors (POST)`, () => {
    it("reports a missing, null, empty or whitespace code as blank", async () => {
      for (const body of [{}, { code: null }, { code: "" }, { code: "   " }]) {
        const res = await api("POST", r.path, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(codeError(r.blank));
      }
    });

    it("reports a code of the wrong type as not valid", async () => {
      for (const code of [42, true, { a: 1 }, ["USD"]]) {
        const res = await api("POST", r.path, { code });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(codeError(INVALID));
      }
    });

    it("reports a well-formed code that is not a valid one as not valid", async () => {
      for (const code of r.wellFormedButInvalid) {
        const res = await api("POST", r.path, { code });
        expect(res.status, code).toBe(400);
        expect(res.body, code).toEqual(codeError(INVALID));
      }
    });

    it("reports characters outside letters, digits, dashes and underscores as not valid (Sylius' locale and currency fields are choices)", async () => {
      for (const code of r.badCharacters) {
        const res = await api("POST", r.path, { code });
        expect(res.status, code).toBe(400);
        expect(res.body, code).toEqual(codeError(INVALID));
      }
    });

    it("reports a taken code with the uniqueness message, in one round trip", async () => {
      const code = await r.existing();
      const res = await api("POST", r.path, { code });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(codeError(r.unique));
      expect(d1RoundTrips(res.headers)).toBe(1);
      const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${r.table} WHERE code = ?`).bind(code).first<{ n: number }>();
      expect(rows?.n).toBe(1);
    });

    it("reports extra fields at form level, with children {} for a good code", async () => {
      const code = await r.fresh();
      const res = await api("POST", r.path, { code, name: "Extra", enabled: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed({ code: {} }, [EXTRA]));
      // Nothing was created.
      const row = await env.DB.prepare(`SELECT id FROM ${r.table} WHERE code = ?`).bind(code).first();
      expect(row).toBeNull();
    });

    it("reports extra fields and a field error at once", async () => {
      const res = await api("POST", r.path, { code: "", other: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed({ code: { errors: [r.blank] } }, [EXTRA]));
    });

    it("reports a taken code and extra fields at once", async () => {
      const code = await r.existing();
      const res = await api("POST", r.path, { code, other: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed({ code: { errors: [r.unique] } }, [EXTRA]));
    });

    it("refuses a JSON array, string or number as the body", async () => {
      for (const body of [[], [await r.fresh()], "USD", 12]) {
        const res = await api("POST", r.path, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(failed({ code: { errors: [r.blank] } }, [INVALID]));
      }
    });

    it("costs one round trip (the auth check) for a form error", async () => {
      const res = await api("POST", r.path, { code: "" });
      expect(res.status).toBe(400);
      expect(d1RoundTrips(res.headers)).toBe(1);
    });
  });

  describe(`${r.name}: validation errors (PUT/PATCH)`, () => {
    it("validates the submitted code and refuses extra fields", async () => {
      const code = await r.existing();
      for (const method of ["PUT", "PATCH"]) {
        const wrongType = await api(method, `${r.path}${code}`, { code: 5 });
        expect(wrongType.status).toBe(400);
        expect(wrongType.body).toEqual(codeError(INVALID));
        const extra = await api(method, `${r.path}${code}`, { foo: "bar" });
        expect(extra.status).toBe(400);
        expect(extra.body).toEqual(failed({ code: {} }, [EXTRA]));
        const array = await api(method, `${r.path}${code}`, [1]);
        expect(array.status).toBe(400);
        expect(array.body).toEqual(failed({ code: {} }, [INVALID]));
      }
    });
  });
}
