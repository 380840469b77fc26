import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { cartFixture } from "../fixtures/carts";
import { createChannel, createCustomer, createZone, ensureLocales } from "../fixtures/references";
import { serializeChannel } from "../../src/http/resources/channels/serializer";

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

  it("PUT keeps them when not sent, PATCH changes or removes them (null)", async () => {
    const channel = await createChannel({ description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PUT", `/api/v1/channels/${channel.code}`, { name: "Renamed" })).status).toBe(204);
    let read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({ name: "Renamed", description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PATCH", `/api/v1/channels/${channel.code}`, { description: null, color: "#1abb9c" })).status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).not.toHaveProperty("description");
    expect(read.body).toMatchObject({ hostname: "a.example.com", color: "#1abb9c" });
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

describe("customer birthday and gender", () => {
  it("birthday `Y-m-d` in, a midnight UTC date-time out; gender `u` by default", async () => {
    const customer = await createCustomer({ firstName: "Barry", birthday: "1990-05-01", gender: "m" });
    expect(customer).toMatchObject({ birthday: "1990-05-01T00:00:00+00:00", gender: "m" });
    const keys = Object.keys(customer);
    expect(keys.slice(keys.indexOf("firstName"), keys.indexOf("firstName") + 3)).toEqual(["firstName", "birthday", "gender"]);
    expect((await api("GET", `/api/v1/customers/${customer.id}`)).body).toEqual(customer);
    const plain = await createCustomer();
    expect(plain.gender).toBe("u");
    expect(plain).not.toHaveProperty("birthday");
  });

  it("PUT keeps them when not sent; PATCH changes them; null or \"\" clears the birthday and resets the gender to `u`", async () => {
    const customer = await createCustomer({ birthday: "2000-02-29", gender: "f" });
    expect((await api("PUT", `/api/v1/customers/${customer.id}`, { firstName: "Ann" })).status).toBe(204);
    let read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({ firstName: "Ann", birthday: "2000-02-29T00:00:00+00:00", gender: "f" });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: "1980-12-31", gender: "m" })).status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({ birthday: "1980-12-31T00:00:00+00:00", gender: "m" });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: null, gender: "" })).status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).not.toHaveProperty("birthday");
    expect(read.body.gender).toBe("u");
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: "", gender: null })).status).toBe(204);
  });

  it("refuses other genders and malformed or impossible dates (`This value is not valid.`)", async () => {
    for (const [birthday, gender] of [
      ["1990-02-30", "x"],
      ["01/05/1990", "male"],
      ["1990-5-1", 1],
      ["1990-05-01T00:00:00+00:00", "M"],
      [19900501, true],
    ] as const) {
      const res = await api("POST", "/api/v1/customers/", { email: `${uniqueCode("c").toLowerCase()}@example.com`, birthday, gender });
      expect(res.status).toBe(400);
      expect(res.body.errors.children.birthday, String(birthday)).toEqual({ errors: ["This value is not valid."] });
      expect(res.body.errors.children.gender, String(gender)).toEqual({ errors: ["This value is not valid."] });
    }
  });

  it("an order shows its customer's birthday as a date-time and gender", async () => {
    const fixture = await cartFixture();
    expect((await api("PATCH", `/api/v1/customers/${fixture.customerId}`, { birthday: "1990-05-01", gender: "f" })).status).toBe(204);
    const cart = await api("POST", "/api/v1/carts/", { customer: fixture.customer, channel: fixture.channel, localeCode: "en_US" });
    const order = await api("GET", `/api/v1/orders/${cart.body.id}`);
    expect(order.body.customer).toMatchObject({ id: fixture.customerId, birthday: "1990-05-01T00:00:00+00:00", gender: "f" });
  });
});

describe("shipping-method translation description", () => {
  it("is taken per locale, shown when set, replaced by PUT and merged by PATCH", async () => {
    await ensureLocales("en_US");
    await ensureLocales("fr_FR");
    const channel = await createChannel();
    const zone = await createZone();
    const code = uniqueCode("SM");
    const created = await api("POST", "/api/v1/shipping-methods/", {
      code,
      translations: { en_US: { name: "Courier", description: "Two to three days" }, fr_FR: { name: "Coursier" } },
      zone: zone.code,
      channels: [channel.code],
      calculator: "flat_rate",
      configuration: { [channel.code]: { amount: 500 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({
      en_US: { id: expect.any(Number), locale: "en_US", name: "Courier", description: "Two to three days" },
      fr_FR: { id: expect.any(Number), locale: "fr_FR", name: "Coursier" },
    });
    expect((await api("PATCH", `/api/v1/shipping-methods/${code}`, { translations: { fr_FR: { name: "Coursier", description: "Deux jours" } } })).status).toBe(204);
    let read = await api("GET", `/api/v1/shipping-methods/${code}`);
    expect(read.body.translations.en_US.description).toBe("Two to three days");
    expect(read.body.translations.fr_FR.description).toBe("Deux jours");
    expect((await api("PUT", `/api/v1/shipping-methods/${code}`, { translations: { en_US: { name: "Courier" } } })).status).toBe(204);
    read = await api("GET", `/api/v1/shipping-methods/${code}`);
    expect(read.body.translations).toEqual({ en_US: { id: expect.any(Number), locale: "en_US", name: "Courier" } });
    const bad = await api("PATCH", `/api/v1/shipping-methods/${code}`, { translations: { en_US: { name: "Courier", description: 5 } } });
    expect(bad.status).toBe(400);
    // Inside the locale's sub-form (ShippingMethodTranslationType), as Symfony reports it.
    expect(bad.body.errors.children.translations).toEqual({
      children: { en_US: { children: { name: {}, description: { errors: ["This value is not valid."] } } } },
    });
  });
});
