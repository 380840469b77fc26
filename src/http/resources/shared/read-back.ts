/**
 * What a create read back in its write batch (`what`: `Product "mug"`).
 * Missing, it is a bug (a 500), never the client's error.
 */
export function readBack<T>(created: T | undefined, what: string): T {
  if (created === undefined) throw new Error(`${what} was not read back after its insert.`);
  return created;
}
