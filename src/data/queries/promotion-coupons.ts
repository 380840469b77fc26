/**
 * Promotion coupons (Sylius PromotionCoupon): codes unique across all
 * promotions; a coupon-based promotion applies to a cart carrying one of its
 * coupons. Coupons are addressed under their promotion's code.
 */
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import type { ListCounter } from "../list-page";
import { promotionCoupons, promotions } from "../schema";
import { rowByCode } from "./table-reads";

export interface PromotionCouponRow {
  id: number;
  promotionId: number;
  code: string;
  usageLimit: number | null;
  perCustomerUsageLimit: number | null;
  used: number;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const promotionCouponColumns = getTableColumns(promotionCoupons);

/** What a coupon's resource needs of its promotion. */
export const couponPromotionByCode = (db: Database, code: string) =>
  db
    .select({ id: promotions.id, code: promotions.code, name: promotions.name, couponBased: promotions.couponBased })
    .from(promotions)
    .where(eq(promotions.code, code))
    .limit(1);

/** The id of the promotion with `code`, as an SQL scalar (NULL when none). */
export const promotionIdOf = (code: string): SQL => sql`(SELECT id FROM promotions WHERE code = ${code})`;

/** The coupon `code` of the promotion `promotionCode` (none when it belongs to another promotion). */
export const couponOfPromotion = (db: Database, promotionCode: string, code: string) =>
  db
    .select(promotionCouponColumns)
    .from(promotionCoupons)
    .where(and(eq(promotionCoupons.code, code), eq(promotionCoupons.promotionId, promotionIdOf(promotionCode))))
    .limit(1);

/** The coupon `code` of any promotion: coupon codes are unique across promotions. */
export const couponByCode = (db: Database, code: string) => rowByCode(db, promotionCoupons, code);

/** True when an order (a cart included) carries the coupon. */
export const couponInUse = (couponId: number): SQL => sql`EXISTS (SELECT 1 FROM orders WHERE promotion_coupon_id = ${couponId})`;

/** True when an order (a cart included) carries one of the promotion's coupons. */
export const promotionCouponsInUse = (promotionId: number): SQL => sql`EXISTS (
      SELECT 1 FROM orders o JOIN promotion_coupons pc ON pc.id = o.promotion_coupon_id WHERE pc.promotion_id = ${promotionId}
    )`;

/** A promotion's coupons as a nested list: their rows, and the counter row of their unfiltered total (kept by triggers). */
export const couponListScope = (promotionCode: string): { where: SQL; counter: ListCounter } => ({
  where: eq(promotionCoupons.promotionId, promotionIdOf(promotionCode)),
  counter: { scope: "promotion_coupons", owner: promotionIdOf(promotionCode) },
});
