/**
 * "No request can produce a 500 by its content": every write endpoint gets
 * bodies of wrong shapes and types, and must answer a 4xx in the contract's
 * shape (never a 500).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";

let c: ApiCatalog;
let cartId: number;
let itemId: number;

beforeAll(async () => {
  c = await apiCatalog();
  cartId = (await ok("POST", "/api/v1/carts/", { customer: c.customer, channel: c.channel, localeCode: "en_US" })).id;
  itemId = (await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: c.variantA, quantity: 1 })).id;
});

const weird: unknown[] = [
  [],
  "text",
  42,
  null,
  { code: {} },
  { code: ["x"], name: 5, translations: "x", channels: {}, rules: "x", actions: [{}], members: [1] },
  { translations: { en_US: null }, channelPricings: { X: null }, optionValues: [], configuration: [] },
  { translations: { "": { name: "" } }, channelPricings: { [""]: { price: -1 } }, position: 1.5, onHand: "many" },
  { rules: [{ type: "item_total", configuration: null }], actions: [{ type: "order_fixed_discount", configuration: [] }] },
  { code: "A".repeat(5000), email: "x".repeat(5000), amount: "1e400", version: "x", quantity: 1e300, variant: {} },
  { user: "x", plainPassword: 1, enabled: "yes", startsAt: "not a date", endsAt: 5, usageLimit: -3, priority: "high" },
  { customer: ["a"], channel: {}, localeCode: 1 },
];

describe("malformed bodies never produce a 500", () => {
  it("on every write endpoint", async () => {
    const targets: [string, string][] = [
      ["POST", "/api/v1/locales/"],
      ["PUT", "/api/v1/locales/en_US"],
      ["POST", "/api/v1/currencies/"],
      ["POST", "/api/v1/zones/country"],
      ["PATCH", `/api/v1/zones/${c.zone}`],
      ["POST", "/api/v1/channels/"],
      ["PUT", `/api/v1/channels/${c.channel}`],
      ["POST", "/api/v1/customers/"],
      ["PATCH", `/api/v1/customers/${c.customerId}`],
      ["POST", "/api/v1/tax-categories/"],
      ["POST", "/api/v1/tax-rates/"],
      ["PUT", `/api/v1/tax-rates/${c.taxRate}`],
      ["POST", "/api/v1/shipping-categories/"],
      ["POST", "/api/v1/shipping-methods/"],
      ["PATCH", `/api/v1/shipping-methods/${c.shippingMethod}`],
      ["POST", "/api/v1/product-options/"],
      ["POST", "/api/v1/products/"],
      ["PATCH", `/api/v1/products/${c.product}`],
      ["POST", "/api/v1/promotions/"],
      ["PUT", `/api/v1/promotions/${c.promotion}`],
      ["POST", `/api/v1/products/${c.product}/variants/`],
      ["PUT", `/api/v1/products/${c.product}/variants/${c.variantA}`],
      ["PATCH", `/api/v1/products/${c.product}/variants/${c.variantA}`],
      ["POST", "/api/v1/carts/"],
      ["POST", `/api/v1/carts/${cartId}/items/`],
      ["PUT", `/api/v1/carts/${cartId}/items/${itemId}`],
      ["PATCH", `/api/v1/carts/${cartId}/items/${itemId}`],
    ];
    const failures: string[] = [];
    for (const [method, path] of targets) {
      for (const body of weird) {
        const res = await api(method, path, body);
        const shaped = typeof res.body === "object" && res.body !== null && (res.body as { code?: number }).code === res.status;
        if (res.status >= 500 || (res.status >= 400 && !shaped)) {
          failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 60)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // And the cart is as it was.
    const cart = await api("GET", `/api/v1/carts/${cartId}`);
    expect(cart.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
  });
});
