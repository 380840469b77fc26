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
 *   read), at most 8 KB once serialized (src/data/events.ts).
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
export type ChangeActor =
  | { clientId: number; userId: number | null }
  | { system: "expiry" | "cron" }
  // The principal of the token whose hash the change's own guarded write checks (a cart change without reads):
  // its client and user are read by the event's insert. Null: no token was checked (an internal call): none named.
  | { tokenHash: string | null };

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

const ID_DIGITS = 20;

/** The event id for an outbox row id: zero-padded, so that string order is commit order. */
export const eventId = (rowId: number): string => String(rowId).padStart(ID_DIGITS, "0");

/** The outbox row id of an event id (null: not one: a cursor from elsewhere). */
export function rowIdOf(eventIdText: string): number | null {
  if (!/^\d{1,20}$/.test(eventIdText)) return null;
  const value = Number(eventIdText);
  return Number.isSafeInteger(value) ? value : null;
}

/** An outbox row as stored (the data layer's `EventRow` is one). */
export interface StoredEvent {
  id: number;
  type: string;
  occurredAt: string;
  resourceHref: string;
  resourceId: number | null;
  resourceCode: string | null;
  sequence: number | null;
  actorClient: string | null;
  actorUser: string | null;
  actorSystem: string | null;
  data: string;
}

/** A stored time (`2026-11-29T12:00:00.123Z`) with its numeric offset (`2026-11-29T12:00:00.123+00:00`). */
const withOffset = (stored: string): string => (stored.endsWith("Z") ? `${stored.slice(0, -1)}+00:00` : stored);

function actorOf(row: StoredEvent): EventActor {
  if (row.actorSystem === "expiry" || row.actorSystem === "cron") return { system: row.actorSystem };
  return { client: row.actorClient ?? "", user: row.actorUser };
}

function resourceOf(row: StoredEvent): EventResourceRef {
  return row.resourceCode !== null ? { href: row.resourceHref, code: row.resourceCode } : { href: row.resourceHref, id: row.resourceId ?? 0 };
}

function dataOf(row: StoredEvent): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.data);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : {};
}

/** A stored event as served and sent. */
export function eventBody(row: StoredEvent): EventBody {
  return {
    id: eventId(row.id),
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Only the outbox insert writes the column, from an EventType.
    type: row.type as EventType,
    timestamp: withOffset(row.occurredAt),
    sequence: row.sequence ?? row.id,
    resource: resourceOf(row),
    actor: actorOf(row),
    data: dataOf(row),
  };
}
