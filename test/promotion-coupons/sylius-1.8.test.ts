/**
 * Promotion coupons as Sylius 1.8's PromotionCouponApiTest drives them
 * (tests/Responses/promotion_coupon/*.json): the form's children in
 * PromotionCouponType's order (reusableFromCancelledOrders included, code
 * last) and the advanced create's expiry given as a date. Coupon codes are
 * shared storage: each test takes a fresh code where Sylius has `1234`.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createPromotion } from "../fixtures/catalog";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";

const couponsOf = (promotion: string) => `/api/v1/promotions/${promotion}/coupons/`;
const holiday = () => createPromotion({ name: "Holiday", couponBased: true });

describe("promotion coupons (Sylius 1.8 PromotionCouponApiTest)", () => {
  it("it_does_not_allow_to_create_coupon_without_specifying_required_data: create_validation_fail_response", async () => {
    const promotion = await holiday();
    const res = await api("POST", couponsOf(promotion.code));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed({
        usageLimit: {},
        expiresAt: {},
        perCustomerUsageLimit: {},
        reusableFromCancelledOrders: {},
        code: { errors: ["Please enter coupon code."] },
      }),
    );
    expect(Object.keys(res.body.errors.children)).toEqual(["usageLimit", "expiresAt", "perCustomerUsageLimit", "reusableFromCancelledOrders", "code"]);
  });

  it("it_allows_to_create_coupon_with_given_code_expiration_date_and_usage_limits: create_advanced_response", async () => {
    const promotion = await holiday();
    const code = uniqueCode("C1234");
    const res = await api("POST", couponsOf(promotion.code), { code, expiresAt: "2020-01-01", usageLimit: 10, perCustomerUsageLimit: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      usageLimit: 10,
      used: 0,
      expiresAt: TIMESTAMP,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      perCustomerUsageLimit: 1,
      _links: { self: { href: `${couponsOf(promotion.code)}${code}` }, promotion: { href: `/api/v1/promotions/${promotion.code}` } },
    });
  });

  it("reusableFromCancelledOrders: Sylius' default (true) is accepted; false is not a setting this service keeps", async () => {
    const promotion = await holiday();
    expect((await api("POST", couponsOf(promotion.code), { code: uniqueCode("R"), reusableFromCancelledOrders: true })).status).toBe(201);
    const refused = await api("POST", couponsOf(promotion.code), { code: uniqueCode("R"), reusableFromCancelledOrders: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.children.reusableFromCancelledOrders).toEqual({ errors: ["This value is not valid."] });
  });
});

/** A PUT is Sylius' form submitted whole (Symfony's clear_missing): what it leaves out is cleared; PATCH keeps it. */
describe("PromotionCouponApiTest", () => {
  const coupon = async () => {
    const promotion = await holiday();
    const code = uniqueCode("CAE14");
    const res = await api("POST", couponsOf(promotion.code), { code, usageLimit: 4, perCustomerUsageLimit: 1, expiresAt: "2030-01-01" });
    expect(res.status).toBe(201);
    expect(res.body.expiresAt).toEqual(TIMESTAMP);
    return `${couponsOf(promotion.code)}${code}`;
  };

  it("it_allows_to_fully_update_coupon", async () => {
    const url = await coupon();
    const put = await api("PUT", url, { usageLimit: 30, perCustomerUsageLimit: 2 });
    expect(put.status).toBe(204);
    const read = await api("GET", url);
    expect(read.body).toMatchObject({ usageLimit: 30, perCustomerUsageLimit: 2 });
    // Not sent: the expiry is gone, and the read omits it (Sylius' update_response).
    expect(read.body).not.toHaveProperty("expiresAt");
  });

  it("it_allows_to_partially_update_coupon", async () => {
    const url = await coupon();
    const patch = await api("PATCH", url, { usageLimit: 30 });
    expect(patch.status).toBe(204);
    const read = await api("GET", url);
    expect(read.body).toMatchObject({ usageLimit: 30, perCustomerUsageLimit: 1, expiresAt: TIMESTAMP });
  });
});
