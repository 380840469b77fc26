import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createVariant, insertProduct, variantPath, variantsPath } from "../fixtures/catalog";
import { setupCatalog, type Catalog } from "../fixtures/variants";

let cat: Catalog;
type Variant = { id: number; code: string };
/** Three variants of cat.product, in creation order. */
let v: [Variant, Variant, Variant];
let base: string;

beforeAll(async () => {
  cat = await setupCatalog();
  base = uniqueCode("L");
  const [small, large] = cat.option.values;
  v = [
    await createVariant(cat.product.code, {
      code: `${base}_Alpha`,
      position: 2,
      translations: { pl_PL: { name: "Zeta" }, en_US: { name: "Bravo mug" } },
      channelPricings: { [cat.channel]: { price: 10 } },
      optionValues: { [cat.option.code]: small.code },
      taxCategory: cat.taxCategory.code,
      shippingCategory: cat.shippingCategory.code,
      onHand: 4,
      width: 3,
    }),
    await createVariant(cat.product.code, {
      code: `${base}_beta`,
      position: 0,
      translations: { pl_PL: { name: "Alpha kubek" } },
      optionValues: { [cat.option.code]: large.code },
    }),
    await createVariant(cat.product.code, { code: `${base}_GAMMA`, position: 1 }),
  ];
  // A variant of another product never shows in this product's list.
  const other = await insertProduct();
  await createVariant(other.code, { code: `${base}_other` });
});

const list = (query = "") => api("GET", `${variantsPath(cat.product.code)}${query}`);
const codes = (body: { _embedded: { items: { code: string }[] } }) => body._embedded.items.map((i) => i.code);

describe("GET /products/{productCode}/variants/{code}", () => {
  it("returns the detailed set in one round trip", async () => {
    const res = await api("GET", variantPath(cat.product.code, v[0].code));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: v[0].id,
      code: v[0].code,
      position: 2,
      tracked: false,
      version: 1,
      onHold: 0,
      onHand: 4,
      width: 3,
      taxCategory: { code: cat.taxCategory.code, description: cat.taxCategory.description },
      _links: {
        self: { href: `/api/v1/products/${cat.product.code}/variants/${v[0].code}` },
        product: { href: `/api/v1/products/${cat.product.code}` },
      },
    });
    expect(res.body).not.toHaveProperty("height");
    expect(d1RoundTrips(res.headers)).toBe(1);
  });

  it("answers 404 for an unknown variant, a variant of another product, and an unknown product", async () => {
    const unknown = uniqueCode("NOV");
    const a = await api("GET", variantPath(cat.product.code, unknown));
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ code: 404, message: `Product variant with code "${unknown}" does not exist.` });
    expect(d1RoundTrips(a.headers)).toBe(1);

    const b = await api("GET", variantPath(cat.product.code, `${base}_other`));
    expect(b.status).toBe(404);

    const product = uniqueCode("NOP");
    const c = await api("GET", variantPath(product, v[0].code));
    expect(c.status).toBe(404);
    expect(c.body).toEqual({ code: 404, message: `Product with code "${product}" does not exist.` });
  });
});

describe("GET /products/{productCode}/variants/", () => {
  it("lists default-set items, newest first, in one round trip", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const path = `/api/v1/products/${cat.product.code}/variants/`;
    expect(res.body).toEqual({
      page: 1,
      limit: 10,
      pages: 1,
      total: 3,
      _links: {
        self: { href: `${path}?page=1&limit=10` },
        first: { href: `${path}?page=1&limit=10` },
        last: { href: `${path}?page=1&limit=10` },
      },
      _embedded: { items: expect.any(Array) },
    });
    expect(codes(res.body)).toEqual([v[2].code, v[1].code, v[0].code]);
    const [small] = cat.option.values;
    expect(res.body._embedded.items[2]).toEqual({
      id: v[0].id,
      code: v[0].code,
      position: 2,
      optionValues: [
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
        pl_PL: { locale: "pl_PL", id: expect.any(Number), name: "Zeta" },
        en_US: { locale: "en_US", id: expect.any(Number), name: "Bravo mug" },
      },
      tracked: false,
      channelPricings: { [cat.channel]: { channelCode: cat.channel, price: 1000 } },
      taxCategory: {
        id: cat.taxCategory.id,
        code: cat.taxCategory.code,
        name: cat.taxCategory.name,
        _links: { self: { href: `/api/v1/tax-categories/${cat.taxCategory.code}` } },
      },
      shippingCategory: {
        id: cat.shippingCategory.id,
        code: cat.shippingCategory.code,
        name: cat.shippingCategory.name,
        _links: { self: { href: `/api/v1/shipping-categories/${cat.shippingCategory.code}` } },
      },
      version: 1,
      _links: { self: { href: `/api/v1/products/${cat.product.code}/variants/${v[0].code}` } },
    });
    expect(res.body._embedded.items[0]).toEqual({
      id: v[2].id,
      code: v[2].code,
      position: 1,
      optionValues: [],
      translations: [],
      tracked: false,
      channelPricings: [],
      version: 1,
      _links: { self: { href: `/api/v1/products/${cat.product.code}/variants/${v[2].code}` } },
    });
  });

  it.each([
    ["position", "asc", [1, 2, 0]],
    ["position", "desc", [0, 2, 1]],
    ["code", "asc", [0, 2, 1]], // upper case sorts before lower case (binary collation)
    ["code", "desc", [1, 2, 0]],
    ["createdAt", "asc", [0, 1, 2]],
    ["createdAt", "desc", [2, 1, 0]],
    ["name", "asc", [2, 1, 0]], // none, "Alpha kubek" (first translation), "Bravo mug" (en_US)
    ["name", "desc", [0, 1, 2]],
  ] as const)("sorts by %s %s", async (field, direction, order) => {
    const res = await list(`?sorting[${field}]=${direction}`);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(order.map((i) => v[i]!.code));
    expect(res.body._links.self.href).toBe(
      `/api/v1/products/${cat.product.code}/variants/?sorting%5B${field}%5D=${direction}&page=1&limit=10`,
    );
  });

  it("sorts by updatedAt", async () => {
    const product = await insertProduct();
    const a = await createVariant(product.code, { code: uniqueCode("U") });
    const b = await createVariant(product.code, { code: uniqueCode("U") });
    await new Promise((r) => setTimeout(r, 5));
    const patched = await api("PATCH", variantPath(product.code, a.code), { onHand: 1 });
    expect(patched.status).toBe(204);
    const asc = await api("GET", `${variantsPath(product.code)}?sorting[updatedAt]=asc`);
    expect(codes(asc.body)).toEqual([b.code, a.code]);
    const desc = await api("GET", `${variantsPath(product.code)}?sorting[updatedAt]=desc`);
    expect(codes(desc.body)).toEqual([a.code, b.code]);
  });

  it("paginates, with links carrying the query", async () => {
    const path = `/api/v1/products/${cat.product.code}/variants/`;
    const q = "sorting%5Bposition%5D=desc";
    const page1 = await list("?sorting[position]=desc&limit=2");
    expect(page1.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(codes(page1.body)).toEqual([v[0].code, v[2].code]);
    expect(page1.body._links).toEqual({
      self: { href: `${path}?${q}&page=1&limit=2` },
      first: { href: `${path}?${q}&page=1&limit=2` },
      last: { href: `${path}?${q}&page=2&limit=2` },
      next: { href: `${path}?${q}&page=2&limit=2` },
    });
    const page2 = await list("?sorting[position]=desc&limit=2&page=2");
    expect(page2.body).toMatchObject({ page: 2, limit: 2, pages: 2, total: 3 });
    expect(codes(page2.body)).toEqual([v[1].code]);
    expect(page2.body._links).toEqual({
      self: { href: `${path}?${q}&page=2&limit=2` },
      first: { href: `${path}?${q}&page=1&limit=2` },
      last: { href: `${path}?${q}&page=2&limit=2` },
      previous: { href: `${path}?${q}&page=1&limit=2` },
    });
    expect(d1RoundTrips(page2.headers)).toBe(1);
  });

  it("clamps the limit to 100", async () => {
    const res = await list("?limit=1000");
    expect(res.body).toMatchObject({ page: 1, limit: 100, total: 3 });
  });

  it("filters by code and by name, case-insensitively", async () => {
    const byCode = await list("?criteria[code]=ALP");
    expect(codes(byCode.body)).toEqual([v[0].code]);
    expect(byCode.body.total).toBe(1);
    expect(byCode.body._links.self.href).toContain("criteria%5Bcode%5D=ALP");

    const byCodeBase = await list(`?criteria[code]=${base.toLowerCase()}&sorting[position]=asc`);
    expect(codes(byCodeBase.body)).toEqual([v[1].code, v[2].code, v[0].code]);

    const byName = await list("?criteria[name]=aLPHA");
    expect(codes(byName.body)).toEqual([v[1].code]);

    // The name is the en_US translation when there is one: "Zeta" (pl_PL) is not it.
    const notTheName = await list("?criteria[name]=zeta");
    expect(notTheName.body).toMatchObject({ total: 0, pages: 1, _embedded: { items: [] } });

    const both = await list("?criteria[name]=mug&criteria[code]=alpha");
    expect(codes(both.body)).toEqual([v[0].code]);
  });

  it("answers 404 for an unknown product", async () => {
    const product = uniqueCode("NOP");
    const res = await api("GET", variantsPath(product));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: `Product with code "${product}" does not exist.` });
  });

  it("lists an empty product", async () => {
    const product = await insertProduct();
    const res = await api("GET", `/api/v1/products/${product.code}/variants`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 0, _embedded: { items: [] } });
  });

  it("loads a page of 100 fully populated variants in one round trip", async () => {
    const big = await setupCatalog();
    const [small, large] = big.option.values;
    const prefix = uniqueCode("BIG");
    const bodies = Array.from({ length: 101 }, (_, i) => ({
      code: `${prefix}_${String(i).padStart(3, "0")}`,
      translations: { en_US: { name: `Mug ${i}` }, pl_PL: { name: `Kubek ${i}` } },
      channelPricings: { [big.channel]: { price: i + 1 }, [big.channel2]: { price: "0.5" } },
      optionValues: { [big.option.code]: (i % 2 ? small : large).code, [big.option2.code]: big.option2.values[0].code },
      taxCategory: big.taxCategory.code,
      shippingCategory: big.shippingCategory.code,
    }));
    for (let i = 0; i < bodies.length; i += 25) {
      await Promise.all(bodies.slice(i, i + 25).map((body) => createVariant(big.product.code, body)));
    }
    const res = await api("GET", `${variantsPath(big.product.code)}?limit=100&sorting[code]=asc`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ total: 101, pages: 2, limit: 100 });
    const items = res.body._embedded.items as any[];
    expect(items).toHaveLength(100);
    expect(items.map((i) => i.code)).toEqual(bodies.slice(0, 100).map((b) => b.code));
    for (const [i, item] of items.entries()) {
      expect(Object.keys(item.translations)).toEqual(["en_US", "pl_PL"]);
      expect(item.translations.en_US.name).toBe(`Mug ${i}`);
      expect(item.channelPricings[big.channel].price).toBe((i + 1) * 100);
      expect(item.channelPricings[big.channel2].price).toBe(50);
      expect(item.optionValues.map((o: any) => o.code)).toEqual([
        big.option2.values[0].code,
        (i % 2 ? small : large).code,
      ]);
      expect(item.taxCategory.code).toBe(big.taxCategory.code);
      expect(item.shippingCategory.code).toBe(big.shippingCategory.code);
    }
    const last = await api("GET", `${variantsPath(big.product.code)}?limit=100&sorting[code]=asc&page=2`);
    expect(last.body._embedded.items.map((i: any) => i.code)).toEqual([bodies[100]!.code]);
    expect(last.body._embedded.items[0].translations.pl_PL.name).toBe("Kubek 100");
  });
});
