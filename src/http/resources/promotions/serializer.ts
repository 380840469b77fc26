/**
 * Promotions, in Sylius 1.8's sets (PromotionBundle's and AdminApiBundle's
 * Model.Promotion.yml):
 * - detailed (one promotion): `{id, code, name, priority, exclusive,
 *   usageLimit?, used, startsAt?, endsAt?, couponBased, rules, actions,
 *   createdAt, updatedAt, channels (the channel's detailed set), _links}`;
 *   no description (Sylius does not serialize it; the form takes it);
 * - list item: `{id, code, name, priority, _links}`.
 * Rules and actions are `{id, type, configuration}`; `_links.coupons` is
 * there for a coupon-based promotion only. Null fields are omitted, as JMS
 * leaves them out.
 */
import type { PromotionRecord } from "../../../data/queries/promotions";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { serializeChannel } from "../channels/serializer";

export const promotionLink = (code: string) => href(`/promotions/${enc(code)}`);

const promotionLinks = (promotion: PromotionRecord) => ({
  self: promotionLink(promotion.code),
  coupons: promotion.couponBased ? href(`/promotions/${enc(promotion.code)}/coupons/`) : undefined,
});

export function serializePromotion(promotion: PromotionRecord) {
  return {
    id: promotion.id,
    code: promotion.code,
    name: promotion.name,
    priority: promotion.priority,
    exclusive: promotion.exclusive,
    usageLimit: promotion.usageLimit ?? undefined,
    used: promotion.used,
    startsAt: atom(promotion.startsAt),
    endsAt: atom(promotion.endsAt),
    couponBased: promotion.couponBased,
    rules: promotion.rules.map(({ id, type, configuration }) => ({ id, type, configuration })),
    actions: promotion.actions.map(({ id, type, configuration }) => ({ id, type, configuration })),
    createdAt: atom(promotion.createdAt),
    updatedAt: atom(promotion.updatedAt),
    channels: promotion.channels.map(serializeChannel),
    _links: promotionLinks(promotion),
  };
}

export function serializePromotionListItem(promotion: PromotionRecord) {
  return { id: promotion.id, code: promotion.code, name: promotion.name, priority: promotion.priority, _links: promotionLinks(promotion) };
}
