/**
 * An event: one committed change, as the feed serves it and webhooks send
 * it. The object is the same in both places:
 *
 *   {"id", "type", "timestamp", "sequence", "resource", "actor", "data"}
 *
 * - `id`: the outbox row's id, zero-padded to 20 digits, so that ids sort as
 *   strings in the order of commits (D1 has one writer: row ids grow with
 *   commits);
 * - `timestamp`: ISO 8601 with its offset;
 * - `resource`: the URL the resource is read at and its id or code;
 * - `sequence`: grows with each event of that resource and never repeats
 *   (the resource's `version` where it has one, else the event's row id);
 * - `actor`: the OAuth client and admin user that made the change, or the
 *   system task;
 * - `data`: a thin payload from what the operation already held (no extra
 *   read), at most EVENT_DATA_MAX_BYTES.
 */
import type { EventType } from "./types";

/** Who made a change: a client (and the admin user its token belongs to), or a task of the service itself. */
export type EventActor = { client: string; user: string | null } | { system: "expiry" | "cron" };

/** Where a consumer reads the resource: its URL, and its id or code. */
export type EventResourceRef = { href: string; id: number } | { href: string; code: string };

/**
 * Who made a change, as an operation knows it: the authenticated principal's
 * row ids (the outbox insert copies the client's public id and the user's
 * name from their rows), or a task of the service.
 */
export type ChangeActor = { clientId: number; userId: number | null } | { system: "expiry" | "cron" };

/** The event as an operation declares it (before the outbox gives it an id and a time). */
export interface NewEvent {
  type: EventType;
  resource: EventResourceRef;
  /** The resource's version after the change; null: the event's own row id. */
  sequence: number | null;
  actor: ChangeActor;
  data: Record<string, unknown>;
}

/** The event as served (feed) and sent (webhooks). */
export interface EventBody {
  id: string;
  type: EventType;
  timestamp: string;
  sequence: number;
  resource: EventResourceRef;
  actor: EventActor;
  data: Record<string, unknown>;
}

/** An event's `data`, serialized, is at most this many bytes (UTF-8). */
export const EVENT_DATA_MAX_BYTES = 8192;

const ID_DIGITS = 20;

/** The event id for an outbox row id: zero-padded, so that string order is commit order. */
export const eventId = (rowId: number): string => String(rowId).padStart(ID_DIGITS, "0");

/** The outbox row id of an event id (null: not one: a cursor from elsewhere). */
export function rowIdOf(eventIdText: string): number | null {
  if (!/^\d{1,20}$/.test(eventIdText)) return null;
  const value = Number(eventIdText);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * `data` serialized within EVENT_DATA_MAX_BYTES: a payload that would exceed
 * it keeps only the resource's id and code and says it was cut (`truncated`),
 * so that a consumer knows to read `resource.href`.
 */
export function serializedData(data: Record<string, unknown>): string {
  const text = JSON.stringify(data);
  if (new TextEncoder().encode(text).length <= EVENT_DATA_MAX_BYTES) return text;
  const kept: Record<string, unknown> = { truncated: true };
  for (const key of ["id", "code"]) if (key in data) kept[key] = data[key];
  return JSON.stringify(kept);
}
