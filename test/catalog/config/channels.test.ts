import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../../helpers/http";
import { serializeChannelForCart, serializeChannelForCartList } from "../../../src/http/resources/channels/serializer";
import { createChannel, createCustomer, createZone, ensureCurrency, ensureLocale } from "./fixtures";

const codeOnly = (path: string, code: string) => ({
  id: expect.any(Number),
  code,
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
  updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
  _links: { self: { href: `/api/v1/${path}/${code}` } },
});

describe("channels", () => {
  beforeAll(async () => {
    await ensureLocale("en_US");
    await ensureLocale("fr_FR");
    await ensureCurrency("USD");
    await ensureCurrency("EUR");
  });

  it("creates a channel with every field (201, 2 round trips) and reads it (1 round trip)", async () => {
    const zone = await createZone();
    const code = uniqueCode("CH");
    const created = await api("POST", "/api/v1/channels/", {
      code,
      name: "Web store",
      enabled: false,
      baseCurrency: "USD",
      defaultLocale: "en_US",
      locales: ["fr_FR"],
      currencies: ["EUR"],
      defaultTaxZone: zone.code,
      taxCalculationStrategy: "order_item_units_based",
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    const expected = {
      id: expect.any(Number),
      code,
      name: "Web store",
      enabled: false,
      baseCurrency: codeOnly("currencies", "USD"),
      defaultLocale: codeOnly("locales", "en_US"),
      locales: ["en_US", "fr_FR"],
      currencies: ["EUR", "USD"],
      defaultTaxZone: { id: zone.id, code: zone.code, name: zone.name, _links: { self: { href: `/api/v1/zones/${zone.code}` } } },
      taxCalculationStrategy: "order_item_units_based",
      createdAt: expect.stringMatching(/\+00:00$/),
      updatedAt: expect.stringMatching(/\+00:00$/),
      _links: { self: { href: `/api/v1/channels/${code}` } },
    };
    expect(created.body).toEqual(expected);

    const read = await api("GET", `/api/v1/channels/${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("applies defaults: enabled, its base currency and default locale only, no tax zone", async () => {
    const code = uniqueCode("CH");
    const created = await api("POST", "/api/v1/channels/", { code, name: "Minimal", baseCurrency: "USD", defaultLocale: "en_US" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      enabled: true,
      locales: ["en_US"],
      currencies: ["USD"],
      taxCalculationStrategy: "order_items_based",
    });
    expect(created.body).not.toHaveProperty("defaultTaxZone");
  });

  it("lists channels with their relations in one round trip", async () => {
    const prefix = uniqueCode("CHL");
    const zone = await createZone();
    await createChannel({ code: `${prefix}_b`, locales: ["fr_FR"] });
    await createChannel({ code: `${prefix}_a`, defaultTaxZone: zone.code, currencies: ["EUR"] });
    const res = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 2 });
    const [a, b] = res.body._embedded.items;
    expect(a).toMatchObject({ code: `${prefix}_a`, locales: ["en_US"], currencies: ["EUR", "USD"], defaultTaxZone: { code: zone.code } });
    expect(a.baseCurrency.code).toBe("USD");
    expect(b).toMatchObject({ code: `${prefix}_b`, locales: ["en_US", "fr_FR"], currencies: ["USD"] });
    expect(b).not.toHaveProperty("defaultTaxZone");
    const byName = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}&sorting[code]=desc&limit=1`);
    expect(byName.body).toMatchObject({ limit: 1, pages: 2, total: 2 });
    expect(byName.body._embedded.items.map((ch: { code: string }) => ch.code)).toEqual([`${prefix}_b`]);
  });

  it("PUT keeps fields not sent and replaces sent lists; PATCH changes the default locale and clears the zone", async () => {
    const zone = await createZone();
    const channel = await createChannel({ locales: ["fr_FR"], currencies: ["EUR"], defaultTaxZone: zone.code });
    const put = await api("PUT", `/api/v1/channels/${channel.code}`, { code: "IGNORED", name: "Renamed", currencies: [] });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({
      code: channel.code,
      name: "Renamed",
      enabled: true,
      locales: ["en_US", "fr_FR"],
      currencies: ["USD"],
      defaultTaxZone: { code: zone.code },
      taxCalculationStrategy: "order_items_based",
    });

    const patch = await api("PATCH", `/api/v1/channels/${channel.code}`, {
      defaultLocale: "fr_FR",
      locales: [],
      baseCurrency: "EUR",
      defaultTaxZone: null,
      enabled: false,
    });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({
      name: "Renamed",
      enabled: false,
      defaultLocale: { code: "fr_FR" },
      locales: ["fr_FR"],
      baseCurrency: { code: "EUR" },
      currencies: ["EUR", "USD"],
    });
    expect(read.body).not.toHaveProperty("defaultTaxZone");
    expect((await api("GET", "/api/v1/channels/IGNORED")).status).toBe(404);
  });

  it("reports every failing field at once, in form order", async () => {
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
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          code: { errors: ["Code can only be comprised of letters, numbers, dashes and underscores."] },
          name: { errors: ["This value should not be blank."] },
          description: {},
          enabled: { errors: ["This value is not valid."] },
          hostname: {},
          color: {},
          baseCurrency: { errors: ["This value is not valid."] },
          defaultLocale: { errors: ["This value should not be blank."] },
          locales: { errors: ["This value is not valid."] },
          currencies: { errors: ["This value is not valid."] },
          defaultTaxZone: { errors: ["This value is not valid."] },
          taxCalculationStrategy: { errors: ["This value is not valid."] },
        },
      },
    });
    const missing = await api("POST", "/api/v1/channels/", {});
    expect(missing.body.errors.children).toEqual({
      code: { errors: ["This value should not be blank."] },
      name: { errors: ["This value should not be blank."] },
      description: {},
      enabled: {},
      hostname: {},
      color: {},
      baseCurrency: { errors: ["This value should not be blank."] },
      defaultLocale: { errors: ["This value should not be blank."] },
      locales: {},
      currencies: {},
      defaultTaxZone: {},
      taxCalculationStrategy: {},
    });
  });

  it("rejects a duplicate code, an unknown reference on update, and extra fields", async () => {
    const channel = await createChannel();
    const dup = await api("POST", "/api/v1/channels/", { code: channel.code, name: "x", baseCurrency: "USD", defaultLocale: "en_US" });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["Channel code has to be unique."] });
    const bad = await api("PATCH", `/api/v1/channels/${channel.code}`, { defaultLocale: "zz_ZZ", locales: ["en_US", "xx_XX"] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children.defaultLocale).toEqual({ errors: ["This value is not valid."] });
    expect(bad.body.errors.children.locales).toEqual({ errors: ["This value is not valid."] });
    const extra = await api("PUT", `/api/v1/channels/${channel.code}`, { themeName: "x" });
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
      await env.DB.prepare("INSERT INTO orders (customer_id, channel_id, currency_code, locale_code) VALUES (?, ?, 'USD', 'en_US')")
        .bind(customer.id, channel.id)
        .run();
      await refused(channel.code);
    });

    it("by a product", async () => {
      const channel = await createChannel();
      const product = await env.DB.prepare("INSERT INTO products (code) VALUES (?) RETURNING id").bind(uniqueCode("P")).first<{ id: number }>();
      await env.DB.prepare("INSERT INTO product_channels (product_id, channel_id) VALUES (?, ?)").bind(product!.id, channel.id).run();
      await refused(channel.code);
    });

    it("by a variant's channel pricing", async () => {
      const channel = await createChannel();
      const product = await env.DB.prepare("INSERT INTO products (code) VALUES (?) RETURNING id").bind(uniqueCode("P")).first<{ id: number }>();
      const variant = await env.DB.prepare("INSERT INTO product_variants (product_id, code) VALUES (?, ?) RETURNING id")
        .bind(product!.id, uniqueCode("V"))
        .first<{ id: number }>();
      await env.DB.prepare("INSERT INTO channel_pricings (variant_id, channel_code, price) VALUES (?, ?, 100)").bind(variant!.id, channel.code).run();
      await refused(channel.code);
    });

    it("by a promotion", async () => {
      const channel = await createChannel();
      const promotion = await env.DB.prepare("INSERT INTO promotions (code, name) VALUES (?, 'P') RETURNING id").bind(uniqueCode("PR")).first<{ id: number }>();
      await env.DB.prepare("INSERT INTO promotion_channels (promotion_id, channel_id) VALUES (?, ?)").bind(promotion!.id, channel.id).run();
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
        configuration: { [channel.code]: { amount: 500 } },
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
