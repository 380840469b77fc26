/**
 * Product variant representation.
 *
 * Two sets, one function:
 * - `listItem`, the default set (the variant list, and the variant inside a
 *   cart item, so a client sees the same variant wherever it meets it): id,
 *   code, position, optionValues, translations, tracked, channelPricings,
 *   taxCategory?, shippingCategory? (reduced to id, code, name, `_links`),
 *   version, `_links.self`.
 * - `detailed` (create, get one): the default set plus onHold, onHand,
 *   width/height/depth/weight (each omitted when never set), `_links.product`,
 *   and categories in their `full` view (with description).
 *
 * Empty translations / channelPricings / optionValues serialize as `[]`
 * (PHP's empty array), non-empty keyed ones as objects.
 */
import type { VariantView } from "../../../data/queries/product-variants";
import { serializeShippingCategory, serializeTaxCategory, type CategoryView } from "../shared/category-views";
import { enc, href } from "../../serializers/links";
import { sameData } from "../../serializers/same-data";
import { digestTag } from "../../conditional";
import { IsolateMemory } from "../../../data/isolate-cache";

export type VariantSet = "detailed" | "listItem";

const CATEGORY_VIEW: Record<VariantSet, CategoryView> = { detailed: "full", listItem: "listItem" };

/** `[]` for an empty map (as PHP serializes an empty array), else the object. */
function keyedOrEmptyList<T>(entries: [string, T][]): Record<string, T> | [] {
  return entries.length === 0 ? [] : Object.fromEntries(entries);
}

export const variantPath = (productCode: string, variantCode: string) =>
  `/products/${enc(productCode)}/variants/${enc(variantCode)}`;

export function serializeProductVariant(view: VariantView, set: VariantSet) {
  const { row } = view;
  const categoryView = CATEGORY_VIEW[set];
  const body: Record<string, unknown> = {
    id: row.id,
    code: row.code,
    position: row.position,
    optionValues: view.optionValues.map((value) => ({
      code: value.code,
      ...(value.optionName !== null ? { name: value.optionName } : {}),
      translations: keyedOrEmptyList(
        value.translations.map((t) => [t.locale, { locale: t.locale, id: t.id, value: t.value }]),
      ),
    })),
    translations: keyedOrEmptyList(view.translations.map((t) => [t.locale, { locale: t.locale, id: t.id, name: t.name }])),
    tracked: row.tracked,
    channelPricings: keyedOrEmptyList(
      view.channelPricings.map((p) => [p.channelCode, { channelCode: p.channelCode, price: p.price }]),
    ),
  };
  if (view.taxCategory) body.taxCategory = serializeTaxCategory(view.taxCategory, categoryView);
  if (view.shippingCategory) body.shippingCategory = serializeShippingCategory(view.shippingCategory, categoryView);
  body.version = row.version;
  const self = href(variantPath(row.productCode, row.code));
  if (set !== "detailed") {
    body._links = { self };
    return body;
  }
  body.onHold = row.onHold;
  body.onHand = row.onHand;
  for (const dimension of ["width", "height", "depth", "weight"] as const) {
    if (row[dimension] !== null) body[dimension] = row[dimension];
  }
  body._links = { self, product: href(`/products/${enc(row.productCode)}`) };
  return body;
}

/**
 * The default set, as cart items embed it: the variant list's item. Takes a
 * view loaded with `variantViewQueries` + `variantViewsFrom` (the variant
 * list's loader).
 */
export const serializeVariantDefault = (view: VariantView) => serializeProductVariant(view, "listItem");

/**
 * The JSON text of a view's default set. A cart read digests it for its ETag
 * and embeds the same text in its body, and the same variants come back read
 * after read: the text made last for each variant is kept (per isolate) with
 * the view it was made from, and given again while the next view of that
 * variant is the same data (`sameData`: every field compared, so any change
 * of a price, a translation or a category makes a new text). Comparing costs
 * a fraction of serializing: a 500-item cart read saves about 3 ms of CPU.
 */
export const variantDefaultJson = (view: VariantView): string => {
  const id = view.row.id;
  const last = lastTexts.get(id);
  if (last && (last.view === view || sameData(last.view, view))) return last.text;
  const text = JSON.stringify(serializeVariantDefault(view));
  lastTexts.set(id, { view, text });
  return text;
};

/** Variants whose last text is kept (about 1 KB each); past it the memory starts afresh. */
const KEPT_TEXTS = 10_000;
const lastTexts = new IsolateMemory<number, { view: VariantView; text: string; digest?: string }>({
  name: "variant default JSON",
  file: "src/http/resources/product-variants/serializer.ts",
  key: "variant id",
  bound: { entries: KEPT_TEXTS, evict: "all" },
  kind: "checked",
  readBehind: "the variant's view just read, compared with the kept one field by field (`sameData`; the same view object by identity)",
});

/**
 * The digest of a variant's default JSON (`digestTag` of `variantDefaultJson`),
 * kept with the text while the text stays the same: a cart's tag digests its
 * variants' digests, not their texts again on every read.
 */
export async function variantDigest(view: VariantView): Promise<string> {
  const text = variantDefaultJson(view);
  const kept = lastTexts.get(view.row.id);
  if (kept?.text === text && kept.digest !== undefined) return kept.digest;
  const digest = await digestTag(text);
  const entry = lastTexts.get(view.row.id);
  if (entry?.text === text) entry.digest = digest;
  return digest;
}
