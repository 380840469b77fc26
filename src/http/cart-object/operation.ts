/**
 * What every operation of the cart object shares (an item change, a
 * checkout step, an order transition, a deletion): the caller it runs for,
 * the reply it hands the gateway, and the ends of its pipeline. Each
 * operation reads in one batch (the caller's token check and its key's
 * lookup ahead of its own reads), decides, then writes in one guarded batch
 * that carries its key's record (`writeKeyed`, with `scopeOf` naming whose
 * record it is); a refusal or a failure becomes a reply (`errorReply`).
 */
import type { D1Meter } from "../../data/metered-d1";
import { isKeyTaken, type KeyedRequest, type KeyScope } from "../../data/idempotency";
import { HttpError } from "../errors";
import { keyReused } from "../idempotency/keys";
import type { ChangeErrors } from "./cart-change";

/** The request a call belongs to, as the cart gateway passes it. */
export interface Caller {
  /** The token check the worker delegated to this object's first batch; null when the worker already ran it. */
  tokenHash: string | null;
  /** The request's id, carried by this object's log lines to tie them to the worker's access log line. */
  requestId: string;
  /** Whether the request is logged: the object then writes a line for its part of it. */
  log: boolean;
  /** The request's `If-Match`: the operation applies only while the resource's tag matches it. */
  ifMatch?: string | null;
  /** The request's `Idempotency-Key`, which this object looks up in its first batch and records with its write. */
  idempotency?: CartKey;
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
}

/** An item change's form failed on what only data can tell: the errors, for the worker to merge with its own. */
export interface FormRefused extends ReplyCost {
  outcome: "form";
  formErrors: ChangeErrors;
}

/** What the worker gets back from an operation whose success answers `B`. */
export type CartReply<B = null> = Done<B> | Refused | FormRefused;

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

/** A refusal as a reply; anything else is logged and answered as a 500. */
export function errorReply(error: unknown, meter: D1Meter, caller: Caller | null, where = "CartObject"): Refused {
  const cost = { metrics: metricsOf(meter), bookmark: meter.bookmark };
  if (error instanceof HttpError) {
    const body = typeof error.body === "object" && error.body !== null ? (error.body as Record<string, unknown>) : { code: error.status, message: error.message };
    return { outcome: "refused", status: error.status, body, headers: error.headers, ...cost };
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
    if (isKeyTaken(error)) throw keyReused();
    throw error;
  }
}
