/**
 * The read-only resources of an order's parts (`/payments/`, `/shipments/`):
 * a list of those of placed orders (not in state `cart`), newest first, and
 * one by id (any). A list page is one round trip (the page's ids, its total
 * from the list's counter, and the views read through those ids), a deep
 * page two (`readPage`); `sorting` takes the grid's fields (`sortable`), and
 * `cursor` walks the list along its sorting.
 */
import type { Scope } from "../../../domain/scopes";
import { Hono } from "hono";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { idParams } from "../../ids";
import { readPage } from "../../list-page";
import { carriedQuery, cursorAfter, envelope, pageRequest, sortingFrom, withCursor, type Sorting } from "../../pagination";
import type { NamedQueries, NamedResults } from "../../../data/batch";
import { oneIdList, pageQueries, sortOrder } from "../../../data/list-page";
import type { payments, shipments } from "../../../data/schema";
import { describeRoute } from "../../openapi/describe";
import { fixedOrderList } from "./order-docs";

export interface OrderPartShape<R extends NamedQueries, View> {
  /** `Payment`: its path, and its list's counter scope, are the lower-cased plural. */
  noun: "Payment" | "Shipment";
  table: typeof payments | typeof shipments;
  /** The rows the list shows. */
  placed: SQL;
  /** Its grid's sortable fields and their columns (each on an index of the placed rows); `createdAt desc` by default. */
  sortable: Record<string, SQLiteColumn>;
  /** The views of the parts whose ids `ids` (a parenthesised list or subquery) selects; `detailed`: one alone. */
  reads: (db: AppEnv["Variables"]["db"], ids: SQL, detailed: boolean) => R;
  views: (found: NamedResults<R>) => View[];
  idOf: (view: View) => number;
  serialize: (view: View, detailed: boolean) => unknown;
  /** `scope`: what reading them needs (src/domain/scopes.ts). */
  docs: { listDescription: string; item: z.ZodType; page: z.ZodType; scope: Scope };
}

/** The lists' default order. */
const CREATED_DESC: Sorting<"createdAt"> = { field: "createdAt", direction: "desc" };

export function orderPartRoutes<R extends NamedQueries, View>(shape: OrderPartShape<R, View>) {
  const { noun, table } = shape;
  const plural = `${noun.toLowerCase()}s`;
  const tag = `${noun}s`;
  return new Hono<AppEnv>({ strict: false })
    .get(
      "/",
      describeRoute(fixedOrderList({ tag, scope: shape.docs.scope, description: shape.docs.listDescription, page: shape.docs.page, order: "createdAt desc", sorting: Object.keys(shape.sortable) })),
      async (c) => {
        const url = new URL(c.req.url);
        const sorting = sortingFrom(url, Object.keys(shape.sortable), CREATED_DESC);
        const request = withCursor(pageRequest(url), url, sorting);
        const key = shape.sortable[sorting.field] ?? table.createdAt;
        const db = c.var.db;
        const page = pageQueries(db, table, shape.placed, sortOrder(key, table.id, sorting.direction), request, {
          counter: { scope: plural },
          keyset: request.cursor === undefined ? undefined : { key, direction: sorting.direction, nullable: !key.notNull, after: request.cursor ?? undefined },
        });
        const read = await readPage(c, page, request, (ids) => shape.reads(db, ids, false));
        const byId = new Map<unknown, View>(shape.views(read.views).map((view) => [shape.idOf(view), view]));
        const items = read.ids.flatMap(({ id }) => {
          const view = byId.get(id);
          return view ? [shape.serialize(view, false)] : [];
        });
        const next = cursorAfter(sorting, read.counted[0]?.next);
        return c.json(envelope({ path: `/api/v1/${plural}/`, request, total: read.counted[0]?.total ?? 0, items, query: carriedQuery(url), next }));
      },
    )
    .get(
      "/:id",
      describeRoute({
        tag,
        scope: shape.docs.scope,
        operationId: `get${noun}`,
        summary: `Get a ${noun.toLowerCase()}`,
        success: { status: 200, description: `The ${noun.toLowerCase()}.`, schema: shape.docs.item },
        errors: [404],
      }),
      idParams({ id: noun }),
      async (c) => {
        const { id } = c.req.valid("param");
        const read = await firstBatch(c, shape.reads(c.var.db, oneIdList(id), true));
        const view = shape.views(read)[0];
        if (!view) throw notFound(`${noun} with id ${id} does not exist.`);
        return c.json(shape.serialize(view, true));
      },
    );
}
