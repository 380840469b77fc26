import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createShippingCategory, createTaxCategory, createZone, ensureLocales } from "../fixtures/references";
import { shippingMethodName } from "../../src/http/resources/shipping-methods/serializer";

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

async function setup() {
  const channel = await createChannel({ locales: ["fr_FR"] });
  const zone = await createZone();
  return { channel, zone };
}

const methodBody = (zone: string, channel: string, extra: Record<string, unknown> = {}) => ({
  code: uniqueCode("SM"),
  translations: { en_US: { name: "Courier" } },
  zone,
  channels: [channel],
  calculator: "flat_rate",
  configuration: { [channel]: { amount: 15 } },
  ...extra,
});

describe("shipping methods", () => {
  beforeAll(async () => {
    await ensureLocales("en_US");
    await ensureLocales("fr_FR");
  });

  it("creates a method with every field (201, 2 round trips) and reads it (1 round trip)", async () => {
    const { channel, zone } = await setup();
    const category = await createShippingCategory();
    const taxCategory = await createTaxCategory();
    const code = uniqueCode("SM");
    const created = await api("POST", "/api/v1/shipping-methods/", {
      code,
      position: 3,
      enabled: false,
      translations: { fr_FR: { name: "Coursier" }, en_US: { name: "Courier" } },
      zone: zone.code,
      channels: [channel.code],
      calculator: "per_unit_rate",
      configuration: { [channel.code]: { amount: 2.5 } },
      category: category.code,
      categoryRequirement: "match_all",
      taxCategory: taxCategory.code,
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    const expected = {
      id: expect.any(Number),
      code,
      position: 3,
      name: "Courier",
      enabled: false,
      translations: {
        en_US: { id: expect.any(Number), locale: "en_US", name: "Courier" },
        fr_FR: { id: expect.any(Number), locale: "fr_FR", name: "Coursier" },
      },
      zone: { id: zone.id, code: zone.code, name: zone.name, _links: { self: { href: `/api/v1/zones/${zone.code}` } } },
      channels: [channel.code],
      calculator: "per_unit_rate",
      configuration: { [channel.code]: { amount: 250 } },
      category: { id: category.id, code: category.code, name: category.name, _links: { self: { href: `/api/v1/shipping-categories/${category.code}` } } },
      categoryRequirement: "match_all",
      rules: [],
      taxCategory: { id: taxCategory.id, code: taxCategory.code, name: taxCategory.name, _links: { self: { href: `/api/v1/tax-categories/${taxCategory.code}` } } },
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: { self: { href: `/api/v1/shipping-methods/${code}` }, zone: { href: `/api/v1/zones/${zone.code}` } },
    };
    expect(created.body).toEqual(expected);
    const read = await api("GET", `/api/v1/shipping-methods/${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("applies defaults: enabled, match_any, no categories, next position", async () => {
    const { channel, zone } = await setup();
    const first = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code));
    const second = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ enabled: true, categoryRequirement: "match_any", calculator: "flat_rate" });
    expect(first.body).not.toHaveProperty("category");
    expect(first.body).not.toHaveProperty("taxCategory");
    expect(second.body.position).toBeGreaterThan(first.body.position);
    const noChannels = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { channels: undefined, configuration: undefined }));
    expect(noChannels.status).toBe(201);
    expect(noChannels.body).toMatchObject({ channels: [], configuration: {}, name: "Courier" });
  });

  it("is named in its first channel's default locale, else by its first translation", async () => {
    const zone = await createZone();
    const french = await createChannel({ defaultLocale: "fr_FR" });
    const res = await api("POST", "/api/v1/shipping-methods/", {
      ...methodBody(zone.code, french.code),
      translations: { en_US: { name: "Courier" }, fr_FR: { name: "Coursier" } },
    });
    expect(res.body.name).toBe("Coursier");
    expect(shippingMethodName("X", [{ locale: "fr_FR", name: "B" }, { locale: "de_DE", name: "A" }], [])).toBe("A");
    expect(shippingMethodName("X", [{ locale: "de_DE", name: "A" }], [{ code: "W", defaultLocale: "en_US" }])).toBe("A");
    expect(shippingMethodName("X", [], [])).toBe("X");
    expect(
      shippingMethodName(
        "X",
        [
          { locale: "en_US", name: "E" },
          { locale: "fr_FR", name: "F" },
        ],
        [
          { code: "Z_CH", defaultLocale: "en_US" },
          { code: "A_CH", defaultLocale: "fr_FR" },
        ],
      ),
    ).toBe("F");
  });

  it("reports every failing field at once, in ShippingMethodType's order, with Sylius' messages", async () => {
    const res = await api("POST", "/api/v1/shipping-methods/", {
      code: "",
      position: -1,
      enabled: 1,
      translations: { zz_ZZ: { name: "x" } },
      zone: "NO_SUCH_ZONE",
      channels: ["NO_SUCH_CHANNEL"],
      calculator: "weight_rate",
      configuration: { NO_SUCH_CHANNEL: { amount: 10 } },
      category: "NO_SUCH_CATEGORY",
      categoryRequirement: "match_some",
      taxCategory: "NO_SUCH_TAX_CATEGORY",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          translations: { errors: ["This value is not valid."] },
          position: { errors: ["This value is not valid."] },
          category: { errors: ["This value is not valid."] },
          categoryRequirement: { errors: ["This value is not valid."] },
          calculator: { errors: ["This value is not valid."] },
          enabled: { errors: ["This value is not valid."] },
          rules: {},
          zone: { errors: ["This value is not valid."] },
          taxCategory: { errors: ["This value is not valid."] },
          channels: { errors: ["This value is not valid."] },
          code: { errors: ["Please enter shipping method code."] },
          configuration: { errors: ["This value is not valid."] },
        },
      },
    });
    const empty = await api("POST", "/api/v1/shipping-methods/", {});
    expect(empty.body.errors.children).toEqual({
      translations: {},
      position: {},
      category: {},
      categoryRequirement: {},
      calculator: { errors: ["Please select shipping method calculator."] },
      enabled: {},
      rules: {},
      zone: { errors: ["Please select shipping method zone."] },
      taxCategory: {},
      channels: {},
      code: { errors: ["Please enter shipping method code."] },
      configuration: {},
    });
  });

  it("requires an amount (major units ≥ 0, at most 21,474,836.47) for every channel of the method", async () => {
    const { channel, zone } = await setup();
    const other = await createChannel();
    const missingAmount = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { channels: [channel.code, other.code] }));
    expect(missingAmount.status).toBe(400);
    expect(missingAmount.body.errors.children.configuration).toEqual({ errors: ["This value is not valid."] });
    for (const amount of [-1, "1,5", "ten", 21474836.48, true]) {
      const bad = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { configuration: { [channel.code]: { amount } } }));
      expect(bad.body.errors.children.configuration, JSON.stringify(amount)).toEqual({ errors: ["This value is not valid."] });
    }
    const blankName = await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { translations: { en_US: { name: "" } } }));
    // The sent locale's sub-form; the shop's other locales are listed too, passing.
    expect(blankName.body.errors.children.translations.children.en_US).toEqual({ children: { name: { errors: ["Please enter shipping method name."] }, description: {} } });
  });

  it("rejects a duplicate code", async () => {
    const { channel, zone } = await setup();
    const body = methodBody(zone.code, channel.code);
    expect((await api("POST", "/api/v1/shipping-methods/", body)).status).toBe(201);
    const dup = await api("POST", "/api/v1/shipping-methods/", body);
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["The shipping method with given code already exists."] });
  });

  // Changed by issue 40: `position asc` by default, as Sylius' grid (it was `code asc`); `_b` was created first.
  it("lists methods with all their parts in one round trip", async () => {
    const { channel, zone } = await setup();
    const prefix = uniqueCode("SML");
    const category = await createShippingCategory();
    await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { code: `${prefix}_b`, category: category.code }));
    await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { code: `${prefix}_a`, translations: { fr_FR: { name: "Poste" } } }));
    const res = await api("GET", `/api/v1/shipping-methods/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body.total).toBe(2);
    const [b, a] = res.body._embedded.items;
    expect(a).toMatchObject({ code: `${prefix}_a`, name: "Poste", channels: [channel.code], zone: { code: zone.code } });
    expect(a).not.toHaveProperty("category");
    expect(b).toMatchObject({ code: `${prefix}_b`, name: "Courier", category: { code: category.code } });
  });

  it("PUT replaces sent collections and clears what it does not send", async () => {
    const { channel, zone } = await setup();
    const other = await createChannel();
    const category = await createShippingCategory();
    const created = (
      await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, {
        translations: { en_US: { name: "Courier" }, fr_FR: { name: "Coursier" } },
        category: category.code,
      }))
    ).body;
    const put = await api("PUT", `/api/v1/shipping-methods/${created.code}`, {
      code: "IGNORED",
      translations: { en_US: { name: "Express" } },
      channels: [other.code],
      configuration: { [other.code]: { amount: "9.00" } },
    });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    const read = await api("GET", `/api/v1/shipping-methods/${created.code}`);
    expect(read.body).toEqual({
      ...created,
      name: "Express",
      translations: { en_US: { id: created.translations.en_US.id, locale: "en_US", name: "Express" } },
      channels: [other.code],
      configuration: { [other.code]: { amount: 900 } },
      // Not sent: the checkbox is unchecked and the category removed (Sylius' form submitted whole).
      enabled: false,
      category: undefined,
      updatedAt: TIMESTAMP,
    });
    expect(read.body).not.toHaveProperty("category");

    // Channels that lose their amount are refused.
    const noAmount = await api("PUT", `/api/v1/shipping-methods/${created.code}`, { channels: [other.code, channel.code] });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.errors.children.configuration).toEqual({ errors: ["This value is not valid."] });
    // A PUT of no translations removes them all (translations are optional, as in Sylius): the method is named by its code.
    expect((await api("PUT", `/api/v1/shipping-methods/${created.code}`, { translations: {} })).status).toBe(204);
    const unnamed = await api("GET", `/api/v1/shipping-methods/${created.code}`);
    expect(unnamed.body).toMatchObject({ name: created.code, translations: [] });
  });

  it("PATCH merges translations by locale and clears references with null", async () => {
    const { channel, zone } = await setup();
    const category = await createShippingCategory();
    const taxCategory = await createTaxCategory();
    const created = (
      await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code, { category: category.code, taxCategory: taxCategory.code }))
    ).body;
    const patch = await api("PATCH", `/api/v1/shipping-methods/${created.code}`, {
      translations: { fr_FR: { name: "Coursier" } },
      category: null,
      enabled: false,
      position: 42,
    });
    expect(patch.status).toBe(204);
    expect(d1RoundTrips(patch.headers)).toBe(2);
    const read = await api("GET", `/api/v1/shipping-methods/${created.code}`);
    expect(read.body).toMatchObject({
      name: "Courier",
      enabled: false,
      position: 42,
      translations: {
        en_US: { id: created.translations.en_US.id, locale: "en_US", name: "Courier" },
        fr_FR: { locale: "fr_FR", name: "Coursier" },
      },
      taxCategory: { code: taxCategory.code },
      configuration: created.configuration,
      channels: [channel.code],
    });
    expect(read.body).not.toHaveProperty("category");
  });

  it("answers 404 for an unknown method; deletes a method (204, 2 round trips)", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, "/api/v1/shipping-methods/NO_SUCH_METHOD", method === "PUT" || method === "PATCH" ? { enabled: true } : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Shipping method with code "NO_SUCH_METHOD" does not exist.' });
    }
    const { channel, zone } = await setup();
    const created = (await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code))).body;
    const del = await api("DELETE", `/api/v1/shipping-methods/${created.code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/shipping-methods/${created.code}`)).status).toBe(404);
    // Its zone and channel are free again.
    expect((await api("DELETE", `/api/v1/zones/${zone.code}`)).status).toBe(204);
    expect((await api("DELETE", `/api/v1/channels/${channel.code}`)).status).toBe(204);
  });

  it("keeps its zone from being deleted (409)", async () => {
    const { channel, zone } = await setup();
    expect((await api("POST", "/api/v1/shipping-methods/", methodBody(zone.code, channel.code))).status).toBe(201);
    const res = await api("DELETE", `/api/v1/zones/${zone.code}`);
    expect(res.status).toBe(409);
  });
});
