import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { insertProduct, variantsPath } from "../fixtures/catalog";
import { CATEGORY_CREATED_ATOM, CATEGORY_UPDATED_ATOM, setupCatalog, type Catalog } from "../fixtures/variants";

let cat: Catalog;
beforeAll(async () => {
  cat = await setupCatalog();
});

describe("POST /products/{productCode}/variants/", () => {
  it("creates a variant with only a code: the detailed set with its defaults", async () => {
    const product = await insertProduct();
    const code = uniqueCode("V");
    const res = await api("POST", variantsPath(product.code), { code });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      position: 0,
      optionValues: [],
      translations: [],
      tracked: false,
      channelPricings: [],
      version: 1,
      onHold: 0,
      onHand: 0,
      _links: {
        self: { href: `/api/v1/products/${product.code}/variants/${code}` },
        product: { href: `/api/v1/products/${product.code}` },
      },
    });
    expect(Object.keys(res.body)).toEqual([
      "id",
      "code",
      "position",
      "optionValues",
      "translations",
      "tracked",
      "channelPricings",
      "version",
      "onHold",
      "onHand",
      "_links",
    ]);
    expect(d1RoundTrips(res.headers)).toBe(2);
  });

  it("places later variants after the last one when no position is sent", async () => {
    const product = await insertProduct();
    const first = await api("POST", variantsPath(product.code), { code: uniqueCode("V") });
    const second = await api("POST", variantsPath(product.code), { code: uniqueCode("V") });
    const explicit = await api("POST", variantsPath(product.code), { code: uniqueCode("V"), position: 10 });
    const fourth = await api("POST", variantsPath(product.code), { code: uniqueCode("V") });
    expect([first.body.position, second.body.position, explicit.body.position, fourth.body.position]).toEqual([0, 1, 10, 11]);
  });

  it("creates a variant with every field, converting prices to minor units", async () => {
    const code = uniqueCode("V");
    const [small] = cat.option.values;
    const [red] = cat.option2.values;
    const res = await api("POST", variantsPath(cat.product.code), {
      code,
      translations: { en_US: { name: "Small mug" }, pl_PL: { name: "Mały kubek" } },
      position: 7,
      tracked: true,
      channelPricings: { [cat.channel]: { price: "1243" }, [cat.channel2]: { price: "12.43" } },
      taxCategory: cat.taxCategory.code,
      shippingCategory: cat.shippingCategory.code,
      optionValues: { [cat.option.code]: small.code, [cat.option2.code]: red.code },
      onHand: 5,
      width: 10,
      height: 20.5,
      depth: 0,
      weight: 1.25,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      position: 7,
      optionValues: [
        // option2 (position 1) before option (position 5); option2 has no en_US name: its first one.
        {
          code: red.code,
          name: "Kolor",
          translations: { pl_PL: { locale: "pl_PL", id: red.translationIds.pl_PL, value: "Czerwony" } },
        },
        {
          code: small.code,
          name: "Mug type",
          translations: {
            en_US: { locale: "en_US", id: small.translationIds.en_US, value: "Small mug" },
            pl_PL: { locale: "pl_PL", id: small.translationIds.pl_PL, value: "Mały kubek" },
          },
        },
      ],
      translations: {
        en_US: { locale: "en_US", id: expect.any(Number), name: "Small mug" },
        pl_PL: { locale: "pl_PL", id: expect.any(Number), name: "Mały kubek" },
      },
      tracked: true,
      channelPricings: {
        [cat.channel]: { channelCode: cat.channel, price: 124300 },
        [cat.channel2]: { channelCode: cat.channel2, price: 1243 },
      },
      taxCategory: {
        id: cat.taxCategory.id,
        code: cat.taxCategory.code,
        name: cat.taxCategory.name,
        description: cat.taxCategory.description,
        createdAt: CATEGORY_CREATED_ATOM,
        updatedAt: CATEGORY_UPDATED_ATOM,
        _links: { self: { href: `/api/v1/tax-categories/${cat.taxCategory.code}` } },
      },
      shippingCategory: {
        id: cat.shippingCategory.id,
        code: cat.shippingCategory.code,
        name: cat.shippingCategory.name,
        description: cat.shippingCategory.description,
        createdAt: CATEGORY_CREATED_ATOM,
        updatedAt: CATEGORY_UPDATED_ATOM,
        _links: { self: { href: `/api/v1/shipping-categories/${cat.shippingCategory.code}` } },
      },
      version: 1,
      onHold: 0,
      onHand: 5,
      width: 10,
      height: 20.5,
      depth: 0,
      weight: 1.25,
      _links: {
        self: { href: `/api/v1/products/${cat.product.code}/variants/${code}` },
        product: { href: `/api/v1/products/${cat.product.code}` },
      },
    });
    expect(res.body.translations.en_US.id).toBeLessThan(res.body.translations.pl_PL.id);
    expect(d1RoundTrips(res.headers)).toBe(2);

    const read = await api("GET", `${variantsPath(cat.product.code)}${code}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("accepts numeric prices and rounds to the nearest minor unit", async () => {
    const res = await api("POST", variantsPath(cat.product.code), {
      code: uniqueCode("V"),
      channelPricings: { [cat.channel]: { price: 19.99 }, [cat.channel2]: { price: "0.005" } },
    });
    expect(res.status).toBe(201);
    expect(res.body.channelPricings).toEqual({
      [cat.channel]: { channelCode: cat.channel, price: 1999 },
      [cat.channel2]: { channelCode: cat.channel2, price: 1 },
    });
  });

  it("treats empty lists as empty collections and null categories as none", async () => {
    const res = await api("POST", variantsPath(cat.product.code), {
      code: uniqueCode("V"),
      translations: [],
      channelPricings: [],
      optionValues: [],
      taxCategory: null,
      shippingCategory: "",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ translations: [], channelPricings: [], optionValues: [] });
    expect(res.body).not.toHaveProperty("taxCategory");
    expect(res.body).not.toHaveProperty("shippingCategory");
  });

  it("answers 404 for an unknown product, even with an invalid body", async () => {
    const missing = uniqueCode("NOPE");
    for (const body of [{ code: uniqueCode("V") }, { code: "" }]) {
      const res = await api("POST", variantsPath(missing), body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Product with code "${missing}" does not exist.` });
    }
  });

  it("works without the trailing slash", async () => {
    const res = await api("POST", `/api/v1/products/${cat.product.code}/variants`, { code: uniqueCode("V") });
    expect(res.status).toBe(201);
  });

  it("requires authentication", async () => {
    const res = await api("POST", variantsPath(cat.product.code), { code: uniqueCode("V") }, { token: null });
    expect(res.status).toBe(401);
  });
});
