import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createCountry, createZone, ensureCurrency, ensureLocales } from "../fixtures/references";
import { TIMESTAMP } from "../fixtures/sylius";
import { createTaxon, mugsShown, taxonsYml } from "../taxons/helpers";
import { serializeChannel } from "../../src/http/resources/channels/serializer";

const PATH = "/api/v1/channels/";

/** What the channel's row keeps of CoreBundle's ChannelType fields the read does not show, and its countries. */
async function stored(code: string) {
  const row = await env.DB.prepare(
    `SELECT theme_name, contact_email, skipping_shipping_step_allowed, skipping_payment_step_allowed, account_verification_required,
       shop_billing_tax_id, shop_billing_company, shop_billing_country_code, shop_billing_street, shop_billing_city, shop_billing_postcode,
       (SELECT t.code FROM taxons t WHERE t.id = c.menu_taxon_id) AS menu_taxon,
       (SELECT json_group_array(code) FROM (SELECT co.code FROM channel_countries cc JOIN countries co ON co.id = cc.country_id
          WHERE cc.channel_id = c.id ORDER BY co.code)) AS countries
     FROM channels c WHERE c.code = ?`,
  )
    .bind(code)
    .first<Record<string, unknown>>();
  return { ...row, countries: JSON.parse(String(row?.countries)) };
}

describe("ChannelApiTest", () => {
  it("it_allows_to_create_channel_with_extra_data", async () => {
    await ensureLocales("en_US");
    for (const currency of ["EUR", "GBP"]) await ensureCurrency(currency);
    const zone = await createZone();
    const taxons = await taxonsYml();
    const code = uniqueCode("android");
    const res = await api("POST", PATH, {
      code,
      name: "Channel for Android client",
      taxCalculationStrategy: "order_items_based",
      baseCurrency: "EUR",
      defaultLocale: "en_US",
      enabled: true,
      description: "For now not required, for future development stages.",
      defaultTaxZone: zone.code,
      hostname: "quickmart.eu",
      currencies: ["GBP"],
      menuTaxon: taxons.mugs,
      color: "ClassicBlue",
      contactEmail: "admin@quickmart.eu",
      skippingShippingStepAllowed: true,
      skippingPaymentStepAllowed: true,
      accountVerificationRequired: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // channel/create_with_extra_response.json: the detailed set with the menu taxon's, nothing else.
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Channel for Android client",
      description: "For now not required, for future development stages.",
      hostname: "quickmart.eu",
      color: "ClassicBlue",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      menuTaxon: mugsShown(taxons),
      _links: { self: { href: `${PATH}${code}` } },
    });
    expect(Object.keys(res.body)).toEqual([
      "id", "code", "name", "description", "hostname", "color", "createdAt", "updatedAt", "enabled", "taxCalculationStrategy", "menuTaxon", "_links",
    ]);
    const read = await api("GET", `${PATH}${code}`);
    expect(read.body).toEqual(res.body);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(await stored(code)).toEqual({
      theme_name: null,
      contact_email: "admin@quickmart.eu",
      skipping_shipping_step_allowed: 1,
      skipping_payment_step_allowed: 1,
      account_verification_required: 0,
      shop_billing_tax_id: null,
      shop_billing_company: null,
      shop_billing_country_code: null,
      shop_billing_street: null,
      shop_billing_city: null,
      shop_billing_postcode: null,
      menu_taxon: taxons.mugs,
      countries: [],
    });
  });
});

describe("channel fields of CoreBundle's ChannelType", () => {
  it("stores countries, theme, contact email, the flags, the shop billing data and the menu taxon; PATCH keeps what it does not send", async () => {
    const [first, second] = [await createCountry(), await createCountry()];
    const menu = uniqueCode("menu");
    await createTaxon(menu);
    const channel = await createChannel({
      countries: [first.code, second.code],
      themeName: "bootstrap",
      contactEmail: "shop@example.com",
      skippingShippingStepAllowed: true,
      accountVerificationRequired: true,
      shopBillingData: { taxId: "NL123", company: "Quickmart", countryCode: first.code, street: "Main Street 1", city: "Amsterdam", postcode: "1000" },
      menuTaxon: menu,
    });
    expect(channel.menuTaxon).toMatchObject({ code: menu, level: 0, children: [] });
    for (const hidden of ["countries", "themeName", "contactEmail", "skippingShippingStepAllowed", "accountVerificationRequired", "shopBillingData"]) {
      expect(channel).not.toHaveProperty(hidden);
    }
    expect(await stored(channel.code)).toEqual({
      theme_name: "bootstrap",
      contact_email: "shop@example.com",
      skipping_shipping_step_allowed: 1,
      skipping_payment_step_allowed: 0,
      account_verification_required: 1,
      shop_billing_tax_id: "NL123",
      shop_billing_company: "Quickmart",
      shop_billing_country_code: first.code,
      shop_billing_street: "Main Street 1",
      shop_billing_city: "Amsterdam",
      shop_billing_postcode: "1000",
      menu_taxon: menu,
      countries: [first.code, second.code].sort(),
    });
    // PATCH: the sent fields change (the sub-form's sent fields only); "" and null are none.
    expect((await api("PATCH", `${PATH}${channel.code}`, { countries: [second.code], themeName: "", shopBillingData: { city: "Utrecht", street: null }, menuTaxon: null })).status).toBe(204);
    expect(await stored(channel.code)).toMatchObject({
      theme_name: null,
      contact_email: "shop@example.com",
      skipping_shipping_step_allowed: 1,
      shop_billing_company: "Quickmart",
      shop_billing_street: null,
      shop_billing_city: "Utrecht",
      menu_taxon: null,
      countries: [second.code],
    });
    expect((await api("GET", `${PATH}${channel.code}`)).body).not.toHaveProperty("menuTaxon");
    // A PUT's shop billing data is the whole sub-form: what it leaves out is cleared.
    expect((await api("PUT", `${PATH}${channel.code}`, { name: "Renamed", taxCalculationStrategy: "order_items_based", shopBillingData: { company: "Other" } })).status).toBe(204);
    expect(await stored(channel.code)).toMatchObject({ shop_billing_tax_id: null, shop_billing_company: "Other", shop_billing_country_code: null, shop_billing_city: null });
    expect((await api("PATCH", `${PATH}${channel.code}`, { shopBillingData: null, countries: [], skippingShippingStepAllowed: null })).status).toBe(204);
    expect(await stored(channel.code)).toMatchObject({ shop_billing_company: null, countries: [], skipping_shipping_step_allowed: 0 });
  });

  it("validates them as Sylius' form does, and a refused form changes nothing", async () => {
    const disabled = await createCountry({ enabled: false });
    const channel = await createChannel({ contactEmail: "shop@example.com" });
    const res = await api("PATCH", `${PATH}${channel.code}`, {
      countries: ["NO_SUCH_COUNTRY"],
      themeName: "t".repeat(256),
      contactEmail: "a",
      skippingShippingStepAllowed: "yes",
      skippingPaymentStepAllowed: 1,
      accountVerificationRequired: [],
      shopBillingData: { company: 5, countryCode: disabled.code, fax: "123" },
      menuTaxon: "NO_SUCH_TAXON",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toMatchObject({
      countries: { errors: ["This value is not valid."] },
      themeName: { errors: ["This value is not valid."] },
      // Channel.xml: Length (2..254) and Email, both checked.
      contactEmail: { errors: ["Email must be at least 2 characters long.", "This email is invalid."] },
      skippingShippingStepAllowed: { errors: ["This value is not valid."] },
      skippingPaymentStepAllowed: { errors: ["This value is not valid."] },
      accountVerificationRequired: { errors: ["This value is not valid."] },
      shopBillingData: {
        errors: ["This form should not contain extra fields."],
        children: { taxId: {}, company: { errors: ["This value is not valid."] }, countryCode: { errors: ["This value is not valid."] }, street: {}, city: {}, postcode: {} },
      },
      menuTaxon: { errors: ["This value is not valid."] },
    });
    const long = await api("PATCH", `${PATH}${channel.code}`, { contactEmail: `${"a".repeat(250)}@example.com`, countries: [disabled.code], shopBillingData: "x" });
    expect(long.body.errors.children).toMatchObject({
      contactEmail: { errors: ["Email must not be longer than 254 characters."] },
      countries: { errors: ["This value is not valid."] },
      shopBillingData: { errors: ["This value is not valid."] },
    });
    expect(await stored(channel.code)).toMatchObject({ contact_email: "shop@example.com", countries: [] });
  });

  it("a deleted menu taxon or country leaves the channel without it", async () => {
    const menu = uniqueCode("menu");
    await createTaxon(menu);
    const country = await createCountry();
    const channel = await createChannel({ menuTaxon: menu, countries: [country.code] });
    expect((await api("DELETE", `/api/v1/taxons/${menu}`)).status).toBe(204);
    expect((await api("DELETE", `/api/v1/countries/${country.code}`)).status).toBe(204);
    expect((await api("GET", `${PATH}${channel.code}`)).body).not.toHaveProperty("menuTaxon");
    expect(await stored(channel.code)).toMatchObject({ menu_taxon: null, countries: [] });
  });
});

describe("channel description, hostname, color", () => {
  it("are taken on create and shown (omitted when not set)", async () => {
    const channel = await createChannel({ description: "Lorem ipsum", hostname: "localhost", color: "black" });
    expect(channel).toMatchObject({ description: "Lorem ipsum", hostname: "localhost", color: "black" });
    const keys = Object.keys(channel);
    expect(keys.slice(0, 6)).toEqual(["id", "code", "name", "description", "hostname", "color"]);
    expect((await api("GET", `/api/v1/channels/${channel.code}`)).body).toEqual(channel);
    const plain = await createChannel();
    for (const field of ["description", "hostname", "color"]) expect(plain).not.toHaveProperty(field);
  });

  it("PATCH keeps them when not sent, changes or removes them (null); PUT removes them when not sent", async () => {
    const channel = await createChannel({ description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PATCH", `/api/v1/channels/${channel.code}`, { name: "Renamed" })).status).toBe(204);
    let read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({ name: "Renamed", description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PATCH", `/api/v1/channels/${channel.code}`, { description: null, color: "#1abb9c" })).status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).not.toHaveProperty("description");
    expect(read.body).toMatchObject({ hostname: "a.example.com", color: "#1abb9c" });
    // A PUT is Sylius' form submitted whole: what it leaves out is removed.
    expect((await api("PUT", `/api/v1/channels/${channel.code}`, { name: "Renamed", enabled: true })).status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    for (const field of ["description", "hostname", "color"]) expect(read.body).not.toHaveProperty(field);
  });

  it("refuses a non-string or an over-long value", async () => {
    const res = await api("POST", "/api/v1/channels/", {
      code: uniqueCode("CH"),
      name: "x",
      baseCurrency: "USD",
      defaultLocale: "en_US",
      taxCalculationStrategy: "order_items_based",
      description: 5,
      hostname: "h".repeat(256),
      color: ["black"],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toMatchObject({
      description: { errors: ["This value is not valid."] },
      hostname: { errors: ["This value is not valid."] },
      color: { errors: ["This value is not valid."] },
    });
  });

  it("serializeChannel: the channel of an order and of a payment method (Sylius' Detailed group)", async () => {
    const row = {
      id: 1,
      code: "WEB",
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      createdAt: "2026-01-02T03:04:05.678Z",
      updatedAt: "2026-01-02T03:04:05.678Z",
    };
    const shown = serializeChannel(row);
    expect(JSON.parse(JSON.stringify(shown))).toEqual({
      id: 1,
      code: "WEB",
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      createdAt: "2026-01-02T03:04:05+00:00",
      updatedAt: "2026-01-02T03:04:05+00:00",
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      _links: { self: { href: "/api/v1/channels/WEB" } },
    });
    expect(Object.keys(JSON.parse(JSON.stringify(serializeChannel({ ...row, description: null, hostname: null, color: null }))))).toEqual([
      "id", "code", "name", "createdAt", "updatedAt", "enabled", "taxCalculationStrategy", "_links",
    ]);
  });
});
