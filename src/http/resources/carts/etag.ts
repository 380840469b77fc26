/**
 * The strong entity tag of a cart (and of an order, shown the same way):
 * a digest of its id and version and of what the body shows of the rows it
 * embeds (customer and account, channel, each item's variant), serialized by
 * the very functions that write the body (each variant by the digest of its
 * text, kept with the text: see `variantDigest`). The units, however many, count
 * through the version alone (every write of the cart's rows raises it), so a
 * tag costs the same for a 9999-unit item as for one unit, where digesting a
 * multi-megabyte body on every read would not; and a change to an embedded
 * row (a price, a translation, the customer's name) changes the tag exactly
 * when it changes the body, with no clock resolution to trust.
 */
import type { CartTagParts } from "../../../data/carts/cart-etag";
import type { CartRecord } from "../../../data/carts/cart-views";
import type { VariantView } from "../../../data/queries/product-variants";
import { digestTag } from "../../conditional";
import { serializeChannelForCart } from "../channels/serializer";
import { serializeCustomerForCart } from "../customers/serializer";
import { variantDigest } from "../product-variants/serializer";

export async function cartEtag(parts: CartTagParts): Promise<string> {
  // Each variant counts by the digest of the text the body embeds (kept with that text, made once per
  // version of the variant's data), so a read digests a few dozen bytes per variant instead of its JSON.
  const variants = await Promise.all([...parts.variants].sort((a, b) => a.row.id - b.row.id).map(variantDigest));
  const own = JSON.stringify([parts.id, parts.version, serializeCustomerForCart(parts.customer, parts.user), serializeChannelForCart(parts.channel)]);
  return digestTag(`${own.slice(0, -1)},[${variants.join(",")}]]`);
}

/** The tag of a cart read for display (`variants`: the views of its items' variants). */
export const cartRecordEtag = (record: CartRecord, variants: ReadonlyMap<number, VariantView>): Promise<string> =>
  cartEtag({ id: record.cart.id, version: record.cart.version, customer: record.customer, user: record.user, channel: record.channel, variants: variants.values() });
