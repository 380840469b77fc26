/**
 * Attribute values on products, as Sylius 1.8's ProductApiTest creates them
 * (it_allows_creating_product_with_attributes,
 * it_allows_creating_product_with_select_attribute: tests/Responses/Expected/
 * product/create_with_attributes_response.json and
 * create_with_select_attribute_response.json), and each type's value form
 * and validation.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { postProduct } from "../fixtures/catalog";
import { GREEN, loadAttributeFixture, YELLOW } from "./fixtures";

const id = expect.any(Number);
const PRODUCTS = "/api/v1/products/";

async function attribute(type: string, configuration?: object) {
  const code = uniqueCode(`attr_${type}`);
  const res = await api("POST", `/api/v1/product-attributes/${type}`, { code, translations: { en_US: { name: `A ${type}` } }, ...(configuration ? { configuration } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}

describe("attribute values on products (Sylius 1.8 ProductApiTest)", () => {
  it("it_allows_creating_product_with_attributes (create_with_attributes_response)", async () => {
    await loadAttributeFixture();
    const { code, res } = await postProduct({ attributes: [
      { attribute: "mug_material", localeCode: "en_US", value: "concrete" },
      { attribute: "mug_collection", localeCode: "en_US", value: "make life harder" },
    ] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.attributes).toEqual([
      { id, code: "mug_material", name: "Mug collection", value: "concrete", type: "text", localeCode: "en_US" },
      { id, code: "mug_collection", name: "Mug material", value: "make life harder", type: "text", localeCode: "en_US" },
    ]);
    const shown = await api("GET", `${PRODUCTS}${code}`);
    expect(shown.body.attributes).toEqual(res.body.attributes);
  });

  it("it_allows_creating_product_with_select_attribute (create_with_select_attribute_response)", async () => {
    await loadAttributeFixture();
    const { res } = await postProduct({ attributes: [{ attribute: "mug_color", localeCode: "en_US", value: [YELLOW, GREEN] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.attributes).toEqual([{ code: "mug_color", name: "Mug color", value: [YELLOW, GREEN], type: "select", id, localeCode: "en_US" }]);
  });

  it("types its values and reports failures in the entry's sub-form", async () => {
    const text = await attribute("text", { min: 2, max: 5 });
    const integer = await attribute("integer");
    const checkbox = await attribute("checkbox");
    const percent = await attribute("percent");
    const date = await attribute("date");
    const datetime = await attribute("datetime", { format: "Y-m-d H:i" });
    const select = await attribute("select", { choices: [{ en_US: "a" }, { en_US: "b" }], multiple: false });
    const choices = Object.keys((await api("GET", `/api/v1/product-attributes/${select}`)).body.configuration.choices as object);
    const { code, res } = await postProduct({ attributes: [
      { attribute: text, localeCode: "en_US", value: "abc" },
      { attribute: integer, localeCode: "en_US", value: 12 },
      { attribute: checkbox, localeCode: "en_US", value: true },
      { attribute: percent, localeCode: "en_US", value: 50 },
      { attribute: date, localeCode: "en_US", value: "2020-02-29" },
      { attribute: datetime, localeCode: "en_US", value: { date: { year: 2020, month: 1, day: 2 }, time: { hour: 3, minute: 4 } } },
      { attribute: select, localeCode: "en_US", value: choices[0] },
    ] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.attributes.map((a: { value: unknown }) => a.value)).toEqual([
      "abc",
      12,
      true,
      0.5,
      "2020-02-29T00:00:00+00:00",
      "2020-01-02T03:04:00+00:00",
      [choices[0]],
    ]);

    const bad = await api("PATCH", `${PRODUCTS}${code}`, {
      attributes: [
        { attribute: text, localeCode: "en_US", value: "a" },
        { attribute: integer, localeCode: "en_US", value: "x" },
        { attribute: "nope", localeCode: "en_US", value: 1 },
        { attribute: date, localeCode: "xx_XX", value: "2021-02-30" },
        { localeCode: "en_US" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children.attributes).toEqual({
      children: [
        { children: { localeCode: {}, attribute: {}, value: { errors: ["This value is too short. It should have 2 characters or more."] } } },
        { children: { localeCode: {}, attribute: {}, value: { errors: ["This value is not valid."] } } },
        { errors: ["This form should not contain extra fields."], children: { localeCode: {}, attribute: { errors: ["This value is not valid."] } } },
        { children: { localeCode: { errors: ["This value is not valid."] }, attribute: {}, value: { errors: ["This value is not valid."] } } },
        { children: { localeCode: {}, attribute: { errors: ["Please select attribute."] } } },
      ],
    });

    const replaced = await api("PUT", `${PRODUCTS}${code}`, { attributes: [{ attribute: integer, localeCode: "en_US", value: "7" }] });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(204);
    const shown = await api("GET", `${PRODUCTS}${code}`);
    expect(shown.body.attributes).toEqual([{ id, code: integer, name: "A integer", value: 7, type: "integer", localeCode: "en_US" }]);

    expect((await api("DELETE", `/api/v1/product-attributes/${integer}`)).status).toBe(204);
    expect((await api("GET", `${PRODUCTS}${code}`)).body.attributes).toEqual([]);
  });

  it("select values: choice keys, counted against min and max", async () => {
    const select = await attribute("select", { choices: [{ en_US: "a" }, { en_US: "b" }, { en_US: "c" }], multiple: true, min: 2, max: 2 });
    const keys = Object.keys((await api("GET", `/api/v1/product-attributes/${select}`)).body.configuration.choices as object);
    const few = await postProduct({ attributes: [{ attribute: select, localeCode: "en_US", value: [keys[0]] }] });
    expect(few.res.body.errors.children.attributes.children[0].children.value).toEqual({ errors: ["This collection should contain 2 elements or more."] });
    const unknown = await postProduct({ attributes: [{ attribute: select, localeCode: "en_US", value: ["nope", keys[0]] }] });
    expect(unknown.res.body.errors.children.attributes.children[0].children.value).toEqual({ errors: ["This value is not valid."] });
  });
});

describe("attribute configuration (AttributeBundle's constraints)", () => {
  it("refuses inconsistent configurations with Sylius' messages", async () => {
    const post = (type: string, configuration: unknown) =>
      api("POST", `/api/v1/product-attributes/${type}`, { code: uniqueCode("c"), configuration });
    expect((await post("text", { min: 5, max: 2 })).body.errors.errors).toEqual(["Configuration max length must be greater or equal to the min length."]);
    expect((await post("select", { min: 1, multiple: false })).body.errors.errors).toEqual([
      "Configuration multiple must be true if min or max entries values are specified.",
    ]);
    expect((await post("select", { min: 3, max: 2, multiple: true })).body.errors.errors).toEqual([
      "Configuration max entries value must be greater or equal to the min entries value.",
    ]);
    expect((await post("select", { choices: [{ en_US: "a" }], min: 2, multiple: true })).body.errors.errors).toEqual([
      "Configuration min entries value must be lower or equal to the number of added choices.",
    ]);
    const extra = await post("integer", { min: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    const invalid = await post("text", { min: "x" });
    expect(invalid.body.errors.children.configuration).toEqual({ children: { min: { errors: ["This value is not valid."] }, max: {} } });
  });
});
