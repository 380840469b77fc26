/**
 * What every operation of the cart object shares (an item change, a
 * checkout step, an order transition, a deletion): the caller it runs for,
 * the typed reply it hands the gateway, and the pipeline's ends
 * (`OperationRun`). Each operation reads in one batch (the caller's token
 * check and its key's lookup ahead of its own reads), decides, then writes
 * in one guarded batch that carries its key's record; a refusal or a
 * failure becomes a reply (`errorReply`). The pipeline written once over
 * these ends is runner.ts (`runOperation`).
 */
import { namedBatch, type NamedEntry, type NamedQueries, type NamedResults, type Query } from "../data/batch";
import { createDatabase, type Database } from "../data/db";
import { D1Meter, MeteredD1, type Checks } from "../data/metered-d1";
import {
  idempotencyLookupQuery,
  idempotencyRecordQueries,
  isKeyTaken,
  type KeyedRequest,
  type KeyScope,
  type StoredOutcome,
} from "../data/idempotency";
import type { Scope } from "../domain/scopes";
import type { ChangeActor } from "../domain/events/event";
import { tokenGuard } from "../http/auth/token-guard";
import { checkIfMatch } from "../domain/conditional";
import { HttpError } from "../http/errors";
import { firstBatch } from "../http/first-batch";
import type { ChangeErrors } from "../domain/cart/cart-change";
import { CartRefusal, ItemFormRefusal, refuse, type Refusal } from "./refusal";

/** The request a call belongs to, as the cart gateway passes it. */
export interface Caller {
  /** The token check the worker delegated to this object's first batch; null when the worker already ran it. */
  tokenHash: string | null;
  /** The scope the operation needs, which that token check holds the token to (null: none). */
  scope?: Scope | null;
  /** The request's id, carried by this object's log lines to tie them to the worker's access log line. */
  requestId: string;
  /** Whether the request is logged: the object then writes a line for its part of it. */
  log: boolean;
  /** The request's `If-Match`: the operation applies only while the resource's tag matches it. */
  ifMatch?: string | null;
  /** The request's `Idempotency-Key`, which this object looks up in its first batch and records with its write. */
  idempotency?: CartKey;
  /** The principal the worker's own token check found (null or absent: the check was handed to this object). */
  principal?: KeyScope | null;
}

/** A keyed call: the request, the token the record's scope is found through, and the principal when already known. */
export interface CartKey {
  request: KeyedRequest;
  tokenHash: string;
  scope: KeyScope | null;
}

/** What the object's D1 work cost (its meter's counts). */
export interface CartMetrics {
  roundTrips: number;
  durationMs: number;
  rowsRead: number;
  rowsWritten: number;
}

/** What every reply carries: the cost of producing it, and the D1 bookmark its work reached (null: no D1 work). */
interface ReplyCost {
  metrics: CartMetrics;
  bookmark: string | null;
}

/** The operation went through (or replays one that did): `body` is what the route answers (null: no body). */
export interface Done<B> extends ReplyCost {
  outcome: "done";
  status: 200 | 201 | 204;
  body: B;
  /** The answer replays an earlier request's outcome (`Idempotency-Key`). */
  replayed?: boolean;
}

/** The operation was refused: an HTTP error in the contract's shape, for the gateway to throw. */
export interface Refused extends ReplyCost {
  outcome: "refused";
  status: number;
  body: { code: number; message: string } | Record<string, unknown>;
  headers?: Record<string, string>;
  /** A refused token's client (public id), for the worker's access log; not part of the answer. */
  client?: string;
}

/** The operation refused (a typed outcome, which the gateway renders): see refusal.ts. */
export interface Rejected extends ReplyCost {
  outcome: "rejected";
  refusal: Refusal;
}

/** An item change's form failed on what only data can tell: the errors, for the worker to merge with its own. */
export interface FormRefused extends ReplyCost {
  outcome: "form";
  formErrors: ChangeErrors;
}

/** What the worker gets back from an operation whose success answers `B`. */
export type CartReply<B = null> = Done<B> | Refused | Rejected | FormRefused;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function metricsOf(meter: D1Meter): CartMetrics {
  return { roundTrips: meter.roundTrips, durationMs: meter.durationMs, rowsRead: meter.rowsRead, rowsWritten: meter.rowsWritten };
}

/** A success (or a replayed one). */
export function done<B>(status: 200 | 201 | 204, body: B, meter: D1Meter, replayed = false): Done<B> {
  return { outcome: "done", status, body, metrics: metricsOf(meter), bookmark: meter.bookmark, ...(replayed ? { replayed: true } : {}) };
}

/** A replayed outcome's status as a success's (a record only ever stores one). */
export const replayedStatus = (status: number): 200 | 201 | 204 => (status === 201 ? 201 : status === 200 ? 200 : 204);

export function formRefused(formErrors: ChangeErrors, meter: D1Meter): FormRefused {
  return { outcome: "form", formErrors, metrics: metricsOf(meter), bookmark: meter.bookmark };
}

/** Whether `error` is a refusal (the operation's, or an HTTP one of the pipeline's checks), not a failure. */
export const isRefusal = (error: unknown): boolean => error instanceof CartRefusal || error instanceof ItemFormRefusal || error instanceof HttpError;

/**
 * A refusal as a reply: the operation's own and the key's (409, 422) as a
 * typed outcome (an item form's errors as the `form` outcome); the token's
 * 401, still checked by http code, as the HTTP error it threw. Anything else
 * is logged and answered as a 500.
 */
export function errorReply(error: unknown, meter: D1Meter, caller: Caller | null, where = "CartObject"): Refused | Rejected | FormRefused {
  if (error instanceof ItemFormRefusal) return formRefused(error.errors, meter);
  const cost = { metrics: metricsOf(meter), bookmark: meter.bookmark };
  if (error instanceof CartRefusal) return { outcome: "rejected", refusal: error.refusal, ...cost };
  if (error instanceof HttpError) {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an HttpError body is a JSON object (a non-null object, checked just before)
    const body = typeof error.body === "object" && error.body !== null ? (error.body as Record<string, unknown>) : { code: error.status, message: error.message };
    return { outcome: "refused", status: error.status, body, headers: error.headers, ...(error.client ? { client: error.client } : {}), ...cost };
  }
  const stack = error instanceof Error ? error.stack : undefined;
  console.error(JSON.stringify({ level: "error", where, requestId: caller?.requestId ?? null, error: String(error), stack }));
  return { outcome: "refused", status: 500, body: { code: 500, message: "Internal server error." }, ...cost };
}

/** The principal a keyed operation's record belongs to: checked in this object's first batch, or by the worker before the call. */
export function scopeOf(keyed: CartKey, principal: KeyScope | null): KeyScope {
  const scope = principal ?? keyed.scope;
  if (!scope) throw new Error("A keyed operation needs its principal");
  return scope;
}

/**
 * Runs a write that carries a key's record: the record already taken (by a
 * request on another path, since a retry of this one would have been found
 * by the lookup) rolled the write back, and is that request's key.
 */
export async function writeKeyed<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isKeyTaken(error)) throw refuse.keyReused();
    throw error;
  }
}

/**
 * One run of an operation for its caller: the pipeline's ends. Its D1
 * connection holds the caller's checks (the token check the worker handed
 * over, the key's lookup), which `read` runs ahead of the operation's reads
 * in its first batch (`firstBatch`, as a route's); `replay` judges the key's
 * record found there; `write` is the guarded write with the key's record.
 * The operation supplies its reads, its decision and its statements.
 */
export class OperationRun {
  readonly meter = new D1Meter();
  readonly db: Database;
  private readonly d1: MeteredD1;
  /** The principal the token check found (null: the worker checked it, see `CartKey.scope`). */
  private principal: KeyScope | null = null;
  /** The key's record found by the lookup (undefined: none, or no key). */
  private found: StoredOutcome | undefined;

  constructor(
    database: D1Database,
    readonly caller: Caller | null,
  ) {
    this.d1 = new MeteredD1(database, this.meter);
    this.db = createDatabase(this.d1);
    const now = nowSeconds();
    if (caller?.tokenHash) {
      this.d1.setGuard(
        tokenGuard(caller.tokenHash, caller.scope ?? null, now, (principal) => {
          this.principal = principal;
        }),
      );
    }
    const keyed = caller?.idempotency;
    if (keyed) {
      this.d1.setClaim({
        lookup: idempotencyLookupQuery(this.db, keyed.tokenHash, keyed.request.key, now).toSQL(),
        // Judged by `replay`, where the operation decides (a missing resource is a 404 first).
        verify: (result) => {
          // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the raw D1 rows of the key lookup, whose columns are StoredOutcome's
          this.found = (result.results as StoredOutcome[])[0];
        },
      });
    }
  }

  /**
   * The first batch: the caller's checks, then `reads`. A refused token
   * throws its 401 before any row is handed back. `writesGuarded`: the reads
   * include a write that checks the token itself (the id reservation), so
   * the checks still ride the same batch.
   */
  read<T extends NamedQueries>(reads: T, options: { writesGuarded?: boolean } = {}): Promise<NamedResults<T>> {
    return firstBatch({ var: { db: this.db, d1: this.d1 } }, reads, options);
  }

  /**
   * The caller's checks, taken off the connection for a write that carries
   * them in its own guard (a change without reads, change-guard.ts); null
   * when none is pending. Hand them back with `restoreChecks` when that
   * write did not commit, so that the next batch runs them.
   */
  takeChecks(): Checks | null {
    return this.d1.takeChecks();
  }

  restoreChecks(checks: Checks | null): void {
    if (checks) this.d1.restoreChecks(checks);
  }

  /**
   * 412 unless the caller's `If-Match` (if any) matches `current`, the
   * resource's tag as this operation's read found it (null: no resource).
   * The object is the resource's one writer and runs one operation at a
   * time, so the resource stays as compared until the write commits.
   */
  checkIfMatch(current: string | null): void {
    if (!checkIfMatch(this.caller?.ifMatch, current)) throw refuse.preconditionFailed();
  }

  /**
   * Who makes the change, for its events: the principal of the token check
   * (this object's, or the worker's when it ran it). Only asked once the
   * check passed, when the operation builds its events.
   */
  actor(): ChangeActor {
    const principal = this.principal ?? this.caller?.principal ?? this.caller?.idempotency?.scope ?? null;
    // A change without reads whose guard makes the token check: its events' inserts read the token's principal.
    if (!principal) return { tokenHash: this.caller?.tokenHash ?? null };
    return { clientId: principal.clientId, userId: principal.userId };
  }

  /** The outcome to replay for the caller's key (null: none); a record of another request under the key is a 422 (`key-reused`). */
  replay(): StoredOutcome | null {
    const keyed = this.caller?.idempotency;
    if (!keyed || !this.found) return null;
    if (this.found.fingerprint !== keyed.request.fingerprint) throw refuse.keyReused();
    return this.found;
  }

  /**
   * The guarded write: `statements` in one atomic batch, the key's record
   * (with `outcome`) first, so a key recorded meanwhile fails the batch
   * before anything is written (a 422), and the operation's `events` last
   * (runner.ts: the one place event rows join the batch; an empty list adds
   * no statement).
   */
  write<T extends NamedEntry>(
    outcome: { status: number; resource: string | null },
    statements: T,
    events: readonly Query[] = [],
  ): Promise<NamedResults<{ record: ReturnType<typeof idempotencyRecordQueries> | undefined; written: T; events: readonly Query[] }>> {
    const keyed = this.caller?.idempotency;
    const db = this.db;
    return writeKeyed(() =>
      namedBatch(db, {
        record: keyed ? idempotencyRecordQueries(db, keyed.request, scopeOf(keyed, this.principal), outcome, nowSeconds()) : undefined,
        written: statements,
        events,
      }),
    );
  }
}
