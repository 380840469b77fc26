/** Every `/api/v1` resource, mounted in one place. */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { localeRoutes } from "./locales";
import { currencyRoutes } from "./currencies";
import { zoneRoutes } from "./zones";
import { channelRoutes } from "./channels";
import { customerRoutes } from "./customers";
import { taxCategoryRoutes } from "./tax-categories";
import { taxRateRoutes } from "./tax-rates";
import { shippingCategoryRoutes } from "./shipping-categories";
import { shippingMethodRoutes } from "./shipping-methods";
import { productOptionRoutes } from "./product-options";
import { productRoutes } from "./products";
import { promotionRoutes } from "./promotions";
import { productVariantRoutes } from "./product-variants";
import { cartRoutes } from "./carts";
import { orderRoutes } from "./orders";

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
  .route("/orders", orderRoutes);
