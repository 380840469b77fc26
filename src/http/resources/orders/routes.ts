/** `GET /api/v1/orders/{id}`: any order, in the cart representation (the target of item `_links.order`). */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { namedBatch } from "../../../data/batch";
import { oneOrder } from "../../../data/carts/cart-store";
import { cartViewQueries, cartViewsFrom } from "../../../data/carts/cart-views";
import { viewedCartJson } from "../carts/serializer";
import { cartRecordEtag } from "../carts/etag";
import { taggedJsonText } from "../../conditional";
import { describeRoute } from "../../openapi/describe";
import { Cart } from "../carts/schemas";

const docs = describeRoute({
  tag: "Orders",
  operationId: "getOrder",
  summary: "Get an order",
  description: "Any order, in the cart representation (the target of a cart item's `_links.order`).",
  success: { status: 200, description: "The order.", schema: Cart },
  errors: [404],
  conditional: { etag: true, precondition: "If-None-Match" },
});

export const orderRoutes = new Hono<AppEnv>({ strict: false }).get("/:id", docs, idParams({ id: "Order" }), async (c) => {
  const { id } = c.req.valid("param");
  const read = await namedBatch(c.var.db, { order: cartViewQueries(c.var.db, oneOrder(id)) });
  const data = cartViewsFrom(read.order);
  const record = data.records[0];
  if (!record) throw notFound(`Order with id ${id} does not exist.`);
  return taggedJsonText(c, await cartRecordEtag(record, data.variants), () => viewedCartJson(record, data.variants));
});
