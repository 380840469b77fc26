/**
 * The queries of idempotency keys (`Idempotency-Key`): the lookup that rides
 * along a request's first batch, the statements that record an outcome in
 * the same batch as the change it guards, and the sweep of expired records.
 *
 * A record is scoped to the OAuth client and user of the access token; the
 * lookup finds the scope through the token itself, so it can run in the same
 * batch as the token check, before the request's principal is known.
 */
import { and, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "./db";
import { keyed, namedBatch } from "./batch";
import { idempotencyKeys, oauthAccessTokens } from "./schema";
import type { Preparer } from "./metered-d1";

/** How long an outcome is kept and replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** A request sent with a key, as the lookup and the record need it (no body: only its fingerprint). */
export interface KeyedRequest {
  key: string;
  method: string;
  path: string;
  fingerprint: string;
}

/** The principal a record belongs to. */
export interface KeyScope {
  clientId: number;
  userId: number | null;
}

/** What a replay needs of a stored outcome. */
export interface StoredOutcome {
  fingerprint: string;
  status: number;
  resource: string | null;
}

/** The unexpired record of `key` for the principal of the token `tokenHash` (no row when there is none). */
export function idempotencyLookupQuery(db: Database, tokenHash: string, key: string, nowSeconds: number) {
  return db
    .select({
      fingerprint: keyed(idempotencyKeys.fingerprint, "fingerprint"),
      status: keyed(idempotencyKeys.status, "status"),
      resource: keyed(idempotencyKeys.resource, "resource"),
    })
    .from(idempotencyKeys)
    .innerJoin(
      oauthAccessTokens,
      and(
        eq(oauthAccessTokens.clientId, idempotencyKeys.clientId),
        eq(sql`COALESCE(${oauthAccessTokens.userId}, 0)`, idempotencyKeys.userId),
      ),
    )
    .where(and(eq(oauthAccessTokens.tokenHash, tokenHash), eq(idempotencyKeys.key, key), gt(idempotencyKeys.expiresAt, nowSeconds)));
}

const scopeOf = (scope: KeyScope, key: string) =>
  and(eq(idempotencyKeys.clientId, scope.clientId), eq(idempotencyKeys.userId, scope.userId ?? 0), eq(idempotencyKeys.key, key));

/**
 * The statements that record an outcome, to run FIRST in the write batch of
 * the change: an expired record of the key is replaced (lazy expiry), and a
 * live one makes the insert fail, which rolls the whole change back (the
 * loser of a race between two requests with one key).
 */
export function idempotencyRecordQueries(
  db: Database,
  request: KeyedRequest,
  scope: KeyScope,
  outcome: { status: number; resource: string | null },
  nowSeconds: number,
) {
  return [
    db.delete(idempotencyKeys).where(and(scopeOf(scope, request.key), lte(idempotencyKeys.expiresAt, nowSeconds))),
    db.insert(idempotencyKeys).values({
      clientId: scope.clientId,
      userId: scope.userId ?? 0,
      key: request.key,
      method: request.method,
      path: request.path,
      fingerprint: request.fingerprint,
      status: outcome.status,
      resource: outcome.resource,
      createdAt: nowSeconds,
      expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
    }),
  ] as const;
}

/**
 * Sets the record's resource from an SQL expression evaluated at the END of
 * the write batch (the id of a row the change inserted: `last_insert_rowid()`,
 * a lookup by a unique column).
 */
export function idempotencyResourceQuery(db: Database, key: string, scope: KeyScope, resource: SQL) {
  return db
    .update(idempotencyKeys)
    .set({ resource: sql`CAST(${resource} AS TEXT)` })
    .where(scopeOf(scope, key));
}

/** Removes the record of a key (its change turned out not to apply). */
export function idempotencyForgetQuery(db: Database, key: string, scope: KeyScope) {
  return db.delete(idempotencyKeys).where(scopeOf(scope, key));
}

/** Records whose period is over, oldest first, at most `limit`. */
export function idempotencySweepQuery(db: Database, nowSeconds: number, limit: number) {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, nowSeconds))
    .orderBy(idempotencyKeys.expiresAt)
    .limit(limit);
  return db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
}

/** True when a write failed because another request recorded the same key first. */
export function isKeyTaken(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return text.includes("UNIQUE constraint failed: idempotency_keys.");
}

/** Expired records removed per scheduled run: a run's work is bounded (one D1 round trip). */
export const KEY_SWEEP_LIMIT = 1000;

/** The scheduled sweep of expired records (lookups already ignore them; this frees their rows). Returns how many it removed. */
export async function sweepExpiredKeys(db: Database, nowMs: number): Promise<number> {
  const { removed } = await namedBatch(db, { removed: idempotencySweepQuery(db, Math.floor(nowMs / 1000), KEY_SWEEP_LIMIT) });
  return removed.meta.changes ?? 0;
}

/** The id of the row the write batch inserted last: what names a created resource whose insert is the batch's last (a cart). */
export const lastInsertedId = (): SQL => sql`last_insert_rowid()`;

/** A drizzle query as a statement of the raw D1 connection (the claim's statements ride below drizzle). */
export const rawStatement = (d1: Preparer, query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const built = query.toSQL();
  return d1.prepare(built.sql).bind(...built.params);
};
