/**
 * Placed orders (and carts read through `/orders/{id}`), their payments and
 * shipments, as Sylius 1.8's admin API v1 shows them (its serializer configs): keys in
 * Sylius' order, null values omitted.
 *
 * - `serializeOrder(record, "detailed")`: `GET /orders/{id}`;
 *   `"summary"`: `GET /checkouts/{id}` (addresses without `id`, payments with
 *   their timestamps); `"list"`: an item of `GET /orders/`.
 * - `serializeOrderPayment`, `serializeOrderShipment`: `/payments/`, `/shipments/`.
 * - The channel, the payment method and the customer's birthday as their
 *   own resources serialize them (`serializeChannel`,
 *   `serializePaymentMethod`, `birthdayDateTime`).
 *
 * Units are embedded as the JSON text D1 holds (see unit-json.ts) through a
 * `renderUnits` callback: the body embeds them with a `JsonSplicer`, the
 * entity tag replaces them by nothing (the order's `version` stands for them).
 */
import type {
  AddressRow,
  CouponRow,
  OrderRecord,
  PaymentView,
  ShipmentRow,
} from "../../../data/orders/order-views";
import type { ViewedItem } from "../../../data/carts/cart-views";
import type { VariantView } from "../../../data/queries/product-variants";
import { serializeAdjustment, serializeItemWith } from "../carts/serializer";
import { serializeTaxCategory } from "../shared/category-views";
import { variantPath } from "../product-variants/serializer";
import { channelLinks, serializeChannel } from "../channels/serializer";
import { birthdayDateTime, customerLinks } from "../customers/serializer";
import { serializePaymentMethod, serializePaymentMethodReference } from "../payment-methods/serializer";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export type OrderView = "detailed" | "summary" | "list";

/** How an item's units (JSON text from D1) go into the value: embedded verbatim, or left out of a tag's digest. */
export type RenderUnits = (units: string) => unknown;

/** `[]` for an empty map (as PHP serializes an empty array), else the object. */
function keyedOrEmptyList<T>(entries: [string, T][]): Record<string, T> | [] {
  return entries.length === 0 ? [] : Object.fromEntries(entries);
}

/** The variant of an order item: Sylius' detailed variant set, in its key order. */
export function serializeOrderVariant(view: VariantView) {
  const { row } = view;
  return {
    id: row.id,
    code: row.code,
    optionValues: view.optionValues.map((value) => ({
      code: value.code,
      ...(value.optionName !== null ? { name: value.optionName } : {}),
      translations: keyedOrEmptyList(value.translations.map((t) => [t.locale, { locale: t.locale, id: t.id, value: t.value }])),
    })),
    position: row.position,
    translations: keyedOrEmptyList(view.translations.map((t) => [t.locale, { locale: t.locale, id: t.id, name: t.name }])),
    version: row.version,
    onHold: row.onHold,
    onHand: row.onHand,
    tracked: row.tracked,
    taxCategory: view.taxCategory ? serializeTaxCategory(view.taxCategory, "embedded") : undefined,
    channelPricings: keyedOrEmptyList(view.channelPricings.map((p) => [p.channelCode, { channelCode: p.channelCode, price: p.price }])),
    _links: { self: href(variantPath(row.productCode, row.code)), product: href(`/products/${enc(row.productCode)}`) },
  };
}

/** How an item's variant goes into the value: serialized, or as its JSON text embedded (a list renders each variant once). */
export type RenderVariant = (view: VariantView) => unknown;

function serializeOrderItem(item: ViewedItem, orderId: number, views: ReadonlyMap<number, VariantView>, renderUnits: RenderUnits, renderVariant: RenderVariant) {
  return serializeItemWith(item, renderUnits, orderId, views, (view) => (view ? renderVariant(view) : undefined));
}

function serializeAddress(row: AddressRow, withId: boolean) {
  return {
    id: withId ? row.id : undefined,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber ?? undefined,
    countryCode: row.countryCode,
    provinceCode: row.provinceCode ?? undefined,
    provinceName: row.provinceName ?? undefined,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
  };
}

/**
 * A payment: `detailed` (`GET /payments/{id}`, inside `GET /orders/{id}`),
 * `summary` (the checkout summary adds its timestamps), `list` (`GET
 * /payments/`: the method reduced).
 */
export function serializeOrderPayment(payment: PaymentView, view: OrderView) {
  const { row, method } = payment;
  return {
    id: row.id,
    method: !method ? undefined : view === "list" ? serializePaymentMethodReference(method.row, method.translations) : serializePaymentMethod(method.row, method),
    amount: row.amount,
    state: row.state,
    createdAt: view === "summary" ? atom(row.createdAt) : undefined,
    updatedAt: view === "summary" ? atom(row.updatedAt) : undefined,
    _links: {
      self: href(`/payments/${row.id}`),
      "payment-method": method ? href(`/payment-methods/${enc(method.row.code)}`) : undefined,
      order: href(`/orders/${row.orderId}`),
    },
  };
}

export function serializeOrderShipment(row: ShipmentRow) {
  const methodLink = row.methodCode === null ? undefined : href(`/shipping-methods/${enc(row.methodCode)}`);
  return {
    id: row.id,
    state: row.state,
    method:
      row.methodId === null || row.methodCode === null
        ? undefined
        : {
            id: row.methodId,
            code: row.methodCode,
            enabled: row.methodEnabled === 1,
            _links: { self: methodLink, zone: row.zoneCode === null ? undefined : href(`/zones/${enc(row.zoneCode)}`) },
          },
    tracking: row.tracking ?? undefined,
    _links: { self: href(`/shipments/${row.id}`), "shipping-method": methodLink, order: href(`/orders/${row.orderId}`) },
  };
}

function serializeCoupon(row: CouponRow) {
  const promotion = href(`/promotions/${enc(row.promotionCode)}`);
  return {
    id: row.id,
    code: row.code,
    used: row.used,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(`/promotions/${enc(row.promotionCode)}/coupons/${enc(row.code)}`), promotion },
  };
}

function serializeOrderCustomer(record: OrderRecord, view: OrderView) {
  const { customer, person, user } = record;
  const identity = { id: customer.id, email: customer.email };
  if (view === "list") {
    return { ...identity, firstName: customer.firstName ?? undefined, lastName: customer.lastName ?? undefined, _links: customerLinks(customer.id) };
  }
  return {
    ...identity,
    emailCanonical: person?.emailCanonical,
    firstName: customer.firstName ?? undefined,
    lastName: customer.lastName ?? undefined,
    birthday: birthdayDateTime(person?.birthday ?? null),
    gender: person?.gender ?? "u",
    user: user ? { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical } : undefined,
    _links: customerLinks(customer.id),
  };
}

/** An order in one of its views (see the module's comment); `renderUnits` places each item's units. */
export function serializeOrder(
  record: OrderRecord,
  views: ReadonlyMap<number, VariantView>,
  view: OrderView,
  renderUnits: RenderUnits,
  renderVariant: RenderVariant = serializeOrderVariant,
) {
  const { cart, detail } = record;
  const items = cart.items.map((item) => serializeOrderItem(item, cart.id, views, renderUnits, renderVariant));
  const coupon = record.coupon ? serializeCoupon(record.coupon) : undefined;
  const totals = {
    items,
    itemsTotal: cart.itemsTotal,
    adjustments: cart.adjustments.map(serializeAdjustment),
    adjustmentsTotal: cart.adjustmentsTotal,
    total: cart.total,
  };
  if (view === "list") {
    return {
      id: cart.id,
      ...totals,
      customer: serializeOrderCustomer(record, view),
      channel: { id: record.channel.id, code: record.channel.code, _links: channelLinks(record.channel.code) },
      currencyCode: cart.currencyCode,
      localeCode: cart.localeCode,
      promotionCoupon: coupon,
      checkoutState: cart.checkoutState,
    };
  }
  const withIds = view === "detailed";
  const shippingAddress = record.shippingAddress ? serializeAddress(record.shippingAddress, withIds) : undefined;
  const billingAddress = record.billingAddress ? serializeAddress(record.billingAddress, withIds) : undefined;
  return {
    id: cart.id,
    checkoutCompletedAt: atom(detail.checkoutCompletedAt),
    number: detail.number ?? undefined,
    ...totals,
    state: cart.state,
    customer: serializeOrderCustomer(record, view),
    channel: record.channelRow ? serializeChannel(record.channelRow) : undefined,
    // Sylius' Order.yml lists the shipping address first; its checkout summary (the "Detailed" group) the billing one.
    ...(withIds ? { shippingAddress, billingAddress } : { billingAddress, shippingAddress }),
    payments: record.payments.map((payment) => serializeOrderPayment(payment, view)),
    shipments: record.shipments.map(serializeOrderShipment),
    currencyCode: cart.currencyCode,
    localeCode: cart.localeCode,
    promotionCoupon: coupon,
    checkoutState: cart.checkoutState,
  };
}
