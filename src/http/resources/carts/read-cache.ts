/**
 * `GET /carts/{id}` answers the same cart read after read while nothing
 * changes: the same rows from D1, the same body and `ETag`. Each isolate
 * keeps, per cart, the last body and tag with the rows they were made from
 * (every row of the read: the order, its items, adjustments and units'
 * JSON, the customer and account, the variants' rows and view texts), and
 * gives them again when the next read finds every row the same, value for
 * value, without assembling, serializing or digesting anything.
 *
 * Exact by construction: the body and the tag are functions of these rows
 * alone (cart-views.ts assembles them, serializer.ts and etag.ts write them),
 * so equal rows give equal bytes; any row that differs (a price, a
 * translation, the customer's name, a unit's adjustment, a checkout step)
 * makes them again, as a first read would.
 */
import type { CartViewRows } from "../../../data/carts/cart-views";
import { cartViewsFrom } from "../../../data/carts/cart-views";
import { noteBuiltViews, type ViewRefills } from "../../../data/queries/product-variants";
import { BoundedMemory } from "../../serializers/bounded-memory";
import { sameRows } from "../../serializers/same-data";
import { cartRecordEtag } from "./etag";
import { viewedCartJson } from "./serializer";

/** A cart read's answer: its tag, and its body written only when asked (a 304 has none). */
export interface CartReadAnswer {
  etag: string;
  text: () => string;
}

interface Kept {
  rows: CartViewRows;
  etag: string;
  /** The body, once written (a read answered 304 keeps the tag alone). */
  text: string | undefined;
}

/** Carts kept per isolate; past it the oldest goes. */
const KEPT_CARTS = 1_000;
/** Characters kept per isolate (units' JSON and bodies); past it the oldest carts go. */
const KEPT_CHARS = 8_000_000;
/**
 * A cart whose units' JSON is longer than this is not kept (thousands of
 * units: comparing their text would cost about what embedding it does).
 */
const MAX_KEPT_UNITS = 250_000;

/** Per cart: characters counted are the units' JSON of its rows, and its body once kept. */
const kept = new BoundedMemory<number, Kept>(KEPT_CARTS, KEPT_CHARS);

/**
 * The answer of a read of cart `id` from its rows (`cartViewOfOrder`), or
 * null when they hold no cart (no such order, or no longer a cart). Views
 * the read had to build are noted in `refills` either way.
 */
export async function cartReadAnswer(id: number, rows: CartViewRows, refills: ViewRefills | null): Promise<CartReadAnswer | null> {
  const last = kept.get(id);
  if (last && sameCartRows(last.rows, rows)) {
    noteBuiltViews(rows.variants.rows, refills);
    return {
      etag: last.etag,
      text: () => {
        if (last.text !== undefined) return last.text;
        // Only the tag was kept (a 304): the same rows give the body a first read would have written.
        const data = cartViewsFrom(rows);
        const record = data.records.find((r) => r.cart.state === "cart");
        return keepText(id, last, record ? viewedCartJson(record, data.variants) : "");
      },
    };
  }
  kept.delete(id);
  const data = cartViewsFrom(rows, undefined, refills);
  const record = data.records.find((r) => r.cart.state === "cart");
  if (!record) return null;
  const etag = await cartRecordEtag(record, data.variants);
  const render = () => viewedCartJson(record, data.variants);
  let units = 0;
  for (const chunk of rows.unitJson) units += chunk.units.length;
  if (units > MAX_KEPT_UNITS) return { etag, text: render };
  const entry: Kept = { rows, etag, text: undefined };
  // Another read of this cart may have kept its entry while the tag was digested: the later rows win.
  kept.set(id, entry, units);
  return { etag, text: () => entry.text ?? keepText(id, entry, render()) };
}

/** Keeps `text` as the body of `entry` while the entry is still kept; gives it back. */
function keepText(id: number, entry: Kept, text: string): string {
  if (kept.grow(id, entry, text.length)) entry.text = text;
  return text;
}

/** Every row of two reads of a cart (`cartViewOfOrder`: the same statements) the same, in the same order, column for column. */
export function sameCartRows(a: CartViewRows, b: CartViewRows): boolean {
  return (
    sameRows(a.orders, b.orders) &&
    sameRows(a.items, b.items) &&
    sameRows(a.adjustments, b.adjustments) &&
    sameRows(a.unitJson, b.unitJson) &&
    sameRows(a.customers, b.customers) &&
    sameRows(a.users, b.users) &&
    sameRows(a.variants.rows, b.variants.rows)
  );
}
