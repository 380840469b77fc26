import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { ensureLocales } from "../fixtures/references";
import { createOption, insertVariant } from "../fixtures/catalog";
import { firstRow } from "../fixtures/db";

const BASE = "/api/v1/product-options/";

beforeAll(async () => {
  await ensureLocales("en_US", "fr_FR", "de_DE");
});

describe("product options: create and read", () => {
  it("creates an option with translations and values in 2 round trips and reads it back in 1", async () => {
    const code = uniqueCode("OPT");
    const res = await api("POST", BASE, {
      code,
      position: 3,
      translations: { fr_FR: { name: "Type de tasse" }, en_US: { name: "Mug type" } },
      values: [
        { code: `${code}_small`, translations: { en_US: { value: "Small" } } },
        { code: `${code}_big`, translations: { en_US: { value: "Big" }, fr_FR: { value: "Grand" } } },
        { code: `${code}_none` },
      ],
    });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    // No `name` (Sylius 1.8 serializes none); a position past the end is the end (test/product-options/sylius.test.ts).
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      position: expect.any(Number),
      translations: {
        fr_FR: { id: expect.any(Number), locale: "fr_FR", name: "Type de tasse" },
        en_US: { id: expect.any(Number), locale: "en_US", name: "Mug type" },
      },
      values: [
        { code: `${code}_small`, translations: { en_US: { id: expect.any(Number), locale: "en_US", value: "Small" } } },
        {
          code: `${code}_big`,
          translations: {
            en_US: { id: expect.any(Number), locale: "en_US", value: "Big" },
            fr_FR: { id: expect.any(Number), locale: "fr_FR", value: "Grand" },
          },
        },
        { code: `${code}_none`, translations: [] },
      ],
      _links: { self: { href: `/api/v1/product-options/${code}` } },
    });

    const read = await api("GET", `${BASE}${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(res.body);
  });

  it("stays at 2 round trips for large options (statements chunked under the parameter limit)", async () => {
    const code = uniqueCode("BIG");
    const values = Array.from({ length: 120 }, (_, i) => ({
      code: `${code}_${i}`,
      translations: { en_US: { value: `Value ${i}` }, fr_FR: { value: `Valeur ${i}` } },
    }));
    const res = await api("POST", BASE, { code, translations: { en_US: { name: "Big" } }, values });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect(res.body.values).toHaveLength(120);
    expect(res.body.values.map((v: { code: string }) => v.code)).toEqual(values.map((v) => v.code));
    expect(res.body.values[119].translations.fr_FR.value).toBe("Valeur 119");

    const update = await api("PUT", `${BASE}${code}`, {
      values: values.slice(10).map((v) => ({ ...v, translations: { de_DE: { value: v.code } } })),
    });
    expect(update.status).toBe(204);
    expect(d1RoundTrips(update.headers)).toBe(2);
    const read = await api("GET", `${BASE}${code}`);
    expect(read.body.values).toHaveLength(110);
    expect(read.body.values[0]).toEqual({
      code: `${code}_10`,
      translations: { de_DE: { id: expect.any(Number), locale: "de_DE", value: `${code}_10` } },
    });
  });

  it("defaults: appended (position max + 1), translations and values empty, no name", async () => {
    const code = uniqueCode("OPT");
    const res = await api("POST", BASE, { code });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      position: expect.any(Number),
      translations: [],
      values: [],
      _links: { self: { href: `/api/v1/product-options/${code}` } },
    });
  });

  it("has no `name` (Sylius 1.8's Model.ProductOption.yml): the names are in `translations`", async () => {
    const res = await api("POST", BASE, {
      code: uniqueCode("OPT"),
      translations: { de_DE: { name: "Größe" }, fr_FR: { name: "Taille" } },
    });
    expect(res.body).not.toHaveProperty("name");
    expect(res.body.translations.de_DE.name).toBe("Größe");
  });

  it("answers 404 for an unknown option on every operation", async () => {
    const code = uniqueCode("NOPE");
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${BASE}${code}`, method === "PUT" || method === "PATCH" ? {} : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Product option with code "${code}" does not exist.` });
    }
  });

  it("requires authentication", async () => {
    const res = await api("GET", BASE, undefined, { token: null });
    expect(res.status).toBe(401);
    const create = await api("POST", BASE, { code: uniqueCode("OPT") }, { token: "bogus" });
    expect(create.status).toBe(401);
    expect(create.body.error).toBe("invalid_grant");
  });
});

describe("product options: list", () => {
  // Changed by issue 40: creation order by default, as Sylius 1.8's API (it was `position asc`).
  it("pages, filters and sorts in 1 round trip", async () => {
    const prefix = uniqueCode("LST");
    await createOption({ code: `${prefix}_a`, position: 2 });
    await createOption({ code: `${prefix}_b`, position: 0 });
    await createOption({ code: `${prefix}_c`, position: 1 });

    const first = await api("GET", `${BASE}?criteria[code]=${prefix.toLowerCase()}&limit=2`);
    expect(first.status).toBe(200);
    expect(d1RoundTrips(first.headers)).toBe(1);
    expect(first.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(first.body._links.self.href).toBe(
      `/api/v1/product-options/?criteria%5Bcode%5D=${prefix.toLowerCase()}&page=1&limit=2`,
    );
    expect(first.body._links.next.href).toContain("page=2");
    expect(first.body._embedded.items.map((o: { code: string }) => o.code)).toEqual([`${prefix}_a`, `${prefix}_b`]);
    // Children of every listed option are there (loaded in the same batch).
    expect(first.body._embedded.items[0].values).toHaveLength(2);
    expect(first.body._embedded.items[0].translations.en_US.name).toBe("Mug type");

    const second = await api("GET", `${BASE}?criteria[code]=${prefix}&limit=2&page=2`);
    expect(second.body._embedded.items.map((o: { code: string }) => o.code)).toEqual([`${prefix}_c`]);
    const byPosition = await api("GET", `${BASE}?criteria[code]=${prefix}&sorting[position]=asc`);
    expect(byPosition.body._embedded.items.map((o: { code: string }) => o.code)).toEqual([`${prefix}_b`, `${prefix}_c`, `${prefix}_a`]);

    const byCode = await api("GET", `${BASE}?criteria[code]=${prefix}&sorting[code]=desc`);
    expect(byCode.body._embedded.items.map((o: { code: string }) => o.code)).toEqual([
      `${prefix}_c`,
      `${prefix}_b`,
      `${prefix}_a`,
    ]);
  });

  it("filters by name", async () => {
    const word = uniqueCode("Word");
    const option = await createOption({ translations: { fr_FR: { name: `Le ${word}` } } });
    const res = await api("GET", `${BASE}?criteria[name]=${word.toUpperCase()}`);
    expect(res.body.total).toBe(1);
    expect(res.body._embedded.items[0].code).toBe(option.code);
  });
});

describe("product options: validation", () => {
  it("reports every failing field at once, in form order", async () => {
    const res = await api("POST", BASE, {
      code: "bad code",
      position: -1,
      translations: { en_US: { name: "" } },
      values: [{ code: "" }, { code: "ok", translations: { en_US: { value: "x", extra: 1 } } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        // Sylius' form order and messages; sub-form failures where Symfony reports them.
        children: {
          position: { errors: ["This value is not valid."] },
          // The shop's other locales are listed too, passing.
          translations: { children: expect.objectContaining({ en_US: { children: { name: { errors: ["Please enter option name."] } } } }) },
          values: {
            children: [
              { children: { translations: {}, code: { errors: ["Please enter option value code."] } } },
              { children: { translations: { children: { en_US: { errors: ["This form should not contain extra fields."], children: { value: {} } } } }, code: {} } },
            ],
          },
          code: { errors: ["Option code can only be comprised of letters, numbers, dashes and underscores."] },
        },
      },
    });
  });

  it("requires the code and refuses extra fields and wrong types", async () => {
    const res = await api("POST", BASE, { position: "1", translations: [], values: {}, name: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: ["This form should not contain extra fields."],
        children: {
          position: { errors: ["This value is not valid."] },
          translations: { errors: ["This value is not valid."] },
          values: { errors: ["This value is not valid."] },
          code: { errors: ["Please enter option code."] },
        },
      },
    });
  });

  it("refuses a taken code, a value code used elsewhere, duplicate value codes and unknown locales", async () => {
    const existing = await createOption();
    const res = await api("POST", BASE, {
      code: existing.code,
      translations: { xx_XX: { name: "Unknown locale" } },
      values: [{ code: `${existing.code}_small` }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      position: {},
      translations: { errors: ["This value is not valid."] },
      values: { children: [{ children: { translations: {}, code: { errors: ["The option value with given code already exists."] } } }] },
      code: { errors: ["The option with given code already exists."] },
    });

    const duplicate = uniqueCode("DUP");
    const duplicates = await api("POST", BASE, {
      code: uniqueCode("OPT"),
      values: [{ code: duplicate }, { code: duplicate, translations: { zz_ZZ: { value: "?" } } }],
    });
    expect(duplicates.body.errors.children.values).toEqual({
      children: [
        { children: { translations: {}, code: {} } },
        { children: { translations: { errors: ["This value is not valid."] }, code: { errors: ["The option value with given code already exists."] } } },
      ],
    });
    const check = await firstRow<{ n: number }>(env.DB.prepare("SELECT COUNT(*) AS n FROM product_option_values WHERE code = ?")
      .bind(duplicate));
    expect(check.n).toBe(0);
  });
});

describe("product options: update", () => {
  it("PUT replaces sent collections and keeps the ids of the values that stay", async () => {
    const option = await createOption({ position: 4 });
    const code = option.code;
    const before = await firstRow<{ id: number }>(env.DB.prepare("SELECT id, code FROM product_option_values WHERE code = ?")
      .bind(`${code}_big`));
    const variantProduct = uniqueCode("P");
    await api("POST", "/api/v1/products/", { code: variantProduct, options: [code] });
    const variant = await insertVariant(variantProduct, [`${code}_big`]);

    const res = await api("PUT", `${BASE}${code}`, {
      position: 4,
      translations: { fr_FR: { name: "Type" } },
      values: [
        { code: `${code}_big`, translations: { de_DE: { value: "Groß" } } },
        { code: `${code}_huge`, translations: { en_US: { value: "Huge" } } },
      ],
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(d1RoundTrips(res.headers)).toBe(2);

    const read = await api("GET", `${BASE}${code}`);
    expect(read.body).toEqual({
      id: option.id,
      code,
      position: 4,
      translations: { fr_FR: { id: expect.any(Number), locale: "fr_FR", name: "Type" } },
      values: [
        { code: `${code}_big`, translations: { de_DE: { id: expect.any(Number), locale: "de_DE", value: "Groß" } } },
        { code: `${code}_huge`, translations: { en_US: { id: expect.any(Number), locale: "en_US", value: "Huge" } } },
      ],
      _links: { self: { href: `/api/v1/product-options/${code}` } },
    });
    const after = await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM product_option_values WHERE code = ?")
      .bind(`${code}_big`));
    expect(after.id).toBe(before.id);
    const link = await env.DB.prepare("SELECT option_value_id AS id FROM product_variant_option_values WHERE variant_id = ?")
      .bind(variant.id)
      .first<{ id: number }>();
    expect(link!.id).toBe(before.id);
  });

  it("PUT with only a position removes the values (Sylius' form submitted whole) and keeps the translations; a sent code is ignored", async () => {
    const option = await createOption();
    const res = await api("PUT", `${BASE}${option.code}`, { code: uniqueCode("OTHER"), position: 9 });
    expect(res.status).toBe(204);
    const read = await api("GET", `${BASE}${option.code}`);
    // Past the last position is the last position (Sylius' sortable positions).
    expect(read.body).toEqual({ ...option, position: read.body.position, values: [] });
    expect(read.body.position).toBeLessThanOrEqual(9);
  });

  it("PATCH merges translations by locale (option and kept values) and keeps translation ids", async () => {
    const option = await createOption();
    const code = option.code;
    const res = await api("PATCH", `${BASE}${code}`, {
      translations: { en_US: { name: "Mug kind" }, de_DE: { name: "Tassenart" } },
      values: [
        { code: `${code}_small`, translations: { fr_FR: { value: "Petit" } } },
        { code: `${code}_big`, translations: { en_US: { value: "Large" } } },
      ],
    });
    expect(res.status).toBe(204);
    const read = await api("GET", `${BASE}${code}`);
    expect(read.body).not.toHaveProperty("name");
    expect(read.body.translations).toEqual({
      en_US: { id: option.translations.en_US.id, locale: "en_US", name: "Mug kind" },
      de_DE: { id: expect.any(Number), locale: "de_DE", name: "Tassenart" },
    });
    expect(read.body.values).toEqual([
      {
        code: `${code}_small`,
        translations: {
          en_US: option.values[0].translations.en_US,
          fr_FR: { id: expect.any(Number), locale: "fr_FR", value: "Petit" },
        },
      },
      {
        code: `${code}_big`,
        translations: {
          en_US: { ...option.values[1].translations.en_US, value: "Large" },
          fr_FR: option.values[1].translations.fr_FR,
        },
      },
    ]);
  });

  it("validates updates like creates (every field, value codes of other options)", async () => {
    const other = await createOption();
    const option = await createOption();
    const res = await api("PUT", `${BASE}${option.code}`, {
      position: 1.5,
      translations: { en_US: {} },
      values: [{ code: `${other.code}_small` }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      position: { errors: ["This value is not valid."] },
      translations: { children: { en_US: { children: { name: { errors: ["Please enter option name."] } } } } },
      values: { children: [{ children: { translations: {}, code: { errors: ["The option value with given code already exists."] } } }] },
      code: {},
    });
  });

  it("refuses (409) to remove a value a variant uses, and changes nothing", async () => {
    const option = await createOption();
    const product = uniqueCode("P");
    await api("POST", "/api/v1/products/", { code: product, options: [option.code] });
    await insertVariant(product, [`${option.code}_small`]);
    const res = await api("PUT", `${BASE}${option.code}`, {
      position: 7,
      values: [{ code: `${option.code}_big` }],
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 409,
      message: `Cannot remove the option value "${option.code}_small", it is used by a product variant.`,
    });
    const read = await api("GET", `${BASE}${option.code}`);
    expect(read.body).toEqual(option);
  });
});

describe("product options: delete", () => {
  it("deletes an unused option (2 round trips), then it is gone", async () => {
    const option = await createOption();
    const res = await api("DELETE", `${BASE}${option.code}`);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect((await api("GET", `${BASE}${option.code}`)).status).toBe(404);
    const values = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_option_values WHERE code LIKE ?")
      .bind(`${option.code}_%`)
      .first<{ n: number }>();
    expect(values!.n).toBe(0);
  });

  it("refuses (409) while the option is assigned to a product", async () => {
    const option = await createOption();
    await api("POST", "/api/v1/products/", { code: uniqueCode("P"), options: [option.code] });
    const res = await api("DELETE", `${BASE}${option.code}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 409, message: "Cannot delete, the product option is in use." });
    expect((await api("GET", `${BASE}${option.code}`)).status).toBe(200);
  });

  it("refuses (409) while a variant uses one of its values", async () => {
    const option = await createOption();
    const product = uniqueCode("P");
    await api("POST", "/api/v1/products/", { code: product, options: [option.code] });
    await insertVariant(product, [`${option.code}_big`]);
    // Unassign the option directly, so only the variant link remains.
    await env.DB.prepare(
      "DELETE FROM product_option_assignments WHERE option_id = (SELECT id FROM product_options WHERE code = ?)",
    )
      .bind(option.code)
      .run();
    const res = await api("DELETE", `${BASE}${option.code}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete, the product option is in use.");
  });
});
