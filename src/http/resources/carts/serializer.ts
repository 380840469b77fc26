/**
 * Carts (orders in state `cart`), their items, units and adjustments — seed
 * 2.2–2.5 and contract §5. The same serializer renders a cart read from D1
 * and an item just written by the cart's Durable Object.
 */
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "../../../data/carts/state";
import type { VariantViewRows } from "../../../data/carts/variant-views";
import { serializeChannelForCart, serializeChannelForCartList, type ChannelRefRow } from "../channels/serializer";
import { serializeCustomerForCart, serializeCustomerForCartList } from "../customers/serializer";
import { enc, href } from "../../serializers/links";
import { groupBy } from "../../../data/collections";

export type CartView = "single" | "list";

export interface CartParties {
  customer: Parameters<typeof serializeCustomerForCart>[0];
  user: Parameters<typeof serializeCustomerForCart>[1];
  channel: ChannelRefRow;
}

export const serializeAdjustment = (a: StoredAdjustment) => ({
  id: a.id,
  type: a.type,
  label: a.label,
  amount: a.amount,
  neutral: a.neutral,
});

const serializeUnit = (u: StoredUnit) => ({
  id: u.id,
  adjustments: u.adjustments.map(serializeAdjustment),
  adjustmentsTotal: u.adjustmentsTotal,
});

/** Indexes variant view rows once, for serializing many items. */
export class VariantViews {
  private readonly byId: Map<number, VariantViewRows["variants"][number]>;
  private readonly translations: Map<number, VariantViewRows["translations"]>;
  private readonly optionValues: Map<number, VariantViewRows["optionValues"]>;
  private readonly valueTranslations: Map<number, VariantViewRows["optionValueTranslations"]>;
  private readonly prices: Map<number, VariantViewRows["prices"]>;

  constructor(rows: VariantViewRows) {
    this.byId = new Map(rows.variants.map((v) => [v.id, v]));
    this.translations = groupBy(rows.translations, (r) => r.variant_id);
    this.optionValues = groupBy(rows.optionValues, (r) => r.variant_id);
    this.valueTranslations = groupBy(rows.optionValueTranslations, (r) => r.value_id);
    this.prices = groupBy(rows.prices, (r) => r.variant_id);
  }

  productCode(variantId: number): string {
    return this.byId.get(variantId)?.product_code ?? "";
  }

  /** The variant's default data as a cart item shows it (seed 2.3). */
  serialize(variantId: number) {
    const v = this.byId.get(variantId);
    if (!v) return null;
    const translations = this.translations.get(variantId) ?? [];
    const optionValues = this.optionValues.get(variantId) ?? [];
    const prices = this.prices.get(variantId) ?? [];
    return {
      id: v.id,
      code: v.code,
      optionValues: optionValues.map((ov) => ({
        code: ov.code,
        translations: keyedOrEmpty(this.valueTranslations.get(ov.value_id) ?? [], (t) => [t.locale, { id: t.id, value: t.value }]),
      })),
      position: v.position,
      translations: keyedOrEmpty(translations, (t) => [t.locale, { id: t.id, name: t.name }]),
      tracked: v.tracked === 1,
      channelPricings: keyedOrEmpty(prices, (p) => [p.channel_code, { channelCode: p.channel_code, price: p.price }]),
    };
  }
}

export function serializeCartItem(item: StoredItem, cartId: number, views: VariantViews) {
  const variant = views.serialize(item.variantId);
  const productCode = views.productCode(item.variantId);
  return {
    id: item.id,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    units: item.units.map(serializeUnit),
    unitsTotal: item.unitsTotal,
    adjustments: item.adjustments.map(serializeAdjustment),
    adjustmentsTotal: item.adjustmentsTotal,
    variant,
    _links: {
      order: href(`/orders/${cartId}`),
      product: href(`/products/${enc(productCode)}`),
      variant: href(`/products/${enc(productCode)}/variants/${enc(variant?.code ?? "")}`),
    },
  };
}

export function serializeCart(cart: CartState & { checkoutState: string }, parties: CartParties, views: VariantViews, view: CartView) {
  return {
    id: cart.id,
    items: cart.items.map((item) => serializeCartItem(item, cart.id, views)),
    itemsTotal: cart.itemsTotal,
    adjustments: cart.adjustments.map(serializeAdjustment),
    adjustmentsTotal: cart.adjustmentsTotal,
    total: cart.total,
    customer:
      view === "single"
        ? serializeCustomerForCart(parties.customer, parties.user)
        : serializeCustomerForCartList(parties.customer, parties.user),
    channel: view === "single" ? serializeChannelForCart(parties.channel) : serializeChannelForCartList(parties.channel),
    currencyCode: cart.currencyCode,
    localeCode: cart.localeCode,
    checkoutState: cart.checkoutState,
  };
}

/** Sylius serializes an empty keyed collection as `[]`. */
function keyedOrEmpty<T, V>(rows: T[], entry: (row: T) => [string, V]): Record<string, V> | [] {
  return rows.length ? Object.fromEntries(rows.map(entry)) : [];
}
