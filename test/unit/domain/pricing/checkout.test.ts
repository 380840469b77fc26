import { describe, expect, it } from "vitest";
import { recalculate, type CheckoutPricing } from "../../../../src/domain/pricing";
import { contextOf, method, orderLevel, orderPercent, promo, snapshotOf, type ContextSpec, type ItemSpec } from "../../../fixtures/domain/pricing";

const items: ItemSpec[] = [{ id: 1, price: 2000, qty: 1 }];

const priced = (spec: ContextSpec, checkout: CheckoutPricing) => recalculate(snapshotOf(items), { ...contextOf(items, spec), checkout });
const shippingOf = (result: ReturnType<typeof recalculate>) => orderLevel(result).filter((a) => a.type === "shipping").map((a) => a.originCode);

const methods = [
  method({ id: 1, code: "EU_A", position: 0, zoneCode: "EU", amount: 1000 }),
  method({ id: 2, code: "EU_B", position: 1, zoneCode: "EU", amount: 700 }),
  method({ id: 3, code: "US", position: 2, zoneCode: "US", amount: 500 }),
];
const none: CheckoutPricing = { shippingZoneCodes: null, shippingMethodCode: null, couponPromotionId: null };

describe("checkout pricing", () => {
  it("before addressing: the channel's zone; after: only the shipping address's zones", () => {
    expect(shippingOf(priced({ shippingMethods: methods }, none))).toEqual(["EU_A"]);
    expect(shippingOf(priced({ shippingMethods: methods }, { ...none, shippingZoneCodes: ["US"] }))).toEqual(["US"]);
    expect(shippingOf(priced({ shippingMethods: methods }, { ...none, shippingZoneCodes: ["NOWHERE"] }))).toEqual([]);
  });

  it("keeps the shipment's method while it is eligible, else the first eligible one", () => {
    expect(shippingOf(priced({ shippingMethods: methods }, { ...none, shippingZoneCodes: ["EU"], shippingMethodCode: "EU_B" }))).toEqual(["EU_B"]);
    expect(shippingOf(priced({ shippingMethods: methods }, { ...none, shippingZoneCodes: ["EU"], shippingMethodCode: "US" }))).toEqual(["EU_A"]);
  });

  it("applies a coupon-based promotion only with its coupon", () => {
    const promotions = [promo({ id: 7, name: "Holiday promotion", couponBased: true, actions: [orderPercent(0.1)] })];
    expect(priced({ promotions }, none).total).toBe(2000);
    expect(priced({ promotions }, { ...none, couponPromotionId: 8 }).total).toBe(2000);
    expect(priced({ promotions }, { ...none, couponPromotionId: 7 }).total).toBe(1800);
  });
});
