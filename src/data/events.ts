/**
 * The outbox's statements and rows (table `events`, src/data/schema.ts).
 * An operation declares its events (`NewEvent`, src/domain/events/event.ts);
 * `eventInserts` makes them statements for the operation's write batch. A
 * stored row (`EventRow`, a `StoredEvent`) is rendered by `eventBody`
 * (src/domain/events/event.ts) as the feed serves it and webhooks send it.
 */
import type { Database } from "./db";
import { chunks, type Query } from "./batch";
import { sql } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { adminUsers, events, oauthClients } from "./schema";
import type { NewEvent } from "../domain/events/event";

export type EventRow = typeof events.$inferSelect;

/** An event's `data`, serialized, is at most this many bytes (UTF-8): the outbox row's bound. */
export const EVENT_DATA_MAX_BYTES = 8192;

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
