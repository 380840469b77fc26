/** `/api/v1/shipments/`: shipments of placed orders (not in state `cart`), newest first, and one shipment (any). */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { envelope, pageRequest } from "../../pagination";
import { namedBatch } from "../../../data/batch";
import { pageQueries } from "../../../data/list-page";
import { placedShipments, shipmentSorting, shipmentViewQuery } from "../../../data/orders/order-views";
import { shipments } from "../../../data/schema";
import { describeRoute } from "../../openapi/describe";
import { serializeOrderShipment } from "../orders/serializer";
import { Shipment, ShipmentPage } from "../orders/schemas";

const tag = "Shipments";

const docs = {
  list: describeRoute({
    tag,
    operationId: "listShipments",
    summary: "List shipments",
    description: "Shipments not in state `cart`, newest first.",
    success: { status: 200, description: "A page of shipments.", schema: ShipmentPage },
    list: { sorting: [], criteria: [], defaultSorting: "createdAt desc" },
    errors: [],
  }),
  get: describeRoute({
    tag,
    operationId: "getShipment",
    summary: "Get a shipment",
    success: { status: 200, description: "The shipment.", schema: Shipment },
    errors: [404],
  }),
};

export const shipmentRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", docs.list, async (c) => {
    const request = pageRequest(new URL(c.req.url));
    const db = c.var.db;
    const page = pageQueries(db, shipments, placedShipments, shipmentSorting, request);
    const read = await namedBatch(db, { counted: page.count, ids: page.ids, shipments: shipmentViewQuery(db, sql`${page.ids}`) });
    const byId = new Map(read.shipments.map((row) => [row.id, row]));
    const items = read.ids.flatMap(({ id }) => {
      const row = byId.get(id);
      return row ? [serializeOrderShipment(row)] : [];
    });
    return c.json(envelope({ path: "/api/v1/shipments/", request, total: read.counted[0]?.total ?? 0, items }));
  })
  .get("/:id", docs.get, idParams({ id: "Shipment" }), async (c) => {
    const { id } = c.req.valid("param");
    const db = c.var.db;
    const read = await namedBatch(db, { shipment: shipmentViewQuery(db, sql`(${id})`) });
    const row = read.shipment[0];
    if (!row) throw notFound(`Shipment with id ${id} does not exist.`);
    return c.json(serializeOrderShipment(row));
  });
