/**
 * Carts (orders in state `cart`), their items, units and adjustments. The
 * same serializer renders a cart read from D1 and an item just written by the
 * cart's Durable Object; an item's variant is rendered by the variant
 * serializer, as the variant list shows it.
 */
import type { CartState, StoredAdjustment, StoredItem, StoredUnit } from "../../../domain/cart/state";
import type { CartRecord, ViewedCart } from "../../../data/carts/cart-views";
import { JsonSplicer, type Embedded } from "../../serializers/json-splice";
import type { VariantView } from "../../../data/queries/product-variants";
import { serializeVariantDefault, variantDefaultJson } from "../product-variants/serializer";
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

type SerializedUnits = ReturnType<typeof serializeUnit>[];
type VariantDefault = ReturnType<typeof serializeVariantDefault>;

/** An item whose units are held as `U` (objects in memory, JSON text when read for display). */
type ItemWithUnits<U> = Omit<StoredItem, "units"> & { units: U };

/**
 * An item of a cart or an order: its units as `renderUnits` places them, its
 * variant as `renderVariant` shows it (a cart: the variant list's item; an
 * order: Sylius' detailed variant set).
 */
export function serializeItemWith<U, R, V = ReturnType<typeof serializeVariantDefault> | null>(
  item: ItemWithUnits<U>,
  renderUnits: (units: U) => R,
  cartId: number,
  views: VariantViews,
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The default renderer's output is what V defaults to (the variant's default serialization or null).
  renderVariant: (view: VariantView | undefined) => V = (view) => (view ? serializeVariantDefault(view) : null) as V,
) {
  const view = views.get(item.variantId);
  const productCode = view?.row.productCode ?? "";
  return {
    id: item.id,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    units: renderUnits(item.units),
    unitsTotal: item.unitsTotal,
    adjustments: item.adjustments.map(serializeAdjustment),
    adjustmentsTotal: item.adjustmentsTotal,
    variant: renderVariant(view),
    _links: {
      order: href(`/orders/${cartId}`),
      product: href(`/products/${enc(productCode)}`),
      variant: href(`/products/${enc(productCode)}/variants/${enc(view?.row.code ?? "")}`),
    },
  };
}

export function serializeCartItem(item: StoredItem, cartId: number, views: VariantViews) {
  return serializeItemWith(item, (units) => units.map(serializeUnit), cartId, views);
}

type CartWithItems<I> = Omit<CartState, "items"> & { items: I[]; checkoutState: string };

function serializeCartWith<I, R>(cart: CartWithItems<I>, renderItem: (item: I) => R, parties: CartParties, view: CartView) {
  return {
    id: cart.id,
    items: cart.items.map(renderItem),
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

/** A cart whose units are in memory (the cart object's state, a cart just created). */
export function serializeCart(cart: CartState & { checkoutState: string }, parties: CartParties, views: VariantViews, view: CartView) {
  return serializeCartWith(cart, (item) => serializeCartItem(item, cart.id, views), parties, view);
}

/**
 * A cart read for display: the units' JSON text from D1 is embedded as it is
 * (write the result with `splicer.stringify`).
 */
export function serializeViewedCart(cart: ViewedCart, parties: CartParties, views: VariantViews, view: CartView, splicer: JsonSplicer) {
  const renderUnits = (units: string): Embedded<SerializedUnits> => splicer.embed(units);
  // The variants' JSON texts are those the cart's ETag digested (see etag.ts).
  const renderVariant = (variant: VariantView | undefined): Embedded<VariantDefault> | null =>
    variant ? splicer.embed(variantDefaultJson(variant)) : null;
  return serializeCartWith(cart, (item) => serializeItemWith(item, renderUnits, cart.id, views, renderVariant), parties, view);
}

/** The JSON text of a cart read for display, units embedded as D1 rendered them. */
export function viewedCartJson(record: CartRecord, views: VariantViews, view: CartView = "single"): string {
  const splicer = new JsonSplicer();
  return splicer.stringify(serializeViewedCart(record.cart, record, views, view, splicer));
}
