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

/**
 * The entry `key` of `map`, which the caller knows is there (a row's foreign
 * key read in the same batch, a code the request's read found): its absence
 * is a bug, reported with `what` instead of surfacing later as `undefined`.
 */
export function mustGet<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${String(key)} was not found.`);
  return value;
}

/** The value the caller knows is there (e.g. a row read back after its insert in the same batch). */
export function mustExist<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing.`);
  return value;
}
