/**
 * Product association types as Sylius 1.8's ProductAssociationTypeApiTest
 * drives them (tests/Responses/product_association_type/*.json), one test
 * per method: ProductBundle's Model.ProductAssociationType.yml,
 * ProductAssociationTypeType (translations per locale, then code),
 * ProductAssociationType*.xml and validators.en.yml. The fixture
 * (resources/product_association_types.yml: cross_sell and up_sell, named in
 * nl_NL and en_US) is created through the API with unique codes.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP } from "../fixtures/sylius";
import { ensureLocales } from "../fixtures/references";

const PATH = "/api/v1/product-association-types/";
const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };
const NOT_FOUND = { code: 404, message: expect.any(String) };

/** resources/product_association_types.yml, its codes made unique. */
async function fixture() {
  await ensureLocales("en_US", "nl_NL", "fr_FR", "de_CH");
  const prefix = uniqueCode("PAT");
  const types = [
    { code: `${prefix}_cross_sell`, en: "Cross sell", nl: "Cross sell (nl_NL)" },
    { code: `${prefix}_up_sell`, en: "Up sell", nl: "Up sell (nl_NL)" },
  ];
  for (const type of types) {
    const res = await api("POST", PATH, { code: type.code, translations: { nl_NL: { name: type.nl }, en_US: { name: type.en } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { prefix, crossSell: types[0]!.code, upSell: types[1]!.code };
}

const translation = (locale: string, name: string) => ({ id: expect.any(Number), locale, name });

describe("ProductAssociationTypeApiTest (Sylius 1.8)", () => {
  it("it_denies_creating_product_association_type_for_non_authenticated_user", async () => {
    const res = await api("POST", PATH, undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ACCESS_DENIED);
  });

  it("it_does_not_allow_to_create_product_association_type_without_specifying_required_data", async () => {
    const res = await api("POST", PATH);
    expect(res.status).toBe(400);
    // Sylius' fixture has no locales here (`translations: {}`); this database has some: one empty sub-form each.
    expect(res.body.errors.children.code).toEqual({ errors: ["Please enter association type code."] });
    expect(Object.keys(res.body.errors.children)).toEqual(["translations", "code"]);
    for (const child of Object.values(res.body.errors.children.translations.children ?? {})) expect(child).toEqual({ children: { name: {} } });
  });

  it("it_allows_to_create_product_association_type", async () => {
    await ensureLocales("en_US");
    const code = uniqueCode("cross_sell");
    const res = await api("POST", PATH, { code, translations: { en_US: { name: "Cross sell" } } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      translations: { en_US: translation("en_US", "Cross sell") },
      _links: { self: { href: `${PATH}${code}` } },
    });
  });

  it("it_denies_getting_product_association_types_for_non_authenticated_user", async () => {
    const res = await api("GET", PATH, undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ACCESS_DENIED);
  });

  it("it_allows_to_get_product_association_types", async () => {
    const { prefix, crossSell, upSell } = await fixture();
    const res = await api("GET", `${PATH}?criteria%5Bcode%5D=${prefix}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 2 });
    expect(res.body._embedded.items).toEqual([
      {
        id: expect.any(Number),
        code: crossSell,
        translations: { en_US: translation("en_US", "Cross sell"), nl_NL: translation("nl_NL", "Cross sell (nl_NL)") },
        _links: { self: { href: `${PATH}${crossSell}` } },
      },
      {
        id: expect.any(Number),
        code: upSell,
        translations: { en_US: translation("en_US", "Up sell"), nl_NL: translation("nl_NL", "Up sell (nl_NL)") },
        _links: { self: { href: `${PATH}${upSell}` } },
      },
    ]);
  });

  it("it_denies_getting_product_association_type_for_non_authenticated_user", async () => {
    const res = await api("GET", `${PATH}1`, undefined, { token: null });
    expect(res.status).toBe(401);
  });

  it("it_returns_not_found_response_when_requesting_details_of_a_product_association_type_which_does_not_exist", async () => {
    const res = await api("GET", `${PATH}-1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_to_get_product_association_type", async () => {
    const { crossSell } = await fixture();
    const res = await api("GET", `${PATH}${crossSell}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: crossSell,
      translations: { en_US: translation("en_US", "Cross sell"), nl_NL: translation("nl_NL", "Cross sell (nl_NL)") },
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: { self: { href: `${PATH}${crossSell}` } },
    });
  });

  it("it_denies_updating_product_association_type_for_non_authenticated_user", async () => {
    const res = await api("PUT", `${PATH}1`, undefined, { token: null });
    expect(res.status).toBe(401);
  });

  it("it_returns_not_found_response_when_trying_to_update_product_association_type_which_does_not_exist", async () => {
    const res = await api("PUT", `${PATH}-1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_does_not_allow_to_update_product_association_type_without_specifying_required_data", async () => {
    const { crossSell } = await fixture();
    const res = await api("PUT", `${PATH}${crossSell}`);
    expect(res.status).toBe(400);
    const blank = { children: { name: { errors: ["Please enter association type name."] } } };
    const children = res.body.errors.children.translations.children;
    expect({ en_US: children.en_US, nl_NL: children.nl_NL, fr_FR: children.fr_FR, de_CH: children.de_CH }).toEqual({
      en_US: blank,
      nl_NL: blank,
      fr_FR: { children: { name: {} } },
      de_CH: { children: { name: {} } },
    });
    expect(res.body.errors.children.code).toEqual({});
    expect(Object.keys(res.body.errors.children)).toEqual(["translations", "code"]);
  });

  it("it_allows_to_update_product_association_type", async () => {
    const { crossSell } = await fixture();
    const res = await api("PUT", `${PATH}${crossSell}`, {
      translations: { en_US: { name: "Cross sell (old)" }, nl_NL: { name: "Cross sell (old, nl_NL)" } },
    });
    expect(res.status).toBe(204);
    const read = await api("GET", `${PATH}${crossSell}`);
    expect(read.body.translations).toEqual({ en_US: translation("en_US", "Cross sell (old)"), nl_NL: translation("nl_NL", "Cross sell (old, nl_NL)") });
  });

  it("it_returns_not_found_response_when_trying_to_partially_update_product_association_type_which_does_not_exist", async () => {
    const res = await api("PATCH", `${PATH}-1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_to_partially_update_product_association_type", async () => {
    const { crossSell } = await fixture();
    const res = await api("PATCH", `${PATH}${crossSell}`, { translations: { en_US: { name: "Cross sell (old)" } } });
    expect(res.status).toBe(204);
    const read = await api("GET", `${PATH}${crossSell}`);
    expect(read.body.translations).toEqual({ en_US: translation("en_US", "Cross sell (old)"), nl_NL: translation("nl_NL", "Cross sell (nl_NL)") });
  });

  it("it_returns_not_found_response_when_trying_to_delete_product_association_type_which_does_not_exist", async () => {
    const res = await api("DELETE", `${PATH}-1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_to_delete_product_association_type", async () => {
    const { crossSell } = await fixture();
    expect((await api("DELETE", `${PATH}${crossSell}`)).status).toBe(204);
    const res = await api("GET", `${PATH}${crossSell}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe("product association types: beyond Sylius' tests", () => {
  it("answers Sylius' messages inside the locale's sub-form; a taken code; an unknown locale", async () => {
    await ensureLocales("en_US");
    const code = uniqueCode("similar");
    expect((await api("POST", PATH, { code })).status).toBe(201);
    const taken = await api("POST", PATH, { code, translations: { en_US: { name: "x" } } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.children.code).toEqual({ errors: ["The association type with given code already exists."] });
    expect(taken.body.errors.children.translations.children.en_US).toEqual({ children: { name: { errors: ["Association name must be at least 2 characters long."] } } });
    const bad = await api("POST", PATH, { code: "a b", translations: { xx_XX: { name: "Name" } } });
    expect(bad.body.errors.children.code).toEqual({ errors: ["Association type code can only be comprised of letters, numbers, dashes and underscores."] });
    expect(bad.body.errors.children.translations.errors).toEqual(["This value is not valid."]);
  });

  it("a PUT that leaves out an existing translation fails it as blank; PATCH keeps it", async () => {
    const { crossSell } = await fixture();
    const put = await api("PUT", `${PATH}${crossSell}`, { translations: { en_US: { name: "Cross sell" } } });
    expect(put.status).toBe(400);
    expect(put.body.errors.children.translations.children.nl_NL).toEqual({ children: { name: { errors: ["Please enter association type name."] } } });
  });

  it("a type that a product's association uses cannot be deleted (409)", async () => {
    const type = uniqueCode("accessories");
    expect((await api("POST", PATH, { code: type })).status).toBe(201);
    const product = uniqueCode("P");
    expect((await api("POST", "/api/v1/products/", { code: product, associations: { [type]: null } })).status).toBe(201);
    expect((await api("DELETE", `${PATH}${type}`)).status).toBe(409);
    expect((await api("PUT", `/api/v1/products/${product}`, { associations: {} })).status).toBe(204);
    expect((await api("DELETE", `${PATH}${type}`)).status).toBe(204);
  });
});

describe("ProductApiTest::it_allows_creating_product_with_associations (Sylius 1.8)", () => {
  it("creates a product whose associations show their type and products (create_with_associations_response)", async () => {
    await ensureLocales("en_US");
    const similar = uniqueCode("similar");
    const accessories = uniqueCode("accessories");
    for (const code of [similar, accessories]) expect((await api("POST", PATH, { code })).status).toBe(201);
    const mugs = [uniqueCode("MUG1"), uniqueCode("MUG_SW"), uniqueCode("MUG_LOTR"), uniqueCode("MUG_BB")];
    for (const code of mugs) expect((await api("POST", "/api/v1/products/", { code })).status).toBe(201);
    const code = uniqueCode("MUG_TH");
    const res = await api("POST", "/api/v1/products/", {
      code,
      associations: { [similar]: `${mugs[0]},${mugs[1]}`, [accessories]: `${mugs[2]},${mugs[3]}` },
      translations: { en_US: { name: "Theme Mug", slug: code.toLowerCase() } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const typeOf = (typeCode: string) => ({
      id: expect.any(Number),
      code: typeCode,
      translations: [],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: { self: { href: `${PATH}${typeCode}` } },
    });
    expect(res.body.associations).toEqual([
      { id: expect.any(Number), type: typeOf(similar), associatedProducts: expect.any(Array) },
      { id: expect.any(Number), type: typeOf(accessories), associatedProducts: expect.any(Array) },
    ]);
    expect(res.body.associations[0].associatedProducts.map((p: { code: string }) => p.code)).toEqual([mugs[0], mugs[1]]);
    expect(res.body.associations[1].associatedProducts.map((p: { code: string }) => p.code)).toEqual([mugs[2], mugs[3]]);
    expect((await api("GET", `/api/v1/products/${code}`)).body.associations).toEqual(res.body.associations);
    // PATCH replaces the associations it sends; an unknown type or product is a 400.
    expect((await api("PATCH", `/api/v1/products/${code}`, { associations: { [similar]: mugs[3] } })).status).toBe(204);
    const read = await api("GET", `/api/v1/products/${code}`);
    expect(read.body.associations.map((a: { type: { code: string } }) => a.type.code)).toEqual([similar]);
    const unknown = await api("PATCH", `/api/v1/products/${code}`, { associations: { nope_type: mugs[0] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.children.associations).toEqual({ errors: ["This value is not valid."] });
    const missing = await api("PATCH", `/api/v1/products/${code}`, { associations: { [similar]: "NO_SUCH_PRODUCT" } });
    expect(missing.status).toBe(400);
  });
});
