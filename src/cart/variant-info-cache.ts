/**
 * The data of cart variants last read by any cart object of the isolate
 * (price in the channel, flags, categories, weight, stock), by channel,
 * locale and variant, each with the sequence number of the read that
 * brought it.
 *
 * A warm change (item-change.ts, `warmItemChange`) prices each variant
 * from the later of its own object's copy and this one. After an admin
 * changes a variant, the first change in the isolate of a cart holding it
 * fails its guard and reads it again; the other carts then price from that
 * read instead of each failing its own guarded write first. Nothing here is
 * trusted: the guard (src/data/carts/change-guard.ts) compares every field a
 * change is priced with against D1, so a stale copy costs a round trip,
 * never a wrong total.
 */
import type { VariantInfo } from "../domain/cart/state";
import { IsolateMemory } from "../data/isolate-cache";

/** The channel and locale a cart's variants are read in. */
interface Place {
  channelCode: string;
  localeCode: string;
}

interface Kept {
  info: VariantInfo;
  seq: number;
}

/** At most this many variants are kept per isolate (more: the least recently read go). */
const MAX_VARIANTS = 10_000;

/** Bounded by their number alone (an entry's size is about the same for every variant). */
const kept = new IsolateMemory<string, Kept>({
  name: "cart variants",
  file: "src/cart/variant-info-cache.ts",
  key: "channel code, locale and variant id",
  bound: { entries: MAX_VARIANTS, evict: "oldest" },
  kind: "checked",
  readBehind: "nothing trusted: a warm change's guard compares every field it is priced with against D1 (a stale entry fails the write, which then reads)",
});
let reads = 0;

const keyOf = (place: Place, id: number) => `${place.channelCode}:${place.localeCode}:${id}`;

/** The sequence number of the latest read kept so far: a copy taken now is as new as that read. */
export const latestRead = (): number => reads;

/** Keeps the variants a change just read; returns the read's sequence number (later than any kept before). */
export function keepVariants(place: Place, variants: readonly VariantInfo[]): number {
  const seq = ++reads;
  for (const info of variants) kept.set(keyOf(place, info.id), { info, seq });
  return seq;
}

/** `held` (a copy as new as read `seq`), with each variant another object read later taken from that read. */
export function newestVariants(place: Place, held: ReadonlyMap<number, VariantInfo>, seq: number): ReadonlyMap<number, VariantInfo> {
  let newest: Map<number, VariantInfo> | null = null;
  for (const id of held.keys()) {
    const later = kept.get(keyOf(place, id));
    if (later && later.seq > seq) (newest ??= new Map(held)).set(id, later.info);
  }
  return newest ?? held;
}
