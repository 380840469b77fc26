/** Orders, payments and shipments (as `serializer.ts` renders them). */
import { z } from "zod";
import { code, component, int, keyedOrEmpty, Link, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import { Adjustment, CartItemUnit } from "../carts/schemas";
import { TaxCategoryEmbedded } from "../shared/category-views";
import { Channel } from "../channels/schemas";
import { PaymentMethod, PaymentMethodReference } from "../payment-methods/schemas";
import { OMITTED } from "../shared/schema-parts";

export const OrderVariant = component(
  "OrderVariant",
  z.object({
    id: int(),
    code: code(),
    optionValues: z.array(
      z.object({
        code: code(),
        name: z.string().optional(),
        translations: keyedOrEmpty(z.object({ locale: z.string(), id: int(), value: z.string() }), "locale code"),
      }),
    ),
    position: int(),
    translations: keyedOrEmpty(z.object({ locale: z.string(), id: int(), name: z.string() }), "locale code"),
    version: int(),
    onHold: int(),
    onHand: int(),
    tracked: z.boolean(),
    taxCategory: TaxCategoryEmbedded.optional().meta({ description: OMITTED }),
    channelPricings: keyedOrEmpty(z.object({ channelCode: z.string(), price: int() }), "channel code"),
    _links: z.object({ self: Link, product: Link }),
  }),
  "The variant of an order item (Sylius' detailed variant set).",
);

export const OrderItem = component(
  "OrderItem",
  z.object({
    id: int(),
    quantity: int(),
    unitPrice: int(),
    total: int(),
    units: z.array(CartItemUnit),
    unitsTotal: int(),
    adjustments: z.array(Adjustment),
    adjustmentsTotal: int(),
    variant: OrderVariant.optional(),
    _links: z.object({ order: Link, product: Link, variant: Link }),
  }),
  "An item of an order.",
);

export const OrderCustomer = component(
  "OrderCustomer",
  z.object({
    id: int(),
    email: z.string(),
    emailCanonical: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    birthday: timestamp().optional(),
    gender: z.string().meta({ examples: ["u", "m", "f"] }),
    user: z.object({ id: int(), username: z.string(), usernameCanonical: z.string() }).optional(),
    _links: SelfLinks,
  }),
  "The customer of an order.",
);

export const OrderAddress = component(
  "OrderAddress",
  z.object({
    id: int().optional().meta({ description: "Not in the checkout summary." }),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().optional(),
    countryCode: z.string(),
    provinceCode: z.string().optional(),
    provinceName: z.string().optional(),
    street: z.string(),
    city: z.string(),
    postcode: z.string(),
  }),
  "A shipping or billing address.",
);

/** The method in a payment: in full, or reduced (`PaymentMethodReference`) in the payment list. */
const PaymentMethodReferenceComponent = component(
  "PaymentMethodReference",
  PaymentMethodReference,
  "A payment's method in the payment list: id, code, position, translations and its link.",
);

export const Payment = component(
  "Payment",
  z.object({
    id: int(),
    method: z.union([PaymentMethod, PaymentMethodReferenceComponent]).optional(),
    amount: int(),
    state: z.string().meta({ examples: ["cart", "new", "completed", "cancelled"] }),
    createdAt: timestamp().optional().meta({ description: "Only in the checkout summary." }),
    updatedAt: timestamp().optional().meta({ description: "Only in the checkout summary." }),
    _links: z.object({ self: Link, "payment-method": Link.optional(), order: Link }),
  }),
  "A payment of an order.",
);

export const Shipment = component(
  "Shipment",
  z.object({
    id: int(),
    state: z.string().meta({ examples: ["cart", "ready", "shipped", "cancelled"] }),
    method: z
      .object({ id: int(), code: code(), enabled: z.boolean(), _links: z.object({ self: Link.optional(), zone: Link.optional() }) })
      .optional(),
    tracking: z.string().optional(),
    _links: z.object({ self: Link, "shipping-method": Link.optional(), order: Link }),
  }),
  "A shipment of an order.",
);

const OrderCoupon = z.object({
  id: int(),
  code: code(),
  used: int(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  _links: z.object({ self: Link, promotion: Link }),
});

const totals = {
  items: z.array(OrderItem),
  itemsTotal: int(),
  adjustments: z.array(Adjustment),
  adjustmentsTotal: int(),
  total: int(),
};

const detailed = {
  id: int(),
  checkoutCompletedAt: timestamp().optional().meta({ description: OMITTED }),
  number: z.string().optional().meta({ description: "9 digits; omitted on a cart.", examples: ["000000001"] }),
  ...totals,
  state: z.string().meta({ examples: ["cart", "new", "cancelled", "fulfilled"] }),
  customer: OrderCustomer,
  channel: Channel.optional(),
  shippingAddress: OrderAddress.optional(),
  billingAddress: OrderAddress.optional(),
  payments: z.array(Payment),
  shipments: z.array(Shipment),
  currencyCode: z.string(),
  localeCode: z.string(),
  promotionCoupon: OrderCoupon.optional(),
  checkoutState: z.string(),
};

export const Order = component("Order", z.object(detailed), "An order (a cart too, read through `/orders/{id}`).");

export const CheckoutSummary = component(
  "CheckoutSummary",
  z.object(detailed),
  "The checkout summary: the order with addresses without their ids and payments with their timestamps.",
);

export const OrderListItem = component(
  "OrderListItem",
  z.object({
    id: int(),
    ...totals,
    customer: z.object({ id: int(), email: z.string(), firstName: z.string().optional(), lastName: z.string().optional(), _links: SelfLinks }),
    channel: z.object({ id: int(), code: code(), _links: SelfLinks }),
    currencyCode: z.string(),
    localeCode: z.string(),
    promotionCoupon: OrderCoupon.optional(),
    checkoutState: z.string(),
  }),
  "An order in the list.",
);

export const OrderPage = pageOf("OrderPage", OrderListItem);
export const PaymentPage = pageOf("PaymentPage", Payment);
export const ShipmentPage = pageOf("ShipmentPage", Shipment);
