/**
 * The request's first round trip: its reads, with the request's checks (the
 * caller's token check, an `Idempotency-Key`'s lookup) in the same batch,
 * ahead of them. Every handler that reads D1 starts here, and so does every
 * operation of the cart object (its checks handed over by the gateway).
 *
 * The checks were registered on the request's D1 connection by the bearer
 * and idempotency middleware (the cart object registers the ones it was
 * handed); this is where they join a batch and where their results are read:
 * a refused token throws the 401 (and a replayed key its replay) before any
 * result of the reads is handed back. A batch that writes never carries
 * them: they run alone first, so nothing is written for a refused request.
 * D1 work that does not start here is still covered: the connection runs
 * pending checks with (or before) whatever reaches it first (metered-d1.ts).
 */
import { Batch, BoundQuery, namedBatch, readsOnly, type NamedQueries, type NamedResults } from "../data/batch";
import type { RawQuery } from "../data/metered-d1";
import type { AppVariables } from "./context";

/** What the first batch needs of a request's context (a Hono handler's `c` fits, and so does the cart object's). */
export interface FirstBatchContext {
  readonly var: Pick<AppVariables, "db" | "d1">;
}

const asQuery = (query: RawQuery) => new BoundQuery<D1Result>(query.sql, query.params, (result) => result);

export async function firstBatch<T extends NamedQueries>(c: FirstBatchContext, reads: T): Promise<NamedResults<T>> {
  const { db, d1 } = c.var;
  if (!readsOnly(reads)) {
    await d1.verifyGuard();
    return namedBatch(db, reads);
  }
  const checks = d1.takeChecks();
  if (!checks) return namedBatch(db, reads);
  // The checks first, then the reads: one batch, one round trip.
  const batch = new Batch();
  const checked = checks.queries.map((query) => batch.add(asQuery(query)));
  const read = batch.addNamed(reads);
  try {
    await batch.run(db);
  } catch (error) {
    d1.restoreChecks(checks);
    throw error;
  }
  await d1.settleChecks(
    checks,
    checked.map((result) => result()),
  );
  return read();
}

/**
 * Runs the request's pending checks now, in a round trip of their own (none
 * when they already ran): for work that must not start before the caller is
 * known and that reads nothing first.
 */
export function authenticate(c: FirstBatchContext): Promise<void> {
  return c.var.d1.verifyGuard();
}
