/**
 * The outbox's statements and rows (table `events`, src/data/schema.ts).
 * An operation declares its events (`NewEvent`, src/domain/events/event.ts);
 * `eventInserts` makes them statements for the operation's write batch. A
 * stored row (`EventRow`, a `StoredEvent`) is rendered by `eventBody`
 * (src/domain/events/event.ts) as the feed serves it and webhooks send it.
 */
import type { Database } from "./db";
import { chunks, type Query } from "./batch";
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { RawQuery } from "./metered-d1";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { adminUsers, events, oauthAccessTokens, oauthClients } from "./schema";
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
  return {
    type: event.type,
    resourceHref: event.resource.href,
    resourceId: "id" in event.resource ? event.resource.id : null,
    resourceCode: "code" in event.resource ? event.resource.code : null,
    sequence: event.sequence,
    ...actorColumns(event.actor),
    data: serializedData(event.data),
  };
}

/** The actor's columns: a task's name, or the client's public id and user's name copied from their rows (by ids or by the token). */
function actorColumns(actor: NewEvent["actor"]): Pick<SQLiteInsertValue<typeof events>, "actorClient" | "actorUser" | "actorSystem"> {
  if ("system" in actor) return { actorClient: null, actorUser: null, actorSystem: actor.system };
  if ("tokenHash" in actor) {
    if (actor.tokenHash === null) return { actorClient: null, actorUser: null, actorSystem: null };
    const token = (column: SQL) => sql`(SELECT ${column} FROM ${oauthAccessTokens} t JOIN ${oauthClients} ON ${oauthClients.id} = t.client_id
      LEFT JOIN ${adminUsers} ON ${adminUsers.id} = t.user_id WHERE t.token_hash = ${actor.tokenHash})`;
    return { actorClient: token(sql`${oauthClients.publicId}`), actorUser: token(sql`${adminUsers.username}`), actorSystem: null };
  }
  return {
    actorClient: sql`(SELECT ${oauthClients.publicId} FROM ${oauthClients} WHERE ${oauthClients.id} = ${actor.clientId})`,
    actorUser: actor.userId === null ? null : sql`(SELECT ${adminUsers.username} FROM ${adminUsers} WHERE ${adminUsers.id} = ${actor.userId})`,
    actorSystem: null,
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

/** What an event rider computes in its own insert, from the write it rides with. */
export interface RiderOptions {
  /**
   * Written only when the statement before it changed rows: the write's
   * guarded statement is its last (a conditional delete, a version
   * compare-and-set), so an event is written only when the change was. Each
   * event of the list rides on the one before it.
   */
  ifChanged?: boolean;
  /**
   * The id of a resource the write creates (named by its id): `resource.href`
   * is then the URL without the id, which this SQL scalar completes, and is
   * `resource.id` and `data.id`.
   */
  newId?: SQL;
  /** The resource's version after the write, read by the insert (null: the row id). */
  sequence?: SQL;
}

/** The outbox's columns, in the table's order: what an `INSERT ... SELECT` lists (checked below). */
const COLUMN_ORDER = ["id", "type", "occurredAt", "resourceHref", "resourceId", "resourceCode", "sequence", "actorClient", "actorUser", "actorSystem", "data"];
if (Object.keys(getTableColumns(events)).join() !== COLUMN_ORDER.join()) throw new Error("The events table's columns changed: update eventRiders.");
const occurredDefault = events.occurredAt.default;
if (!is(occurredDefault, SQL)) throw new Error("events.occurred_at has an SQL default");

/**
 * The statements writing `list` with a write (an `INSERT ... SELECT` each,
 * returning its id): the same rows as `eventInserts`, but computed in the
 * statement itself where `options` says so, and written only when the write
 * changed something (`ifChanged`). They ride with the request's next write
 * batch (`MeteredD1.rideWithNextWrite`): no round trip of their own.
 */
export function eventRiders(db: Database, list: readonly NewEvent[], options: RiderOptions = {}): RawQuery[] {
  return list.map((event) => {
    const row = rowOf(event);
    const { newId, sequence } = options;
    const value = (v: unknown) => (is(v, SQL) ? v : sql`${v ?? null}`);
    const href = newId ? sql`${row.resourceHref} || (${newId})` : value(row.resourceHref);
    const resourceId = newId ? sql`(${newId})` : value(row.resourceId);
    const data = newId ? sql`json_set(${row.data}, '$.id', (${newId}))` : value(row.data);
    const when = options.ifChanged ? sql`changes() > 0` : sql`1`;
    const select = sql`SELECT NULL, ${row.type}, ${occurredDefault}, ${href}, ${resourceId}, ${value(row.resourceCode)}, ${sequence ?? value(row.sequence)}, ${value(row.actorClient)}, ${value(row.actorUser)}, ${value(row.actorSystem)}, ${data} WHERE ${when}`;
    return db.insert(events).select(select).returning({ eventId: events.id }).toSQL();
  });
}
