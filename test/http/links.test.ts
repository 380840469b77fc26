/**
 * Every `_links` href the service emits resolves with GET to
 * 200. Walks the representations of every resource (single and list views)
 * of a catalogue and a cart built through the API, and follows each href.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";

let catalog: ApiCatalog;
let cartId: number;

beforeAll(async () => {
  catalog = await apiCatalog();
  const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
  cartId = cart.id;
  await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantA, quantity: 3 });
  await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: catalog.variantB, quantity: 1 });
});

function hrefsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) hrefsOf(v, found);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "href" && typeof v === "string") found.add(v);
      else hrefsOf(v, found);
    }
  }
  return found;
}

describe("HAL links", () => {
  it("all resolve to 200", async () => {
    const c = catalog;
    const sources = [
      `/api/v1/carts/${cartId}`,
      "/api/v1/carts/?limit=5",
      `/api/v1/orders/${cartId}`,
      `/api/v1/products/${c.product}/variants/${c.variantA}`,
      `/api/v1/products/${c.product}/variants/`,
      `/api/v1/products/${c.product}`,
      "/api/v1/products/?limit=5",
      `/api/v1/channels/${c.channel}`,
      "/api/v1/channels/?limit=5",
      `/api/v1/zones/${c.zone}`,
      `/api/v1/tax-categories/${c.taxCategory}`,
      `/api/v1/tax-rates/${c.taxRate}`,
      "/api/v1/tax-rates/?limit=5",
      `/api/v1/shipping-categories/${c.shippingCategory}`,
      `/api/v1/shipping-methods/${c.shippingMethod}`,
      "/api/v1/shipping-methods/?limit=5",
      `/api/v1/promotions/${c.promotion}`,
      `/api/v1/customers/${c.customerId}`,
      "/api/v1/customers/?limit=5",
      "/api/v1/locales/en_US",
      "/api/v1/currencies/USD",
      "/api/v1/product-options/?limit=5",
    ];
    const hrefs = new Set<string>();
    for (const source of sources) {
      const res = await api("GET", source);
      expect(res.status, source).toBe(200);
      hrefsOf(res.body, hrefs);
    }
    // The walk must have seen the links the contract names.
    expect(hrefs).toContain(`/api/v1/orders/${cartId}`);
    expect(hrefs).toContain(`/api/v1/customers/${c.customerId}`);
    expect(hrefs).toContain(`/api/v1/channels/${c.channel}`);
    expect(hrefs).toContain(`/api/v1/products/${c.product}/variants/${c.variantA}`);
    expect(hrefs).toContain(`/api/v1/tax-categories/${c.taxCategory}`);
    expect(hrefs.size).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const href of hrefs) {
      const res = await api("GET", href);
      if (res.status !== 200) broken.push(`${href} → ${res.status}`);
    }
    expect(broken).toEqual([]);
  });
});
