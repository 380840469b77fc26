/** An item change's decision (src/domain/cart/item-change.ts): what the cart object's item changes decide with. */
import { describe, expect, it } from "vitest";
import { planItemChange, stockNeededBy, variantsAfter } from "../../../../src/domain/cart/item-change";
import type { CartState, StoredItem, VariantInfo } from "../../../../src/domain/cart/state";

const variant = (id: number, code: string, overrides: Partial<VariantInfo> = {}): VariantInfo => ({
  id,
  code,
  productCode: `P_${code}`,
  tracked: false,
  onHand: 0,
  onHold: 0,
  taxCategoryCode: null,
  shippingCategoryCode: null,
  name: code,
  productName: code,
  price: 1000,
  enabled: true,
  productEnabled: true,
  shippingRequired: true,
  weight: null,
  ...overrides,
});

const item = (id: number, variantId: number, quantity: number): StoredItem => ({
  id,
  variantId,
  quantity,
  unitPrice: 1000,
  unitsTotal: 1000 * quantity,
  adjustmentsTotal: 0,
  total: 1000 * quantity,
  units: Array.from({ length: quantity }, (_, i) => ({ id: id * 100 + i, adjustmentsTotal: 0, adjustments: [] })),
  adjustments: [],
});

const cart = (items: StoredItem[]): CartState => ({
  id: 7,
  channelId: 1,
  channelCode: "WEB",
  currencyCode: "USD",
  localeCode: "en_US",
  itemsTotal: 0,
  adjustmentsTotal: 0,
  total: 0,
  items,
  adjustments: [],
});

let next = 1000;
const ids = { take: () => next++ };

describe("an item change's decision", () => {
  const a = variant(1, "A");
  const off = variant(2, "OFF", { enabled: false });
  const held = cart([item(10, 1, 2)]);
  const context = (variants: VariantInfo[], channelEnabled = true) => ({ channelEnabled, variants: new Map(variants.map((v) => [v.id, v])) });

  it("reports what only data can tell of an add the form refused: the variant, and a blocked cart, at once", () => {
    expect(planItemChange(held, { kind: "add", variantCode: "OFF", quantity: null }, [a, off], context([a, off]), ids)).toEqual({ errors: { variant: ["This value is not valid."] } });
    expect(planItemChange(held, { kind: "add", variantCode: "A", quantity: null }, [a], context([a], false), ids)).toEqual({ errors: { form: ["This value is not valid."] } });
    expect(planItemChange(held, { kind: "add", variantCode: null, quantity: 1 }, [a], context([a]), ids)).toEqual({ errors: {} });
  });

  it("finds an unknown item of a change the form refused before anything else", () => {
    expect(planItemChange(held, { kind: "change", itemId: 99, quantity: null }, [a], context([a], false), ids)).toEqual({ notFound: true });
    expect(planItemChange(held, { kind: "change", itemId: 10, quantity: null }, [a], context([a], false), ids)).toEqual({ errors: { form: ["This value is not valid."] } });
  });

  it("plans an accepted change and a removal", () => {
    const changed = planItemChange(held, { kind: "change", itemId: 10, quantity: 3 }, [a], context([a]), ids);
    expect(changed).toMatchObject({ itemId: 10, plans: [{ id: 10, variantId: 1, quantity: 3 }] });
    expect(planItemChange(held, { kind: "remove", itemId: 10 }, [a], context([a]), ids)).toMatchObject({ itemId: 10, plans: [] });
  });

  it("names the variants a change leaves and the stock a growing quantity needs", () => {
    const byId = new Map([[1, a]]);
    expect(variantsAfter(held, { kind: "change", itemId: 10, quantity: 1 }, byId)).toEqual([a]);
    expect(variantsAfter(held, { kind: "remove", itemId: 10 }, byId)).toEqual([]);
    expect(variantsAfter(held, { kind: "change", itemId: 10, quantity: 1 }, new Map())).toBeNull();
    expect(stockNeededBy(held, { kind: "change", itemId: 10, quantity: 5 })).toEqual({ variantId: 1, quantity: 5 });
    expect(stockNeededBy(held, { kind: "change", itemId: 10, quantity: 1 })).toBeNull();
    expect(stockNeededBy(held, { kind: "remove", itemId: 10 })).toBeNull();
  });
});
