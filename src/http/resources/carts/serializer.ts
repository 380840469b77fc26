/**
 * Carts (orders in state `cart`), their items, units and adjustments. The
 * same serializer renders a cart read from D1 and an item just written by the
 * cart's Durable Object; an item's variant is rendered by the variant
 * serializer, as the variant list shows it.
 */
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "../../../data/carts/state";
import type { VariantView } from "../../../data/queries/product-variants";
import { serializeVariantDefault } from "../product-variants/serializer";
import { serializeChannelForCart, serializeChannelForCartList, type ChannelRefRow } from "../channels/serializer";
import { serializeCustomerForCart, serializeCustomerForCartList } from "../customers/serializer";
import { enc, href } from "../../serializers/links";

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

/** The views of the variants of the items to serialize, by variant id. */
export type VariantViews = ReadonlyMap<number, VariantView>;

export function serializeCartItem(item: StoredItem, cartId: number, views: VariantViews) {
  const view = views.get(item.variantId);
  const productCode = view?.row.productCode ?? "";
  return {
    id: item.id,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    units: item.units.map(serializeUnit),
    unitsTotal: item.unitsTotal,
    adjustments: item.adjustments.map(serializeAdjustment),
    adjustmentsTotal: item.adjustmentsTotal,
    // The variant list's item, as `GET /products/{p}/variants/` shows it.
    variant: view ? serializeVariantDefault(view) : null,
    _links: {
      order: href(`/orders/${cartId}`),
      product: href(`/products/${enc(productCode)}`),
      variant: href(`/products/${enc(productCode)}/variants/${enc(view?.row.code ?? "")}`),
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
