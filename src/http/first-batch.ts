/**
 * The request's first round trip: its reads, with the caller's
 * authentication (and an idempotency key's claim) checked in the same batch.
 * Every handler that reads D1 starts here.
 */
import { namedBatch, type NamedQueries, type NamedResults } from "../data/batch";
import type { AppVariables } from "./context";

export function firstBatch<T extends NamedQueries>(c: { var: Pick<AppVariables, "db"> }, reads: T): Promise<NamedResults<T>> {
  return namedBatch(c.var.db, reads);
}
