/**
 * Promotions: every field, `channels` as codes, rules and actions as
 * `{id, type, configuration}`, `used` (read-only), `couponBased`, and
 * `_links.coupons` when coupon-based (as Sylius), timestamps with a numeric
 * offset. Null fields (description, usageLimit, startsAt, endsAt) are
 * omitted, as everywhere in this API.
 */
import type { PromotionRecord } from "../../../data/queries/promotions";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export const promotionLink = (code: string) => href(`/promotions/${enc(code)}`);

export function serializePromotion(promotion: PromotionRecord) {
  return {
    id: promotion.id,
    code: promotion.code,
    name: promotion.name,
    description: promotion.description ?? undefined,
    priority: promotion.priority,
    exclusive: promotion.exclusive,
    usageLimit: promotion.usageLimit ?? undefined,
    used: promotion.used,
    couponBased: promotion.couponBased,
    startsAt: atom(promotion.startsAt),
    endsAt: atom(promotion.endsAt),
    channels: promotion.channels,
    rules: promotion.rules.map(({ id, type, configuration }) => ({ id, type, configuration })),
    actions: promotion.actions.map(({ id, type, configuration }) => ({ id, type, configuration })),
    createdAt: atom(promotion.createdAt),
    updatedAt: atom(promotion.updatedAt),
    _links: {
      self: promotionLink(promotion.code),
      // Sylius links the coupons of a coupon-based promotion only.
      coupons: promotion.couponBased ? href(`/promotions/${enc(promotion.code)}/coupons/`) : undefined,
    },
  };
}
