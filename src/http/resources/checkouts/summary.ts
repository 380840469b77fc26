/**
 * `GET /api/v1/checkouts/{id}`: the checkout summary of any order (Sylius'
 * "Detailed" serialization group): the detailed order with addresses
 * without their ids and payments with their timestamps. A sub-app of its own
 * (mounted at `/checkouts` beside the checkout steps' routes).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { idParams } from "../../ids";
import { describeRoute } from "../../openapi/describe";
import { answerOrder } from "../orders/reads";
import { CheckoutSummary } from "../orders/schemas";

const docs = describeRoute({
  tag: "Checkouts",
  scope: "carts:read",
  operationId: "getCheckoutSummary",
  summary: "Get the checkout summary of an order",
  description: "Any order (a cart in checkout, or placed). With a strong `ETag`; `If-None-Match` answers 304 when it still matches.",
  success: { status: 200, description: "The checkout summary.", schema: CheckoutSummary },
  errors: [404],
  conditional: { etag: true, precondition: "If-None-Match" },
});

export const checkoutSummaryRoutes = new Hono<AppEnv>({ strict: false }).get("/:id", docs, idParams({ id: "Order" }), async (c) =>
  answerOrder(c, c.req.valid("param").id, "summary"),
);
