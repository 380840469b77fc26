import { describe, expect, it } from "vitest";
import { keepVariants, latestRead, newestVariants } from "../../../src/cart/variant-info-cache";
import type { VariantInfo } from "../../../src/domain/cart/state";

const variant = (id: number, price: number): VariantInfo => ({
  id,
  code: `V${id}`,
  productCode: "P",
  tracked: false,
  onHand: 0,
  onHold: 0,
  taxCategoryCode: null,
  shippingCategoryCode: null,
  name: null,
  productName: null,
  price,
  enabled: true,
  productEnabled: true,
  shippingRequired: true,
  weight: null,
});

const place = { channelCode: "UNIT_CACHE", localeCode: "en_US" };

describe("the variants' data shared by an isolate's cart objects", () => {
  it("replaces a held variant only by a read made after the held copy, in the same channel and locale", () => {
    const held = new Map([[1, variant(1, 100)], [2, variant(2, 200)]]);
    const heldSeq = keepVariants(place, [...held.values()]);
    expect(newestVariants(place, held, heldSeq)).toBe(held);

    keepVariants(place, [variant(1, 150)]);
    keepVariants({ ...place, localeCode: "fr_FR" }, [variant(2, 999)]);
    const newest = newestVariants(place, held, heldSeq);
    expect([...newest.values()].map((v) => v.price)).toEqual([150, 200]);
    // The held map itself is never changed.
    expect(held.get(1)!.price).toBe(100);
    // A copy taken after that read keeps its own data.
    expect(newestVariants(place, new Map([[1, variant(1, 120)]]), latestRead()).get(1)!.price).toBe(120);
  });

  it("forgets the least recently read variants past its bound", () => {
    const seq = latestRead();
    keepVariants(place, [variant(1_000_000, 1)]);
    keepVariants(place, Array.from({ length: 10_000 }, (_, i) => variant(2_000_000 + i, 2)));
    expect(newestVariants(place, new Map([[1_000_000, variant(1_000_000, 0)]]), seq).get(1_000_000)!.price).toBe(0);
    expect(newestVariants(place, new Map([[2_009_999, variant(2_009_999, 0)]]), seq).get(2_009_999)!.price).toBe(2);
  });
});
