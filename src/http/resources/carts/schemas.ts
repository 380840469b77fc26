/** Carts, their items, units and adjustments (as `serializeCart` renders them). Orders share the cart's shape. */
import { z } from "zod";
import { serializeAdjustment, serializeCart, serializeCartItem } from "./serializer";
import { component, int, Link, pageOf } from "../../openapi/common";
import { CartChannel, CartListChannel } from "../channels/schemas";
import { CartCustomer, CartListCustomer } from "../customers/schemas";
import { ProductVariant } from "../product-variants/schemas";
import type { serializeVariantDefault } from "../product-variants/serializer";
import type { Conforms, ConformsTo, Expect } from "../../openapi/conformance";

export const Adjustment = component(
  "Adjustment",
  z.object({
    id: int(),
    type: z.string().meta({
      examples: ["shipping", "order_promotion", "order_item_promotion", "order_shipping_promotion", "tax"],
    }),
    label: z.string(),
    amount: int().meta({ description: "Minor units; negative for discounts." }),
    neutral: z.boolean().meta({ description: "A neutral adjustment (tax included in price) does not change totals." }),
  }),
  "An adjustment of a cart, item or unit.",
);

export const CartItemUnit = component(
  "CartItemUnit",
  z.object({ id: int(), adjustments: z.array(Adjustment), adjustmentsTotal: int() }),
  "One unit of an item (one per quantity).",
);

export const CartItem = component(
  "CartItem",
  z.object({
    id: int(),
    quantity: int(),
    unitPrice: int(),
    total: int().meta({ description: "unitsTotal + adjustmentsTotal." }),
    units: z.array(CartItemUnit),
    unitsTotal: int(),
    adjustments: z.array(Adjustment),
    adjustmentsTotal: int(),
    // The item's variant, exactly as the variant list shows it.
    variant: ProductVariant,
    _links: component("CartItemLinks", z.object({ order: Link, product: Link, variant: Link })),
  }),
  "An item of a cart.",
);

const cart = {
  id: int(),
  items: z.array(CartItem),
  itemsTotal: int(),
  adjustments: z.array(Adjustment),
  adjustmentsTotal: int(),
  total: int().meta({ description: "itemsTotal + adjustmentsTotal, never below 0." }),
  currencyCode: z.string().meta({ examples: ["USD"] }),
  localeCode: z.string().meta({ examples: ["en_US"] }),
  checkoutState: z.string().meta({ examples: ["cart"] }),
};

export const Cart = component(
  "Cart",
  z.object({ ...cart, customer: CartCustomer, channel: CartChannel }),
  "A cart (an order in state `cart`); also the shape of `GET /orders/{id}`.",
);

export const CartListItem = component(
  "CartListItem",
  z.object({ ...cart, customer: CartListCustomer, channel: CartListChannel }),
  "A cart in a list.",
);

export const CartPage = pageOf("CartPage", CartListItem);

// One serializer renders both views, so its customer/channel types are the
// union of both. An item's variant comes from the variant serializer, whose
// output is an open record (test/openapi checks it against ProductVariant at
// run time); it is typed nullable (a variant in use cannot be deleted, so it
// is always there).
type CartItemInput = Omit<z.input<typeof CartItem>, "variant"> & {
  variant: ReturnType<typeof serializeVariantDefault> | null;
};
type CartInput = Omit<z.input<typeof Cart>, "items" | "customer" | "channel"> & {
  items: CartItemInput[];
  customer: z.input<typeof CartCustomer> | z.input<typeof CartListCustomer>;
  channel: z.input<typeof CartChannel> | z.input<typeof CartListChannel>;
};
type _Adjustment = Expect<Conforms<ReturnType<typeof serializeAdjustment>, typeof Adjustment>>;
type _CartItem = Expect<ConformsTo<ReturnType<typeof serializeCartItem>, CartItemInput>>;
type _Cart = Expect<ConformsTo<ReturnType<typeof serializeCart>, CartInput>>;
