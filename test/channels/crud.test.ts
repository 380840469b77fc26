import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createCustomer, createZone, ensureCurrency, ensureLocales } from "../fixtures/references";
import { createProduct, createPromotion, createVariant, insertProduct } from "../fixtures/catalog";
import { newCart } from "../fixtures/carts";
import { serializeChannelForCart, serializeChannelForCartList } from "../../src/http/resources/channels/serializer";

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

/**
 * What the form stored and Sylius' representation does not show (locales,
 * currencies, base currency, default locale, tax zone), read from D1.
 */
async function stored(code: string) {
  const row = await env.DB.prepare(
    `SELECT c.id,
       (SELECT code FROM currencies WHERE id = c.base_currency_id) AS baseCurrency,
       (SELECT code FROM locales WHERE id = c.default_locale_id) AS defaultLocale,
       (SELECT code FROM zones WHERE id = c.default_tax_zone_id) AS defaultTaxZone,
       (SELECT json_group_array(code) FROM (SELECT l.code FROM channel_locales cl JOIN locales l ON l.id = cl.locale_id WHERE cl.channel_id = c.id ORDER BY l.code)) AS locales,
       (SELECT json_group_array(code) FROM (SELECT cu.code FROM channel_currencies cc JOIN currencies cu ON cu.id = cc.currency_id WHERE cc.channel_id = c.id ORDER BY cu.code)) AS currencies
     FROM channels c WHERE c.code = ?`,
  )
    .bind(code)
    .first<{ baseCurrency: string; defaultLocale: string; defaultTaxZone: string | null; locales: string; currencies: string }>();
  if (!row) return null;
  return { ...row, locales: JSON.parse(row.locales) as string[], currencies: JSON.parse(row.currencies) as string[] };
}

describe("channels", () => {
  beforeAll(async () => {
    await ensureLocales("en_US");
    await ensureLocales("fr_FR");
    await ensureCurrency("USD");
    await ensureCurrency("EUR");
  });

  it("creates a channel with every field (201, 2 round trips) and reads it (1 round trip) in Sylius' detailed set", async () => {
    await createChannel(); // an enabled one, so that this one may be created disabled (HasEnabledEntity)
    const zone = await createZone();
    const code = uniqueCode("CH");
    const created = await api("POST", "/api/v1/channels/", {
      code,
      name: "Web store",
      description: "The web shop",
      enabled: false,
      hostname: "shop.example.com",
      color: "black",
      baseCurrency: "USD",
      defaultLocale: "en_US",
      locales: ["fr_FR"],
      currencies: ["EUR"],
      defaultTaxZone: zone.code,
      taxCalculationStrategy: "order_item_units_based",
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Web store",
      description: "The web shop",
      hostname: "shop.example.com",
      color: "black",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      enabled: false,
      taxCalculationStrategy: "order_item_units_based",
      _links: { self: { href: `/api/v1/channels/${code}` } },
    });
    expect(await stored(code)).toMatchObject({
      baseCurrency: "USD",
      defaultLocale: "en_US",
      locales: ["en_US", "fr_FR"],
      currencies: ["EUR", "USD"],
      defaultTaxZone: zone.code,
    });

    const read = await api("GET", `/api/v1/channels/${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("applies defaults: disabled (an unchecked checkbox), its base currency and default locale only, no tax zone; unset fields are left out", async () => {
    const code = uniqueCode("CH");
    const created = await api("POST", "/api/v1/channels/", { code, name: "Minimal", baseCurrency: "USD", defaultLocale: "en_US", taxCalculationStrategy: "order_items_based" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Minimal",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      // Not sent: ChannelType's checkbox unchecked, as Sylius creates it.
      enabled: false,
      taxCalculationStrategy: "order_items_based",
      _links: { self: { href: `/api/v1/channels/${code}` } },
    });
    expect(await stored(code)).toMatchObject({ locales: ["en_US"], currencies: ["USD"], defaultTaxZone: null });
  });

  // Changed by issue 40: creation order by default, as Sylius 1.8 (it was `code asc`).
  it("lists channels as {id, code, _links} in creation order, in one round trip", async () => {
    const prefix = uniqueCode("CHL");
    const zone = await createZone();
    const b = await createChannel({ code: `${prefix}_b`, locales: ["fr_FR"] });
    const a = await createChannel({ code: `${prefix}_a`, defaultTaxZone: zone.code, currencies: ["EUR"] });
    const res = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 2 });
    expect(res.body._embedded.items).toEqual(
      [b, a].map((ch) => ({ id: ch.id, code: ch.code, _links: { self: { href: `/api/v1/channels/${ch.code}` } } })),
    );
    const byName = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}&sorting[code]=desc&limit=1`);
    expect(byName.body).toMatchObject({ limit: 1, pages: 2, total: 2 });
    expect(byName.body._embedded.items.map((ch: { code: string }) => ch.code)).toEqual([`${prefix}_b`]);
  });

  it("PUT replaces sent lists and clears unsent ones; PATCH changes the default locale and clears the zone", async () => {
    const zone = await createZone();
    const channel = await createChannel({ locales: ["fr_FR"], currencies: ["EUR"], defaultTaxZone: zone.code, description: "Web" });
    const put = await api("PUT", `/api/v1/channels/${channel.code}`, { code: "IGNORED", name: "Renamed", currencies: [], enabled: true, defaultTaxZone: zone.code });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({ code: channel.code, name: "Renamed", enabled: true, taxCalculationStrategy: "order_items_based" });
    // Not sent: the description is removed and the locales are the default one alone (Sylius' form submitted whole).
    expect(read.body).not.toHaveProperty("description");
    expect(await stored(channel.code)).toMatchObject({ locales: ["en_US"], currencies: ["USD"], defaultTaxZone: zone.code });

    const patch = await api("PATCH", `/api/v1/channels/${channel.code}`, {
      defaultLocale: "fr_FR",
      locales: [],
      baseCurrency: "EUR",
      defaultTaxZone: null,
      enabled: false,
    });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({ name: "Renamed", enabled: false });
    expect(await stored(channel.code)).toMatchObject({
      defaultLocale: "fr_FR",
      locales: ["fr_FR"],
      baseCurrency: "EUR",
      currencies: ["EUR", "USD"],
      defaultTaxZone: null,
    });
    expect((await api("GET", "/api/v1/channels/IGNORED")).status).toBe(404);
  });

  it("reports every failing field at once, in ChannelType's order, with Sylius' messages", async () => {
    const res = await api("POST", "/api/v1/channels/", {
      code: "bad code",
      name: "",
      enabled: "yes",
      baseCurrency: "XQZ",
      defaultLocale: "",
      locales: ["zz_ZZ"],
      currencies: "USD",
      defaultTaxZone: "NO_SUCH_ZONE",
      taxCalculationStrategy: "per_order",
      themeName: 5,
      contactEmail: "not-an-email",
      shopBillingData: { company: "ACME", countryCode: "NO_SUCH_COUNTRY" },
      menuTaxon: "NO_SUCH_TAXON",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          name: { errors: ["Please enter channel name."] },
          description: {},
          enabled: { errors: ["This value is not valid."] },
          hostname: {},
          color: {},
          locales: { errors: ["This value is not valid."] },
          defaultLocale: { errors: ["Please enter channel default locale."] },
          currencies: { errors: ["This value is not valid."] },
          countries: {},
          defaultTaxZone: { errors: ["This value is not valid."] },
          taxCalculationStrategy: { errors: ["This value is not valid."] },
          themeName: { errors: ["This value is not valid."] },
          contactEmail: { errors: ["This email is invalid."] },
          skippingShippingStepAllowed: {},
          skippingPaymentStepAllowed: {},
          accountVerificationRequired: {},
          shopBillingData: {
            children: { taxId: {}, company: {}, countryCode: { errors: ["This value is not valid."] }, street: {}, city: {}, postcode: {} },
          },
          menuTaxon: { errors: ["This value is not valid."] },
          code: { errors: ["Channel code can only be comprised of letters, numbers, dashes and underscores."] },
          baseCurrency: { errors: ["This value is not valid."] },
        },
      },
    });
  });

  it("rejects a duplicate code, an unknown reference on update, and extra fields", async () => {
    const channel = await createChannel();
    const dup = await api("POST", "/api/v1/channels/", { code: channel.code, name: "x", baseCurrency: "USD", defaultLocale: "en_US", taxCalculationStrategy: "order_items_based" });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["Channel code has to be unique."] });
    const bad = await api("PATCH", `/api/v1/channels/${channel.code}`, { defaultLocale: "zz_ZZ", locales: ["en_US", "xx_XX"] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children.defaultLocale).toEqual({ errors: ["This value is not valid."] });
    expect(bad.body.errors.children.locales).toEqual({ errors: ["This value is not valid."] });
    const extra = await api("PUT", `/api/v1/channels/${channel.code}`, { theme: "x" });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
  });

  it("answers 404 for an unknown channel", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, "/api/v1/channels/NO_SUCH_CHANNEL", method === "PUT" || method === "PATCH" ? { name: "x" } : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Channel with code "NO_SUCH_CHANNEL" does not exist.' });
    }
  });

  it("deletes an unused channel (204, 2 round trips)", async () => {
    const channel = await createChannel({ locales: ["fr_FR"], currencies: ["EUR"] });
    const del = await api("DELETE", `/api/v1/channels/${channel.code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/channels/${channel.code}`)).status).toBe(404);
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM channel_locales WHERE channel_id = ?").bind(channel.id).first<{ n: number }>();
    expect(links?.n).toBe(0);
  });

  describe("refuses to delete a channel still in use (409)", () => {
    const refused = async (code: string) => {
      const res = await api("DELETE", `/api/v1/channels/${code}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 409, message: "Cannot delete, the channel is in use." });
      expect((await api("GET", `/api/v1/channels/${code}`)).status).toBe(200);
    };

    it("by an order", async () => {
      const channel = await createChannel();
      const customer = await createCustomer();
      await newCart({ customer: customer.email, channel: channel.code });
      await refused(channel.code);
    });

    it("by a product", async () => {
      const channel = await createChannel();
      await createProduct({ channels: [channel.code] });
      await refused(channel.code);
    });

    it("by a variant's channel pricing", async () => {
      const channel = await createChannel();
      await createVariant((await insertProduct()).code, { channelPricings: { [channel.code]: { price: "1.00" } } });
      await refused(channel.code);
    });

    it("by a promotion", async () => {
      const channel = await createChannel();
      await createPromotion({ channels: [channel.code] });
      await refused(channel.code);
    });

    it("by a shipping method", async () => {
      const channel = await createChannel();
      const zone = await createZone();
      const method = await api("POST", "/api/v1/shipping-methods/", {
        code: uniqueCode("SM"),
        translations: { en_US: { name: "Post" } },
        zone: zone.code,
        channels: [channel.code],
        calculator: "flat_rate",
        configuration: { [channel.code]: { amount: 5 } },
      });
      expect(method.status).toBe(201);
      await refused(channel.code);
    });
  });

  it("serializes the cart views of a channel", () => {
    const row = { id: 7, code: "WEB" };
    expect(serializeChannelForCart(row)).toEqual({ code: "WEB", _links: { self: { href: "/api/v1/channels/WEB" } } });
    const listView = serializeChannelForCartList(row);
    expect(listView).toEqual({ id: 7, code: "WEB", _links: { self: { href: "/api/v1/channels/WEB" } } });
    expect(Object.keys(listView)).toEqual(["id", "code", "_links"]);
  });
});
