/**
 * Sylius 1.8's image tests, replayed over HTTP: ProductApiTest::
 * it_allows_creating_product_with_images (product/create_with_images_response)
 * and TaxonApiTest::it_allows_creating_taxon_with_images
 * (taxon/create_with_images_response). Sylius' test client sends the JSON
 * fields and the files (ford.jpg, mugs.jpg) in one request; over HTTP that
 * is one multipart/form-data body with every field in bracket notation.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { ensureLocales } from "../fixtures/references";
import { validationFailed } from "../fixtures/sylius";
import { IMAGE_PATH, jpeg, upload } from "../fixtures/images";

const ford = { name: "ford", bytes: jpeg(10) };
const mugs = { name: "mugs", bytes: jpeg(11) };

describe("images (Sylius 1.8)", () => {
  it("it_allows_creating_product_with_images: product/create_with_images_response", async () => {
    await ensureLocales("en_US");
    const code = uniqueCode("MUG_TH");
    const res = await upload("POST", "/api/v1/products/", {
      code,
      "images[0][type]": "FORD_MUG",
      "images[1][type]": "MUGS",
      "translations[en_US][name]": "Theme Mug",
      "translations[en_US][slug]": `theme-mug-${code}`,
      "images[0][file]": ford,
      "images[1][file]": mugs,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Theme Mug",
      code,
      attributes: [],
      options: [],
      associations: [],
      translations: { en_US: { id: expect.any(Number), locale: "en_US", name: "Theme Mug", slug: `theme-mug-${code}` } },
      productTaxons: [],
      channels: [],
      reviews: [],
      averageRating: 0,
      images: [
        { id: expect.any(Number), type: "FORD_MUG", path: expect.stringMatching(IMAGE_PATH) },
        { id: expect.any(Number), type: "MUGS", path: expect.stringMatching(IMAGE_PATH) },
      ],
      _links: { self: { href: `/api/v1/products/${code}` }, variants: { href: `/api/v1/products/${code}/variants/` } },
    });
    // Keys in Sylius' order.
    expect(Object.keys(res.body)).toEqual(["id", "name", "code", "attributes", "options", "associations", "translations", "productTaxons", "channels", "reviews", "averageRating", "images", "_links"]);
  });

  it("it_allows_creating_taxon_with_images: taxon/create_with_images_response", async () => {
    const code = uniqueCode("toys");
    const res = await upload("POST", "/api/v1/taxons/", {
      code,
      "images[0][type]": "ford",
      "images[1][type]": "mugs",
      "images[0][file]": ford,
      "images[1][file]": mugs,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      children: [],
      left: 1,
      right: 2,
      level: 0,
      position: expect.any(Number),
      translations: { en_US: { locale: "en_US" } },
      images: [
        { id: expect.any(Number), type: "ford", path: expect.stringMatching(IMAGE_PATH) },
        { id: expect.any(Number), type: "mugs", path: expect.stringMatching(IMAGE_PATH) },
      ],
      _links: { self: { href: `/api/v1/taxons/${code}` } },
    });
  });

  it("create_validation_fail_response: `images` is one of the form's children, `{}` when it has no error", async () => {
    const res = await api("POST", "/api/v1/taxons/");
    expect(res.body).toEqual(validationFailed({ translations: {}, enabled: {}, images: {}, code: { errors: ["Please enter taxon code."] }, parent: {} }));
  });
});
