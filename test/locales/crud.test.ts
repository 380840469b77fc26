import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency, createLocale, insertChannel } from "../fixtures/references";
import { createProduct } from "../fixtures/catalog";
import { describeCrud, LOCALES_CRUD } from "../fixtures/suites/code-resources";

describeCrud(LOCALES_CRUD);

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
    await createProduct({ translations: { [locale.code]: { name: "Name", slug: `slug-${locale.code}` } } });
    const res = await api("DELETE", `/api/v1/locales/${locale.code}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(localeInUse);
  });
});
