import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency, createLocale, freeCurrencyCode, insertChannel, uniqueLocaleCode } from "../fixtures/references";

const ATOM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

const resources = [
  {
    name: "locales",
    noun: "Locale",
    path: "/api/v1/locales/",
    fresh: () => Promise.resolve(uniqueLocaleCode()),
    create: createLocale,
    // Sylius 1.8: a locale's Detailed group has its timestamps, its Default group (lists) does not.
    timestamps: true,
    blank: "Please choose locale code.",
  },
  {
    name: "currencies",
    noun: "Currency",
    path: "/api/v1/currencies/",
    fresh: freeCurrencyCode,
    create: createCurrency,
    // Sylius 1.8: a currency is id, code and its link, in lists and alone.
    timestamps: false,
    blank: "Please choose currency code.",
  },
] as const;

for (const r of resources) {
  describe(`${r.name}: CRUD`, () => {
    it("creates (201) and returns the representation, in two round trips", async () => {
      const code = await r.fresh();
      const res = await api("POST", r.path, { code });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        code,
        ...(r.timestamps ? { createdAt: expect.stringMatching(ATOM), updatedAt: expect.stringMatching(ATOM) } : {}),
        _links: { self: { href: `${r.path}${code}` } },
      });
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(d1RoundTrips(res.headers)).toBe(2);
    });

    it("gets one (200) with the same representation, in one round trip", async () => {
      const created = await r.create();
      const res = await api("GET", `${r.path}${created.code}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
      expect(d1RoundTrips(res.headers)).toBe(1);
    });

    it("answers 404 for an unknown code, in one round trip", async () => {
      const code = await r.fresh();
      const res = await api("GET", `${r.path}${code}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `${r.noun} with code "${code}" does not exist.` });
      expect(d1RoundTrips(res.headers)).toBe(1);
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const other = await api(method, `${r.path}${code}`, method === "DELETE" ? undefined : {});
        expect(other.status, method).toBe(404);
        expect(other.body).toEqual({ code: 404, message: `${r.noun} with code "${code}" does not exist.` });
      }
    });

    it("lists in the paginated envelope, in one round trip", async () => {
      const created = await r.create();
      const res = await api("GET", `${r.path}?criteria%5Bcode%5D=${created.code}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        page: 1,
        limit: 10,
        pages: 1,
        total: 1,
        _links: {
          self: { href: `${r.path}?criteria%5Bcode%5D=${created.code}&page=1&limit=10` },
          first: { href: `${r.path}?criteria%5Bcode%5D=${created.code}&page=1&limit=10` },
          last: { href: `${r.path}?criteria%5Bcode%5D=${created.code}&page=1&limit=10` },
        },
        _embedded: { items: [{ id: created.id, code: created.code, _links: created._links }] },
      });
      expect(d1RoundTrips(res.headers)).toBe(1);

      const all = await api("GET", r.path);
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThanOrEqual(1);
      expect(all.body._embedded.items.length).toBe(Math.min(10, all.body.total));
      expect(d1RoundTrips(all.headers)).toBe(1);
    });

    it("updates with PUT and PATCH (204, empty body); the code never changes", async () => {
      const created = await r.create();
      for (const method of ["PUT", "PATCH"]) {
        const res = await api(method, `${r.path}${created.code}`, { code: created.code });
        expect(res.status, method).toBe(204);
        expect(res.body).toBeNull();
        expect(d1RoundTrips(res.headers)).toBe(2);
      }
      // PATCH {} changes nothing; a PUT with nothing is Sylius' empty form: 400 (test/sylius).
      expect((await api("PATCH", `${r.path}${created.code}`, {})).status).toBe(204);
      const empty = await api("PUT", `${r.path}${created.code}`, {});
      expect(empty.status).toBe(400);
      expect(empty.body.errors.children).toEqual({ code: { errors: [r.blank] } });
      const other = await r.fresh();
      const renamed = await api("PUT", `${r.path}${created.code}`, { code: other });
      expect(renamed.status).toBe(204);
      const after = await api("GET", `${r.path}${created.code}`);
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ id: created.id, code: created.code });
      if (r.timestamps) {
        expect(after.body.createdAt).toBe(created.createdAt);
        expect(after.body.updatedAt >= created.updatedAt).toBe(true);
      }
      expect((await api("GET", `${r.path}${other}`)).status).toBe(404);
    });

    it("deletes (204, two round trips), then answers 404", async () => {
      const created = await r.create();
      const res = await api("DELETE", `${r.path}${created.code}`);
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
      expect(d1RoundTrips(res.headers)).toBe(2);
      expect((await api("GET", `${r.path}${created.code}`)).status).toBe(404);
      expect((await api("DELETE", `${r.path}${created.code}`)).status).toBe(404);
      // The code is free again.
      expect((await api("POST", r.path, { code: created.code })).status).toBe(201);
    });
  });
}

describe("delete of a referenced locale or currency → 409", () => {
  const localeInUse = { code: 409, message: "Cannot delete, the locale is in use." };
  const currencyInUse = { code: 409, message: "Cannot delete, the currency is in use." };

  it("a channel's default locale and base currency", async () => {
    const locale = await createLocale();
    const currency = await createCurrency();
    const { id: channelId } = await insertChannel({ defaultLocaleId: locale.id, baseCurrencyId: currency.id });

    const l = await api("DELETE", `/api/v1/locales/${locale.code}`);
    expect(l.status).toBe(409);
    expect(l.body).toEqual(localeInUse);
    expect(d1RoundTrips(l.headers)).toBe(2);
    const c = await api("DELETE", `/api/v1/currencies/${currency.code}`);
    expect(c.status).toBe(409);
    expect(c.body).toEqual(currencyInUse);
    expect((await api("GET", `/api/v1/locales/${locale.code}`)).status).toBe(200);
    expect((await api("GET", `/api/v1/currencies/${currency.code}`)).status).toBe(200);

    // Once the channel is gone, both can be deleted.
    await env.DB.prepare("DELETE FROM channels WHERE id = ?").bind(channelId).run();
    expect((await api("DELETE", `/api/v1/locales/${locale.code}`)).status).toBe(204);
    expect((await api("DELETE", `/api/v1/currencies/${currency.code}`)).status).toBe(204);
  });

  it("a locale or currency that is only one of a channel's locales/currencies", async () => {
    const base = await createCurrency();
    const defaultLocale = await createLocale();
    const extraLocale = await createLocale();
    const extraCurrency = await createCurrency();
    await insertChannel({
      defaultLocaleId: defaultLocale.id,
      baseCurrencyId: base.id,
      localeIds: [defaultLocale.id, extraLocale.id],
      currencyIds: [base.id, extraCurrency.id],
    });
    const l = await api("DELETE", `/api/v1/locales/${extraLocale.code}`);
    expect(l.status).toBe(409);
    expect(l.body).toEqual(localeInUse);
    const c = await api("DELETE", `/api/v1/currencies/${extraCurrency.code}`);
    expect(c.status).toBe(409);
    expect(c.body).toEqual(currencyInUse);
    expect((await api("GET", `/api/v1/locales/${extraLocale.code}`)).status).toBe(200);
    expect((await api("GET", `/api/v1/currencies/${extraCurrency.code}`)).status).toBe(200);
  });

  it("a locale used by a product translation", async () => {
    const locale = await createLocale();
    const product = await env.DB.prepare("INSERT INTO products (code) VALUES (?) RETURNING id")
      .bind(`P_${locale.code}`)
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO product_translations (product_id, locale, name, slug) VALUES (?, ?, ?, ?)")
      .bind(product!.id, locale.code, "Name", `slug-${locale.code}`)
      .run();
    const res = await api("DELETE", `/api/v1/locales/${locale.code}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(localeInUse);
  });
});
