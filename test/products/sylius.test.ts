/**
 * Products as Sylius 1.8's ProductApiTest drives them (tests/Responses/Expected/product/*.json):
 * AdminApiBundle's and ProductBundle's Model.Product.yml, AdminApiBundle's
 * ProductType over ProductBundle's ProductType and CoreBundle's
 * ProductTypeExtension, ProductTranslationType (+ shortDescription),
 * Product.xml / ProductTranslation.xml and validators.en.yml.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { ensureLocales } from "../fixtures/references";

const PATH = "/api/v1/products/";
const SUB_FORM = { name: {}, slug: {}, description: {}, metaKeywords: {}, metaDescription: {}, shortDescription: {} };
const CHILDREN = ["enabled", "translations", "attributes", "associations", "channels", "mainTaxon", "productTaxons", "images", "code", "options"];

describe("products (Sylius 1.8)", () => {
  it("show_response and index_response: exactly Sylius' keys (empty where the service has none yet)", async () => {
    await ensureLocales("en_US");
    const code = uniqueCode("MUG");
    const created = await api("POST", PATH, { code, translations: { en_US: { name: "Star Wars mug", slug: `sw-${code}` } } });
    expect(created.status).toBe(201);
    const read = await api("GET", `${PATH}${code}`);
    for (const body of [created.body, read.body]) {
      expect(body).toEqual({
        id: expect.any(Number),
        name: "Star Wars mug",
        code,
        attributes: [],
        options: [],
        associations: [],
        translations: { en_US: { id: expect.any(Number), locale: "en_US", name: "Star Wars mug", slug: `sw-${code}` } },
        productTaxons: [],
        channels: [],
        reviews: [],
        averageRating: 0,
        images: [],
        _links: { self: { href: `${PATH}${code}` }, variants: { href: `${PATH}${code}/variants/` } },
      });
    }
    const list = await api("GET", `${PATH}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items).toEqual([
      { id: read.body.id, name: "Star Wars mug", code, options: [], averageRating: 0, images: [], _links: { self: { href: `${PATH}${code}` } } },
    ]);
  });

  it("create_validation_fail_response: `Please enter product code.`, children in ProductType's order", async () => {
    const res = await api("POST", PATH);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors.children)).toEqual(CHILDREN);
    expect(res.body.errors.children.code).toEqual({ errors: ["Please enter product code."] });
    const bad = await api("POST", PATH, { code: "a b" });
    expect(bad.body.errors.children.code).toEqual({ errors: ["Product code can only be comprised of letters, numbers, dashes and underscores."] });
  });

  it("create_with_long_translations_validation_fail_response: the over-long name and slug reported in their locale's sub-form", async () => {
    await ensureLocales("en_US");
    const res = await api("POST", PATH, { code: uniqueCode("P"), translations: { en_US: { name: "x".repeat(256), slug: "y".repeat(256) } } });
    expect(res.status).toBe(400);
    // The sent locale's sub-form (every other locale of the shop is listed too: ProductApiTest below).
    expect(res.body.errors.children.translations.children.en_US).toEqual({
      children: {
        ...SUB_FORM,
        name: { errors: ["Product name must not be longer than 255 characters."] },
        slug: { errors: ["Product slug must not be longer than 255 characters."] },
      },
    });
    const blank = await api("POST", PATH, { code: uniqueCode("P"), translations: { en_US: { name: "", slug: "s" } } });
    expect(blank.body.errors.children.translations.children.en_US.children.name).toEqual({ errors: ["Please enter product name."] });
    const short = await api("POST", PATH, { code: uniqueCode("P"), translations: { en_US: { name: "x", slug: "s" } } });
    expect(short.body.errors.children.translations.children.en_US.children.name).toEqual({ errors: ["Product name must be at least 2 characters long."] });
  });

  it("accepts empty compound fields; a new image needs a file (uploads: test/images)", async () => {
    const code = uniqueCode("P");
    const ok = await api("POST", PATH, { code, attributes: [], associations: {}, mainTaxon: null, productTaxons: [], images: [] });
    expect(ok.status).toBe(201);
    const res = await api("POST", PATH, { code: uniqueCode("P"), images: [{ type: "thumbnail" }] });
    expect(res.body.errors.children.images).toEqual({ children: [{ children: { file: { errors: ["Please choose an image file to upload."] } } }] });
    const notList = await api("POST", PATH, { code: uniqueCode("P"), images: "thumbnail" });
    expect(notList.body.errors.children.images).toEqual({ errors: ["This value is not valid."] });
  });

  it("a PUT without a body is a 400 (Sylius' product form has no field that fails empty: the form-level blank message)", async () => {
    const code = uniqueCode("P");
    await api("POST", PATH, { code });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.errors).toEqual(["This value should not be blank."]);
      expect(Object.keys(res.body.errors.children)).toEqual(CHILDREN);
    }
    expect((await api("PATCH", `${PATH}${code}`)).status).toBe(204);
  });
});

describe("ProductApiTest", () => {
  it("it_does_not_allow_to_create_product_with_too_long_translations", async () => {
    // Sylius' fixtures: four locales; only en_US is sent.
    await ensureLocales("en_US", "nl_NL", "fr_FR", "de_CH");
    const res = await api("POST", PATH, { code: uniqueCode("P"), translations: { en_US: { name: "x".repeat(256), slug: "y".repeat(256) } } });
    expect(res.status).toBe(400);
    const translations = res.body.errors.children.translations.children;
    // One sub-form per locale of the shop, sent or not, as Sylius' translations form builds them, in the shop's order.
    const shop = (await env.DB.prepare("SELECT code FROM locales ORDER BY id").all<{ code: string }>()).results.map((row) => row.code);
    expect(Object.keys(translations)).toEqual(shop);
    expect(shop).toEqual(expect.arrayContaining(["en_US", "nl_NL", "fr_FR", "de_CH"]));
    expect(translations.en_US).toEqual({
      children: {
        ...SUB_FORM,
        name: { errors: ["Product name must not be longer than 255 characters."] },
        slug: { errors: ["Product slug must not be longer than 255 characters."] },
      },
    });
    for (const locale of ["nl_NL", "fr_FR", "de_CH"]) expect(translations[locale], locale).toEqual({ children: SUB_FORM });
    // A passing create lists nothing and reads no more than before (the locales are read on the error path only).
    const ok = await api("POST", PATH, { code: uniqueCode("P"), translations: { en_US: { name: "Mug", slug: uniqueCode("mug").toLowerCase() } } });
    expect(ok.status).toBe(201);
  });
});
