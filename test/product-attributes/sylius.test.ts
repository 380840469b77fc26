/**
 * Product attributes as Sylius 1.8's ProductAttributeApiTest drives them
 * (tests/Responses/Expected/product_attribute/*.json), with the fixture
 * resources/product_attributes.yml loaded through the API on an emptied
 * attribute list, as each Sylius test starts from a purged database.
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { listAll, TIMESTAMP, validationFailed } from "../fixtures/sylius";
import { loadAttributeFixture } from "./fixtures";

const PATH = "/api/v1/product-attributes/";
const id = expect.any(Number);
const self = (code: string) => ({ self: { href: `/api/v1/product-attributes/${code}` } });

const materialTranslations = {
  de: { id, locale: "de", name: "Becher Sammlung" },
  en_US: { id, locale: "en_US", name: "Mug collection" },
};

describe("product attributes (Sylius 1.8 ProductAttributeApiTest)", () => {
  it("it_does_not_allow_to_show_product_attributes_list_when_access_is_denied", async () => {
    const res = await api("GET", PATH, undefined, { token: null });
    expect(res.status).toBe(401);
  });

  it("it_allows_indexing_product_attributes (index_response)", async () => {
    await loadAttributeFixture();
    const res = await api("GET", PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 3 });
    expect(res.body._links.self.href).toBe("/api/v1/product-attributes/?page=1&limit=10");
    expect(res.body._embedded.items).toEqual([
      { id, code: "mug_material", type: "text", position: 0, translations: materialTranslations, _links: self("mug_material") },
      {
        id,
        code: "mug_collection",
        type: "text",
        position: 1,
        translations: { de: { id, locale: "de", name: "Becher Material" }, en_US: { id, locale: "en_US", name: "Mug material" } },
        _links: self("mug_collection"),
      },
      { id, code: "mug_color", type: "select", position: 2, translations: { en_US: { id, locale: "en_US", name: "Mug color" } }, _links: self("mug_color") },
    ]);
  });

  it("it_does_not_allow_to_show_product_attribute_when_it_does_not_exist", async () => {
    const res = await api("GET", `${PATH}-1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'Product attribute with code "-1" does not exist.' });
  });

  it("it_allows_showing_product_attribute (show_response)", async () => {
    await loadAttributeFixture();
    const res = await api("GET", `${PATH}mug_material`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      code: "mug_material",
      type: "text",
      configuration: [],
      position: 0,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      translations: materialTranslations,
      _links: self("mug_material"),
    });
  });

  it("it_does_not_allow_to_delete_product_attribute_if_it_does_not_exist", async () => {
    const res = await api("DELETE", `${PATH}-1`);
    expect(res.status).toBe(404);
  });

  it("it_allows_to_delete_product_attribute (index_response_after_delete)", async () => {
    await loadAttributeFixture();
    expect((await api("DELETE", `${PATH}mug_material`)).status).toBe(204);
    const res = await api("GET", PATH);
    expect(res.body.total).toBe(2);
    expect(res.body._embedded.items.map((i: { code: string; position: number }) => [i.code, i.position])).toEqual([
      ["mug_collection", 0],
      ["mug_color", 1],
    ]);
  });

  it("it_allows_to_create_product_attribute (create_response)", async () => {
    await loadAttributeFixture();
    await api("DELETE", `${PATH}mug_material`);
    await api("DELETE", `${PATH}mug_collection`);
    await api("DELETE", `${PATH}mug_color`);
    const res = await api("POST", `${PATH}text`, {
      code: "mug_material",
      translations: { de_CH: { name: "Becher Material" }, en_US: { name: "Mug material" } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id,
      code: "mug_material",
      type: "text",
      position: 0,
      configuration: [],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      translations: { de_CH: { id, locale: "de_CH", name: "Becher Material" }, en_US: { id, locale: "en_US", name: "Mug material" } },
      _links: self("mug_material"),
    });
  });

  it("it_does_not_allow_to_create_product_attribute_without_required_fields (create_validation_fail_response)", async () => {
    const res = await api("POST", `${PATH}text`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed({
        type: {},
        position: {},
        translations: {},
        code: { errors: ["Please enter attribute code."] },
        configuration: { children: { min: {}, max: {} } },
      }),
    );
  });

  it("it_does_not_allow_to_create_product_attribute_without_type", async () => {
    const res = await api("POST", "/api/v1/product-attributes");
    expect([404, 405]).toContain(res.status);
    const unknown = await api("POST", `${PATH}colour`, { code: "x" });
    expect([404, 405]).toContain(unknown.status);
  });

  it("it_allows_to_update_product_attribute (show_response_after_update)", async () => {
    await loadAttributeFixture();
    const put = await api("PUT", `${PATH}mug_material`, {
      position: 2,
      translations: { de_CH: { name: "Becher Material" }, en_US: { name: "Mug material" } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    const res = await api("GET", `${PATH}mug_material`);
    expect(res.body).toEqual({
      id,
      code: "mug_material",
      type: "text",
      position: 2,
      configuration: [],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      translations: {
        de: { id, locale: "de", name: "Becher Sammlung" },
        de_CH: { id, locale: "de_CH", name: "Becher Material" },
        en_US: { id, locale: "en_US", name: "Mug material" },
      },
      _links: self("mug_material"),
    });
    // Changed by issue 40: the list's default order is creation order (as Sylius 1.8's API), so sort by position here.
    const positions = (await listAll<{ code: string; position: number }>(PATH)).map((i) => [i.code, i.position]).sort((x, y) => Number(x[1]) - Number(y[1]));
    expect(positions).toEqual([
      ["mug_collection", 0],
      ["mug_color", 1],
      ["mug_material", 2],
    ]);
  });

  it("it_allows_to_partially_update_product_attribute (show_response_after_partial_update)", async () => {
    await loadAttributeFixture();
    const patch = await api("PATCH", `${PATH}mug_material`, {
      translations: { de_CH: { name: "Becher Material" }, en_US: { name: "Mug material" } },
    });
    expect(patch.status).toBe(204);
    const res = await api("GET", `${PATH}mug_material`);
    expect(res.body.position).toBe(0);
    expect(res.body.translations).toEqual({
      de: { id, locale: "de", name: "Becher Sammlung" },
      de_CH: { id, locale: "de_CH", name: "Becher Material" },
      en_US: { id, locale: "en_US", name: "Mug material" },
    });
  });

  it("it_does_not_allow_to_change_product_attribute_type (show_response)", async () => {
    await loadAttributeFixture();
    expect((await api("PATCH", `${PATH}mug_material`, { type: "integer" })).status).toBe(204);
    const res = await api("GET", `${PATH}mug_material`);
    expect(res.body).toMatchObject({ type: "text", configuration: [], position: 0, translations: materialTranslations });
  });

  it("it_allows_to_create_select_product_attribute (create_select_response)", async () => {
    await loadAttributeFixture();
    await api("DELETE", `${PATH}mug_color`);
    await api("DELETE", `${PATH}mug_material`);
    await api("DELETE", `${PATH}mug_collection`);
    const res = await api("POST", `${PATH}select`, {
      code: "mug_color",
      configuration: { choices: [{ en_US: "yellow", fr_FR: "jaune" }, { en_US: "green" }, { en_US: "black" }], multiple: true, min: 1, max: 2 },
      translations: { de_CH: { name: "Becher Farbe" }, en_US: { name: "Mug color" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id,
      code: "mug_color",
      type: "select",
      configuration: { choices: expect.any(Object), multiple: true, min: 1, max: 2 },
      position: 0,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      translations: { en_US: { id, locale: "en_US", name: "Mug color" }, de_CH: { id, locale: "de_CH", name: "Becher Farbe" } },
      _links: self("mug_color"),
    });
    const choices = res.body.configuration.choices as Record<string, unknown>;
    expect(Object.values(choices)).toEqual(expect.arrayContaining([{ en_US: "yellow", fr_FR: "jaune" }, { en_US: "green" }, { en_US: "black" }]));
    expect(Object.keys(choices)).toHaveLength(3);
    for (const key of Object.keys(choices)) expect(key).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
  });
});
