/**
 * The reads a cart's object starts each change with (in the change's first
 * batch), built once: the same SQL for every cart (see prepared.ts).
 */
import { eq } from "drizzle-orm";
import { prepared } from "../prepared";
import { variantIdsOf, variantViewQueries } from "../queries/product-variants";
import { productVariants } from "../schema";
import { channelPaymentMethodsQuery, checkoutRowQuery, countryZonesQuery } from "../checkout/checkout-store";
import { contextLimit, contextStampQuery, pricingContextQueries, variantInfoQuery } from "./cart-store";

/**
 * The cart's variants (and the one an add names: `addCode`, empty otherwise),
 * pricing context and checkout rows. The channel's context (and its payment
 * methods) is read only when its version is not `version`, the one of the
 * copy the object holds (empty: none): otherwise its queries return no rows
 * and read none (see pricing-context-cache.ts in the cart object).
 */
export const changeReads = prepared(["cartId", "addCode", "version"], (db, values) => {
  const limit = contextLimit(values.version);
  return {
    variants: variantInfoQuery(db, values.cartId, values.addCode),
    stamp: contextStampQuery(db, values.cartId),
    context: pricingContextQueries(db, values.cartId, undefined, { limit, anyBilling: true }),
    // The checkout's part of the recalculation: addresses' zones, coupon, shipment and payment (checkout-processing.ts).
    checkout: checkoutRowQuery(db, values.cartId),
    zones: countryZonesQuery(db, values.cartId),
    paymentMethods: channelPaymentMethodsQuery(db, values.cartId, limit),
  };
});

/** The variant an add names, as the response shows it (the variant list's loader). */
export const addedVariantView = prepared(["code"], (db, values) =>
  variantViewQueries(db, variantIdsOf(db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, values.code)))),
);
