/**
 * Products' taxons as Sylius 1.8's ProductApiTest and TaxonApiTest drive
 * them: `mainTaxon` and `productTaxons` in the product form and its detailed
 * representation (tests/Responses/product/create_with_main_taxon_response.json,
 * create_with_product_taxons_response.json), and the positions of products
 * in a taxon (`PUT /taxons/{code}/products`).
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { postProduct } from "../fixtures/catalog";
import { ensureLocale, links, mugsShown, PATH, taxonsYml, UNTRANSLATED } from "./helpers";

const ANY_ID = expect.any(Number);

describe("products' taxons (Sylius 1.8)", () => {
  it("ProductApiTest::it_allows_creating_product_with_main_taxon (create_with_main_taxon_response)", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    const { code, res } = await postProduct({ mainTaxon: t.mugs });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ code, productTaxons: [], mainTaxon: mugsShown(t) });
    expect(res.body.mainTaxon).toEqual(mugsShown(t));
    expect(Object.keys(res.body)).toEqual([
      "id",
      "name",
      "code",
      "attributes",
      "options",
      "associations",
      "translations",
      "productTaxons",
      "channels",
      "mainTaxon",
      "reviews",
      "averageRating",
      "images",
      "_links",
    ]);
    expect((await api("GET", `/api/v1/products/${code}`)).body).toEqual(res.body);
    // Deleting the taxon clears the main taxon.
    expect((await api("DELETE", `${PATH}${t.category}`)).status).toBe(204);
    expect((await api("GET", `/api/v1/products/${code}`)).body.mainTaxon).toBeUndefined();
  });

  it("ProductApiTest::it_allows_creating_product_with_product_taxons (create_with_product_taxons_response)", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    const { res } = await postProduct({ productTaxons: `${t.category},${t.mugs}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const node = (code: string, left: number, right: number, level: number, position: number, children: object[] = []) => ({
      id: ANY_ID,
      code,
      children,
      left,
      right,
      level,
      position,
      translations: UNTRANSLATED,
      images: [],
      _links: links(code),
    });
    expect(res.body.productTaxons).toEqual([
      {
        id: ANY_ID,
        taxon: node(t.category, 1, 14, 0, t.rootPosition, [
          node(t.mugs, 2, 3, 1, 0),
          node(t.stickers, 4, 5, 1, 1),
          node(t.books, 6, 7, 1, 2),
          node(t.tShirts, 8, 13, 1, 3, [node(t.men, 9, 10, 2, 0), node(t.women, 11, 12, 2, 1)]),
        ]),
        position: 0,
      },
      { id: ANY_ID, taxon: mugsShown(t), position: 0 },
    ]);
    expect(res.body.mainTaxon).toBeUndefined();
  });

  it("form: unknown taxons are invalid; PUT replaces the taxons, a kept one keeps its position", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    const bad = await postProduct({ mainTaxon: "no-such-taxon", productTaxons: [t.mugs, "nope"] });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.errors.children.mainTaxon).toEqual({ errors: ["This value is not valid."] });
    expect(bad.res.body.errors.children.productTaxons).toEqual({ errors: ["This value is not valid."] });

    const first = await postProduct({ productTaxons: [t.mugs] });
    const second = await postProduct({ productTaxons: [t.mugs, t.books] });
    expect(second.res.body.productTaxons.map((pt: { position: number }) => pt.position)).toEqual([1, 0]);
    expect((await api("PATCH", `/api/v1/products/${second.code}`, { productTaxons: `${t.books},${t.stickers}`, mainTaxon: t.books })).status).toBe(204);
    const shown = await api("GET", `/api/v1/products/${second.code}`);
    expect(shown.body.productTaxons.map((pt: { taxon: { code: string } }) => pt.taxon.code)).toEqual([t.books, t.stickers]);
    expect(shown.body.mainTaxon.code).toBe(t.books);
    expect((await api("PATCH", `/api/v1/products/${second.code}`, { mainTaxon: null })).status).toBe(204);
    expect((await api("GET", `/api/v1/products/${second.code}`)).body.mainTaxon).toBeUndefined();
    expect((await api("GET", `/api/v1/products/${first.code}`)).body.productTaxons[0].position).toBe(0);
  });

  it("TaxonApiTest::it_allows_to_update_position_of_product_in_a_taxon", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    // product_taxons.yml: three products in mugs at positions 0, 1, 2.
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await postProduct({ productTaxons: t.mugs }));
    expect(products.map((p) => p.res.body.productTaxons[0].position)).toEqual([0, 1, 2]);
    const [sw, bb] = products;
    const res = await api("PUT", `${PATH}${t.mugs}/products`, {
      productsPositions: [
        { productCode: sw!.code, position: 2 },
        { productCode: bb!.code, position: "0" },
      ],
    });
    expect(res.status).toBe(204);
    expect((await api("GET", `/api/v1/products/${sw!.code}`)).body.productTaxons[0].position).toBe(2);
    expect((await api("GET", `/api/v1/products/${bb!.code}`)).body.productTaxons[0].position).toBe(0);
    const stranger = await api("PUT", `${PATH}${t.books}/products`, { productsPositions: [{ productCode: sw!.code, position: 1 }] });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual({ code: 400, message: `The product "${sw!.code}" is not in the taxon "${t.books}".` });
  });
});
