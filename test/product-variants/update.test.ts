import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createVariant, variantPath } from "../fixtures/catalog";
import { children, setupCatalog, shopLocales, UPDATE_FIELDS, type Catalog } from "../fixtures/variants";
import { namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import {
  variantIdsIn,
  variantUpdateQueries,
  variantViewQueries,
  variantViewsFrom,
} from "../../src/data/queries/product-variants";

const INVALID = "This value is not valid.";
const EXTRA = "This form should not contain extra fields.";

let cat: Catalog;
beforeAll(async () => {
  cat = await setupCatalog();
});

const get = async (code: string) => {
  const res = await api("GET", variantPath(cat.product.code, code));
  expect(res.status).toBe(200);
  return res.body;
};

/** A variant with translations, two prices, an option value and categories. */
async function fullVariant() {
  return createVariant(cat.product.code, {
    code: uniqueCode("V"),
    translations: { en_US: { name: "Mug" }, pl_PL: { name: "Kubek" } },
    position: 3,
    tracked: true,
    channelPricings: { [cat.channel]: { price: 10 }, [cat.channel2]: { price: 20 } },
    taxCategory: cat.taxCategory.code,
    shippingCategory: cat.shippingCategory.code,
    optionValues: { [cat.option.code]: cat.option.values[0].code },
    onHand: 7,
    width: 1,
    height: 2,
  });
}

/** The option codes of the test product, as the form lists them. */
const OPTIONS = () => [cat.option2.code, cat.option.code];

describe("PUT /products/{productCode}/variants/{code}", () => {
  it("keeps fields not sent, replaces sent collections, bumps the version, in two round trips", async () => {
    const created = await fullVariant();
    const before = await get(created.code);
    const res = await api("PUT", variantPath(cat.product.code, created.code), {
      version: 1,
      translations: { pl_PL: { name: "Kubek duży" } },
      channelPricings: { [cat.channel2]: { price: "3.5" } },
      optionValues: { [cat.option2.code]: cat.option2.values[0].code },
      onHand: 9,
      height: null,
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(d1RoundTrips(res.headers)).toBe(2);

    const after = await get(created.code);
    expect(after).toEqual({
      ...before,
      version: 2,
      onHand: 9,
      height: undefined,
      // The kept locale keeps its id.
      translations: { pl_PL: { locale: "pl_PL", id: before.translations.pl_PL.id, name: "Kubek duży" } },
      channelPricings: { [cat.channel2]: { channelCode: cat.channel2, price: 350 } },
      optionValues: [
        {
          code: cat.option2.values[0].code,
          name: "Kolor",
          translations: { pl_PL: { locale: "pl_PL", id: cat.option2.values[0].translationIds.pl_PL, value: "Czerwony" } },
        },
      ],
    });
    expect(after).not.toHaveProperty("height");
    expect(after.width).toBe(1);
    expect(after.taxCategory.code).toBe(cat.taxCategory.code);
  });

  it("clears collections sent empty and categories sent null", async () => {
    const created = await fullVariant();
    const res = await api("PUT", variantPath(cat.product.code, created.code), {
      version: 1,
      translations: [],
      channelPricings: {},
      optionValues: [],
      taxCategory: null,
      shippingCategory: "",
    });
    expect(res.status).toBe(204);
    const after = await get(created.code);
    expect(after).toMatchObject({ translations: [], channelPricings: [], optionValues: [], version: 2 });
    expect(after).not.toHaveProperty("taxCategory");
    expect(after).not.toHaveProperty("shippingCategory");
  });

  it("changes the code, which stays unique", async () => {
    const a = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const b = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const taken = await api("PUT", variantPath(cat.product.code, a.code), { version: 1, code: b.code });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: children(UPDATE_FIELDS, { code: ["Product variant code must be unique."] }, OPTIONS()) },
    });
    const same = await api("PUT", variantPath(cat.product.code, a.code), { version: 1, code: a.code });
    expect(same.status).toBe(204);

    const renamed = uniqueCode("R");
    const res = await api("PUT", variantPath(cat.product.code, a.code), { version: 2, code: renamed });
    expect(res.status).toBe(204);
    expect((await api("GET", variantPath(cat.product.code, a.code))).status).toBe(404);
    const after = await get(renamed);
    expect(after).toMatchObject({ id: a.id, code: renamed, version: 3 });
    expect(after._links.self.href).toBe(`/api/v1/products/${cat.product.code}/variants/${renamed}`);
  });

  it("answers 409 without a version and with a stale one", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const path = variantPath(cat.product.code, created.code);
    for (const body of [{}, { onHand: 3 }, { version: null }]) {
      const res = await api("PUT", path, body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 409, message: expect.any(String) });
      expect(res.body.message).toMatch(/version/);
    }
    expect((await api("PUT", path, { version: "1", onHand: 1 })).status).toBe(204);
    const stale = await api("PUT", path, { version: 1, onHand: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 409, message: "The optimistic lock failed, version 1 was expected, but is actually 2." });
    const future = await api("PUT", path, { version: 5 });
    expect(future.status).toBe(409);
    expect(await get(created.code)).toMatchObject({ version: 2, onHand: 1 });
  });

  it("validates every field, in Sylius' form order, before the version check", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const res = await api("PUT", variantPath(cat.product.code, created.code), {
      code: "",
      translations: { xx_XX: { name: "x" } },
      channelPricings: { [cat.disabledChannel]: { price: 1 } },
      optionValues: { [cat.foreignOption.code]: cat.foreignOption.values[0].code },
      weight: -1,
      version: "abc",
      onHold: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: [EXTRA],
        children: children(UPDATE_FIELDS, {
          code: ["Please enter the code."],
          translations: [INVALID],
          channelPricings: [INVALID],
          optionValues: [INVALID],
          weight: [INVALID],
          version: [INVALID],
        }, OPTIONS(), await shopLocales()),
      },
    });
    // In form order; `position` and `onHand` did not fail, so they are not listed.
    expect(Object.keys(res.body.errors.children)).toEqual(UPDATE_FIELDS.filter((f) => f !== "position" && f !== "onHand"));
    expect(d1RoundTrips(res.headers)).toBe(1);
  });

  it("answers 404 for an unknown variant or product", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const unknown = uniqueCode("NOV");
    const a = await api("PUT", variantPath(cat.product.code, unknown), { version: 1 });
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ code: 404, message: `Product variant with code "${unknown}" does not exist.` });
    const product = uniqueCode("NOP");
    const b = await api("PUT", variantPath(product, created.code), { version: 1 });
    expect(b.body).toEqual({ code: 404, message: `Product with code "${product}" does not exist.` });
    const other = await setupCatalog();
    const c = await api("PATCH", variantPath(other.product.code, created.code), {});
    expect(c.status).toBe(404);
  });

  it("lets exactly one of ten concurrent PUTs with the same version win, children included", async () => {
    const created = await fullVariant();
    const path = variantPath(cat.product.code, created.code);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api("PUT", path, {
          version: 1,
          onHand: 100 + i,
          translations: { en_US: { name: `Writer ${i}` } },
          channelPricings: { [cat.channel]: { price: i + 1 } },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(r.body).toEqual({ code: 409, message: expect.stringContaining("version 1 was expected") });
    }
    const winner = statuses.indexOf(204);
    const after = await get(created.code);
    expect(after).toMatchObject({
      version: 2,
      onHand: 100 + winner,
      translations: { en_US: { name: `Writer ${winner}` } },
      channelPricings: { [cat.channel]: { channelCode: cat.channel, price: (winner + 1) * 100 } },
    });
    expect(Object.keys(after.translations)).toEqual(["en_US"]);
    expect(Object.keys(after.channelPricings)).toEqual([cat.channel]);
  });
});

describe("PATCH /products/{productCode}/variants/{code}", () => {
  it("changes a subset without a version, merging translations and prices by key", async () => {
    const created = await fullVariant();
    const before = await get(created.code);
    const res = await api("PATCH", variantPath(cat.product.code, created.code), {
      translations: { en_US: { name: "Big mug" }, pl_PL: { name: "Duży kubek" } },
      channelPricings: { [cat.channel]: { price: 11 } },
      tracked: false,
    });
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const after = await get(created.code);
    expect(after).toEqual({
      ...before,
      version: 2,
      tracked: false,
      translations: {
        en_US: { locale: "en_US", id: before.translations.en_US.id, name: "Big mug" },
        pl_PL: { locale: "pl_PL", id: before.translations.pl_PL.id, name: "Duży kubek" },
      },
      channelPricings: {
        [cat.channel]: { channelCode: cat.channel, price: 1100 },
        [cat.channel2]: { channelCode: cat.channel2, price: 2000 },
      },
    });

    // A new locale is added next to the existing ones.
    const created2 = await createVariant(cat.product.code, {
      code: uniqueCode("V"),
      translations: { en_US: { name: "One" } },
    });
    await api("PATCH", variantPath(cat.product.code, created2.code), { translations: { pl_PL: { name: "Jeden" } } });
    expect((await get(created2.code)).translations).toEqual({
      en_US: { locale: "en_US", id: expect.any(Number), name: "One" },
      pl_PL: { locale: "pl_PL", id: expect.any(Number), name: "Jeden" },
    });
  });

  it("replaces option values and accepts an empty body", async () => {
    const created = await fullVariant();
    const res = await api("PATCH", variantPath(cat.product.code, created.code), {
      optionValues: { [cat.option.code]: cat.option.values[1].code },
    });
    expect(res.status).toBe(204);
    expect((await get(created.code)).optionValues.map((o: { code: string }) => o.code)).toEqual([cat.option.values[1].code]);
    expect((await api("PATCH", variantPath(cat.product.code, created.code), {})).status).toBe(204);
    expect((await get(created.code)).version).toBe(3);
  });

  it("checks a sent version", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const path = variantPath(cat.product.code, created.code);
    expect((await api("PATCH", path, { version: 1, position: 4 })).status).toBe(204);
    const stale = await api("PATCH", path, { version: 1, position: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 409, message: "The optimistic lock failed, version 1 was expected, but is actually 2." });
    expect(d1RoundTrips(stale.headers)).toBe(1);
    expect(await get(created.code)).toMatchObject({ version: 2, position: 4 });
  });

  it("rejects onHold and unknown fields", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const res = await api("PATCH", variantPath(cat.product.code, created.code), { onHold: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { errors: [EXTRA], children: children(UPDATE_FIELDS, {}, OPTIONS()) },
    });
  });
});

describe("the compare-and-set write batch", () => {
  it("applies nothing, children included, when another writer already took the version", async () => {
    const created = await fullVariant();
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    // Two writers both hold version 1. The first one wins...
    const first = variantUpdateQueries(db, {
      variantId: created.id,
      expectedVersion: 1,
      set: { onHand: 1 },
      translations: { names: { en_US: "First" }, mode: "replace" },
      channelPricings: { prices: { [cat.channel]: 100 }, mode: "replace" },
      optionValueIds: [cat.option.values[1].id],
      updatedAt: new Date().toISOString(),
    });
    expect(first.outcome(await namedBatch(db, first.queries))).toEqual({ status: "updated", version: 2 });
    // ...then the second one's batch runs: the row is now at version 2 = its
    // "expected + 1", which must not let its children through.
    const second = variantUpdateQueries(db, {
      variantId: created.id,
      expectedVersion: 1,
      set: { onHand: 2 },
      translations: { names: { pl_PL: "Second" }, mode: "replace" },
      channelPricings: { prices: { [cat.channel2]: 200 }, mode: "merge" },
      optionValueIds: [cat.option2.values[0].id],
      updatedAt: new Date().toISOString(),
    });
    expect(second.outcome(await namedBatch(db, second.queries))).toEqual({ status: "stale", version: 2 });

    const [view] = variantViewsFrom(await namedBatch(db, variantViewQueries(db, variantIdsIn([created.id]))));
    expect(view!.row).toMatchObject({ onHand: 1, version: 2 });
    expect(view!.translations.map((t) => [t.locale, t.name])).toEqual([["en_US", "First"]]);
    expect(view!.channelPricings.map((p) => [p.channelCode, p.price])).toEqual([[cat.channel, 100]]);
    expect(view!.optionValues.map((o) => o.valueId)).toEqual([cat.option.values[1].id]);
  });

  it("reports a deleted variant as missing", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    await env.DB.prepare("DELETE FROM product_variants WHERE id = ?").bind(created.id).run();
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const write = variantUpdateQueries(db, {
      variantId: created.id,
      expectedVersion: null,
      set: {},
      translations: { names: { en_US: "Ghost" }, mode: "merge" },
      updatedAt: new Date().toISOString(),
    });
    expect(write.outcome(await namedBatch(db, write.queries))).toEqual({ status: "missing" });
  });
});
