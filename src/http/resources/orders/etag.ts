/**
 * The strong tag of an order's representation: a digest of its `version`
 * (raised by every write of its rows, which stands for the units, however
 * many) and of the representation without the units (everything else it
 * shows: states, payments, shipments, addresses, customer, channel, the
 * variants and their stock). Computed by `GET` from its one read batch, and
 * by the order's object from its step's read batch to compare `If-Match`.
 */
import type { OrderRecord } from "../../../data/orders/order-views";
import type { VariantView } from "../../../data/queries/product-variants";
import { digestTag } from "../../conditional";
import { serializeOrder, type OrderView } from "./serializer";

export const orderEtag = (record: OrderRecord, variants: ReadonlyMap<number, VariantView>, view: OrderView): Promise<string> =>
  digestTag(JSON.stringify([view, record.cart.version, serializeOrder(record, variants, view, () => 0)]));
