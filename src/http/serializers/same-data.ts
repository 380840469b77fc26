/**
 * Deep equality of plain data as rows and their views hold it: objects,
 * arrays, strings, numbers, booleans and null. Two values are the same data
 * when they would serialize to the same JSON (key order aside).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Non-null, non-array objects (checked above): parsed JSON, read by key.
  const left = a as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a non-null, non-array object (checked above): parsed JSON, read by key
  const right = b as Record<string, unknown>; // likewise
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(right, key) || !sameData(left[key], right[key])) return false;
    keys++;
  }
  return Object.keys(right).length === keys;
}

/**
 * Two results of one statement (rows with the same columns, in the same
 * order) equal row for row and column for column, each value compared with
 * `===` (rows hold numbers, strings, booleans and null).
 */
export function sameRows<T extends object>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  const first = a[0];
  if (first === undefined) return true;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The own keys of a row are its columns (keys of T).
  const columns = Object.keys(first) as (keyof T)[];
  for (let i = 0; i < a.length; i++) {
    const left = a[i];
    const right = b[i];
    if (left === undefined || right === undefined) return false;
    for (const column of columns) if (left[column] !== right[column]) return false;
  }
  return true;
}
