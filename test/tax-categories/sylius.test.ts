/**
 * Tax and shipping categories as Sylius 1.8's TaxCategoryApiTest and
 * ShippingCategoryApiTest drive them (tests/Responses/Expected/{tax,shipping}_category/*.json):
 * Model.TaxCategory.yml / Model.ShippingCategory.yml (description and
 * timestamps only in the Detailed group), TaxCategoryType /
 * ShippingCategoryType (name, description, then code), TaxCategory.xml /
 * ShippingCategory.xml and the bundles' validators.en.yml.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";

const resources = [
  {
    path: "tax-categories",
    code: "Please enter tax category code.",
    codePattern: "Tax category code can only be comprised of letters, numbers, dashes and underscores.",
    name: "Please enter tax category name.",
    unique: "The tax category with given code already exists.",
  },
  {
    path: "shipping-categories",
    code: "Please enter shipping category code.",
    codePattern: "Shipping category code can only be comprised of letters, numbers, dashes and underscores.",
    name: "Please enter shipping category name.",
    unique: "The shipping category with given code already exists.",
  },
] as const;

describe.each(resources)("$path (Sylius 1.8)", (r) => {
  const base = `/api/v1/${r.path}/`;

  it("create_validation_fail_response: Sylius' messages, children name, description, code", async () => {
    const res = await api("POST", base);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ name: { errors: [r.name] }, description: {}, code: { errors: [r.code] } }));
    expect(Object.keys(res.body.errors.children)).toEqual(["name", "description", "code"]);
    const bad = await api("POST", base, { code: "a b", name: "Ok" });
    expect(bad.body.errors.children.code).toEqual({ errors: [r.codePattern] });
    const code = uniqueCode("C");
    expect((await api("POST", base, { code, name: "First" })).status).toBe(201);
    expect((await api("POST", base, { code, name: "Second" })).body.errors.children.code).toEqual({ errors: [r.unique] });
  });

  it("create_response and show_response (Detailed): id, code, name, description, createdAt, updatedAt", async () => {
    const code = uniqueCode("C");
    const created = await api("POST", base, { code, name: "Clothing", description: "All items classified as clothing." });
    const expected = {
      id: expect.any(Number),
      code,
      name: "Clothing",
      description: "All items classified as clothing.",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: { self: { href: `${base}${code}` } },
    };
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expected);
    expect((await api("GET", `${base}${code}`)).body).toEqual(expected);
  });

  it("index_response (Default): id, code, name, self link; no description, no timestamps", async () => {
    const code = uniqueCode("C");
    const created = await api("POST", base, { code, name: "Listed", description: "Not in lists" });
    const res = await api("GET", `${base}?criteria%5Bcode%5D=${code}`);
    expect(res.body._embedded.items).toEqual([{ id: created.body.id, code, name: "Listed", _links: { self: { href: `${base}${code}` } } }]);
  });

  it("update_validation_fail_response: a PUT without a body is a 400 (name blank, code disabled)", async () => {
    const code = uniqueCode("C");
    await api("POST", base, { code, name: "Before" });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${base}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ name: { errors: [r.name] }, description: {}, code: {} }));
    }
    expect((await api("GET", `${base}${code}`)).body.name).toBe("Before");
    expect((await api("PUT", `${base}${code}`, { name: "After" })).status).toBe(204);
    expect((await api("PATCH", `${base}${code}`)).status).toBe(204);
  });
});

describe("shipping categories: Sylius' name length (2..255)", () => {
  it("answers ShippingBundle's length messages", async () => {
    const base = "/api/v1/shipping-categories/";
    const short = await api("POST", base, { code: uniqueCode("C"), name: "x" });
    expect(short.body.errors.children.name).toEqual({ errors: ["Category name must be at least 2 characters long."] });
    const long = await api("POST", base, { code: uniqueCode("C"), name: "x".repeat(256) });
    expect(long.body.errors.children.name).toEqual({ errors: ["Category name must not be longer than 255 characters."] });
  });
});
