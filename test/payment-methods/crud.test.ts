import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, ensureLocales } from "../fixtures/references";
import { paymentMethodDescription, paymentMethodName, serializePaymentMethod } from "../../src/http/resources/payment-methods/serializer";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { namedBatch } from "../../src/data/batch";
import { paymentMethodsOfChannel } from "../../src/data/queries/payment-methods";

const BASE = "/api/v1/payment-methods/";
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

/** A channel as a payment method (and an order) shows it. */
const orderChannel = (channel: any) => ({
  id: channel.id,
  code: channel.code,
  name: channel.name,
  ...(channel.description ? { description: channel.description } : {}),
  ...(channel.hostname ? { hostname: channel.hostname } : {}),
  ...(channel.color ? { color: channel.color } : {}),
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
  enabled: channel.enabled,
  taxCalculationStrategy: channel.taxCalculationStrategy,
  _links: { self: { href: `/api/v1/channels/${channel.code}` } },
});

const methodBody = (extra: Record<string, unknown> = {}) => ({
  code: uniqueCode("PM"),
  translations: { en_US: { name: "Cash on delivery" } },
  ...extra,
});

describe("payment methods", () => {
  beforeAll(async () => {
    await ensureLocales("en_US");
    await ensureLocales("fr_FR");
  });

  it("creates a method with every field (201, 2 round trips) in the order's `method` shape; reads it (1 round trip)", async () => {
    const channel = await createChannel({ description: "Web shop", hostname: "shop.example.com", color: "black", locales: ["fr_FR"] });
    const code = uniqueCode("PM");
    const created = await api("POST", BASE, {
      code,
      position: 7,
      enabled: false,
      channels: [channel.code],
      translations: { en_US: { name: "Bank transfer", description: "Pay within 7 days" }, fr_FR: { name: "Virement" } },
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    const expected = {
      id: expect.any(Number),
      code,
      position: 7,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      enabled: false,
      translations: {
        en_US: { locale: "en_US", id: expect.any(Number), name: "Bank transfer", description: "Pay within 7 days" },
        fr_FR: { locale: "fr_FR", id: expect.any(Number), name: "Virement" },
      },
      channels: [orderChannel(channel)],
      _links: { self: { href: `${BASE}${code}` } },
    };
    expect(created.body).toEqual(expected);
    expect(created.body.channels[0]).toMatchObject({ description: "Web shop", hostname: "shop.example.com", color: "black" });
    expect(Object.keys(created.body)).toEqual(["id", "code", "position", "createdAt", "updatedAt", "enabled", "translations", "channels", "_links"]);
    const read = await api("GET", `${BASE}${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("applies defaults: enabled, no channels, the next position", async () => {
    const first = await api("POST", BASE, methodBody());
    const second = await api("POST", BASE, methodBody());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ enabled: true, channels: [] });
    expect(second.body.position).toBeGreaterThan(first.body.position);
  });

  it("lists methods by position (default) with their channels in one round trip; filters by code", async () => {
    const channel = await createChannel();
    const tag = uniqueCode("LIST");
    for (const [suffix, position] of [["B", 1], ["A", 2]] as const) {
      await api("POST", BASE, methodBody({ code: `${tag}_${suffix}`, position, channels: [channel.code] }));
    }
    const list = await api("GET", `${BASE}?criteria[code]=${tag}`);
    expect(list.status).toBe(200);
    expect(d1RoundTrips(list.headers)).toBe(1);
    expect(list.body.total).toBe(2);
    expect(list.body._embedded.items.map((m: { code: string }) => m.code)).toEqual([`${tag}_B`, `${tag}_A`]);
    expect(list.body._embedded.items[0].channels).toEqual([orderChannel(channel)]);
    const byCode = await api("GET", `${BASE}?criteria[code]=${tag}&sorting[code]=asc`);
    expect(byCode.body._embedded.items.map((m: { code: string }) => m.code)).toEqual([`${tag}_A`, `${tag}_B`]);
  });

  it("PUT replaces sent translations and channels, keeps the rest; PATCH merges translations by locale", async () => {
    const [one, two] = [await createChannel(), await createChannel()];
    const created = await api("POST", BASE, methodBody({ position: 3, channels: [one.code], translations: { en_US: { name: "Cash" }, fr_FR: { name: "Espèces" } } }));
    const code = created.body.code;
    const put = await api("PUT", `${BASE}${code}`, { code: "IGNORED", enabled: false, channels: [two.code], translations: { en_US: { name: "Cash!", description: "Exact change" } } });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `${BASE}${code}`);
    expect(read.body).toMatchObject({ code, position: 3, enabled: false, channels: [orderChannel(two)] });
    expect(read.body.translations).toEqual({ en_US: { locale: "en_US", id: expect.any(Number), name: "Cash!", description: "Exact change" } });
    const patch = await api("PATCH", `${BASE}${code}`, { translations: { fr_FR: { name: "Liquide" } } });
    expect(patch.status).toBe(204);
    read = await api("GET", `${BASE}${code}`);
    expect(Object.keys(read.body.translations)).toEqual(["en_US", "fr_FR"]);
    expect(read.body.channels).toEqual([orderChannel(two)]);
    expect((await api("PATCH", `${BASE}${code}`, { channels: [] })).status).toBe(204);
    expect((await api("GET", `${BASE}${code}`)).body.channels).toEqual([]);
  });

  it("reports every failing field at once, in form order, with Sylius' messages", async () => {
    const res = await api("POST", BASE, { code: "bad code", position: -1, enabled: "yes", channels: "x", translations: { en_US: { name: "" } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          code: { errors: ["Payment method code can only be comprised of letters, numbers, dashes and underscores."] },
          position: { errors: ["This value is not valid."] },
          enabled: { errors: ["This value is not valid."] },
          channels: { errors: ["This value is not valid."] },
          translations: { errors: ["Please enter payment method name."] },
        },
      },
    });
    const empty = await api("POST", BASE, {});
    expect(empty.body.errors.children).toEqual({
      code: { errors: ["Please enter payment method code."] },
      position: {},
      enabled: {},
      channels: {},
      translations: { errors: ["Please enter payment method name."] },
    });
    const unknown = await api("POST", BASE, methodBody({ channels: ["NO_SUCH_CHANNEL"], translations: { xx_XX: { name: "X" } } }));
    expect(unknown.body.errors.children.channels).toEqual({ errors: ["This value is not valid."] });
    expect(unknown.body.errors.children.translations).toEqual({ errors: ["This value is not valid."] });
    const extra = await api("POST", BASE, methodBody({ gatewayConfig: { factoryName: "offline" } }));
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
  });

  it("keeps codes unique; PUT must leave a translation", async () => {
    const created = await api("POST", BASE, methodBody());
    const dup = await api("POST", BASE, methodBody({ code: created.body.code }));
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["The payment method with given code already exists."] });
    const put = await api("PUT", `${BASE}${created.body.code}`, { translations: {} });
    expect(put.status).toBe(400);
    expect(put.body.errors.children.translations).toEqual({ errors: ["Please enter payment method name."] });
  });

  it("answers 404 for an unknown method on every operation", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${BASE}NO_SUCH_METHOD`, method === "PUT" || method === "PATCH" ? { enabled: true } : undefined);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Payment method with code "NO_SUCH_METHOD" does not exist.' });
    }
  });

  it("deletes an unused method (204, 2 round trips); refuses one a payment uses (409)", async () => {
    const unused = await api("POST", BASE, methodBody());
    const deleted = await api("DELETE", `${BASE}${unused.body.code}`);
    expect(deleted.status).toBe(204);
    expect(d1RoundTrips(deleted.headers)).toBe(2);
    expect((await api("GET", `${BASE}${unused.body.code}`)).status).toBe(404);

    const channel = await createChannel();
    const used = await api("POST", BASE, methodBody({ channels: [channel.code] }));
    const customer = await api("POST", "/api/v1/customers/", { email: `${uniqueCode("pm").toLowerCase()}@example.com` });
    const cart = await api("POST", "/api/v1/carts/", { customer: customer.body.email, channel: channel.code, localeCode: "en_US" });
    expect(cart.status).toBe(201);
    // Payments are written by checkout; one stored directly stands for it.
    await env.DB.prepare("INSERT INTO payments (order_id, method_id, currency_code, amount) VALUES (?, ?, 'USD', 100)")
      .bind(cart.body.id, used.body.id)
      .run();
    const refused = await api("DELETE", `${BASE}${used.body.code}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the payment method is in use." });
    // The channel of a method is in use too.
    expect((await api("DELETE", `/api/v1/channels/${channel.code}`)).status).toBe(409);
  });

  it("paymentMethodsOfChannel: the channel's enabled methods by position, with their parts, in one batch", async () => {
    const channel = await createChannel();
    const other = await createChannel();
    const tag = uniqueCode("OF");
    const make = (suffix: string, extra: Record<string, unknown>) => api("POST", BASE, methodBody({ code: `${tag}_${suffix}`, ...extra }));
    const later = await make("LATER", { position: 20, channels: [channel.code, other.code] });
    const first = await make("FIRST", { position: 10, channels: [channel.code] });
    await make("OFF", { position: 5, enabled: false, channels: [channel.code] });
    await make("ELSEWHERE", { position: 1, channels: [other.code] });
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const { methods, parts } = await namedBatch(db, paymentMethodsOfChannel(db, channel.id));
    expect(methods.map((m) => m.code)).toEqual([`${tag}_FIRST`, `${tag}_LATER`]);
    const serialized = methods.map((m) =>
      serializePaymentMethod(m, {
        translations: parts.translations.filter((t) => t.methodId === m.id),
        channels: parts.channels.filter((c) => c.methodId === m.id),
      }),
    );
    expect(JSON.parse(JSON.stringify(serialized))).toEqual([first.body, later.body]);
  });

  it("names a method in a locale, else by its first translation, else by its code", () => {
    const translations = [
      { id: 1, locale: "fr_FR", name: "Virement", description: null },
      { id: 2, locale: "de_DE", name: "Überweisung", description: "7 Tage" },
    ];
    expect(paymentMethodName("bank", "fr_FR", translations)).toBe("Virement");
    expect(paymentMethodName("bank", "en_US", translations)).toBe("Überweisung");
    expect(paymentMethodName("bank", "en_US", [])).toBe("bank");
    expect(paymentMethodDescription("fr_FR", translations)).toBeNull();
    expect(paymentMethodDescription("en_US", translations)).toBe("7 Tage");
  });
});
