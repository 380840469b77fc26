/**
 * The channel's pricing and checkout context kept in memory between a cart's
 * changes: promotions with their rules and actions, tax rates, shipping and
 * payment methods read again only when they changed.
 *
 * A copy carries the context's version (one row that SQLite triggers raise
 * in the same statement as any write of the rows the context is made of,
 * migration 0014) and is kept per channel and locale. A change's first batch
 * sends the version of the copy it holds; the context's queries have the
 * LIMIT "none while the version is this one", so they read nothing when the
 * copy is current and the whole context when it is not, in the same batch:
 * no extra round trip, and a copy is always one snapshot of D1. Memory only:
 * a fresh isolate (an evicted object) starts without copies and reads the
 * context on its first change.
 *
 * The copies are kept per isolate, so the cart objects an isolate runs share
 * them; they are never changed once kept.
 */
import { ratesForBilling, type PricingContextRows } from "../data/carts/cart-store";
import type { PaymentMethodRow } from "../data/checkout/checkout-store";
import { IsolateMemory } from "../data/isolate-cache";

/** The context as the change's first batch reads it. */
export interface ContextRows {
  context: PricingContextRows;
  paymentMethods: PaymentMethodRow[];
}

/** A kept copy of a channel's context, with the version it was read at. */
export interface ContextCopy extends ContextRows {
  readonly version: string;
}

/** What the change's first batch says of the context: its version, and the cart's channel and locale (`channelId:locale`). */
export interface ContextStamp {
  version: string;
  key: string | null;
}

/** At most this many channel and locale pairs are kept (more: the oldest goes). */
const MAX_COPIES = 64;

/** Bounded by their number alone. */
const copies = new IsolateMemory<string, ContextCopy>({
  name: "pricing contexts",
  file: "src/cart/pricing-context-cache.ts",
  key: "channel id and locale",
  bound: { entries: MAX_COPIES, evict: "oldest" },
  kind: "checked",
  readBehind: "`pricing_context_version` (raised by triggers with every write of the context's tables), sent with each change's first batch and guarded write",
});

/** The copy held for a cart in memory (null: none, or the cart is not in memory); its version (or "") is what the change sends. */
export function heldCopy(cart: { channelId: number; localeCode: string } | null): ContextCopy | null {
  return cart ? (copies.get(`${cart.channelId}:${cart.localeCode}`) ?? null) : null;
}

/**
 * The context of a change, from its first batch: `held` (the copy whose
 * version the batch sent) when the batch found that version current, else
 * the rows just read, kept as the new copy of the cart's channel and locale.
 */
export function contextOf(held: ContextCopy | null, stamp: ContextStamp | undefined, read: ContextRows): ContextRows {
  if (held && stamp && held.version === stamp.version) return held;
  const rows: ContextRows = { context: read.context, paymentMethods: read.paymentMethods };
  if (stamp?.key) copies.set(stamp.key, { ...rows, version: stamp.version });
  return rows;
}

/** The context's rows for a cart billed in `billingZones` (the tax rates of its billing zones and of the channel's default zone). */
export const forBilling = (rows: ContextRows, billingZones: readonly string[]): PricingContextRows => ratesForBilling(rows.context, billingZones);
