/** In-memory helpers for assembling batch results. */

/** Groups rows by a key, keeping their order (within a group and of the groups). */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Unique values, first occurrence order. */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
