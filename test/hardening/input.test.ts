/**
 * Input hardening through the public interface: integers within Sylius'
 * 32-bit integer columns, `__proto__`/`constructor` as ordinary JSON keys, and
 * strings that are not well-formed Unicode.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { insertProduct, variantsPath } from "../fixtures/catalog";
import { children, CREATE_FIELDS, setupCatalog, shopLocales, type Catalog } from "../fixtures/variants";

const MAX_INT = 2_147_483_647;
const INVALID = "This value is not valid.";

let cat: Catalog;
beforeAll(async () => {
  cat = await setupCatalog();
});

/** Sends `text` as the JSON body, byte for byte (JSON.stringify cannot write an own `__proto__` key). */
const raw = (method: string, path: string, text: string) =>
  api(method, path, undefined, { raw: text, headers: { "Content-Type": "application/json" } });

describe("integers lie in 0..2^31-1", () => {
  it("accepts the bounds for position and onHand", async () => {
    const product = await insertProduct();
    const res = await api("POST", variantsPath(product.code), { code: uniqueCode("V"), position: MAX_INT, onHand: MAX_INT, tracked: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ position: MAX_INT, onHand: MAX_INT });
  });

  it("refuses position and onHand past the bound with the field's 400", async () => {
    const product = await insertProduct();
    const res = await api("POST", variantsPath(product.code), { code: uniqueCode("V"), position: MAX_INT + 1, onHand: 2 ** 53 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: children(CREATE_FIELDS, { position: [INVALID], onHand: [INVALID] }) },
    });
  });

  it("refuses an auto-assigned variant position that would pass the bound", async () => {
    const product = await insertProduct();
    const last = await api("POST", variantsPath(product.code), { code: uniqueCode("V"), position: MAX_INT });
    expect(last.status).toBe(201);
    const res = await api("POST", variantsPath(product.code), { code: uniqueCode("V") });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: children(CREATE_FIELDS, { position: [INVALID] }) },
    });
    const list = await api("GET", `${variantsPath(product.code)}?limit=10`);
    expect(list.body.total).toBe(1);
  });

  it("refuses a price whose minor units pass the bound", async () => {
    const product = await insertProduct();
    const ok = await api("POST", variantsPath(product.code), {
      code: uniqueCode("V"),
      channelPricings: { [cat.channel]: { price: "21474836.47" } },
    });
    expect(ok.status).toBe(201);
    const res = await api("POST", variantsPath(product.code), {
      code: uniqueCode("V"),
      channelPricings: { [cat.channel]: { price: "21474836.48" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.channelPricings).toEqual({ errors: [INVALID] });
  });

  it("refuses priorities, usage limits and promotion amounts past the bound, and negative priorities", async () => {
    const res = await api("POST", "/api/v1/promotions/", {
      code: uniqueCode("P"),
      name: "Too big",
      priority: MAX_INT + 1,
      usageLimit: MAX_INT + 1,
      actions: [{ type: "order_fixed_discount", configuration: { [cat.channel]: { amount: (MAX_INT + 1) / 100 } } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.priority).toEqual({ errors: [INVALID] });
    expect(res.body.errors.children.usageLimit).toEqual({ errors: [INVALID] });
    expect(res.body.errors.children.actions.errors).toBeDefined();

    const negative = await api("POST", "/api/v1/promotions/", { code: uniqueCode("P"), name: "Negative", priority: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors.children.priority).toEqual({ errors: [INVALID] });

    const atBound = await api("POST", "/api/v1/promotions/", { code: uniqueCode("P"), name: "Max", priority: MAX_INT, usageLimit: MAX_INT });
    expect(atBound.status).toBe(201);
    expect(atBound.body).toMatchObject({ priority: MAX_INT, usageLimit: MAX_INT });
  });

  it("refuses a version past the bound (number or string) with the field's 400, not a 409", async () => {
    const product = await insertProduct();
    const code = uniqueCode("V");
    expect((await api("POST", variantsPath(product.code), { code })).status).toBe(201);
    for (const version of [MAX_INT + 1, String(MAX_INT + 1)]) {
      const res = await api("PUT", `${variantsPath(product.code)}${code}`, { version, onHand: 1 });
      expect(res.status).toBe(400);
      expect(res.body.errors.children.version).toEqual({ errors: [INVALID] });
    }
  });

  it("answers 404 for an id in a path past the bound", async () => {
    for (const id of [String(MAX_INT + 1), "99999999999", "999999999999999"]) {
      const res = await api("GET", `/api/v1/carts/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Cart with id "${id}" does not exist.` });
    }
    const item = await api("PATCH", `/api/v1/carts/1/items/${MAX_INT + 1}`, { quantity: 1 });
    expect(item.status).toBe(404);
  });
});

describe("__proto__ and constructor are ordinary keys", () => {
  it("an unknown locale named __proto__ in translations is the field's 400", async () => {
    const product = await insertProduct();
    const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","translations":{"__proto__":{"name":"x"}}}`);
    expect(res.status).toBe(400);
    // A failed form that sent translations lists a sub-form per locale of the shop.
    expect(res.body.errors.children.translations).toEqual(children(["translations"], { translations: [INVALID] }, [], await shopLocales()).translations);
  });

  it("an unknown channel named __proto__ or constructor in channelPricings is the field's 400", async () => {
    const product = await insertProduct();
    for (const key of ["__proto__", "constructor"]) {
      const res = await raw(
        "POST",
        variantsPath(product.code),
        `{"code":"${uniqueCode("V")}","channelPricings":{"${key}":{"price":"1.00"}}}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.children.channelPricings).toEqual({ errors: [INVALID] });
    }
  });

  it("a known key next to __proto__ does not hide it", async () => {
    const product = await insertProduct();
    const res = await raw(
      "POST",
      variantsPath(product.code),
      `{"code":"${uniqueCode("V")}","translations":{"en_US":{"name":"Mug"},"__proto__":{"name":"x"}}}`,
    );
    expect(res.status).toBe(400);
    // A failed form that sent translations lists a sub-form per locale of the shop.
    expect(res.body.errors.children.translations).toEqual(children(["translations"], { translations: [INVALID] }, [], await shopLocales()).translations);
  });

  it("__proto__ inside a strict object is an unknown field", async () => {
    const product = await insertProduct();
    const res = await raw(
      "POST",
      variantsPath(product.code),
      `{"code":"${uniqueCode("V")}","channelPricings":{"${cat.channel}":{"price":"1.00","__proto__":{"price":"2.00"}}}}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.children.channelPricings).toEqual({ errors: [INVALID] });
  });

  it("top-level __proto__ and constructor are extra fields", async () => {
    const product = await insertProduct();
    for (const key of ["__proto__", "constructor"]) {
      const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","${key}":{"tracked":true}}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    }
  });

  it("the __proto__ key of a shipping method's configuration is an unknown channel", async () => {
    const res = await raw(
      "POST",
      "/api/v1/shipping-methods/",
      JSON.stringify({ code: uniqueCode("SM"), translations: { en_US: { name: "x" } }, zone: "NOPE", channels: [], calculator: "flat_rate" })
        .replace(/}$/, ',"configuration":{"__proto__":{"amount":100}}}'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.children.configuration.errors).toBeDefined();
  });

  it("a channel really named __proto__ is found under that key", async () => {
    // A code may be `__proto__`: the key must reach the data like any other code.
    await env.DB.prepare(
      `INSERT OR IGNORE INTO channels (code, name, enabled, base_currency_id, default_locale_id)
       SELECT '__proto__', 'Odd channel', 1, c.id, l.id FROM currencies c, locales l WHERE c.code = 'USD' AND l.code = 'en_US'`,
    ).run();
    const product = await insertProduct();
    const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","channelPricings":{"__proto__":{"price":"3.50"}}}`);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.channelPricings)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(res.body.channelPricings, "__proto__")?.value).toMatchObject({ channelCode: "__proto__", price: 350 });
    await env.DB.prepare("DELETE FROM channels WHERE code = '__proto__'").run();
  });

  it("never writes a prototype", async () => {
    const product = await insertProduct();
    const res = await raw(
      "POST",
      variantsPath(product.code),
      `{"code":"${uniqueCode("V")}","translations":{"__proto__":{"polluted":true}},"__proto__":{"polluted":true},"optionValues":{"__proto__":"x"}}`,
    );
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

describe("strings must be well-formed Unicode", () => {
  it("a lone surrogate in a field is that field's 400", async () => {
    const product = await insertProduct();
    const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","translations":{"en_US":{"name":"a\\ud800b"}}}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: children(CREATE_FIELDS, { translations: [INVALID] }, [], await shopLocales()) },
    });
  });

  it("a lone surrogate in a key or a low surrogate alone is refused too", async () => {
    const product = await insertProduct();
    const key = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","optionValues":{"\\udc00":"x"}}`);
    expect(key.status).toBe(400);
    expect(key.body.errors.children.optionValues).toEqual({ errors: [INVALID] });
    const code = await raw("POST", variantsPath(product.code), `{"code":"V\\udfff"}`);
    expect(code.status).toBe(400);
    expect(code.body.errors.children.code).toEqual({ errors: [INVALID] });
  });

  it("a lone surrogate in an unknown field is a form-level error", async () => {
    const product = await insertProduct();
    const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","nickname":"\\ud800"}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.errors).toEqual(["This form should not contain extra fields.", INVALID]);
  });

  it("well-formed astral characters (surrogate pairs) are kept", async () => {
    const product = await insertProduct();
    const res = await raw("POST", variantsPath(product.code), `{"code":"${uniqueCode("V")}","translations":{"en_US":{"name":"Mug \\ud83d\\ude00"}}}`);
    expect(res.status).toBe(201);
    expect(res.body.translations.en_US.name).toBe("Mug 😀");
  });

  it("applies to every form (a customer's name)", async () => {
    const email = `${uniqueCode("c").toLowerCase()}@example.com`;
    const res = await raw("POST", "/api/v1/customers/", `{"email":"${email}","firstName":"Jo\\ud800"}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      firstName: { errors: [INVALID] },
      lastName: {},
      email: {},
      birthday: {},
      gender: {},
      phoneNumber: {},
      subscribedToNewsletter: {},
      group: {},
    });
  });
});
