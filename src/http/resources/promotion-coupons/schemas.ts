/** Promotion coupons (src/http/resources/promotion-coupons/serializer.ts). */
import { z } from "zod";
import { serializePromotionCoupon, serializePromotionCouponListItem } from "./serializer";
import { code, component, int, Link, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const OMITTED = "Omitted when not set.";

const summary = {
  id: int(),
  code: code().meta({ examples: ["HOLIDAY10"] }),
  usageLimit: int().optional().meta({ description: `How many times the coupon may be used. ${OMITTED}` }),
  used: int().meta({ description: "How many placed orders used the coupon (read-only)." }),
  expiresAt: timestamp().optional().meta({ description: `The coupon cannot be used after this moment. ${OMITTED}` }),
};

export const PromotionCoupon = component(
  "PromotionCoupon",
  z.object({
    ...summary,
    createdAt: timestamp(),
    updatedAt: timestamp(),
    perCustomerUsageLimit: int().optional().meta({ description: `How many times one customer may use the coupon. ${OMITTED}` }),
    _links: z.object({ self: Link, promotion: Link }),
  }),
  "A coupon of a coupon-based promotion.",
);
type _PromotionCoupon = Expect<Conforms<ReturnType<typeof serializePromotionCoupon>, typeof PromotionCoupon>>;

export const PromotionCouponListItem = component(
  "PromotionCouponListItem",
  z.object({ ...summary, _links: SelfLinks }),
  "A coupon in the list of its promotion's coupons.",
);
type _PromotionCouponListItem = Expect<Conforms<ReturnType<typeof serializePromotionCouponListItem>, typeof PromotionCouponListItem>>;

export const PromotionCouponPage = pageOf("PromotionCouponPage", PromotionCouponListItem);
