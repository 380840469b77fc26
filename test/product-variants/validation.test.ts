import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createVariant, variantsPath } from "../fixtures/catalog";
import { children, CREATE_FIELDS, setupCatalog, shopLocales, type Catalog } from "../fixtures/variants";
import { ensureLocales } from "../fixtures/references";

const BLANK_CODE = "Please enter the code.";
const PATTERN = "Code can only be comprised of letters, numbers, dashes and underscores.";
const TAKEN = "Product variant code must be unique.";
const INVALID = "This value is not valid.";
const BLANK = "This value should not be blank.";
const EXTRA = "This form should not contain extra fields.";

let cat: Catalog;
beforeAll(async () => {
  cat = await setupCatalog();
});

const create = (body: unknown) => api("POST", variantsPath(cat.product.code), body);

/** The exact 400 body of the create form. */
const failed = (failures: Record<string, string[]>, formErrors?: string[], locales: readonly string[] = []) => ({
  code: 400,
  message: "Validation Failed",
  errors: { ...(formErrors ? { errors: formErrors } : {}), children: children(CREATE_FIELDS, failures, [cat.option2.code, cat.option.code], locales) },
});

describe("variant create validation", () => {
  it.each([[{}], [{ code: "" }], [{ code: "   " }], [{ code: null }]])("requires a code: %j", async (body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ code: [BLANK_CODE] }));
  });

  it.each(["with space", "ąę", "a.b", "x/y"])("rejects code %j", async (code) => {
    const res = await create({ code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ code: [PATTERN] }));
  });

  it("rejects a code that is not a string", async () => {
    const res = await create({ code: 12 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ code: [INVALID] }));
  });

  it("rejects a code used by any variant, of any product", async () => {
    const other = await setupCatalog();
    const existing = await createVariant(other.product.code, { code: uniqueCode("V") });
    const res = await create({ code: existing.code });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.code).toEqual({ errors: [TAKEN] });
  });

  it("reports unknown fields (read-only onHold included) at form level", async () => {
    const res = await create({ code: uniqueCode("V"), onHold: 3, version: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({}, [EXTRA]));
  });

  it("reports every failing field at once, in form order, after one read round trip", async () => {
    const res = await create({
      weight: -0.5,
      depth: "x",
      height: -1,
      width: "abc",
      onHand: -1,
      optionValues: { [cat.foreignOption.code]: cat.foreignOption.values[0].code },
      shippingCategory: uniqueCode("NOSHIP"),
      taxCategory: uniqueCode("NOTAX"),
      channelPricings: { [cat.disabledChannel]: { price: 10 } },
      tracked: "yes",
      position: -1,
      translations: { xx_XX: { name: "Nope" } },
      code: "",
      color: "red",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      failed(
        {
          code: [BLANK_CODE],
          translations: [INVALID],
          position: [INVALID],
          tracked: [INVALID],
          channelPricings: [INVALID],
          taxCategory: [INVALID],
          shippingCategory: [INVALID],
          optionValues: [INVALID],
          onHand: [INVALID],
          width: [INVALID],
          height: [INVALID],
          depth: [INVALID],
          weight: [INVALID],
        },
        [EXTRA],
        // The sent translations failed: every locale of the shop is listed (read in the same batch).
        await shopLocales(),
      ),
    );
    expect(Object.keys(res.body.errors.children)).toEqual([...CREATE_FIELDS]);
    expect(d1RoundTrips(res.headers)).toBe(1);
  });

  it("reports format and data errors of one field together with valid fields as {}", async () => {
    const res = await create({ code: uniqueCode("V"), position: 1.5, onHand: 3, tracked: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ position: [INVALID] }));
  });

  describe("translations", () => {
    it("rejects an unknown locale", async () => {
      const res = await create({ code: uniqueCode("V"), translations: { en_US: { name: "Ok" }, zz_ZZ: { name: "No" } } });
      expect(res.body).toEqual(failed({ translations: [INVALID] }, undefined, await shopLocales()));
    });
    it("requires a name", async () => {
      const res = await create({ code: uniqueCode("V"), translations: { en_US: { name: "" } } });
      expect(res.body).toEqual(failed({ translations: [BLANK] }, undefined, await shopLocales()));
    });
    it.each([[{ en_US: "Name" }], ["Name"], [[{ name: "x" }]], [{ en_US: { name: "x", slug: "y" } }]])(
      "rejects the shape %j",
      async (translations) => {
        const res = await create({ code: uniqueCode("V"), translations });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(failed({ translations: [INVALID] }, undefined, await shopLocales()));
      },
    );
  });

  describe("channelPricings", () => {
    it("rejects a disabled channel", async () => {
      const res = await create({ code: uniqueCode("V"), channelPricings: { [cat.disabledChannel]: { price: 1 } } });
      expect(res.body).toEqual(failed({ channelPricings: [INVALID] }));
    });
    it("rejects an unknown channel", async () => {
      const res = await create({ code: uniqueCode("V"), channelPricings: { [uniqueCode("NOCH")]: { price: 1 } } });
      expect(res.body).toEqual(failed({ channelPricings: [INVALID] }));
    });
    it.each([[-1], ["-1"], ["abc"], [""], [null], ["1e3"], [true]])("rejects the price %j", async (price) => {
      const res = await create({ code: uniqueCode("V"), channelPricings: { [cat.channel]: { price } } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed({ channelPricings: [INVALID] }));
    });
    it("rejects a pricing without price", async () => {
      const res = await create({ code: uniqueCode("V"), channelPricings: { [cat.channel]: {} } });
      expect(res.body).toEqual(failed({ channelPricings: [INVALID] }));
    });
  });

  describe("optionValues", () => {
    it("rejects an option that is not one of the product's", async () => {
      const res = await create({
        code: uniqueCode("V"),
        optionValues: { [cat.foreignOption.code]: cat.foreignOption.values[0].code },
      });
      expect(res.body).toEqual(failed({ optionValues: [INVALID] }));
    });
    it("rejects a value that is not one of the option's", async () => {
      const res = await create({
        code: uniqueCode("V"),
        optionValues: { [cat.option.code]: cat.option2.values[0].code },
      });
      expect(res.body).toEqual(failed({ optionValues: [INVALID] }));
    });
    it("rejects an unknown value and an unknown option", async () => {
      const unknownValue = await create({ code: uniqueCode("V"), optionValues: { [cat.option.code]: uniqueCode("NOVAL") } });
      expect(unknownValue.body).toEqual(failed({ optionValues: [INVALID] }));
      const unknownOption = await create({
        code: uniqueCode("V"),
        optionValues: { [uniqueCode("NOOPT")]: cat.option.values[0].code },
      });
      expect(unknownOption.body).toEqual(failed({ optionValues: [INVALID] }));
    });
    it("rejects values that are not strings", async () => {
      const res = await create({ code: uniqueCode("V"), optionValues: { [cat.option.code]: 5 } });
      expect(res.body).toEqual(failed({ optionValues: [INVALID] }));
    });
  });

  it("rejects unknown tax and shipping categories", async () => {
    const res = await create({ code: uniqueCode("V"), taxCategory: "nope-tax", shippingCategory: 5 });
    expect(res.body).toEqual(failed({ taxCategory: [INVALID], shippingCategory: [INVALID] }));
  });

  it("rejects non-integers and negatives for position and onHand, and non-booleans for tracked", async () => {
    const res = await create({ code: uniqueCode("V"), position: "1", onHand: 2.5, tracked: 1 });
    expect(res.body).toEqual(failed({ position: [INVALID], tracked: [INVALID], onHand: [INVALID] }));
  });

  it("rejects a body that is not an object", async () => {
    const res = await create([1, 2]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ code: [BLANK_CODE] }, [INVALID]));
  });
});

describe("ProductVariantApiTest", () => {
  it("it_does_not_allow_to_create_product_variant_without_required_fields", async () => {
    const res = await create(undefined);
    expect(res.status).toBe(400);
    // Sylius' create_validation_fail_response: translations not sent stay `{}`; one sub-form per option of the product.
    expect(res.body).toEqual(failed({ code: [BLANK_CODE] }));
    expect(res.body.errors.children.translations).toEqual({});
    expect(res.body.errors.children.optionValues).toEqual({ children: { [cat.option2.code]: {}, [cat.option.code]: {} } });
    expect(d1RoundTrips(res.headers)).toBe(1);
  });

  it("it_allows_create_product_variant_with_multiple_translations: a failing one lists every locale of the shop", async () => {
    await ensureLocales("en_US", "nl_NL", "fr_FR", "de_CH");
    const sent = { de_CH: { name: "Monsterbecher" }, en_US: { name: "Monster Mug" } };
    const taken = await createVariant(cat.product.code, { code: uniqueCode("V") });
    // A data failure (the code is taken): the shop's locales are read after the checks, one more round trip.
    const res = await create({ code: taken.code, translations: sent });
    expect(res.status).toBe(400);
    const shop = await shopLocales();
    expect(shop).toEqual(expect.arrayContaining(["en_US", "nl_NL", "fr_FR", "de_CH"]));
    expect(res.body.errors.children.code).toEqual({ errors: [TAKEN] });
    expect(res.body.errors.children.translations).toEqual({ children: Object.fromEntries(shop.map((code) => [code, { children: { name: {} } }])) });
    expect(Object.keys(res.body.errors.children.translations.children)).toEqual(shop);
    expect(d1RoundTrips(res.headers)).toBe(2);
    // A format failure: the locales come in the one read batch.
    const blank = await create({ code: "", translations: sent });
    expect(blank.body.errors.children.translations).toEqual(res.body.errors.children.translations);
    expect(d1RoundTrips(blank.headers)).toBe(1);
    // The passing create reads no locales (Sylius' create_with_translations_response).
    const ok = await create({ code: uniqueCode("MONSTER_MUG"), translations: sent });
    expect(ok.status).toBe(201);
    expect(Object.keys(ok.body.translations).sort()).toEqual(["de_CH", "en_US"]);
    expect(d1RoundTrips(ok.headers)).toBe(2);
  });
});
