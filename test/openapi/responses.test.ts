/**
 * A walk through the whole API: every documented operation is called at least
 * once (create, get, list, update, delete of each resource; carts and items;
 * the token endpoint; health; the documentation itself), plus each error
 * status. Every answer is checked against the schema the served OpenAPI
 * document declares for that operation and status (test/fixtures/contract.ts),
 * and the walk ends by checking that nothing documented was left out.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { api, uniqueCode } from "../fixtures/http";
import { call, checkComponentResponse, exercised, schemaErrors, servedDocument } from "../fixtures/contract";
import { address, checkoutFixture } from "../fixtures/checkout";
import { placedOrder } from "../fixtures/orders";
import { createProvince } from "../fixtures/references";
import { fetchImage, png, upload } from "../fixtures/images";
import { TOKEN_PATH } from "../../src/http/openapi/paths";
import { eventId } from "../../src/domain/events/event";
import { consume, insertEndpoint, recordingQueue, writeEvents } from "../webhooks/fixtures";

/** The webhook endpoint the walk's deliveries steps use (its fuzzed replay too). */

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
/** A well-formed, practically unique locale code (`xqz_Abcd_123`). */
const localeCode = () => `${pick(LOWER, 3)}_${pick(LOWER.toUpperCase(), 1)}${pick(LOWER, 3)}_${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;

async function createCurrency(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const code = pick(LOWER.toUpperCase(), 3);
    const res = await call("POST", "/api/v1/currencies/", { body: { code } });
    if (res.status === 201) return code;
  }
  throw new Error("no free currency code");
}

/** What the walk created, shared by its steps. */
const s = {} as {
  locale: string;
  currency: string;
  zone: string;
  channel: string;
  email: string;
  customerId: number;
  taxCategory: string;
  shippingCategory: string;
  taxRate: string;
  shippingMethod: string;
  option: string;
  optionValue: string;
  product: string;
  variant: string;
  promotion: string;
  couponPromotion: string;
  cartId: number;
  itemId: number;
};

const created = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe("every documented operation answers as documented", () => {
  beforeAll(async () => {
    await servedDocument();
  });

  it("configuration resources: create, get, list, update", async () => {
    s.locale = localeCode();
    s.currency = await createCurrency();
    created(await call("POST", "/api/v1/locales/", { body: { code: s.locale } }));

    s.zone = uniqueCode("ZONE");
    created(await call("POST", "/api/v1/zones/country", { body: { code: s.zone, name: "Walk zone", scope: "all", members: [{ code: "US" }, { code: "DE" }] } }));
    const province = uniqueCode("ZP");
    const { province: member } = await createProvince();
    created(await call("POST", "/api/v1/zones/province", { body: { code: province, name: "Walk provinces", scope: "tax", members: [{ code: member }] } }));
    created(await call("POST", "/api/v1/zones/zone", { body: { code: uniqueCode("ZZ"), name: "Walk zones", scope: "shipping", members: [{ code: province }] } }));

    s.channel = uniqueCode("CH");
    const channel = created(
      await call("POST", "/api/v1/channels/", {
        body: {
          code: s.channel,
          name: "Walk channel",
          enabled: true,
          baseCurrency: s.currency,
          defaultLocale: s.locale,
          locales: [s.locale],
          currencies: [s.currency],
          defaultTaxZone: s.zone,
          taxCalculationStrategy: "order_items_based",
        },
      }),
    );
    expect(channel.code).toBe(s.channel);

    s.email = `${uniqueCode("walk").toLowerCase()}@example.com`;
    const customer = created(
      await call("POST", "/api/v1/customers/", {
        body: { email: s.email, firstName: "Ada", lastName: "Lovelace", user: { plainPassword: "walk-password", enabled: true } },
      }),
    );
    expect(customer.user.username).toBe(s.email);
    s.customerId = customer.id;

    s.taxCategory = uniqueCode("TAXC");
    created(await call("POST", "/api/v1/tax-categories/", { body: { code: s.taxCategory, name: "Walk tax", description: "Taxed" } }));
    s.shippingCategory = uniqueCode("SHIPC");
    created(
      await call("POST", "/api/v1/shipping-categories/", { body: { code: s.shippingCategory, name: "Walk shipping", description: "Boxes" } }),
    );

    s.taxRate = uniqueCode("RATE");
    created(
      await call("POST", "/api/v1/tax-rates/", {
        body: { code: s.taxRate, name: "Walk VAT", amount: 0.2, includedInPrice: false, calculator: "default", category: s.taxCategory, zone: s.zone },
      }),
    );

    s.shippingMethod = uniqueCode("SHIP");
    created(
      await call("POST", "/api/v1/shipping-methods/", {
        body: {
          code: s.shippingMethod,
          position: 0,
          enabled: true,
          translations: { [s.locale]: { name: "Walk courier" } },
          zone: s.zone,
          channels: [s.channel],
          calculator: "flat_rate",
          configuration: { [s.channel]: { amount: 5 } },
          category: s.shippingCategory,
          categoryRequirement: "match_any",
          taxCategory: s.taxCategory,
        },
      }),
    );

    for (const [collection, key, value] of [
      ["/api/v1/locales/", "code", s.locale],
      ["/api/v1/currencies/", "code", s.currency],
      ["/api/v1/zones/", "code", s.zone],
      ["/api/v1/channels/", "code", s.channel],
      ["/api/v1/customers/", "id", String(s.customerId)],
      ["/api/v1/tax-categories/", "code", s.taxCategory],
      ["/api/v1/shipping-categories/", "code", s.shippingCategory],
      ["/api/v1/tax-rates/", "code", s.taxRate],
      ["/api/v1/shipping-methods/", "code", s.shippingMethod],
    ] as const) {
      expect((await call("GET", `${collection}{${key}}`, { params: { [key]: value } })).status).toBe(200);
      const criteria = key === "id" ? `criteria[email]=${encodeURIComponent(s.email)}` : `criteria[code]=${encodeURIComponent(value)}`;
      const list = await call("GET", collection, { query: `${criteria}&limit=5&page=1` });
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(1);
      // Also an unfiltered page of whatever the shared database holds.
      expect((await call("GET", collection, { query: "limit=20" })).status).toBe(200);
    }

    const updates: [string, string, string | number, unknown, unknown][] = [
      ["/api/v1/locales/", "code", s.locale, { code: s.locale }, {}],
      ["/api/v1/currencies/", "code", s.currency, { code: s.currency }, {}],
      ["/api/v1/zones/", "code", s.zone, { name: "Walk zone 2", members: [{ code: "US" }, { code: "DE" }, { code: "FR" }] }, { name: "Walk zone 3" }],
      // A PUT clears what it does not send: the walk's channel and shipping method send what the cart below needs.
      ["/api/v1/channels/", "code", s.channel, { name: "Walk channel 2", enabled: true, defaultTaxZone: s.zone }, { enabled: true }],
      ["/api/v1/customers/", "id", s.customerId, { firstName: "Ada B." }, { lastName: "King" }],
      ["/api/v1/tax-categories/", "code", s.taxCategory, { name: "Walk tax 2", description: "Still taxed" }, { description: null }],
      ["/api/v1/shipping-categories/", "code", s.shippingCategory, { name: "Walk shipping 2" }, { description: "Crates" }],
      ["/api/v1/tax-rates/", "code", s.taxRate, { name: "Walk VAT 2", amount: "0.2" }, { includedInPrice: false }],
      [
        "/api/v1/shipping-methods/",
        "code",
        s.shippingMethod,
        { enabled: true, channels: [s.channel], category: s.shippingCategory, taxCategory: s.taxCategory },
        { translations: { [s.locale]: { name: "Walk courier 2" } } },
      ],
    ];
    for (const [collection, key, value, put, patch] of updates) {
      expect((await call("PUT", `${collection}{${key}}`, { params: { [key]: value }, body: put })).status).toBe(204);
      expect((await call("PATCH", `${collection}{${key}}`, { params: { [key]: value }, body: patch })).status).toBe(204);
    }
  });

  it("catalog: product options, products, variants, promotions", async () => {
    s.option = uniqueCode("OPT");
    s.optionValue = uniqueCode("VAL");
    const option = created(
      await call("POST", "/api/v1/product-options/", {
        body: {
          code: s.option,
          position: 0,
          translations: { [s.locale]: { name: "Walk size" } },
          values: [{ code: s.optionValue, translations: { [s.locale]: { value: "Large" } } }],
        },
      }),
    );
    expect(option.values).toHaveLength(1);

    s.product = uniqueCode("PROD");
    const product = created(
      await call("POST", "/api/v1/products/", {
        body: {
          code: s.product,
          translations: { [s.locale]: { name: "Walk mug", slug: s.product.toLowerCase(), description: "A mug." } },
          options: [s.option],
          channels: [s.channel],
          enabled: true,
        },
      }),
    );
    expect(product.options[0].code).toBe(s.option);

    s.variant = uniqueCode("VAR");
    const variant = created(
      await call("POST", "/api/v1/products/{productCode}/variants/", {
        params: { productCode: s.product },
        body: {
          code: s.variant,
          translations: { [s.locale]: { name: "Walk mug, large" } },
          position: 0,
          tracked: true,
          channelPricings: { [s.channel]: { price: "12.43" } },
          taxCategory: s.taxCategory,
          shippingCategory: s.shippingCategory,
          optionValues: { [s.option]: s.optionValue },
          onHand: 100,
          width: 10,
          height: 12.5,
          depth: 8,
          weight: 0.4,
        },
      }),
    );
    expect(variant.channelPricings[s.channel].price).toBe(1243);
    // A variant with nothing but a code: the "empty list when none" shapes.
    const bare = created(
      await call("POST", "/api/v1/products/{productCode}/variants/", { params: { productCode: s.product }, body: { code: uniqueCode("BARE") } }),
    );
    expect(bare.translations).toEqual([]);
    expect(bare.channelPricings).toEqual([]);

    s.promotion = uniqueCode("PROMO");
    created(
      await call("POST", "/api/v1/promotions/", {
        body: {
          code: s.promotion,
          name: "Walk promotion",
          description: "Ten percent off",
          priority: 1,
          exclusive: false,
          usageLimit: 1000,
          startsAt: "2020-01-01T00:00:00+00:00",
          endsAt: "2099-01-01T00:00:00+00:00",
          channels: [s.channel],
          rules: [
            { type: "cart_quantity", configuration: { count: 1 } },
            { type: "item_total", configuration: { [s.channel]: { amount: 1 } } },
            { type: "contains_product", configuration: { product_code: s.product } },
          ],
          actions: [
            { type: "order_percentage_discount", configuration: { percentage: 10 } },
            { type: "unit_fixed_discount", configuration: { [s.channel]: { amount: 0.1 } } },
            { type: "order_fixed_discount", configuration: { [s.channel]: { amount: 0.05 } } },
            { type: "unit_percentage_discount", configuration: { [s.channel]: { percentage: 1 } } },
            { type: "shipping_percentage_discount", configuration: { percentage: 50 } },
          ],
        },
      }),
    );

    for (const [collection, value] of [
      ["/api/v1/product-options/", s.option],
      ["/api/v1/products/", s.product],
      ["/api/v1/promotions/", s.promotion],
    ] as const) {
      expect((await call("GET", `${collection}{code}`, { params: { code: value } })).status).toBe(200);
      const list = await call("GET", collection, { query: `criteria[code]=${encodeURIComponent(value)}` });
      expect(list.body.total).toBe(1);
      expect((await call("GET", collection, { query: "limit=20" })).status).toBe(200);
    }
    const one = "/api/v1/products/{productCode}/variants/{code}";
    expect((await call("GET", one, { params: { productCode: s.product, code: s.variant } })).body.onHand).toBe(100);
    const variants = await call("GET", "/api/v1/products/{productCode}/variants/", {
      params: { productCode: s.product },
      query: "sorting[position]=asc&limit=1",
    });
    expect(variants.body.total).toBe(2);
    expect(variants.body._links.next).toBeDefined();

    // A PUT removes the values it does not send (a variant uses this one): it sends it.
    const optionValues = [{ code: s.optionValue, translations: { [s.locale]: { value: "Large" } } }];
    expect((await call("PUT", "/api/v1/product-options/{code}", { params: { code: s.option }, body: { position: 1, values: optionValues } })).status).toBe(204);
    expect(
      (await call("PATCH", "/api/v1/product-options/{code}", { params: { code: s.option }, body: { translations: { [s.locale]: { name: "Size" } } } }))
        .status,
    ).toBe(204);
    expect((await call("PUT", "/api/v1/products/{code}", { params: { code: s.product }, body: { enabled: true, channels: [s.channel] } })).status).toBe(204);
    expect(
      (await call("PATCH", "/api/v1/products/{code}", { params: { code: s.product }, body: { translations: { [s.locale]: { name: "Walk mug 2" } } } }))
        .status,
    ).toBe(204);
    // A PUT clears what it does not send: it replaces a promotion of its own, not the walk's (whose rules and actions the cart below needs).
    const replaced = uniqueCode("PROMO");
    created(await call("POST", "/api/v1/promotions/", { body: { code: replaced, name: "Replaced", priority: 1 } }));
    expect((await call("PUT", "/api/v1/promotions/{code}", { params: { code: replaced }, body: { priority: 2 } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/promotions/{code}", { params: { code: s.promotion }, body: { description: "Now 10 %" } })).status).toBe(204);
    expect((await call("PUT", one, { params: { productCode: s.product, code: s.variant }, body: { version: 1, onHand: 50 } })).status).toBe(204);
    expect(
      (await call("PATCH", one, { params: { productCode: s.product, code: s.variant }, body: { translations: { [s.locale]: { name: "Large mug" } } } }))
        .status,
    ).toBe(204);
  });

  it("carts, items and orders (with shipping, promotion and tax adjustments)", async () => {
    const cart = created(await call("POST", "/api/v1/carts/", { body: { customer: s.email, channel: s.channel, localeCode: s.locale } }));
    s.cartId = cart.id;
    const item = created(
      await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId: s.cartId }, body: { variant: s.variant, quantity: 2 } }),
    );
    s.itemId = item.id;
    expect(item.units).toHaveLength(2);

    const read = await call("GET", "/api/v1/carts/{id}", { params: { id: s.cartId } });
    const types = new Set<string>([
      ...read.body.adjustments.map((a: { type: string }) => a.type),
      ...read.body.items.flatMap((i: any) => i.units.flatMap((u: any) => u.adjustments.map((a: { type: string }) => a.type))),
    ]);
    // The representation carries every kind of adjustment the schema describes.
    expect([...types].sort()).toEqual(expect.arrayContaining(["order_item_promotion", "order_promotion", "shipping", "tax"]));
    expect(read.body.customer.user.usernameCanonical).toBe(s.email);

    expect((await call("GET", "/api/v1/orders/{id}", { params: { id: s.cartId } })).status).toBe(200);
    expect((await call("GET", "/api/v1/carts/", { query: "paginate=5" })).status).toBe(200);
    expect((await call("GET", "/api/v1/carts/", { query: "page=1&limit=3" })).status).toBe(200);

    const itemPath = "/api/v1/carts/{cartId}/items/{itemId}";
    const params = { cartId: s.cartId, itemId: s.itemId };
    expect((await call("PUT", itemPath, { params, body: { quantity: 3 } })).status).toBe(204);
    expect((await call("PATCH", itemPath, { params, body: { quantity: 1 } })).status).toBe(204);
    expect((await call("DELETE", itemPath, { params })).status).toBe(204);
  });

  it("orders, checkouts, payments and shipments (a placed order's reads and lifecycle)", async () => {
    const order = await placedOrder();
    const other = await placedOrder();
    const id = { id: order.id };
    expect((await call("GET", "/api/v1/orders/")).status).toBe(200);
    expect((await call("GET", "/api/v1/orders/{id}", { params: id })).status).toBe(200);
    expect((await call("GET", "/api/v1/checkouts/{id}", { params: id })).status).toBe(200);
    expect((await call("GET", "/api/v1/checkouts/{id}", { params: { id: 999999999 } })).status).toBe(404);
    expect((await call("GET", "/api/v1/payments/")).status).toBe(200);
    expect((await call("GET", "/api/v1/payments/{id}", { params: { id: order.paymentId } })).status).toBe(200);
    expect((await call("GET", "/api/v1/payments/{id}", { params: { id: 999999999 } })).status).toBe(404);
    expect((await call("GET", "/api/v1/shipments/")).status).toBe(200);
    expect((await call("GET", "/api/v1/shipments/{id}", { params: { id: order.shipmentId } })).status).toBe(200);
    expect((await call("GET", "/api/v1/shipments/{id}", { params: { id: 999999999 } })).status).toBe(404);
    const ship = "/api/v1/orders/{orderId}/shipments/{id}/ship";
    const complete = "/api/v1/orders/{orderId}/payments/{id}/complete";
    expect((await call("PUT", ship, { params: { orderId: order.id, id: order.shipmentId }, body: { tracking: 5 } })).status).toBe(400);
    expect((await call("PUT", ship, { params: { orderId: order.id, id: other.shipmentId } })).status).toBe(404);
    expect((await call("PUT", ship, { params: { orderId: order.id, id: order.shipmentId }, body: { tracking: "T1" } })).status).toBe(204);
    expect((await call("PUT", ship, { params: { orderId: order.id, id: order.shipmentId } })).status).toBe(409);
    expect((await call("PUT", complete, { params: { orderId: order.id, id: other.paymentId } })).status).toBe(404);
    expect((await call("PUT", complete, { params: { orderId: order.id, id: order.paymentId } })).status).toBe(204);
    expect((await call("PUT", complete, { params: { orderId: order.id, id: order.paymentId } })).status).toBe(409);
    expect((await call("PUT", "/api/v1/orders/{id}/cancel", { params: id })).status).toBe(409);
    expect((await call("PUT", "/api/v1/orders/{id}/cancel", { params: { id: other.id } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/orders/{id}/cancel", { params: { id: 999999999 } })).status).toBe(404);
  });

  it("deletes (each on a throwaway resource)", async () => {
    const code = () => uniqueCode("DEL");
    const del = async (template: string, params: Record<string, string | number>) =>
      expect((await call("DELETE", template, { params })).status).toBe(204);

    const locale = localeCode();
    created(await call("POST", "/api/v1/locales/", { body: { code: locale } }));
    await del("/api/v1/locales/{code}", { code: locale });
    await del("/api/v1/currencies/{code}", { code: await createCurrency() });
    const zone = code();
    created(await call("POST", "/api/v1/zones/country", { body: { code: zone, name: "Doomed", scope: "all", members: [{ code: "US" }] } }));
    await del("/api/v1/zones/{code}", { code: zone });
    for (const [collection, body] of [
      ["/api/v1/tax-categories/", { name: "Doomed" }],
      ["/api/v1/shipping-categories/", { name: "Doomed" }],
      ["/api/v1/channels/", { name: "Doomed", baseCurrency: s.currency, defaultLocale: s.locale, taxCalculationStrategy: "order_items_based" }],
      ["/api/v1/tax-rates/", { name: "Doomed", amount: "0.05", category: s.taxCategory, zone: s.zone }],
      [
        "/api/v1/shipping-methods/",
        { translations: { [s.locale]: { name: "Doomed" } }, zone: s.zone, calculator: "per_unit_rate", channels: [s.channel], configuration: { [s.channel]: { amount: 1 } } },
      ],
      ["/api/v1/product-options/", { translations: { [s.locale]: { name: "Doomed" } } }],
      ["/api/v1/products/", { translations: { [s.locale]: { name: "Doomed", slug: "doomed" } } }],
      ["/api/v1/promotions/", { name: "Doomed" }],
    ] as const) {
      const value = code();
      created(await call("POST", collection, { body: { code: value, ...body } }));
      await del(`${collection}{code}`, { code: value });
    }
    const customer = created(await call("POST", "/api/v1/customers/", { body: { email: `${code().toLowerCase()}@example.com` } }));
    expect(customer.user).toBeUndefined();
    await del("/api/v1/customers/{id}", { id: customer.id });
    const variant = code();
    created(await call("POST", "/api/v1/products/{productCode}/variants/", { params: { productCode: s.product }, body: { code: variant } }));
    await del("/api/v1/products/{productCode}/variants/{code}", { productCode: s.product, code: variant });
    const cart = created(await call("POST", "/api/v1/carts/", { body: { customer: s.email, channel: s.channel, localeCode: s.locale } }));
    await del("/api/v1/carts/{id}", { id: cart.id });
  });

  it("supporting resources: countries, payment methods, promotion coupons", async () => {
    // A free country code (the walk shares its database with nothing else, but a code can be taken once only).
    let country = "";
    for (const candidate of ["AD", "AG", "AI", "AL", "AM", "AO", "AQ", "AS", "AW", "AX", "AZ", "BB", "BD", "BF"]) {
      const res = await call("POST", "/api/v1/countries/", { body: { code: candidate, enabled: true, provinces: [{ code: `${candidate}-WALK`, name: "Walk", abbreviation: "W" }] } });
      if (res.status === 201) {
        country = candidate;
        break;
      }
    }
    expect(country).not.toBe("");
    expect((await call("GET", "/api/v1/countries/{code}", { params: { code: country } })).status).toBe(200);
    expect((await call("GET", "/api/v1/countries/", { query: `criteria[code]=${country}` })).status).toBe(200);
    const province = { countryCode: country, code: `${country}-WALK` };
    expect((await call("GET", "/api/v1/countries/{countryCode}/provinces/{code}", { params: province })).status).toBe(200);
    expect((await call("DELETE", "/api/v1/countries/{countryCode}/provinces/{code}", { params: province })).status).toBe(204);
    expect((await call("PUT", "/api/v1/countries/{code}", { params: { code: country }, body: { enabled: false } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/countries/{code}", { params: { code: country }, body: { enabled: true } })).status).toBe(204);
    expect((await call("DELETE", "/api/v1/countries/{code}", { params: { code: country } })).status).toBe(204);

    const [source, target] = [await createCurrency(), await createCurrency()];
    created(await call("POST", "/api/v1/exchange-rates/", { body: { ratio: "0,85", sourceCurrency: source, targetCurrency: target } }));
    const pair = { pair: `${source}-${target}` };
    expect((await call("GET", "/api/v1/exchange-rates/")).status).toBe(200);
    expect((await call("GET", "/api/v1/exchange-rates/{pair}", { params: pair })).status).toBe(200);
    expect((await call("PUT", "/api/v1/exchange-rates/{pair}", { params: pair, body: { ratio: 0.84 } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/exchange-rates/{pair}", { params: pair, body: { ratio: 0.83 } })).status).toBe(204);
    expect((await call("DELETE", "/api/v1/exchange-rates/{pair}", { params: pair })).status).toBe(204);

    const method = uniqueCode("PM");
    const created_ = created(
      await call("POST", "/api/v1/payment-methods/", {
        body: { code: method, position: 1, enabled: true, channels: [s.channel], translations: { [s.locale]: { name: "Walk cash", description: "Pay on delivery" } } },
      }),
    );
    expect(created_.channels[0].code).toBe(s.channel);
    expect((await call("GET", "/api/v1/payment-methods/{code}", { params: { code: method } })).status).toBe(200);
    expect((await call("GET", "/api/v1/payment-methods/", { query: `criteria[code]=${method}` })).body.total).toBe(1);
    expect((await call("PUT", "/api/v1/payment-methods/{code}", { params: { code: method }, body: { position: 2 } })).status).toBe(204);
    expect(
      (await call("PATCH", "/api/v1/payment-methods/{code}", { params: { code: method }, body: { translations: { [s.locale]: { name: "Walk cash 2" } } } }))
        .status,
    ).toBe(204);
    expect((await call("DELETE", "/api/v1/payment-methods/{code}", { params: { code: method } })).status).toBe(204);

    const promotion = uniqueCode("CPROMO");
    s.couponPromotion = promotion;
    created(await call("POST", "/api/v1/promotions/", { body: { code: promotion, name: "Walk coupons", couponBased: true } }));
    const coupon = uniqueCode("CPN");
    const params = { promotionCode: promotion, code: coupon };
    created(
      await call("POST", "/api/v1/promotions/{promotionCode}/coupons/", {
        params: { promotionCode: promotion },
        body: { code: coupon, usageLimit: 5, expiresAt: "2030-01-01", perCustomerUsageLimit: 1 },
      }),
    );
    expect((await call("GET", "/api/v1/promotions/{promotionCode}/coupons/{code}", { params })).status).toBe(200);
    expect((await call("GET", "/api/v1/promotions/{promotionCode}/coupons/", { params: { promotionCode: promotion } })).body.total).toBe(1);
    expect((await call("PUT", "/api/v1/promotions/{promotionCode}/coupons/{code}", { params, body: { usageLimit: 6 } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/promotions/{promotionCode}/coupons/{code}", { params, body: { expiresAt: null } })).status).toBe(204);
    expect((await call("DELETE", "/api/v1/promotions/{promotionCode}/coupons/{code}", { params })).status).toBe(204);
  });

  it("taxons: a tree, a move, product positions", async () => {
    const root = uniqueCode("TX");
    const child = uniqueCode("TX");
    created(await call("POST", "/api/v1/taxons/", { body: { code: root } }));
    created(await call("POST", "/api/v1/taxons/", { body: { code: child, parent: root, translations: { [s.locale]: { name: "Walk", slug: child } } } }));
    expect((await call("GET", "/api/v1/taxons/{code}", { params: { code: root } })).status).toBe(200);
    expect((await call("GET", "/api/v1/taxons/", { query: `criteria[code]=${child}` })).body.total).toBe(1);
    expect((await call("PUT", "/api/v1/taxons/{code}", { params: { code: child }, body: { parent: null } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/taxons/{code}", { params: { code: child }, body: { parent: root } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/taxons/{code}/products", { params: { code: child }, body: { productsPositions: [] } })).status).toBe(204);
    expect((await call("DELETE", "/api/v1/taxons/{code}", { params: { code: root } })).status).toBe(204);
  });

  it("product attributes: one of each type, get, list, update, delete", async () => {
    const codes: string[] = [];
    for (const type of ["text", "textarea", "checkbox", "integer", "percent", "datetime", "date", "select"]) {
      const code = uniqueCode(`attr_${type}`);
      created(await call("POST", `/api/v1/product-attributes/${type}`, { body: { code, translations: { en_US: { name: `Walk ${type}` } } } }));
      codes.push(code);
    }
    const [code = ""] = codes;
    expect((await call("GET", "/api/v1/product-attributes/{code}", { params: { code } })).status).toBe(200);
    expect((await call("GET", "/api/v1/product-attributes/", { query: "limit=5" })).status).toBe(200);
    expect((await call("PUT", "/api/v1/product-attributes/{code}", { params: { code }, body: { translations: { en_US: { name: "Walk 2" } } } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/product-attributes/{code}", { params: { code }, body: { configuration: { min: 1, max: 3 } } })).status).toBe(204);
    expect((await call("DELETE", "/api/v1/product-attributes/{code}", { params: { code } })).status).toBe(204);
  });

  it("validation errors: an empty body fails exactly the fields the document marks required", async () => {
    const document = await servedDocument();
    const creates: [string, Record<string, string | number>][] = [
      ["/api/v1/locales/", {}],
      ["/api/v1/currencies/", {}],
      ["/api/v1/zones/country", {}],
      ["/api/v1/channels/", {}],
      ["/api/v1/customers/", {}],
      ["/api/v1/tax-categories/", {}],
      ["/api/v1/shipping-categories/", {}],
      ["/api/v1/tax-rates/", {}],
      ["/api/v1/shipping-methods/", {}],
      ["/api/v1/product-options/", {}],
      ["/api/v1/products/", {}],
      ["/api/v1/promotions/", {}],
      ["/api/v1/products/{productCode}/variants/", { productCode: s.product }],
      ["/api/v1/carts/", {}],
      ["/api/v1/carts/{cartId}/items/", { cartId: s.cartId }],
      ["/api/v1/countries/", {}],
      ["/api/v1/payment-methods/", {}],
      ["/api/v1/promotions/{promotionCode}/coupons/", { promotionCode: s.couponPromotion }],
    ];
    for (const [template, params] of creates) {
      const res = await call("POST", template, { params, body: {} });
      expect(res.status, template).toBe(400);
      const bodyRef: string = document.paths[template].post.requestBody.content["application/json"].schema.$ref;
      const form = document.components.schemas[bodyRef.split("/").pop()!];
      const failing = Object.entries(res.body.errors.children as Record<string, { errors?: string[] }>)
        .filter(([, child]) => child.errors)
        .map(([field]) => field);
      expect(failing.sort(), `${template}: fields failing on {} = required fields`).toEqual([...(form.required ?? [])].sort());
      // children list every field of the form, in the form's order, but the quiet ones (accepted, listed
      // only when they fail), which the form's 400 schema declares as optional children.
      const failedSchema = document.components.schemas[`${bodyRef.split("/").pop()}ValidationFailed`];
      const alwaysListed: string[] = failedSchema.properties.errors.properties.children.required ?? [];
      const listed = Object.keys(form.properties).filter((field) => alwaysListed.includes(field) || failing.includes(field));
      expect(Object.keys(res.body.errors.children), template).toEqual(listed);
      expect(alwaysListed.length, template).toBeGreaterThan(0);
    }

    // Fields the form does not know: a form-level error, as documented (additionalProperties: false).
    const extra = await call("POST", "/api/v1/zones/country", {
      body: { code: uniqueCode("Z"), name: "Zone", scope: "all", members: [{ code: "US" }], colour: "blue" },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);

    const invalidJson = await call("POST", "/api/v1/zones/country", { raw: "{", headers: { "Content-Type": "application/json" } });
    expect(invalidJson.body).toEqual({ code: 400, message: "Invalid JSON body." });
  });

  it("other errors: 400 (query), 401, 404, 405, 409, 413", async () => {
    const missing = await call("GET", "/api/v1/locales/", { token: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect((await call("GET", "/api/v1/zones/{code}", { params: { code: "nope" }, token: "not-a-token" })).status).toBe(401);

    expect((await call("GET", "/api/v1/zones/{code}", { params: { code: uniqueCode("NONE") } })).status).toBe(404);
    expect((await call("GET", "/api/v1/carts/{id}", { params: { id: 999_999_999 } })).status).toBe(404);
    expect((await call("GET", "/api/v1/products/{productCode}/variants/", { params: { productCode: uniqueCode("NONE") } })).status).toBe(404);

    const unknownRoute = await api("GET", "/api/v1/no-such-thing");
    expect(unknownRoute.status).toBe(404);
    await checkComponentResponse("NotFound", unknownRoute);
    // Not an operation of the document (its description states the 405): test/openapi/declared-statuses.test.ts.
    const wrongMethod = await api("PUT", "/api/v1/carts/");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toContain("GET");
    expect(schemaErrors(await servedDocument(), { $ref: "#/components/schemas/Error" }, wrongMethod.body)).toEqual([]);

    const inUse = await call("DELETE", "/api/v1/locales/{code}", { params: { code: s.locale } });
    expect(inUse.status).toBe(409);
    const noVersion = await call("PUT", "/api/v1/products/{productCode}/variants/{code}", {
      params: { productCode: s.product, code: s.variant },
      body: { onHand: 1 },
    });
    expect(noVersion.status).toBe(409);

    const tooLarge = await call("POST", "/api/v1/zones/country", { raw: `{"name":"${"x".repeat(1024 * 1024)}"}` });
    expect(tooLarge.status).toBe(413);

    const badSorting = await call("GET", "/api/v1/zones/", { query: "sorting%5Bnope%5D=asc" });
    expect(badSorting.status).toBe(400);
  });

  it("Idempotency-Key: a replay, another request with the key (422), a malformed key (400)", async () => {
    const key = { "Idempotency-Key": `walk-${uniqueCode()}` };
    const rename = { params: { code: s.zone }, body: { name: "Renamed zone" }, headers: key };
    expect((await call("PATCH", "/api/v1/zones/{code}", rename)).status).toBe(204);
    const replay = await call("PATCH", "/api/v1/zones/{code}", rename);
    expect([replay.status, replay.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
    expect((await call("PATCH", "/api/v1/zones/{code}", { ...rename, body: { name: "Other" } })).status).toBe(422);
    expect((await call("DELETE", "/api/v1/zones/{code}", { params: { code: s.zone }, headers: { "Idempotency-Key": "" } })).status).toBe(400);
  });

  it("token endpoint, health check and the documentation", async () => {
    const form = (params: Record<string, string>) => ({
      raw: new URLSearchParams(params).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      token: null,
    });
    const granted = await call(
      "POST",
      "/api/oauth/v2/token",
      form({ grant_type: "password", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, username: TEST_USER.username, password: TEST_USER.password }),
    );
    expect(granted.status).toBe(200);
    // The issued token works on the API.
    expect((await call("GET", "/api/v1/locales/", { token: granted.body.access_token })).status).toBe(200);
    const viaQuery = await call("GET", "/api/oauth/v2/token", {
      token: null,
      query: new URLSearchParams({ grant_type: "client_credentials", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret }).toString(),
    });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.refresh_token).toBeUndefined();
    expect((await call("POST", "/api/oauth/v2/token", form({ grant_type: "magic", client_id: TEST_CLIENT.id }))).status).toBe(400);
    expect((await call("GET", "/api/oauth/v2/token", { token: null, query: "grant_type=password&client_id=nobody&client_secret=x" })).status).toBe(401);
    expect((await call("POST", "/api/oauth/v2/token", { ...form({}), raw: "x".repeat(1024 * 1024 + 1) })).status).toBe(413);

    expect((await call("GET", "/health", { token: null })).body).toEqual({ status: "ok" });
    expect((await call("GET", "/", { token: null })).body.documentation).toBe("/api/v1/docs");
    expect((await call("GET", "/api/v1/openapi.json", { token: null })).body.openapi).toMatch(/^3\.1\./);
    const page = await api("GET", "/api/v1/docs", undefined, { token: null });
    expect(page.status).toBe(200);
    exercised.add("GET /api/v1/docs 200");
  });

  it("an uploaded image's file, and an unknown one", async () => {
    const taxon = await upload("POST", "/api/v1/taxons/", { code: uniqueCode("img"), "images[0][file]": { name: "a.png", bytes: png() } });
    expect(taxon.status).toBe(201);
    const [dir, subdir, file] = String(taxon.body.images[0].path).split("/");
    const image = await fetchImage(taxon.body.images[0].path);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    exercised.add("GET /media/image/{dir}/{subdir}/{file} 200");
    expect((await fetchImage(taxon.body.images[0].path, { "If-None-Match": image.headers.get("ETag") ?? "" })).status).toBe(304);
    expect((await call("GET", "/media/image/{dir}/{subdir}/{file}", { token: null, params: { dir: subdir ?? "", subdir: dir ?? "", file: file ?? "" } })).status).toBe(404);
  });

  it("checkout: addressing, shipping and payment methods and selection, completion, the cart's coupon", async () => {
    const f = await checkoutFixture();
    const cart = created(await call("POST", "/api/v1/carts/", { body: { customer: f.customer, channel: f.channel, localeCode: "en_US" } }));
    const id = { id: cart.id };
    created(await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId: cart.id }, body: { variant: f.variants[0].code, quantity: 1 } }));
    expect((await call("PATCH", "/api/v1/carts/{id}", { params: id, body: { promotionCoupon: f.coupon.code } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/carts/{id}", { params: id, body: { promotionCoupon: null } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/checkouts/addressing/{id}", { params: id, body: { billingAddress: address(f.countries.a1) } })).status).toBe(204);
    expect((await call("GET", "/api/v1/checkouts/select-shipping/{id}", { params: id })).status).toBe(200);
    expect((await call("PUT", "/api/v1/checkouts/select-shipping/{id}", { params: id, body: { shipments: [{ method: f.shipping.a.code }] } })).status).toBe(204);
    expect((await call("GET", "/api/v1/checkouts/select-payment/{id}", { params: id })).status).toBe(200);
    expect((await call("PUT", "/api/v1/checkouts/select-payment/{id}", { params: id, body: { payments: [{ method: f.payment.first.code }] } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/checkouts/select-payment/{id}", { params: id, body: {} })).status).toBe(204);
    expect((await call("PUT", "/api/v1/checkouts/complete/{id}", { params: id, body: { notes: "Thanks" } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/checkouts/complete/{id}", { params: id, body: {} })).status).toBe(409);
  });

  it("admin users: list, create, get, PUT, PATCH, delete, and the caller's own user", async () => {
    const username = uniqueCode("contract_user");
    const email = `${username.toLowerCase()}@example.com`;
    const user = created(await call("POST", "/api/v1/users/", { body: { username, email, plainPassword: "contract-password", localeCode: "en_US" } }));
    expect((await call("GET", "/api/v1/users/{id}", { params: { id: user.id } })).status).toBe(200);
    expect((await call("PUT", "/api/v1/users/{id}", { params: { id: user.id }, body: { username, email, localeCode: "fr_FR", enabled: true } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/users/{id}", { params: { id: user.id }, body: { firstName: "Contract" } })).status).toBe(204);
    const list = await call("GET", "/api/v1/users/");
    expect(list.status).toBe(200);
    // The seeded caller is the first user.
    const me = (list.body._embedded.items as { id: number; username: string }[]).find((item) => item.username === TEST_USER.username);
    expect((await call("DELETE", "/api/v1/users/{id}", { params: { id: me!.id } })).status).toBe(422);
    expect((await call("DELETE", "/api/v1/users/{id}", { params: { id: user.id } })).status).toBe(204);
  });

  it("product association types", async () => {
    const type = uniqueCode("PAT");
    created(await call("POST", "/api/v1/product-association-types/", { body: { code: type, translations: { [s.locale]: { name: "Similar" } } } }));
    const params = { code: type };
    expect((await call("GET", "/api/v1/product-association-types/{code}", { params })).status).toBe(200);
    expect((await call("GET", "/api/v1/product-association-types/", { query: `criteria[code]=${type}` })).body.total).toBe(1);
    expect((await call("PUT", "/api/v1/product-association-types/{code}", { params, body: { translations: { [s.locale]: { name: "Similar mugs" } } } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/product-association-types/{code}", { params, body: {} })).status).toBe(204);
    expect((await call("POST", "/api/v1/product-association-types/", { body: {} })).status).toBe(400);
    expect((await call("GET", "/api/v1/product-association-types/{code}", { params: { code: "nope" } })).status).toBe(404);
    expect((await call("DELETE", "/api/v1/product-association-types/{code}", { params })).status).toBe(204);
  });

  it("customer groups, a customer in one", async () => {
    const group = uniqueCode("CG");
    created(await call("POST", "/api/v1/customer-groups/", { body: { code: group, name: "Wholesale" } }));
    const params = { code: group };
    expect((await call("GET", "/api/v1/customer-groups/{code}", { params })).status).toBe(200);
    expect((await call("GET", "/api/v1/customer-groups/", { query: `criteria[code]=${group}` })).body.total).toBe(1);
    expect((await call("PUT", "/api/v1/customer-groups/{code}", { params, body: { name: "Retail" } })).status).toBe(204);
    expect((await call("PATCH", "/api/v1/customer-groups/{code}", { params, body: {} })).status).toBe(204);
    expect((await call("POST", "/api/v1/customer-groups/", { body: {} })).status).toBe(400);
    expect((await call("GET", "/api/v1/customer-groups/{code}", { params: { code: "nope" } })).status).toBe(404);
    const customer = created(await call("POST", "/api/v1/customers/", { body: { email: `${group.toLowerCase()}@example.com`, group } }));
    expect(customer.group).toMatchObject({ code: group, name: "Retail" });
    expect((await call("DELETE", "/api/v1/customer-groups/{code}", { params })).status).toBe(204);
  });

  it("product reviews and their transitions", async () => {
    const product = uniqueCode("REVIEWED");
    created(await call("POST", "/api/v1/products/", { body: { code: product } }));
    const list = "/api/v1/products/{productCode}/reviews/";
    const one = "/api/v1/products/{productCode}/reviews/{id}";
    const write = async () =>
      created(await call("POST", list, { params: { productCode: product }, body: { title: "Good mug", rating: 4, comment: "Holds tea.", author: { email: "walk.reviewer@example.com" } } }))
        .id as number;
    const ids = [await write(), await write(), await write(), await write(), await write(), await write(), await write()];
    const at = (i: number) => ({ productCode: product, id: ids[i]! });
    expect((await call("GET", list, { params: { productCode: product } })).body.total).toBe(7);
    expect((await call("GET", one, { params: at(0) })).status).toBe(200);
    expect((await call("PUT", one, { params: at(0), body: { title: "Fine mug", rating: "3", comment: "Holds coffee." } })).status).toBe(204);
    expect((await call("PATCH", one, { params: at(0), body: { rating: 5 } })).status).toBe(204);
    for (const [i, method, transition] of [
      [0, "POST", "accept"],
      [1, "PUT", "accept"],
      [2, "PATCH", "accept"],
      [3, "POST", "reject"],
      [4, "PUT", "reject"],
      [5, "PATCH", "reject"],
    ] as const) {
      expect((await call(method, `${one}/${transition}`, { params: at(i) })).status).toBe(200);
    }
    expect((await call("POST", `${one}/accept`, { params: at(3) })).status).toBe(400);
    expect((await call("DELETE", one, { params: at(6) })).status).toBe(204);
    expect((await call("GET", one, { params: at(6) })).status).toBe(404);
  });

  it("webhook endpoints: list, create (its secret), get, PUT, PATCH, rotate the secret, delete", async () => {
    const list = "/api/v1/webhook-endpoints/";
    const one = "/api/v1/webhook-endpoints/{id}";
    const endpoint = created(await call("POST", list, { body: { url: "https://hooks.example.com/contract", eventTypes: ["order.*"], description: "Contract" } }));
    expect(endpoint.secret).toMatch(/^whsec_/);
    const params = { id: endpoint.id };
    expect((await call("GET", one, { params })).status).toBe(200);
    expect((await call("GET", list)).status).toBe(200);
    expect((await call("PUT", one, { params, body: { url: "https://hooks.example.com/contract", eventTypes: ["*"] } })).status).toBe(204);
    expect((await call("PATCH", one, { params, body: { enabled: false } })).status).toBe(204);
    expect((await call("POST", `${one}/rotate-secret`, { params })).status).toBe(200);
    expect((await call("POST", list, { body: { url: "https://10.0.0.1/", eventTypes: ["order.*"] } })).status).toBe(400);
    expect((await call("DELETE", one, { params })).status).toBe(204);
    expect((await call("POST", `${one}/rotate-secret`, { params })).status).toBe(404);
  });

  it("webhook deliveries: list, redeliver, replay, ping", async () => {
    const endpoint = await insertEndpoint();
    const [event] = await writeEvents(1);
    // Outbound requests answered here; what the routes queue stays off the real queue.
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 200 }));
    vi.spyOn(env.EVENTS_QUEUE, "sendBatch").mockResolvedValue({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } });
    try {
      await consume([{ body: { kind: "events", ids: [event] } }], recordingQueue().queue);
      const params = { id: endpoint.id };
      expect((await call("GET", "/api/v1/webhook-endpoints/{id}/deliveries/", { params })).status).toBe(200);
      expect((await call("POST", "/api/v1/webhook-endpoints/{id}/deliveries/{eventId}/redeliver", { params: { ...params, eventId: eventId(event ?? 0) } })).status).toBe(204);
      expect((await call("POST", "/api/v1/webhook-endpoints/{id}/replay", { params, body: { cursor: "" } })).status).toBe(200);
      expect((await call("POST", "/api/v1/webhook-endpoints/{id}/ping", { params })).status).toBe(200);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("fuzzed bodies: null, [] and \"\" on every operation that takes a JSON body answer as documented", async () => {
    const document = await servedDocument();
    // Resources for the operations whose own walk step deleted them; nothing below changes any of them.
    const [source, target] = [await createCurrency(), await createCurrency()];
    created(await call("POST", "/api/v1/exchange-rates/", { body: { ratio: "0.5", sourceCurrency: source, targetCurrency: target } }));
    const paymentMethod = uniqueCode("PM");
    created(await call("POST", "/api/v1/payment-methods/", { body: { code: paymentMethod, channels: [s.channel], translations: { [s.locale]: { name: "Fuzz" } } } }));
    const coupon = uniqueCode("CPN");
    created(await call("POST", "/api/v1/promotions/{promotionCode}/coupons/", { params: { promotionCode: s.couponPromotion }, body: { code: coupon } }));
    const taxon = uniqueCode("TX");
    created(await call("POST", "/api/v1/taxons/", { body: { code: taxon } }));
    const attribute = uniqueCode("attr");
    created(await call("POST", "/api/v1/product-attributes/text", { body: { code: attribute, translations: { [s.locale]: { name: "Fuzz" } } } }));
    const associationType = uniqueCode("PAT");
    created(await call("POST", "/api/v1/product-association-types/", { body: { code: associationType, translations: { [s.locale]: { name: "Fuzz" } } } }));
    const group = uniqueCode("CG");
    created(await call("POST", "/api/v1/customer-groups/", { body: { code: group, name: "Fuzz" } }));
    const review = created(
      await call("POST", "/api/v1/products/{productCode}/reviews/", { params: { productCode: s.product }, body: { title: "Fuzz", rating: 3, comment: "Fuzz.", author: { email: "fuzz@example.com" } } }),
    );
    const item = created(await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId: s.cartId }, body: { variant: s.variant, quantity: 1 } }));
    const f = await checkoutFixture();
    const checkout = created(await call("POST", "/api/v1/carts/", { body: { customer: f.customer, channel: f.channel, localeCode: "en_US" } }));
    created(await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId: checkout.id }, body: { variant: f.variants[0].code, quantity: 1 } }));
    expect((await call("PUT", "/api/v1/checkouts/addressing/{id}", { params: { id: checkout.id }, body: { billingAddress: address(f.countries.a1) } })).status).toBe(204);
    expect((await call("PUT", "/api/v1/checkouts/select-shipping/{id}", { params: { id: checkout.id }, body: { shipments: [{ method: f.shipping.a.code }] } })).status).toBe(204);
    const order = await placedOrder();
    let country = "";
    for (const candidate of ["BE", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW"]) {
      if ((await call("POST", "/api/v1/countries/", { body: { code: candidate } })).status === 201) {
        country = candidate;
        break;
      }
    }
    expect(country).not.toBe("");
    const me = (await call("GET", "/api/v1/users/")).body._embedded.items.find((user: { username: string }) => user.username === TEST_USER.username);
    const webhookEndpoint = created(await call("POST", "/api/v1/webhook-endpoints/", { body: { url: "https://hooks.example.com/fuzz", eventTypes: ["*"] } }));

    const byCode = (code: string) => ({ code });
    const params: Record<string, Record<string, string | number>> = {
      "/api/v1/locales/{code}": byCode(s.locale),
      "/api/v1/currencies/{code}": byCode(s.currency),
      "/api/v1/exchange-rates/{pair}": { pair: `${source}-${target}` },
      "/api/v1/countries/{code}": byCode(country),
      "/api/v1/zones/{code}": byCode(s.zone),
      "/api/v1/channels/{code}": byCode(s.channel),
      "/api/v1/customers/{id}": { id: s.customerId },
      "/api/v1/customer-groups/{code}": byCode(group),
      "/api/v1/tax-categories/{code}": byCode(s.taxCategory),
      "/api/v1/tax-rates/{code}": byCode(s.taxRate),
      "/api/v1/shipping-categories/{code}": byCode(s.shippingCategory),
      "/api/v1/shipping-methods/{code}": byCode(s.shippingMethod),
      "/api/v1/payment-methods/{code}": byCode(paymentMethod),
      "/api/v1/product-attributes/{code}": byCode(attribute),
      "/api/v1/product-options/{code}": byCode(s.option),
      "/api/v1/taxons/{code}": byCode(taxon),
      "/api/v1/taxons/{code}/products": byCode(taxon),
      "/api/v1/product-association-types/{code}": byCode(associationType),
      "/api/v1/products/{productCode}/variants/": { productCode: s.product },
      "/api/v1/products/{productCode}/variants/{code}": { productCode: s.product, code: s.variant },
      "/api/v1/products/{productCode}/reviews/": { productCode: s.product },
      "/api/v1/products/{productCode}/reviews/{id}": { productCode: s.product, id: review.id },
      "/api/v1/products/{code}": byCode(s.product),
      "/api/v1/promotions/{promotionCode}/coupons/": { promotionCode: s.couponPromotion },
      "/api/v1/promotions/{promotionCode}/coupons/{code}": { promotionCode: s.couponPromotion, code: coupon },
      "/api/v1/promotions/{code}": byCode(s.promotion),
      "/api/v1/carts/{id}": { id: s.cartId },
      "/api/v1/carts/{cartId}/items/": { cartId: s.cartId },
      "/api/v1/carts/{cartId}/items/{itemId}": { cartId: s.cartId, itemId: item.id },
      "/api/v1/checkouts/addressing/{id}": { id: checkout.id },
      "/api/v1/checkouts/select-shipping/{id}": { id: checkout.id },
      "/api/v1/checkouts/select-payment/{id}": { id: checkout.id },
      "/api/v1/checkouts/complete/{id}": { id: checkout.id },
      "/api/v1/orders/{orderId}/shipments/{id}/ship": { orderId: order.id, id: order.shipmentId },
      "/api/v1/users/{id}": { id: me.id },
      "/api/v1/webhook-endpoints/{id}": { id: webhookEndpoint.id },
      "/api/v1/webhook-endpoints/{id}/replay": { id: webhookEndpoint.id },
    };
    let operations = 0;
    for (const [template, item_] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item_)) {
        if (!operation.requestBody?.content?.["application/json"] || template === TOKEN_PATH) continue;
        operations++;
        const templateParams = template.includes("{") ? params[template] : {};
        expect(templateParams, `params for ${template}`).toBeDefined();
        for (const raw of ["null", "[]", '""']) {
          // `call` checks that the status is declared and the body matches its schema.
          const res = await call(method.toUpperCase(), template, { params: templateParams, raw, headers: { "Content-Type": "application/json" } });
          // A PATCH of the payment selection without a method keeps the current one: a body that counts as empty passes.
          if (res.status === 204 && `${method} ${template}` === "patch /api/v1/checkouts/select-payment/{id}") continue;
          // The form's own 400: its fields listed (a body that is no object fails at the form's root, or counts as empty).
          expect(res.status, `${method} ${template} ${raw}`).toBe(400);
          expect(res.body.message, `${method} ${template} ${raw}`).toBe("Validation Failed");
          expect(Object.keys(res.body.errors.children).length, `${method} ${template} ${raw}`).toBeGreaterThan(0);
        }
      }
    }
    expect(operations).toBeGreaterThan(80);
  });

  it("the event feed (a page, a filter, a refused type)", async () => {
    expect((await call("GET", "/api/v1/events/")).status).toBe(200);
    expect((await call("GET", "/api/v1/events/", { query: "cursor=&types=order.*&limit=2" })).status).toBe(200);
    expect((await call("GET", "/api/v1/events/", { query: "types=nope" })).status).toBe(400);
  });

  it("left no documented operation or error status out", async () => {
    const document = await servedDocument();
    const missing: string[] = [];
    for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const status of Object.keys(operation.responses)) {
          // 500 cannot be provoked from outside; 503 needs a broken database.
          if (status === "500" || status === "503") continue;
          const key = `${method.toUpperCase()} ${template} ${status}`;
          const success = status.startsWith("2");
          // Every success, and each error status at least somewhere.
          if (success && !exercised.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
    const errorStatuses = new Set([...exercised].map((key) => key.split(" ")[2]).filter((status) => !status!.startsWith("2")));
    // No operation declares 405: a method a path lacks is no operation of the document.
    expect([...errorStatuses].sort()).toEqual(["400", "401", "404", "409", "413", "422"]);
  });
});
