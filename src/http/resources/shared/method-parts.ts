import { groupBy } from "../../../data/collections";

/**
 * The translations and channels of payment and shipping methods, read for a
 * page (or one method): `of(id)` is one method's, in the order read.
 */
export function methodCollections<T extends { methodId: number }, C extends { methodId: number }>(parts: {
  translations: readonly T[];
  channels: readonly C[];
}) {
  const translationsOf = groupBy(parts.translations, (t) => t.methodId);
  const channelsOf = groupBy(parts.channels, (ch) => ch.methodId);
  return (id: number) => ({ translations: translationsOf.get(id) ?? [], channels: channelsOf.get(id) ?? [] });
}
