/**
 * `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field", with Stripe's semantics): parsing the header, fingerprinting a
 * request, and judging a stored record against a retry. Shared by the
 * request middleware and the cart Durable Object.
 */
import type { SQL } from "drizzle-orm";
import { apiError } from "../errors";
import { sha256Hex } from "../auth/crypto";
import type { KeyedRequest, StoredOutcome } from "../../data/idempotency";

export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED = "Idempotent-Replayed";

/** The methods whose requests accept a key (writes). */
export const KEYED_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const MAX_KEY_LENGTH = 255;

const PRINTABLE = /^[\x20-\x7e]+$/;
/** The draft's form: an sf-string (`"..."`, with `\"` and `\\` escapes). */
const SF_STRING = /^"((?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

export const malformedKey = () =>
  apiError(400, `The ${IDEMPOTENCY_KEY} header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (optionally as a quoted string).`);
export const keyReused = () =>
  apiError(422, `This ${IDEMPOTENCY_KEY} was already used with another request (method, path or body); use a new key.`);
export const keyInFlight = () =>
  apiError(409, `A request with this ${IDEMPOTENCY_KEY} is still being processed; retry it later.`);

/** The key of a header value (quoted or bare), or null when it is malformed. */
export function parseKey(header: string): string | null {
  const trimmed = header.trim();
  const quoted = SF_STRING.exec(trimmed);
  const key = quoted ? (quoted[1] ?? "").replace(/\\(["\\])/g, "$1") : trimmed;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !PRINTABLE.test(key)) return null;
  return key;
}

/** The request's path as a record names it: no trailing slash (routes match with or without). */
export const keyedPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** JSON with object keys sorted at every level: one text per body, whatever the client's key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The request a key is for. Its fingerprint is a SHA-256 of method, path and
 * canonical body, salted with the key itself: a record never holds the body,
 * which may carry a password.
 */
export async function keyedRequest(key: string, method: string, path: string, body: unknown): Promise<KeyedRequest> {
  const normalized = keyedPath(path);
  const fingerprint = await sha256Hex(`${key}\n${method} ${normalized}\n${canonicalJson(body)}`);
  return { key, method, path: normalized, fingerprint };
}

/** The outcome to replay for `request`, null when there is none; a record of another request is a 422. */
export function judge(found: StoredOutcome | undefined, request: KeyedRequest): StoredOutcome | null {
  if (!found) return null;
  if (found.fingerprint !== request.fingerprint) throw keyReused();
  return found;
}

/** Thrown when a retry's outcome was found: the request stops, and the middleware replays it. */
export class IdempotentReplay extends Error {
  constructor(readonly outcome: StoredOutcome) {
    super("Idempotent replay");
  }
}

/** Thrown when another request recorded the key first (the write rolled back): the middleware replays the winner. */
export class KeyTakenMeanwhile extends Error {
  constructor() {
    super("The key was recorded by a concurrent request");
  }
}

/** A keyed request's handle, on the request's context (`c.var.idempotency`). */
export interface KeyedCall {
  readonly request: KeyedRequest;
  /** The access token's hash: the lookup finds the record's scope through it. */
  readonly tokenHash: string;
  /** Set when the answer is a replay (by the middleware, or the cart gateway for the cart object's). */
  replayed: boolean;
  /**
   * For a create whose resource is not named by the body's `code`: SQL giving
   * the new resource's id, evaluated at the end of the write batch (a replay
   * re-renders that resource).
   */
  locate(resource: SQL): void;
}
