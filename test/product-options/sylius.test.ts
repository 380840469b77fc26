/**
 * Product options as Sylius 1.8's ProductOptionApiTest drives them
 * (tests/Responses/Expected/product_option/*.json): ProductBundle's
 * Model.ProductOption.yml (no `name`), ProductOptionType (position,
 * translations, values, code), ProductOption*.xml, validators.en.yml, and
 * the sortable (Gedmo) position of ProductOption.orm.xml.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";
import { ensureLocales } from "../fixtures/references";

const PATH = "/api/v1/product-options/";

async function create(body: Record<string, unknown> = {}) {
  const res = await api("POST", PATH, { code: uniqueCode("O"), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { code: string; position: number };
}

const positionOf = async (code: string) => (await api("GET", `${PATH}${code}`)).body.position as number;

describe("product options (Sylius 1.8)", () => {
  it("create_response: id, code, position, translations, values, self link; no `name`", async () => {
    await ensureLocales("en_US", "de_CH");
    const code = uniqueCode("MUG_SIZE");
    const res = await api("POST", PATH, {
      code,
      translations: { en_US: { name: "Mug size" }, de_CH: { name: "Bechergröße" } },
      values: [{ code: `${code}_S`, translations: { en_US: { value: "Small" }, de_CH: { value: "Klein" } } }],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["id", "code", "position", "translations", "values", "_links"]);
    expect(res.body.translations.de_CH).toEqual({ id: expect.any(Number), locale: "de_CH", name: "Bechergröße" });
    const list = await api("GET", `${PATH}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items[0]).not.toHaveProperty("name");
  });

  it("create_validation_fail_response: `Please enter option code.`, children position, translations, values, code", async () => {
    const res = await api("POST", PATH);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ position: {}, translations: {}, values: {}, code: { errors: ["Please enter option code."] } }));
    expect(Object.keys(res.body.errors.children)).toEqual(["position", "translations", "values", "code"]);
  });

  it("reports sub-form failures where Symfony does, with Sylius' texts", async () => {
    await ensureLocales("en_US");
    const res = await api("POST", PATH, {
      code: uniqueCode("O"),
      translations: { en_US: { name: "x".repeat(256) } },
      values: [{ code: "a b", translations: { en_US: { value: "" } } }],
    });
    expect(res.status).toBe(400);
    // The sent locale's sub-form; the shop's other locales are listed too, passing.
    expect(res.body.errors.children.translations.children.en_US).toEqual({ children: { name: { errors: ["Option name must not be longer than 255 characters."] } } });
    const shop = (await env.DB.prepare("SELECT code FROM locales ORDER BY id").all<{ code: string }>()).results.map((row) => row.code);
    expect(Object.keys(res.body.errors.children.translations.children)).toEqual(shop);
    for (const locale of shop.filter((code) => code !== "en_US")) expect(res.body.errors.children.translations.children[locale], locale).toEqual({ children: { name: {} } });
    expect(res.body.errors.children.values).toEqual({
      children: [
        {
          children: {
            translations: { children: { en_US: { children: { value: { errors: ["Please enter option value."] } } } } },
            code: { errors: ["Option value code can only be comprised of letters, numbers, dashes and underscores."] },
          },
        },
      ],
    });
    const short = await api("POST", PATH, { code: uniqueCode("O"), translations: { en_US: { name: "x" } }, values: [{}] });
    expect(short.body.errors.children.translations.children.en_US.children.name).toEqual({ errors: ["Option name must be at least 2 characters long."] });
    expect(short.body.errors.children.values.children[0].children.code).toEqual({ errors: ["Please enter option value code."] });
    const bad = await api("POST", PATH, { code: "a b" });
    expect(bad.body.errors.children.code).toEqual({ errors: ["Option code can only be comprised of letters, numbers, dashes and underscores."] });
  });

  it("positions are sortable: appended without one, inserted with one, moved on update, closed up on delete", async () => {
    const a = await create();
    const b = await create();
    const c = await create();
    expect([b.position, c.position]).toEqual([a.position + 1, a.position + 2]);
    const start = a.position;

    // Move c to a's place: a and b make room.
    expect((await api("PATCH", `${PATH}${c.code}`, { position: start })).status).toBe(204);
    expect([await positionOf(c.code), await positionOf(a.code), await positionOf(b.code)]).toEqual([start, start + 1, start + 2]);

    // Move c back down past the end: it is last, the others close up.
    expect((await api("PUT", `${PATH}${c.code}`, { position: 2_000_000 })).status).toBe(204);
    expect([await positionOf(a.code), await positionOf(b.code), await positionOf(c.code)]).toEqual([start, start + 1, start + 2]);

    // Insert at a's place: everything from there moves down.
    const d = await create({ position: start });
    expect(d.position).toBe(start);
    expect([await positionOf(a.code), await positionOf(b.code), await positionOf(c.code)]).toEqual([start + 1, start + 2, start + 3]);

    // Delete d: the ones after it close the gap (index_response_after_delete).
    expect((await api("DELETE", `${PATH}${d.code}`)).status).toBe(204);
    expect([await positionOf(a.code), await positionOf(b.code), await positionOf(c.code)]).toEqual([start, start + 1, start + 2]);

    // Past the end on create: appended.
    const e = await create({ position: 2_000_000 });
    expect(e.position).toBe(start + 3);
  });

  it("a PUT without a body is a 400 (Sylius' option form has no field that fails empty: the form-level blank message)", async () => {
    const option = await create();
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${option.code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: "Validation Failed",
        errors: { errors: ["This value should not be blank."], children: { position: {}, translations: {}, values: {}, code: {} } },
      });
    }
    expect((await api("PATCH", `${PATH}${option.code}`)).status).toBe(204);
  });
});
