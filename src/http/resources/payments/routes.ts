/** `/api/v1/payments/`: payments of placed orders (not in state `cart`), newest first, and one payment (any). */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { idParams } from "../../ids";
import { cursorAfter, envelope, pageRequest, withCursor, type Sorting } from "../../pagination";
import { readPage } from "../../list-page";
import { namedBatch } from "../../../data/batch";
import { pageQueries } from "../../../data/list-page";
import { paymentSorting, paymentViewQueries, paymentViewsFrom, placedPayments } from "../../../data/orders/order-views";
import { payments } from "../../../data/schema";
import { describeRoute } from "../../openapi/describe";
import { serializeOrderPayment } from "../orders/serializer";
import { Payment, PaymentPage } from "../orders/schemas";

const tag = "Payments";

/** The list's one order (a cursor walks it). */
const CREATED_DESC: Sorting<"createdAt"> = { field: "createdAt", direction: "desc" };

const docs = {
  list: describeRoute({
    tag,
    operationId: "listPayments",
    summary: "List payments",
    description: "Payments not in state `cart`, newest first; each payment's method reduced to id, code, position, translations and its link.",
    success: { status: 200, description: "A page of payments.", schema: PaymentPage },
    list: { sorting: [], criteria: [], defaultSorting: "createdAt desc" },
    errors: [],
  }),
  get: describeRoute({
    tag,
    operationId: "getPayment",
    summary: "Get a payment",
    success: { status: 200, description: "The payment.", schema: Payment },
    errors: [404],
  }),
};

export const paymentRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", docs.list, async (c) => {
    const url = new URL(c.req.url);
    const request = withCursor(pageRequest(url), url, CREATED_DESC);
    const db = c.var.db;
    const page = pageQueries(db, payments, placedPayments, paymentSorting, request, {
      counter: { scope: "payments" },
      keyset: request.cursor === undefined ? undefined : { key: payments.createdAt, direction: "desc", nullable: false, after: request.cursor ?? undefined },
    });
    const read = await readPage(db, page, request, (ids) => ({ payments: paymentViewQueries(db, ids, false) }));
    const byId = new Map(paymentViewsFrom(read.views.payments).map((view) => [view.row.id, view]));
    const items = read.ids.flatMap(({ id }) => {
      const view = byId.get(id);
      return view ? [serializeOrderPayment(view, "list")] : [];
    });
    const next = cursorAfter(CREATED_DESC, read.counted[0]?.next);
    return c.json(envelope({ path: "/api/v1/payments/", request, total: read.counted[0]?.total ?? 0, items, next }));
  })
  .get("/:id", docs.get, idParams({ id: "Payment" }), async (c) => {
    const { id } = c.req.valid("param");
    const db = c.var.db;
    const read = await namedBatch(db, { payment: paymentViewQueries(db, sql`(${id})`, true) });
    const view = paymentViewsFrom(read.payment)[0];
    if (!view) throw notFound(`Payment with id ${id} does not exist.`);
    return c.json(serializeOrderPayment(view, "detailed"));
  });
