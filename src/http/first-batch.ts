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
import { BoundQuery, namedBatch, readsOnly, type NamedQueries, type NamedResults } from "../data/batch";
import type { Database } from "../data/db";
import type { MeteredD1, RawQuery } from "../data/metered-d1";

/**
 * What the first batch needs of a request's context: a Hono handler's `c`
 * fits, and so does the cart object's run. Structural, so that this module
 * and the app's context type (which holds the cart gateway) do not import
 * each other.
 */
export interface FirstBatchContext {
  readonly var: { readonly db: Database; readonly d1: MeteredD1 };
}

const asQuery = (query: RawQuery) => new BoundQuery<D1Result>(query.sql, query.params, (result) => result);

/**
 * `writesGuarded`: the batch's writes check the caller themselves and are
 * harmless for a refused one (the cart object's id reservation, which only
 * happens for a live token), so the checks still ride the same batch.
 */
export interface FirstBatchOptions {
  writesGuarded?: boolean;
}

export async function firstBatch<T extends NamedQueries>(c: FirstBatchContext, reads: T, options: FirstBatchOptions = {}): Promise<NamedResults<T>> {
  const { db, d1 } = c.var;
  if (!options.writesGuarded && !readsOnly(reads)) {
    await d1.verifyGuard();
    return namedBatch(db, reads);
  }
  const checks = d1.takeChecks();
  if (!checks) return namedBatch(db, reads);
  // The checks first, then the reads: one batch, one round trip.
  let results: [D1Result[], NamedResults<T>];
  try {
    results = await namedBatch(db, reads, checks.queries.map(asQuery));
  } catch (error) {
    d1.restoreChecks(checks);
    throw error;
  }
  await d1.settleChecks(checks, results[0]);
  return results[1];
}

/**
 * Runs the request's pending checks now, in a round trip of their own (none
 * when they already ran): for work that must not start before the caller is
 * known and that reads nothing first.
 */
export function authenticate(c: FirstBatchContext): Promise<void> {
  return c.var.d1.verifyGuard();
}
