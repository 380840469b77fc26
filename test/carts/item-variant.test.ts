/**
 * The variant inside a cart item is the variant list's item: same loader,
 * same serializer, so a client sees one representation of a variant
 * (`version`, translations with their `locale`, option values, categories,
 * `_links.self`) wherever it meets it — except an order (`GET /orders/{id}`),
 * which shows Sylius' detailed variant set.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, uniqueCode, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";

let catalog: ApiCatalog;
let product: string;
let variant: string;

beforeAll(async () => {
  catalog = await apiCatalog();
  const option = uniqueCode("OPT");
  await ok("POST", "/api/v1/product-options/", {
    code: option,
    translations: { en_US: { name: "Size" } },
    values: [{ code: `${option}_L`, translations: { en_US: { value: "Large" } } }],
  });
  product = uniqueCode("PROD");
  await ok("POST", "/api/v1/products/", {
    code: product,
    translations: { en_US: { name: "Tee", slug: product.toLowerCase() } },
    channels: [catalog.channel],
    options: [option],
    enabled: true,
  });
  variant = `${product}_L`;
  await ok("POST", `/api/v1/products/${product}/variants/`, {
    code: variant,
    translations: { en_US: { name: "Large tee" } },
    channelPricings: { [catalog.channel]: { price: "12.00" } },
    optionValues: { [option]: `${option}_L` },
    taxCategory: catalog.taxCategory,
    shippingCategory: catalog.shippingCategory,
  });
  // A later update, so the version shown is not the initial one.
  await ok("PATCH", `/api/v1/products/${product}/variants/${variant}`, { version: 1, onHand: 3 });
});

const listEntry = async () => {
  const list = await api("GET", `/api/v1/products/${product}/variants/`);
  expect(list.status).toBe(200);
  const entry = list.body._embedded.items.find((item: { code: string }) => item.code === variant);
  expect(entry).toBeDefined();
  return entry;
};

describe("the variant of a cart item", () => {
  it("is the variant list's entry, in the add-item answer, the cart and the cart list; the order shows the detailed set", async () => {
    const expected = await listEntry();
    expect(expected.version).toBe(2);
    expect(expected.translations.en_US.locale).toBe("en_US");
    expect(expected.optionValues[0].translations.en_US.locale).toBe("en_US");
    expect(expected.taxCategory.code).toBe(catalog.taxCategory);
    expect(expected._links.self.href).toBe(`/api/v1/products/${product}/variants/${variant}`);

    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const added = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant, quantity: 2 });
    expect(added.status).toBe(201);
    expect(added.body.variant).toStrictEqual(expected);

    const read = await api("GET", `/api/v1/carts/${cart.id}`);
    expect(read.body.items[0].variant).toStrictEqual(expected);
    // The order shows Sylius' detailed variant set instead (its own keys and order, stock included).
    const detail = (await api("GET", `/api/v1/products/${product}/variants/${variant}`)).body;
    const order = await api("GET", `/api/v1/orders/${cart.id}`);
    const orderVariant = order.body.items[0].variant;
    const tax = detail.taxCategory;
    expect(orderVariant).toStrictEqual({
      id: expected.id,
      code: expected.code,
      optionValues: expected.optionValues,
      position: expected.position,
      translations: expected.translations,
      version: expected.version,
      onHold: detail.onHold,
      onHand: 3,
      tracked: expected.tracked,
      taxCategory: { id: tax.id, code: tax.code, name: tax.name, createdAt: tax.createdAt, updatedAt: tax.updatedAt, _links: tax._links },
      channelPricings: expected.channelPricings,
      _links: { self: expected._links.self, product: detail._links.product },
    });
    expect(Object.keys(orderVariant)).toEqual([
      "id", "code", "optionValues", "position", "translations", "version", "onHold", "onHand", "tracked", "taxCategory", "channelPricings", "_links",
    ]);

    let listed: { id: number; items: { variant: unknown }[] } | undefined;
    for (let page = 1; !listed; page++) {
      const carts = await api("GET", `/api/v1/carts/?limit=100&page=${page}`);
      expect(carts.status).toBe(200);
      listed = carts.body._embedded.items.find((c: { id: number }) => c.id === cart.id);
      if (page >= carts.body.pages) break;
    }
    expect(listed?.items[0]?.variant).toStrictEqual(expected);
  });
});
