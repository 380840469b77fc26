/**
 * `/api/v1/orders/`: placed orders (the list), any order including carts
 * (`GET /orders/{id}`, the target of a cart item's `_links.order`), and the
 * lifecycle of a placed order (cancel, ship a shipment, complete a payment),
 * which runs in the order's Durable Object (the one of its cart).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { idParams } from "../../ids";
import { carriedQuery, cursorAfter, envelope, pageRequest, sortingFrom, withCursor, type Sorting } from "../../pagination";
import { readPage } from "../../list-page";
import { pageQueries, sortOrder } from "../../../data/list-page";
import { orderViewQueries, orderViewsFrom, placedOrders, placedOrderSortable } from "../../../data/orders/order-views";
import type { VariantView } from "../../../data/queries/product-variants";
import { orders } from "../../../data/schema";
import { JsonSplicer, jsonText, renderRuns } from "../../serializers/json-splice";
import { defineForm, validateForm } from "../../form";
import { optionalString } from "../../fields";
import { documentForm } from "../../openapi/form-docs";
import { describeRoute } from "../../openapi/describe";
import { fixedOrderList, taggedGet } from "../shared/order-docs";
import { serializeOrder, serializeOrderVariant } from "./serializer";
import { answerOrder } from "./reads";
import { Order, OrderPage } from "./schemas";

const tag = "Orders";

/** The order list's default order (Sylius' grid's). */
const ORDER_SORTING: Sorting<keyof typeof placedOrderSortable> = { field: "number", direction: "desc" };

/** Lifecycle steps may be conditional on the order's `ETag` (compared by the order's object, atomically with the step). */
const IF_MATCH = { precondition: "If-Match" } as const;

export const shipForm = defineForm({ tracking: optionalString(255) });

documentForm(shipForm, {
  component: "ShipmentShip",
  descriptions: { tracking: "Tracking code, stored with the shipment (optional)." },
  example: { tracking: "1Z999AA10123456784" },
});

/** A PUT that applies a transition: 204, 404 for an unknown order or line, 409 when refused; `If-Match` honoured (400 and 413 with a form). */
const transitionDoc = (op: { operationId: string; summary: string; description: string; success: string; form?: typeof shipForm }) =>
  describeRoute({
    method: "put",
    tag,
    scope: "orders:write",
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    ...(op.form ? { form: op.form } : {}),
    success: { status: 204, description: op.success },
    errors: op.form ? [400, 404, 409, 413] : [404, 409],
    conditional: IF_MATCH,
  });

const docs = {
  list: describeRoute(
    fixedOrderList({
      tag,
      scope: "orders:read",
      description: "Orders whose state is not `cart`, by `number` descending unless sorted (Sylius' order grid's fields; `date` is the checkout's completion).",
      page: OrderPage,
      order: "number desc",
      paginate: false,
      sorting: Object.keys(placedOrderSortable),
    }),
  ),
  get: describeRoute(
    taggedGet({
      tag,
      scope: "orders:read",
      operationId: "getOrder",
      summary: "Get an order",
      description:
        "Any order, carts included (the target of a cart item's `_links.order`). With a strong `ETag`; `If-None-Match` answers 304 when it still matches.",
      item: Order,
      itemDescription: "The order.",
    }),
  ),
  cancel: transitionDoc({
    operationId: "cancelOrder",
    summary: "Cancel an order",
    description:
      "Order transition `cancel` (from `new`): payments in new/processing/authorized and shipments in `ready` are cancelled; held stock is released (given back to `onHand` when the order was paid); promotion and coupon `used` − 1. 409 when the transition cannot be applied (e.g. a cart, a cancelled order).",
    success: "Cancelled.",
  }),
  ship: transitionDoc({
    operationId: "shipOrderShipment",
    summary: "Ship a shipment of an order",
    description:
      "Shipment transition `ship` (from `ready`), `tracking` and the shipping time stored; the order is fulfilled when it is also paid. 404 when the shipment is not one of the order's.",
    form: shipForm,
    success: "Shipped.",
  }),
  complete: transitionDoc({
    operationId: "completeOrderPayment",
    summary: "Complete a payment of an order",
    description:
      "Payment transition `complete` (from new/processing/authorized). When completed payments cover the total the order is paid: its held units are sold (onHold and onHand − quantity), and it is fulfilled when also shipped.",
    success: "Completed.",
  }),
};

export const orderRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", docs.list, async (c) => {
    const url = new URL(c.req.url);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.keys of `placedOrderSortable`: its own keys
    const sorting = sortingFrom(url, Object.keys(placedOrderSortable) as (keyof typeof placedOrderSortable)[], ORDER_SORTING);
    const request = withCursor(pageRequest(url), url, sorting);
    const key = placedOrderSortable[sorting.field];
    const db = c.get("db");
    const page = pageQueries(db, orders, placedOrders, sortOrder(key, orders.id, sorting.direction), request, {
      counter: { scope: "orders" },
      // Every placed order has a number and a completion time (given by the update that takes it out of `cart`).
      keyset: request.cursor === undefined ? undefined : { key, direction: sorting.direction, nullable: !key.notNull, after: request.cursor ?? undefined },
    });
    const read = await readPage(c, page, request, (ids) => orderViewQueries(db, ids, false));
    // The records in the page's order (its ids').
    const data = orderViewsFrom(read.views, read.ids.map((row) => row.id), c.var.viewRefills);
    const records = data.records;
    // Rendered a chunk of orders at a time, yielding between chunks: a page of 100 is ~30 ms of rendering.
    // Each variant is serialized once per page, its JSON text embedded in every item that shows it.
    const variantTexts = new Map<VariantView, string>();
    const variantText = (view: VariantView) => {
      let text = variantTexts.get(view);
      if (text === undefined) variantTexts.set(view, (text = JSON.stringify(serializeOrderVariant(view))));
      return text;
    };
    const runs = await renderRuns(records, (r, chunk) =>
      serializeOrder(r, data.variants, "list", (units) => chunk.embed(units), (view) => chunk.embed(variantText(view))),
    );
    const total = read.counted[0]?.total ?? 0;
    const next = cursorAfter(sorting, read.counted[0]?.next);
    // The envelope of the records (its links count them), its items replaced by the runs in place (same key order).
    const shell = envelope({ path: "/api/v1/orders/", request, total, items: records, query: carriedQuery(url), next });
    const splicer = new JsonSplicer();
    return jsonText(c, splicer.stringify({ ...shell, _embedded: { items: runs.map((run) => splicer.embed(run)) } }));
  })
  .get("/:id", docs.get, idParams({ id: "Order" }), async (c) => answerOrder(c, c.req.valid("param").id, "detailed"))
  .put("/:id/cancel", docs.cancel, idParams({ id: "Order" }), async (c) => {
    const { id } = c.req.valid("param");
    await c.get("carts").call(c, id, (stub, caller) => stub.cancelOrder(id, caller), { ifMatch: c.req.header("If-Match") });
    return c.body(null, 204);
  })
  .put("/:orderId/shipments/:id/ship", docs.ship, idParams({ orderId: "Order", id: "Shipment" }), async (c) => {
    const { orderId, id } = c.req.valid("param");
    const form = validateForm(shipForm, c.get("body"));
    form.assertValid();
    const tracking = form.values.tracking ?? null;
    await c.get("carts").call(c, orderId, (stub, caller) => stub.shipShipment(orderId, caller, id, tracking), { ifMatch: c.req.header("If-Match") });
    return c.body(null, 204);
  })
  .put("/:orderId/payments/:id/complete", docs.complete, idParams({ orderId: "Order", id: "Payment" }), async (c) => {
    const { orderId, id } = c.req.valid("param");
    await c.get("carts").call(c, orderId, (stub, caller) => stub.completePayment(orderId, caller, id), { ifMatch: c.req.header("If-Match") });
    return c.body(null, 204);
  });
