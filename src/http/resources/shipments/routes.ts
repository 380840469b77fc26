/** `/api/v1/shipments/`: shipments of placed orders (not in state `cart`), newest first, and one shipment (any). */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { cursorAfter, envelope, pageRequest, withCursor, type Sorting } from "../../pagination";
import { readPage } from "../../list-page";
import { namedBatch } from "../../../data/batch";
import { pageQueries } from "../../../data/list-page";
import { placedShipments, shipmentSorting, shipmentViewQuery } from "../../../data/orders/order-views";
import { shipments } from "../../../data/schema";
import { describeRoute } from "../../openapi/describe";
import { serializeOrderShipment } from "../orders/serializer";
import { Shipment, ShipmentPage } from "../orders/schemas";

const tag = "Shipments";

/** The list's one order (a cursor walks it). */
const CREATED_DESC: Sorting<"createdAt"> = { field: "createdAt", direction: "desc" };

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
    const url = new URL(c.req.url);
    const request = withCursor(pageRequest(url), url, CREATED_DESC);
    const db = c.var.db;
    const page = pageQueries(db, shipments, placedShipments, shipmentSorting, request, {
      counter: { scope: "shipments" },
      keyset: request.cursor === undefined ? undefined : { key: shipments.createdAt, direction: "desc", nullable: false, after: request.cursor ?? undefined },
    });
    const read = await readPage(db, page, request, (ids) => ({ shipments: shipmentViewQuery(db, ids) }));
    const byId = new Map(read.views.shipments.map((row) => [row.id, row]));
    const items = read.ids.flatMap(({ id }) => {
      const row = byId.get(id);
      return row ? [serializeOrderShipment(row)] : [];
    });
    const next = cursorAfter(CREATED_DESC, read.counted[0]?.next);
    return c.json(envelope({ path: "/api/v1/shipments/", request, total: read.counted[0]?.total ?? 0, items, next }));
  })
  .get("/:id", docs.get, idParams({ id: "Shipment" }), async (c) => {
    const { id } = c.req.valid("param");
    const db = c.var.db;
    const read = await namedBatch(db, { shipment: shipmentViewQuery(db, sql`(${id})`) });
    const row = read.shipment[0];
    if (!row) throw notFound(`Shipment with id ${id} does not exist.`);
    return c.json(serializeOrderShipment(row));
  });
