/** Every `/api/v1` resource, mounted in one place. */
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { currencyRoutes, localeRoutes } from "./resources/code-only/routes";
import { zoneRoutes } from "./resources/zones/routes";
import { channelRoutes } from "./resources/channels/routes";
import { customerRoutes } from "./resources/customers/routes";
import { shippingCategoryRoutes, taxCategoryRoutes } from "./resources/categories/routes";
import { taxRateRoutes } from "./resources/tax-rates/routes";
import { shippingMethodRoutes } from "./resources/shipping-methods/routes";
import { productOptionRoutes } from "./resources/product-options/routes";
import { productRoutes } from "./resources/products/routes";
import { promotionRoutes } from "./resources/promotions/routes";
import { productVariantRoutes } from "./resources/product-variants/routes";
import { cartRoutes } from "./resources/carts/routes";
import { orderRoutes } from "./resources/orders/routes";
import { checkoutSummaryRoutes } from "./resources/checkouts/summary";
import { paymentRoutes } from "./resources/payments/routes";
import { shipmentRoutes } from "./resources/shipments/routes";

export const apiRoutes = new Hono<AppEnv>({ strict: false })
  .route("/locales", localeRoutes)
  .route("/currencies", currencyRoutes)
  .route("/zones", zoneRoutes)
  .route("/channels", channelRoutes)
  .route("/customers", customerRoutes)
  .route("/tax-categories", taxCategoryRoutes)
  .route("/tax-rates", taxRateRoutes)
  .route("/shipping-categories", shippingCategoryRoutes)
  .route("/shipping-methods", shippingMethodRoutes)
  .route("/product-options", productOptionRoutes)
  // Variants are nested under their product: /products/{productCode}/variants/
  .route("/products/:productCode/variants", productVariantRoutes)
  .route("/products", productRoutes)
  .route("/promotions", promotionRoutes)
  .route("/carts", cartRoutes)
  .route("/orders", orderRoutes)
  .route("/checkouts", checkoutSummaryRoutes)
  .route("/payments", paymentRoutes)
  .route("/shipments", shipmentRoutes);
