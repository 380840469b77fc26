import { groupBy } from "../../../data/collections";

/**
 * Each row's representation with its own parts (those whose `ownerOf` is
 * the row's id, in the order read): what a list and one resource render
 * from the rows and the parts read through their ids.
 */
export function withOwnParts<R extends { id: number }, P, T>(
  rows: readonly R[],
  parts: readonly P[],
  ownerOf: (part: P) => number,
  serialize: (row: R, own: P[]) => T,
): T[] {
  const of = groupBy(parts, ownerOf);
  return rows.map((row) => serialize(row, of.get(row.id) ?? []));
}
