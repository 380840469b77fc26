import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createZone } from "../fixtures/references";
import { insertProduct, insertVariant } from "../fixtures/catalog";

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

/** A variant (and its product) inserted directly, referencing a category by id. */
async function variantOfCategory(categories: { taxCategoryId?: number; shippingCategoryId?: number }): Promise<void> {
  await insertVariant((await insertProduct()).code, [], categories);
}

async function createShippingMethod(extra: Record<string, unknown>): Promise<void> {
  const zone = await createZone();
  const res = await api("POST", "/api/v1/shipping-methods/", {
    code: uniqueCode("SM"),
    translations: { en_US: { name: "Post" } },
    zone: zone.code,
    calculator: "flat_rate",
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const resources = [
  {
    path: "tax-categories",
    noun: "Tax category",
    unique: "The tax category with given code already exists.",
    blank: { code: "Please enter tax category code.", name: "Please enter tax category name." },
    users: {
      "a variant": async (category: { id: number }) => variantOfCategory({ taxCategoryId: category.id }),
      "a tax rate": async (category: { code: string }) => {
        const zone = await createZone();
        const res = await api("POST", "/api/v1/tax-rates/", { code: uniqueCode("R"), name: "VAT", amount: 0.2, category: category.code, zone: zone.code });
        expect(res.status).toBe(201);
      },
      "a shipping method": async (category: { code: string }) => createShippingMethod({ taxCategory: category.code }),
    },
  },
  {
    path: "shipping-categories",
    noun: "Shipping category",
    unique: "The shipping category with given code already exists.",
    blank: { code: "Please enter shipping category code.", name: "Please enter shipping category name." },
    users: {
      "a variant": async (category: { id: number }) => variantOfCategory({ shippingCategoryId: category.id }),
      "a shipping method": async (category: { code: string }) => createShippingMethod({ category: category.code }),
    },
  },
] as const;

describe.each(resources)("$path", ({ path, noun, unique, blank, users }) => {
  const base = `/api/v1/${path}/`;

  it("creates (201, 2 round trips), reads (1 round trip) with the full view", async () => {
    const code = uniqueCode("CAT");
    const created = await api("POST", base, { code, name: "Standard", description: "Most goods" });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Standard",
      description: "Most goods",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: { self: { href: `${base}${code}` } },
    });
    const read = await api("GET", `${base}${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);

    const plain = await api("POST", base, { code: uniqueCode("CAT"), name: "Plain" });
    expect(plain.status).toBe(201);
    expect(plain.body).not.toHaveProperty("description");
  });

  it("lists by code in one round trip, filtered by criteria", async () => {
    const prefix = uniqueCode("CATL");
    for (const suffix of ["b", "a", "c"]) expect((await api("POST", base, { code: `${prefix}_${suffix}`, name: `N ${suffix}` })).status).toBe(201);
    const res = await api("GET", `${base}?criteria[code]=${prefix}&limit=2`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(res.body._embedded.items.map((c: { code: string }) => c.code)).toEqual([`${prefix}_a`, `${prefix}_b`]);
    const byName = await api("GET", `${base}?criteria[code]=${prefix}&criteria[name]=N%20C`);
    expect(byName.body._embedded.items.map((c: { code: string }) => c.code)).toEqual([`${prefix}_c`]);
  });

  it("PUT keeps fields not sent; PATCH clears the description with null; the code never changes", async () => {
    const code = uniqueCode("CAT");
    await api("POST", base, { code, name: "Old", description: "Desc" });
    const put = await api("PUT", `${base}${code}`, { code: "CHANGED", name: "New" });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `${base}${code}`);
    expect(read.body).toMatchObject({ code, name: "New", description: "Desc" });
    const patch = await api("PATCH", `${base}${code}`, { description: null });
    expect(patch.status).toBe(204);
    read = await api("GET", `${base}${code}`);
    expect(read.body.name).toBe("New");
    expect(read.body).not.toHaveProperty("description");
  });

  it("reports every failing field at once (Sylius' messages and form order), and a duplicate code", async () => {
    const res = await api("POST", base, { code: "", name: "", description: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          name: { errors: [blank.name] },
          description: { errors: ["This value is not valid."] },
          code: { errors: [blank.code] },
        },
      },
    });
    expect(Object.keys(res.body.errors.children)).toEqual(["name", "description", "code"]);
    const code = uniqueCode("CAT");
    await api("POST", base, { code, name: "xx" });
    const dup = await api("POST", base, { code, name: "yy" });
    expect(dup.body.errors.children).toEqual({ name: {}, description: {}, code: { errors: [unique] } });
    const badUpdate = await api("PUT", `${base}${code}`, { name: null, extra: 1 });
    expect(badUpdate.body.errors).toEqual({
      errors: ["This form should not contain extra fields."],
      children: { name: { errors: [blank.name] }, description: {}, code: {} },
    });
  });

  it("answers 404 for an unknown code", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${base}NO_SUCH_CATEGORY`, method === "PUT" || method === "PATCH" ? { name: "xx" } : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `${noun} with code "NO_SUCH_CATEGORY" does not exist.` });
    }
  });

  it("deletes an unused category (204, 2 round trips)", async () => {
    const code = uniqueCode("CAT");
    await api("POST", base, { code, name: "xx" });
    const del = await api("DELETE", `${base}${code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `${base}${code}`)).status).toBe(404);
  });

  it.each(Object.entries(users))("refuses to delete a category used by %s (409)", async (_label, use) => {
    await createChannel(); // makes sure en_US exists for shipping method translations
    const category = (await api("POST", base, { code: uniqueCode("CAT"), name: "Used" })).body;
    await use(category);
    const res = await api("DELETE", `${base}${category.code}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 409, message: `Cannot delete, the ${noun.toLowerCase()} is in use.` });
    expect((await api("GET", `${base}${category.code}`)).status).toBe(200);
  });
});
