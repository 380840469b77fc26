/** Every `/api/v1` resource, mounted in one place. */
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { localeRoutes } from "./resources/locales/routes";
import { currencyRoutes } from "./resources/currencies/routes";
import { zoneRoutes } from "./resources/zones/routes";
import { channelRoutes } from "./resources/channels/routes";
import { customerRoutes } from "./resources/customers/routes";
import { customerGroupRoutes } from "./resources/customer-groups/routes";
import { taxCategoryRoutes } from "./resources/tax-categories/routes";
import { shippingCategoryRoutes } from "./resources/shipping-categories/routes";
import { taxRateRoutes } from "./resources/tax-rates/routes";
// Before shipping methods: the order modules load in is the order of the OpenAPI components.
import { productOptionRoutes } from "./resources/product-options/routes";
import { productAssociationTypeRoutes } from "./resources/product-association-types/routes";
import { shippingMethodRoutes } from "./resources/shipping-methods/routes";
import { productRoutes } from "./resources/products/routes";
import { productReviewRoutes } from "./resources/product-reviews/routes";
import { promotionRoutes } from "./resources/promotions/routes";
import { productVariantRoutes } from "./resources/product-variants/routes";
import { cartRoutes } from "./resources/carts/routes";
import { orderRoutes } from "./resources/orders/routes";
import { countryRoutes } from "./resources/countries/routes";
import { provinceRoutes } from "./resources/provinces/routes";
import { exchangeRateRoutes } from "./resources/exchange-rates/routes";
import { paymentMethodRoutes } from "./resources/payment-methods/routes";
import { productAttributeRoutes } from "./resources/product-attributes/routes";
import { promotionCouponRoutes } from "./resources/promotion-coupons/routes";
import { cartCouponRoutes, checkoutRoutes } from "./resources/checkouts/routes";
import { checkoutSummaryRoutes } from "./resources/checkouts/summary";
import { paymentRoutes } from "./resources/payments/routes";
import { shipmentRoutes } from "./resources/shipments/routes";
import { taxonRoutes } from "./resources/taxons/routes";
import { adminUserRoutes } from "./resources/users/routes";
import { eventRoutes } from "./resources/events/routes";
import { webhookEndpointRoutes } from "./resources/webhook-endpoints/routes";
import { webhookDeliveryRoutes } from "./resources/webhook-endpoints/delivery-routes";

export const apiRoutes = new Hono<AppEnv>({ strict: false })
  .route("/locales", localeRoutes)
  .route("/currencies", currencyRoutes)
  .route("/exchange-rates", exchangeRateRoutes)
  .route("/countries/:countryCode/provinces", provinceRoutes)
  .route("/countries", countryRoutes)
  .route("/zones", zoneRoutes)
  .route("/channels", channelRoutes)
  .route("/customers", customerRoutes)
  .route("/customer-groups", customerGroupRoutes)
  .route("/tax-categories", taxCategoryRoutes)
  .route("/tax-rates", taxRateRoutes)
  .route("/shipping-categories", shippingCategoryRoutes)
  .route("/shipping-methods", shippingMethodRoutes)
  .route("/payment-methods", paymentMethodRoutes)
  .route("/product-attributes", productAttributeRoutes)
  .route("/product-options", productOptionRoutes)
  .route("/taxons", taxonRoutes)
  .route("/product-association-types", productAssociationTypeRoutes)
  // Variants are nested under their product: /products/{productCode}/variants/
  .route("/products/:productCode/variants", productVariantRoutes)
  .route("/products/:productCode/reviews", productReviewRoutes)
  .route("/products", productRoutes)
  // Coupons are nested under their promotion: /promotions/{promotionCode}/coupons/
  .route("/promotions/:promotionCode/coupons", promotionCouponRoutes)
  .route("/promotions", promotionRoutes)
  .route("/carts", cartRoutes)
  // PATCH/PUT /carts/{id}: the cart's coupon (the checkout's routes file).
  .route("/carts", cartCouponRoutes)
  // The checkout steps.
  .route("/checkouts", checkoutRoutes)
  // GET /checkouts/{id}: the summary of any order.
  .route("/checkouts", checkoutSummaryRoutes)
  .route("/orders", orderRoutes)
  .route("/payments", paymentRoutes)
  .route("/shipments", shipmentRoutes)
  .route("/users", adminUserRoutes)
  // The event feed and audit trail (docs/api/events.md).
  .route("/events", eventRoutes)
  .route("/webhook-endpoints", webhookEndpointRoutes)
  // An endpoint's deliveries, redeliver, replay and ping.
  .route("/webhook-endpoints", webhookDeliveryRoutes);
