/**
 * The new shapes answer as the served OpenAPI document declares them
 * (test/fixtures/contract.ts checks status and body against the schema): lists
 * and single resources of the Sylius 1.8 groups, nested form errors and the
 * 400 of a PUT without a body, for each resource of this change.
 */
import { describe, expect, it } from "vitest";
import { uniqueCode } from "../fixtures/http";
import { call } from "../fixtures/contract";
import { freeCurrencyCode, uniqueLocaleCode, ensureLocales, createTaxCategory, createZone } from "../fixtures/references";

describe("Sylius 1.8 shapes match the OpenAPI document", () => {
  it("locales and currencies", async () => {
    const locale = uniqueLocaleCode();
    expect((await call("POST", "/api/v1/locales/", { body: { code: locale } })).status).toBe(201);
    await call("GET", "/api/v1/locales/{code}", { params: { code: locale } });
    await call("GET", "/api/v1/locales/", { query: "limit=3" });
    expect((await call("PUT", "/api/v1/locales/{code}", { params: { code: locale } })).status).toBe(400);
    const currency = await freeCurrencyCode();
    expect((await call("POST", "/api/v1/currencies/", { body: { code: currency } })).status).toBe(201);
    await call("GET", "/api/v1/currencies/{code}", { params: { code: currency } });
    await call("GET", "/api/v1/currencies/", { query: "limit=3" });
    expect((await call("PUT", "/api/v1/currencies/{code}", { params: { code: currency }, body: {} })).status).toBe(400);
  });

  it("tax and shipping categories, tax rates", async () => {
    for (const path of ["tax-categories", "shipping-categories"]) {
      const code = uniqueCode("C");
      expect((await call("POST", `/api/v1/${path}/`, { body: { code, name: "Named", description: "Described" } })).status).toBe(201);
      await call("GET", `/api/v1/${path}/{code}`, { params: { code } });
      await call("GET", `/api/v1/${path}/`, { query: "limit=3" });
      expect((await call("POST", `/api/v1/${path}/`, { body: {} })).status).toBe(400);
      expect((await call("PUT", `/api/v1/${path}/{code}`, { params: { code } })).status).toBe(400);
    }
    const category = await createTaxCategory();
    const zone = await createZone();
    const code = uniqueCode("R");
    expect((await call("POST", "/api/v1/tax-rates/", { body: { code, name: "VAT", amount: 0.2, category: category.code, zone: zone.code } })).status).toBe(201);
    await call("GET", "/api/v1/tax-rates/{code}", { params: { code } });
    await call("GET", "/api/v1/tax-rates/", { query: "limit=3" });
    expect((await call("PUT", "/api/v1/tax-rates/{code}", { params: { code } })).status).toBe(400);
  });

  it("product options and products, with nested form errors", async () => {
    await ensureLocales("en_US");
    const option = uniqueCode("O");
    const created = await call("POST", "/api/v1/product-options/", {
      body: { code: option, translations: { en_US: { name: "Size" } }, values: [{ code: `${option}_S`, translations: { en_US: { value: "S" } } }] },
    });
    expect(created.status).toBe(201);
    await call("GET", "/api/v1/product-options/{code}", { params: { code: option } });
    await call("GET", "/api/v1/product-options/", { query: "limit=3" });
    const nested = await call("POST", "/api/v1/product-options/", { body: { code: uniqueCode("O"), translations: { en_US: { name: "" } }, values: [{}] } });
    expect(nested.status).toBe(400);
    expect((await call("PUT", "/api/v1/product-options/{code}", { params: { code: option } })).status).toBe(400);

    const product = uniqueCode("P");
    expect((await call("POST", "/api/v1/products/", { body: { code: product, translations: { en_US: { name: "Mug", slug: `mug-${product}` } }, options: [option] } })).status).toBe(201);
    await call("GET", "/api/v1/products/{code}", { params: { code: product } });
    await call("GET", "/api/v1/products/", { query: "limit=3" });
    const long = await call("POST", "/api/v1/products/", { body: { code: uniqueCode("P"), translations: { en_US: { name: "x".repeat(300), slug: "s" } } } });
    expect(long.body.errors.children.translations.children.en_US.children.name.errors).toEqual(["Product name must not be longer than 255 characters."]);
    expect((await call("PUT", "/api/v1/products/{code}", { params: { code: product } })).status).toBe(400);
  });
});
