/**
 * A variant's default JSON is kept per variant and given again only while the
 * next view of that variant is the same data: any changed field of the view
 * or of its children gives a new text, equal to a fresh serialization.
 */
import { describe, expect, it } from "vitest";
import type { VariantView } from "../../../src/data/queries/product-variants";
import { serializeVariantDefault, variantDefaultJson } from "../../../src/http/resources/product-variants/serializer";
import { sameData } from "../../../src/http/serializers/same-data";
import { variantRow } from "../../fixtures/domain/variants";

let nextId = 900_000;

function view(): VariantView {
  const id = nextId++;
  const category = { id: 3, code: "clothing", name: "Clothing", description: null, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" };
  return {
    row: variantRow({ id, productId: 1, productCode: "T_SHIRT", code: `T_SHIRT_${id}`, taxCategoryId: 3, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" }),
    translations: [{ id: 1, variantId: id, locale: "en_US", name: "Small" }],
    channelPricings: [{ id: 1, variantId: id, channelCode: "US_WEB", price: 1000 }],
    optionValues: [{ valueId: 7, code: "S", optionId: 2, optionName: "Size", translations: [{ id: 4, valueId: 7, locale: "en_US", value: "S" }] }],
    taxCategory: category,
    shippingCategory: null,
  };
}

const fresh = (v: VariantView) => JSON.stringify(serializeVariantDefault(v));

describe("sameData", () => {
  it.each([
    [1, 1, true],
    ["a", "a", true],
    [null, null, true],
    [null, {}, false],
    [[1, [2]], [1, [2]], true],
    [[1, 2], [1, 2, 3], false],
    [[], {}, false],
    [{ a: 1, b: [{ c: null }] }, { b: [{ c: null }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 1 }, false],
    [{ a: undefined }, { b: undefined }, false],
    [{ a: 1 }, { a: "1" }, false],
  ])("%j vs %j → %s", (a, b, same) => {
    expect(sameData(a, b)).toBe(same);
    expect(sameData(b, a)).toBe(same);
  });
});

describe("variantDefaultJson", () => {
  it("gives the kept text for an equal view read again", () => {
    const first = view();
    const text = variantDefaultJson(first);
    expect(text).toBe(fresh(first));
    const again = structuredClone(first);
    expect(variantDefaultJson(again)).toBe(text);
  });

  it.each<[string, (v: VariantView) => void]>([
    ["a price", (v) => void (v.channelPricings[0]!.price = 1200)],
    ["a translation", (v) => void (v.translations[0]!.name = "Petite")],
    ["an option value's translation", (v) => void (v.optionValues[0]!.translations[0]!.value = "Small")],
    ["the category's name", (v) => void (v.taxCategory!.name = "Apparel")],
    ["a new pricing", (v) => void v.channelPricings.push({ id: 2, variantId: v.row.id, channelCode: "EU_WEB", price: 900 })],
    ["the version", (v) => void (v.row.version = 2)],
  ])("makes a new text when %s changes", (_, change) => {
    const first = view();
    const before = variantDefaultJson(first);
    const changed = structuredClone(first);
    change(changed);
    const after = variantDefaultJson(changed);
    expect(after).toBe(fresh(changed));
    expect(after).not.toBe(before);
  });
});
