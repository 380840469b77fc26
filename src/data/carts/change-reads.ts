/**
 * The reads a cart's object starts each change with (in the change's first
 * batch), built once: the same SQL for every cart (see prepared.ts).
 */
import { prepared } from "../prepared";
import { channelPaymentMethodsQuery, checkoutRowQuery, countryZonesQuery } from "../checkout/checkout-store";
import { pricingContextQueries, variantInfoQuery } from "./cart-store";

/** The cart's variants (and the one an add names: `addCode`, empty otherwise), pricing context and checkout rows. */
export const changeReads = prepared(["cartId", "addCode"], (db, values) => ({
  variants: variantInfoQuery(db, values.cartId, values.addCode),
  context: pricingContextQueries(db, values.cartId),
  // The checkout's part of the recalculation: addresses' zones, coupon, shipment and payment (checkout-processing.ts).
  checkout: checkoutRowQuery(db, values.cartId),
  zones: countryZonesQuery(db, values.cartId),
  paymentMethods: channelPaymentMethodsQuery(db, values.cartId),
}));
