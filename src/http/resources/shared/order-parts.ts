/**
 * The read-only resources of an order's parts (`/payments/`, `/shipments/`):
 * a list of those of placed orders (not in state `cart`), newest first, and
 * one by id (any). Each is one round trip: the page's ids, its total and the
 * views read through those ids in the same batch.
 */
import { Hono } from "hono";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { idParams } from "../../ids";
import { envelope, pageRequest } from "../../pagination";
import type { NamedQueries, NamedResults } from "../../../data/batch";
import { pageQueries } from "../../../data/list-page";
import { describeRoute } from "../../openapi/describe";

export interface OrderPartShape<R extends NamedQueries, View> {
  /** `Payment`: its path is the lower-cased plural. */
  noun: "Payment" | "Shipment";
  table: SQLiteTable & { id: SQLiteColumn };
  /** The rows the list shows, and its order. */
  placed: SQL;
  sorting: SQL[];
  /** The views of the parts whose ids `ids` (a parenthesised list or subquery) selects; `detailed`: one alone. */
  reads: (db: AppEnv["Variables"]["db"], ids: SQL, detailed: boolean) => R;
  views: (found: NamedResults<R>) => View[];
  idOf: (view: View) => number;
  serialize: (view: View, detailed: boolean) => unknown;
  docs: { listDescription: string; item: z.ZodType; page: z.ZodType };
}

export function orderPartRoutes<R extends NamedQueries, View>(shape: OrderPartShape<R, View>) {
  const { noun } = shape;
  const plural = `${noun.toLowerCase()}s`;
  const tag = `${noun}s`;
  return new Hono<AppEnv>({ strict: false })
    .get(
      "/",
      describeRoute({
        tag,
        operationId: `list${noun}s`,
        summary: `List ${plural}`,
        description: shape.docs.listDescription,
        success: { status: 200, description: `A page of ${plural}.`, schema: shape.docs.page },
        list: { sorting: [], criteria: [], defaultSorting: "createdAt desc" },
        errors: [],
      }),
      async (c) => {
        const request = pageRequest(new URL(c.req.url));
        const db = c.var.db;
        const page = pageQueries(db, shape.table, shape.placed, shape.sorting, request);
        const read = await firstBatch(c, { counted: page.count, ids: page.ids, views: shape.reads(db, sql`${page.ids}`, false) });
        // A generic R's results are its NamedResults, which TypeScript cannot see through the batch's conditional result type.
        const byId = new Map<unknown, View>(shape.views(read.views as NamedResults<R>).map((view) => [shape.idOf(view), view]));
        const items = read.ids.flatMap(({ id }) => {
          const view = byId.get(id);
          return view ? [shape.serialize(view, false)] : [];
        });
        return c.json(envelope({ path: `/api/v1/${plural}/`, request, total: read.counted[0]?.total ?? 0, items }));
      },
    )
    .get(
      "/:id",
      describeRoute({
        tag,
        operationId: `get${noun}`,
        summary: `Get a ${noun.toLowerCase()}`,
        success: { status: 200, description: `The ${noun.toLowerCase()}.`, schema: shape.docs.item },
        errors: [404],
      }),
      idParams({ id: noun }),
      async (c) => {
        const { id } = c.req.valid("param");
        const read = await firstBatch(c, shape.reads(c.var.db, sql`(${id})`, true));
        const view = shape.views(read)[0];
        if (!view) throw notFound(`${noun} with id ${id} does not exist.`);
        return c.json(shape.serialize(view, true));
      },
    );
}
