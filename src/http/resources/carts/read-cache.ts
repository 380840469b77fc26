/**
 * `GET /carts/{id}` answers the same cart read after read while nothing
 * changes: the same rows from D1, the same body and `ETag`. Each isolate
 * keeps, per cart, the last body and tag with the rows they were made from
 * (every row of the read: the order with its customer, account, items,
 * adjustments and variants' rows and view texts, and the units' JSON), and
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
import { cartViewsFrom, variantRowsOf } from "../../../data/carts/cart-views";
import { heldViewKeys, mayHoldBuiltViews, noteBuiltViews, type VariantViewRow, type ViewRefills } from "../../../data/queries/product-variants";
import { IsolateMemory } from "../../../data/isolate-cache";
import { sameRows } from "../../serializers/same-data";
import { cartRecordEtag } from "./etag";
import { viewedCartJson } from "./serializer";
import { KeptBody } from "../../serializers/kept-body";

/** A cart read's answer: its tag, and its body written only when asked (a 304 has none): kept (with its gzip encoding, made once) or, for a cart too big to keep, text. */
export interface CartReadAnswer {
  etag: string;
  body: () => KeptBody | string;
}

interface Kept {
  /** The rows as D1 gave them (the units' JSON filled in, the held views' children left out). */
  rows: CartViewRows;
  /** The variants' rows, children included, by id: what a read that leaves out their children takes them from. */
  variants: ReadonlyMap<number, VariantViewRow>;
  /** `heldViewKeys` of `variants`. */
  heldViews: string;
  etag: string;
  /** The body, once written (a read answered 304 keeps the tag alone). */
  body: KeptBody | undefined;
}

/** Carts kept per isolate; past it the oldest goes. */
const KEPT_CARTS = 1_000;
/** Characters kept per isolate (units' JSON, order rows' JSON, variants' children and bodies); past it the oldest carts go. */
const KEPT_CHARS = 16_000_000;
/**
 * A cart whose units' JSON is longer than this is not kept: with its body it
 * would take half the memory (a cart of one item of 9,999 taxed units has
 * about 2,200,000 characters of units).
 */
const MAX_KEPT_UNITS = 4_000_000;

/** Per cart: characters counted are the units' and order rows' JSON, the variants' children, and its body once kept. */
const kept = new IsolateMemory<number, Kept>({
  name: "cart reads",
  file: "src/http/resources/carts/read-cache.ts",
  key: "order id",
  bound: { entries: KEPT_CARTS, chars: KEPT_CHARS, evict: "oldest" },
  kind: "checked",
  readBehind:
    "every row of the cart's read batch, compared value for value (the units' JSON is left out by D1 while the order is at the kept `version`, each view's children while its variant is at the kept `view_version`)",
});

/**
 * What a read of cart `id` starts from: the entry kept for it, if any, the
 * version of its units' JSON and the views it holds, for the read to leave
 * out that JSON while the cart is still at that version and those views'
 * children while their variants are (`cartViewOfOrder`'s `keptVersion`, -1:
 * none, and `heldViews`).
 */
export interface CartReadStart {
  keptVersion: number;
  heldViews: string;
  entry: Kept | undefined;
}

export function cartReadStart(id: number): CartReadStart {
  const entry = kept.get(id);
  return { keptVersion: entry?.rows.orders[0]?.version ?? -1, heldViews: entry?.heldViews ?? "[]", entry };
}

/**
 * The answer of a read of cart `id` from its rows (`cartViewOfOrder`, bound
 * with `start.keptVersion`), or null when they hold no cart (no such order,
 * or no longer a cart). Views the read had to build are noted in `refills`
 * either way.
 */
export async function cartReadAnswer(
  id: number,
  read: CartViewRows,
  refills: ViewRefills | null,
  start: CartReadStart,
): Promise<CartReadAnswer | null> {
  const rows = withKeptUnits(read, start);
  const last = kept.get(id);
  if (last && sameCartRows(last.rows, rows)) {
    noteViewsToStore(rows, last.variants, refills);
    return {
      etag: last.etag,
      body: () => {
        if (last.body !== undefined) return last.body;
        // Only the tag was kept (a 304): the same rows give the body a first read would have written.
        const data = cartViewsFrom(rows, undefined, null, variantRowsOf(rows.orders, last.variants));
        const record = data.records.find((r) => r.cart.state === "cart");
        return keepBody(id, last, record ? viewedCartJson(record, data.variants) : "");
      },
    };
  }
  kept.delete(id);
  const variantRows = variantRowsOf(rows.orders, start.entry?.variants);
  const data = cartViewsFrom(rows, undefined, refills, variantRows);
  const record = data.records.find((r) => r.cart.state === "cart");
  if (!record) return null;
  const etag = await cartRecordEtag(record, data.variants);
  const render = () => viewedCartJson(record, data.variants);
  let units = 0;
  for (const chunk of rows.unitJson) units += chunk.units.length;
  if (units > MAX_KEPT_UNITS) return { etag, body: render };
  const variants = new Map(variantRows.map((row) => [row.id, row]));
  const entry: Kept = { rows, variants, heldViews: heldViewKeys(variantRows), etag, body: undefined };
  // Another read of this cart may have kept its entry while the tag was digested: the later rows win.
  kept.set(id, entry, units + viewChars(rows, variantRows));
  return { etag, body: () => entry.body ?? keepBody(id, entry, render()) };
}

/**
 * The read's rows with its units' JSON: D1 left it out when the order is
 * still at the version of the entry the read started from, whose JSON it is
 * (held here even if another read has replaced or dropped that entry since).
 */
function withKeptUnits(read: CartViewRows, start: CartReadStart): CartViewRows {
  const order = read.orders[0];
  if (!start.entry || order?.version !== start.keptVersion) return read;
  return { ...read, unitJson: start.entry.rows.unitJson };
}

/** Notes the views this read had to build, as a first read does, reading the variants' rows only when their text may hold one. */
function noteViewsToStore(rows: CartViewRows, held: ReadonlyMap<number, VariantViewRow>, refills: ViewRefills | null): void {
  if (refills && rows.orders.some((order) => mayHoldBuiltViews(order.variantsJson))) noteBuiltViews(variantRowsOf(rows.orders, held), refills);
}

/** Characters an entry holds besides its units and body: its order rows' JSON and its variants' children. */
function viewChars(rows: CartViewRows, variantRows: readonly VariantViewRow[]): number {
  let chars = 0;
  for (const order of rows.orders) chars += order.variantsJson.length + order.itemsJson.length + order.adjustmentsJson.length;
  for (const row of variantRows) chars += row.viewChildren.length;
  return chars;
}

/**
 * Keeps `text` as the body of `entry` while the entry is still kept; gives it
 * back. Its gzip encoding, made on its first answer, is kept with it and
 * counted then (a 20-item cart's 22,739 characters take 2,043 bytes).
 */
function keepBody(id: number, entry: Kept, text: string): KeptBody {
  const body = new KeptBody(text, (bytes) => kept.grow(id, entry, bytes));
  if (kept.grow(id, entry, text.length)) entry.body = body;
  return body;
}

/** Every row of two reads of a cart (`cartViewOfOrder`: the same statements) the same, in the same order, column for column (units' JSON last: an order at the same version has the same). */
export function sameCartRows(a: CartViewRows, b: CartViewRows): boolean {
  return sameRows(a.orders, b.orders) && sameRows(a.unitJson, b.unitJson);
}
