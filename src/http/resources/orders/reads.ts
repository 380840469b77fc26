/**
 * The order reads the order, checkout-summary, payment and shipment routes
 * share: one batch each (ONE D1 round trip, the request's first batch with
 * its token check), rendered with the units' JSON
 * embedded as D1 holds it, and the order's strong entity tag.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { oneOrder } from "../../../data/carts/cart-store";
import { orderViewQueries, orderViewsFrom, type OrderRecord } from "../../../data/orders/order-views";
import type { VariantView } from "../../../data/queries/product-variants";
import { taggedJsonText } from "../../conditional";
import { orderEtag } from "./etag";
import { JsonSplicer } from "../../serializers/json-splice";
import { serializeOrder, type OrderView } from "./serializer";

/** One order with everything its detailed representation shows; 404 when there is none. */
export async function readOrder(c: Context<AppEnv>, id: number): Promise<{ record: OrderRecord; variants: Map<number, VariantView> }> {
  const db = c.get("db");
  const read = await firstBatch(c, { order: orderViewQueries(db, oneOrder(id)) });
  const data = orderViewsFrom(read.order, undefined, c.var.viewRefills);
  const record = data.records[0];
  if (!record) throw notFound(`Order with id ${id} does not exist.`);
  return { record, variants: data.variants };
}

/** The JSON text of an order, units embedded as D1 rendered them. */
export function orderJson(record: OrderRecord, variants: ReadonlyMap<number, VariantView>, view: OrderView, splicer = new JsonSplicer()): string {
  return splicer.stringify(serializeOrder(record, variants, view, (units) => splicer.embed(units)));
}

/** `GET` of an order in `view`, with its tag and `If-None-Match`. */
export async function answerOrder(c: Context<AppEnv>, id: number, view: OrderView): Promise<Response> {
  const { record, variants } = await readOrder(c, id);
  return taggedJsonText(c, await orderEtag(record, variants, view), () => orderJson(record, variants, view));
}
