/**
 * Taxons as Sylius 1.8's TaxonApiTest drives them (tests/Responses/taxon/*.json):
 * AdminApiBundle's routing/taxon.yml, TaxonomyBundle's Model.Taxon.yml
 * (groups Default and Detailed, `root`/`parent` with max depth 2), TaxonType,
 * TaxonTranslationType, Taxon.xml, TaxonTranslation.xml and validators.en.yml.
 *
 * The fixtures' taxons are created through the API; their empty translation
 * is the request's locale `en_US` where Sylius' fixtures show `en` (see
 * docs/api/taxons.md).
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";
import { createTaxon, ensureLocale, flat, links, mugsShown, PATH, taxonsYml, UNTRANSLATED } from "./helpers";

const ANY_ID = expect.any(Number);

describe("TaxonApiTest (Sylius 1.8)", () => {
  it("it_does_not_allow_to_show_taxon_list_when_access_is_denied", async () => {
    await taxonsYml();
    expect((await api("GET", PATH, undefined, { token: null })).status).toBe(401);
  });

  it("it_does_not_allow_to_show_taxon_when_it_does_not_exist / to_delete_taxon_if_it_does_not_exist", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await api(method, `${PATH}-1`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Taxon with code "-1" does not exist.' });
    }
  });

  it("it_allows_indexing_taxons (index_response)", async () => {
    const t = await taxonsYml();
    const res = await api("GET", `${PATH}?criteria%5Bcode%5D=${t.prefix}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 7 });
    const category = { id: ANY_ID, code: t.category, position: t.rootPosition, translations: expect.anything(), images: [], _links: links(t.category) };
    const tShirts = { id: ANY_ID, code: t.tShirts, root: expect.anything(), parent: expect.anything(), position: 3, translations: expect.anything(), images: [], _links: links(t.tShirts) };
    const child = (code: string, position: number, parent: object) => ({
      id: ANY_ID,
      code,
      root: category,
      parent,
      position,
      translations: UNTRANSLATED,
      images: [],
      _links: links(code),
    });
    expect(res.body._embedded.items).toEqual([
      { id: ANY_ID, code: t.category, position: t.rootPosition, translations: UNTRANSLATED, images: [], _links: links(t.category) },
      child(t.mugs, 0, category),
      child(t.stickers, 1, category),
      child(t.books, 2, category),
      child(t.tShirts, 3, category),
      child(t.men, 0, tShirts),
      child(t.women, 1, tShirts),
    ]);
  });

  it("it_allows_showing_taxon (show_response)", async () => {
    const t = await taxonsYml();
    const res = await api("GET", `${PATH}${t.women}`);
    expect(res.status).toBe(200);
    const rootFlat = { ...flat(t.category, 1, 14, 0, t.rootPosition) };
    expect(res.body).toEqual({
      id: ANY_ID,
      code: t.women,
      root: {
        id: ANY_ID,
        code: t.category,
        children: [flat(t.mugs, 2, 3, 1, 0), flat(t.stickers, 4, 5, 1, 1), flat(t.books, 6, 7, 1, 2), flat(t.tShirts, 8, 13, 1, 3)],
        left: 1,
        right: 14,
        level: 0,
        position: t.rootPosition,
        translations: UNTRANSLATED,
        images: [],
        _links: links(t.category),
      },
      parent: {
        id: ANY_ID,
        code: t.tShirts,
        root: rootFlat,
        parent: rootFlat,
        children: [flat(t.men, 9, 10, 2, 0)],
        left: 8,
        right: 13,
        level: 1,
        position: 3,
        translations: UNTRANSLATED,
        images: [],
        _links: links(t.tShirts),
      },
      children: [],
      left: 11,
      right: 12,
      level: 2,
      position: 1,
      translations: UNTRANSLATED,
      images: [],
      _links: links(t.women),
    });
  });

  it("it_allows_showing_root_taxon (show_root_response)", async () => {
    const t = await taxonsYml();
    const res = await api("GET", `${PATH}${t.category}`);
    expect(res.status).toBe(200);
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
    expect(res.body).toEqual(
      node(t.category, 1, 14, 0, t.rootPosition, [
        node(t.mugs, 2, 3, 1, 0),
        node(t.stickers, 4, 5, 1, 1),
        node(t.books, 6, 7, 1, 2),
        node(t.tShirts, 8, 13, 1, 3, [node(t.men, 9, 10, 2, 0), node(t.women, 11, 12, 2, 1)]),
      ]),
    );
  });

  it("a first child (mugs, as product/create_with_main_taxon_response shows it): its root's other children keyed by index", async () => {
    const t = await taxonsYml();
    const res = await api("GET", `${PATH}${t.mugs}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mugsShown(t));
  });

  it("it_allows_deleting_taxon / it_allows_deleting_root_taxon: the subtree goes, the tree closes up", async () => {
    const t = await taxonsYml();
    expect((await api("DELETE", `${PATH}${t.men}`)).status).toBe(204);
    expect((await api("GET", `${PATH}${t.men}`)).status).toBe(404);
    const root = await api("GET", `${PATH}${t.category}`);
    expect(root.body).toMatchObject({ left: 1, right: 12 });
    expect(root.body.children[3]).toMatchObject({ code: t.tShirts, left: 8, right: 11, children: [{ code: t.women, left: 9, right: 10, position: 0 }] });

    expect((await api("DELETE", `${PATH}${t.tShirts}`)).status).toBe(204);
    expect((await api("GET", `${PATH}${t.women}`)).status).toBe(404);
    expect((await api("GET", `${PATH}${t.category}`)).body).toMatchObject({ right: 8 });

    expect((await api("DELETE", `${PATH}${t.category}`)).status).toBe(204);
    for (const code of [t.category, t.mugs, t.books]) expect((await api("GET", `${PATH}${code}`)).status).toBe(404);
    const list = await api("GET", `${PATH}?criteria%5Bcode%5D=${t.prefix}`);
    expect(list.body.total).toBe(0);
  });

  it("it_allows_creating_root_taxon_with_multiple_translations (create_root_with_multiple_translations_response)", async () => {
    await ensureLocale("en_US");
    await ensureLocale("nl_NL");
    const code = uniqueCode("fluffy_pets");
    const res = await api("POST", PATH, {
      code,
      translations: { en_US: { name: "Fluffy Pets", slug: `${code}-en` }, nl_NL: { name: "Pluizige Huisdieren", slug: `${code}-nl` } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: ANY_ID,
      name: "Fluffy Pets",
      code,
      children: [],
      left: 1,
      right: 2,
      level: 0,
      position: expect.any(Number),
      translations: {
        en_US: { id: ANY_ID, locale: "en_US", name: "Fluffy Pets", slug: `${code}-en` },
        nl_NL: { id: ANY_ID, locale: "nl_NL", name: "Pluizige Huisdieren", slug: `${code}-nl` },
      },
      images: [],
      _links: links(code),
    });
    expect(Object.keys(res.body)).toEqual(["id", "name", "code", "children", "left", "right", "level", "position", "translations", "images", "_links"]);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(res.body);
  });

  it("it_allows_creating_root_taxon (create_root_response): the roots' positions follow each other", async () => {
    const code = uniqueCode("fluffy_pets");
    const res = await api("POST", PATH, { code });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: ANY_ID,
      code,
      children: [],
      left: 1,
      right: 2,
      level: 0,
      position: expect.any(Number),
      translations: UNTRANSLATED,
      images: [],
      _links: links(code),
    });
    const next = await createTaxon(uniqueCode("next"));
    expect(next.position).toBeGreaterThan(res.body.position);
  });

  it("it_allows_creating_taxon_with_multiple_translations (create_with_multiple_translations_response)", async () => {
    await ensureLocale("en_US");
    await ensureLocale("nl_NL");
    const t = await taxonsYml();
    const code = uniqueCode("fluffy_pets");
    const res = await api("POST", PATH, {
      code,
      parent: t.category,
      translations: { en_US: { name: "Fluffy Pets", slug: `${code}-en` }, nl_NL: { name: "Pluizige Huisdieren", slug: `${code}-nl` } },
    });
    expect(res.status).toBe(201);
    const category = {
      id: ANY_ID,
      code: t.category,
      children: [flat(t.mugs, 2, 3, 1, 0), flat(t.stickers, 4, 5, 1, 1), flat(t.books, 6, 7, 1, 2), flat(t.tShirts, 8, 13, 1, 3)],
      // The new taxon is being serialized: JMS leaves it out of its root's children.
      left: 1,
      right: 16,
      level: 0,
      position: t.rootPosition,
      translations: UNTRANSLATED,
      images: [],
      _links: links(t.category),
    };
    expect(res.body).toEqual({
      id: ANY_ID,
      name: "Fluffy Pets",
      code,
      root: category,
      parent: category,
      children: [],
      left: 14,
      right: 15,
      level: 1,
      position: 4,
      translations: {
        en_US: { id: ANY_ID, locale: "en_US", name: "Fluffy Pets", slug: `${code}-en` },
        nl_NL: { id: ANY_ID, locale: "nl_NL", name: "Pluizige Huisdieren", slug: `${code}-nl` },
      },
      images: [],
      _links: links(code),
    });
  });

  it("it_allows_creating_taxon_with_parent (create_with_parent_response)", async () => {
    const t = await taxonsYml();
    const code = uniqueCode("horror");
    const res = await api("POST", PATH, { code, parent: t.books });
    expect(res.status).toBe(201);
    const rootFlat = flat(t.category, 1, 16, 0, t.rootPosition);
    expect(res.body).toEqual({
      id: ANY_ID,
      code,
      root: {
        id: ANY_ID,
        code: t.category,
        children: [flat(t.mugs, 2, 3, 1, 0), flat(t.stickers, 4, 5, 1, 1), flat(t.books, 6, 9, 1, 2), flat(t.tShirts, 10, 15, 1, 3)],
        left: 1,
        right: 16,
        level: 0,
        position: t.rootPosition,
        translations: UNTRANSLATED,
        images: [],
        _links: links(t.category),
      },
      parent: {
        id: ANY_ID,
        code: t.books,
        root: rootFlat,
        parent: rootFlat,
        children: [],
        left: 6,
        right: 9,
        level: 1,
        position: 2,
        translations: UNTRANSLATED,
        images: [],
        _links: links(t.books),
      },
      children: [],
      left: 7,
      right: 8,
      level: 2,
      position: 0,
      translations: UNTRANSLATED,
      images: [],
      _links: links(code),
    });
  });

  it("it_does_not_allow_to_create_taxon_without_required_fields (create_validation_fail_response)", async () => {
    const res = await api("POST", PATH);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ translations: {}, enabled: {}, images: {}, code: { errors: ["Please enter taxon code."] }, parent: {} }));
    expect(Object.keys(res.body.errors.children)).toEqual(["translations", "enabled", "images", "code", "parent"]);
  });

  it("validation: code pattern and uniqueness, unknown parent, translation messages, slug unique per locale", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    const slug = uniqueCode("slug");
    await createTaxon(uniqueCode("s"), undefined, { translations: { en_US: { name: "Taken", slug } } });
    const res = await api("POST", PATH, {
      code: "a b",
      parent: "no-such-taxon",
      translations: { en_US: { name: "", slug }, xx_XX: { name: "X", slug: "x" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      translations: {
        errors: ["This value is not valid."],
        // The shop's other locales (nl_NL...) are listed too, passing.
        children: expect.objectContaining({ en_US: { children: { name: { errors: ["Please enter taxon name."] }, slug: { errors: ["Taxon slug must be unique."] }, description: {} } } }),
      },
      enabled: {},
      images: {},
      code: { errors: ["Taxon code can only be comprised of letters, numbers, dashes and underscores."] },
      parent: { errors: ["This value is not valid."] },
    });
    const taken = await api("POST", PATH, { code: t.mugs });
    expect(taken.body.errors.children.code).toEqual({ errors: ["Taxon with given code already exists."] });
    const long = await api("POST", PATH, { code: uniqueCode("l"), translations: { en_US: { name: "x".repeat(256), slug: uniqueCode("l") } } });
    expect(long.body.errors.children.translations.children.en_US.children.name).toEqual({ errors: ["Taxon name must not be longer than 255 characters."] });
  });

  it("it_allows_updating_taxon_with_parent: the taxon moves with its subtree; not under itself", async () => {
    await ensureLocale("en_US");
    const t = await taxonsYml();
    const slug = uniqueCode("books/women");
    const res = await api("PUT", `${PATH}${t.women}`, { translations: { en_US: { name: "Women", slug } }, parent: t.books });
    expect(res.status).toBe(204);
    const women = await api("GET", `${PATH}${t.women}`);
    expect(women.body).toMatchObject({ name: "Women", left: 7, right: 8, level: 2, position: 0, parent: { code: t.books, left: 6, right: 9 } });
    expect(women.body.translations).toEqual({ en_US: { id: ANY_ID, locale: "en_US", name: "Women", slug } });
    const root = await api("GET", `${PATH}${t.category}`);
    expect(root.body.children[3]).toMatchObject({ code: t.tShirts, left: 10, right: 13, children: [{ code: t.men, left: 11, right: 12, position: 0 }] });

    // t-shirts (with men) under mugs, then to a root of its own, then back.
    expect((await api("PATCH", `${PATH}${t.tShirts}`, { parent: t.mugs })).status).toBe(204);
    expect((await api("GET", `${PATH}${t.men}`)).body).toMatchObject({ left: 4, right: 5, level: 3, parent: { code: t.tShirts, left: 3, right: 6, level: 2 } });
    expect((await api("PATCH", `${PATH}${t.tShirts}`, { parent: null })).status).toBe(204);
    const alone = await api("GET", `${PATH}${t.tShirts}`);
    expect(alone.body).toMatchObject({ left: 1, right: 4, level: 0, children: [{ code: t.men, left: 2, right: 3, level: 1 }] });
    expect(alone.body.root).toBeUndefined();
    expect((await api("GET", `${PATH}${t.category}`)).body).toMatchObject({ left: 1, right: 10 });
    expect((await api("PATCH", `${PATH}${t.tShirts}`, { parent: t.category })).status).toBe(204);
    expect((await api("GET", `${PATH}${t.men}`)).body).toMatchObject({ left: 11, right: 12, level: 2, position: 0, root: { code: t.category, right: 14 } });

    for (const parent of [t.tShirts, t.men]) {
      const bad = await api("PATCH", `${PATH}${t.tShirts}`, { parent });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.children.parent).toEqual({ errors: ["This value is not valid."] });
    }
  });

  it("it_allows_updating_root_taxon / it_allows_updating_partial_information_about_(root_)taxon", async () => {
    await ensureLocale("en_US");
    await ensureLocale("nl_NL");
    const t = await taxonsYml();
    const categories = uniqueCode("categories");
    expect((await api("PUT", `${PATH}${t.category}`, { translations: { en_US: { name: "Categories", slug: categories } } })).status).toBe(204);
    const girl = uniqueCode("girl");
    expect((await api("PATCH", `${PATH}${t.women}`, { translations: { en_US: { name: "Girl", slug: girl } } })).status).toBe(204);
    const category = uniqueCode("category");
    expect((await api("PATCH", `${PATH}${t.category}`, { translations: { nl_NL: { name: "Categorie", slug: category } } })).status).toBe(204);
    const shown = await api("GET", `${PATH}${t.category}`);
    expect(shown.body).toMatchObject({ name: "Categories", left: 1, right: 14 });
    expect(Object.keys(shown.body.translations)).toEqual(["en_US", "nl_NL"]);
    expect((await api("GET", `${PATH}${t.women}`)).body).toMatchObject({ name: "Girl", parent: { code: t.tShirts } });
    // PUT replaces the translations.
    expect((await api("PUT", `${PATH}${t.category}`, { translations: { nl_NL: { name: "Categorie", slug: category } } })).status).toBe(204);
    const replaced = await api("GET", `${PATH}${t.category}`);
    expect(replaced.body.name).toBeUndefined();
    expect(replaced.body.translations).toEqual({ nl_NL: { id: ANY_ID, locale: "nl_NL", name: "Categorie", slug: category }, en_US: { locale: "en_US" } });
  });

  it("it_allows_paginating_the_index_of_taxons (paginated_index_response)", async () => {
    const t = await taxonsYml();
    for (let i = 1; i <= 10; i++) await createTaxon(`${t.prefix}-taxon${i}`);
    const res = await api("GET", `${PATH}?criteria%5Bcode%5D=${t.prefix}&page=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 2, limit: 10, pages: 2, total: 17 });
    const codes = res.body._embedded.items.map((item: { code: string }) => item.code);
    expect(codes).toEqual([4, 5, 6, 7, 8, 9, 10].map((i) => `${t.prefix}-taxon${i}`));
    const positions = res.body._embedded.items.map((item: { position: number }) => item.position);
    expect(positions).toEqual(positions.map((_: number, i: number) => positions[0] + i));
    expect(res.body._embedded.items[0]).toEqual({ id: ANY_ID, code: `${t.prefix}-taxon4`, position: positions[0], translations: UNTRANSLATED, images: [], _links: links(`${t.prefix}-taxon4`) });
  });

  it("it_does_not_allow_to_update_position_of_product_in_a_taxon_with_incorrect_data (update_validation_fail_response)", async () => {
    const t = await taxonsYml();
    const res = await api("PUT", `${PATH}${t.mugs}/products`, { productsPositions: [{ productCode: "MUG_SW", position: "second" }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'The productTaxon position "second" is invalid.' });
    expect((await api("PUT", `${PATH}no-such-taxon/products`, { productsPositions: [] })).status).toBe(404);
  });
});
