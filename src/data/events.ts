/**
 * The outbox's statements and rows (table `events`, src/data/schema.ts).
 * An operation declares its events (`NewEvent`, src/domain/events/event.ts);
 * `eventInserts` makes them statements for the operation's write batch, and
 * `eventBodyOf` renders a stored row as the feed serves it and webhooks send it.
 */
import type { Database } from "./db";
import { chunks, type Query } from "./batch";
import { sql } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { adminUsers, events, oauthClients } from "./schema";
import { eventId, serializedData, type EventActor, type EventBody, type EventResourceRef, type NewEvent } from "../domain/events/event";
import type { EventType } from "../domain/events/types";

export type EventRow = typeof events.$inferSelect;

/** The columns one event binds (the multi-row insert's chunking). */
const PARAMS_PER_EVENT = 10;

/**
 * The actor's names are copied from their rows by the insert itself (a
 * primary-key read each, in the same statement): the operation holds only
 * the principal's ids, and the audit trail must outlive the client or user.
 */
export function rowOf(event: NewEvent): SQLiteInsertValue<typeof events> {
  const actor = event.actor;
  const byPrincipal = "clientId" in actor;
  return {
    type: event.type,
    resourceHref: event.resource.href,
    resourceId: "id" in event.resource ? event.resource.id : null,
    resourceCode: "code" in event.resource ? event.resource.code : null,
    sequence: event.sequence,
    actorClient: byPrincipal ? sql`(SELECT ${oauthClients.publicId} FROM ${oauthClients} WHERE ${oauthClients.id} = ${actor.clientId})` : null,
    actorUser:
      byPrincipal && actor.userId !== null ? sql`(SELECT ${adminUsers.username} FROM ${adminUsers} WHERE ${adminUsers.id} = ${actor.userId})` : null,
    actorSystem: "system" in actor ? actor.system : null,
    data: serializedData(event.data),
  };
}

/**
 * The statements writing `list` to the outbox, in order (none for none): the
 * last of the operation's write batch. Each returns its rows' ids, so that
 * whoever ran the batch knows which events it committed (webhook delivery).
 */
export function eventInserts(db: Database, list: readonly NewEvent[]): Query[] {
  return chunks(list, PARAMS_PER_EVENT).map((part) => db.insert(events).values(part.map(rowOf)).returning({ eventId: events.id }));
}

/** A stored time (`2026-11-29T12:00:00.123Z`) with its numeric offset (`2026-11-29T12:00:00.123+00:00`). */
const withOffset = (stored: string): string => (stored.endsWith("Z") ? `${stored.slice(0, -1)}+00:00` : stored);

function actorOf(row: EventRow): EventActor {
  if (row.actorSystem === "expiry" || row.actorSystem === "cron") return { system: row.actorSystem };
  return { client: row.actorClient ?? "", user: row.actorUser };
}

function resourceOf(row: EventRow): EventResourceRef {
  return row.resourceCode !== null ? { href: row.resourceHref, code: row.resourceCode } : { href: row.resourceHref, id: row.resourceId ?? 0 };
}

function dataOf(row: EventRow): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.data);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : {};
}

/** A stored event as served and sent. */
export function eventBodyOf(row: EventRow): EventBody {
  return {
    id: eventId(row.id),
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Only eventInserts writes the column, from an EventType.
    type: row.type as EventType,
    timestamp: withOffset(row.occurredAt),
    sequence: row.sequence ?? row.id,
    resource: resourceOf(row),
    actor: actorOf(row),
    data: dataOf(row),
  };
}
