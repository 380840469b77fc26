/**
 * Promotion coupons, as Sylius 1.8 serializes them (PromotionBundle and
 * AdminApiBundle `Model.PromotionCoupon.yml`). Null fields are omitted.
 * - `serializePromotionCoupon` (group Detailed: a coupon, an order's
 *   `promotionCoupon`): {id, code, usageLimit?, used, expiresAt?, createdAt,
 *   updatedAt, perCustomerUsageLimit?, _links{self, promotion}}
 * - `serializePromotionCouponListItem` (group Default: the coupon list):
 *   {id, code, usageLimit?, used, expiresAt?, _links.self}
 */
import type { PromotionCouponRow } from "../../../data/queries/promotion-coupons";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { promotionLink } from "../promotions/serializer";

export const couponLink = (promotionCode: string, code: string) => href(`/promotions/${enc(promotionCode)}/coupons/${enc(code)}`);

type CouponRow = Omit<PromotionCouponRow, "promotionId">;

const summary = (row: CouponRow) => ({
  id: row.id,
  code: row.code,
  usageLimit: row.usageLimit ?? undefined,
  used: row.used,
  expiresAt: atom(row.expiresAt),
});

export function serializePromotionCoupon(row: CouponRow, promotionCode: string) {
  return {
    ...summary(row),
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    perCustomerUsageLimit: row.perCustomerUsageLimit ?? undefined,
    _links: { self: couponLink(promotionCode, row.code), promotion: promotionLink(promotionCode) },
  };
}

export function serializePromotionCouponListItem(row: CouponRow, promotionCode: string) {
  return { ...summary(row), _links: { self: couponLink(promotionCode, row.code) } };
}
