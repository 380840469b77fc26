/**
 * The webhook consumer's and the deliveries routes' reads and writes
 * (tables `webhook_deliveries`, `webhook_endpoints`, `events`). Lists of ids
 * travel as one JSON parameter (`json_each`), whatever their length.
 */
import { and, asc, count, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "./db";
import { jsonValues } from "./conditions";
import { events, webhookDeliveries, webhookEndpoints } from "./schema";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The consumer's reads, one batch: the events, the endpoints that may receive them, and the deliveries the fan-out already made. */
export function consumerReads(db: Database, eventIds: readonly number[], endpointIds: readonly number[], fanOutIds: readonly number[]) {
  return {
    events: db
      .select()
      .from(events)
      .where(sql`${events.id} IN ${jsonValues(eventIds)}`),
    endpoints: db
      .select()
      .from(webhookEndpoints)
      .where(or(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.id} IN ${jsonValues(endpointIds)}`)),
    made: db
      .select({ endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.eventId} IN ${jsonValues(fanOutIds)}`),
  };
}

/** One attempt's record (epoch seconds). */
export interface AttemptRecord {
  endpointId: number;
  eventId: number;
  status: number | null;
  error: string | null;
  at: number;
  next: number | null;
  delivered: boolean;
  deadLettered: boolean;
}

/**
 * Records attempts: a new delivery row, or one more attempt on the row
 * (a redelivery clears `deadLettered`). An event or endpoint removed
 * meanwhile (the outbox's prune, a delete) is skipped, not an error.
 */
export function attemptRecords(db: Database, records: readonly AttemptRecord[]) {
  if (records.length === 0) return [];
  const rows = JSON.stringify(records.map((r) => [r.endpointId, r.eventId, r.status, r.error, r.at, r.next, r.delivered ? r.at : null, r.deadLettered ? 1 : 0]));
  return [
    db
      .insert(webhookDeliveries)
      .select(
        sql`SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), 1, json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]') FROM json_each(${rows})
            WHERE json_extract(value, '$[1]') IN (SELECT ${events.id} FROM ${events}) AND json_extract(value, '$[0]') IN (SELECT ${webhookEndpoints.id} FROM ${webhookEndpoints})`,
      )
      .onConflictDoUpdate({
        target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
        set: {
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastStatus: sql`excluded.last_status`,
          lastError: sql`excluded.last_error`,
          lastAttemptAt: sql`excluded.last_attempt_at`,
          nextAttemptAt: sql`excluded.next_attempt_at`,
          deliveredAt: sql`coalesce(excluded.delivered_at, ${webhookDeliveries.deliveredAt})`,
          deadLettered: sql`excluded.dead_lettered`,
        },
      }),
  ];
}

/** What the attempts of a batch say of an endpoint (see `endpointUpdates`). */
export type EndpointState =
  | { endpointId: number; kind: "succeeded" }
  | { endpointId: number; kind: "failing"; since: number }
  | { endpointId: number; kind: "disabled"; reason: "gone" | "failing" };

/** The endpoints' new states: a success clears `failingSince`, a failure starts it, a disable turns `enabled` off with its reason. */
export function endpointUpdates(db: Database, states: readonly EndpointState[], nowIso: string) {
  return states.map((state) => {
    const where = eq(webhookEndpoints.id, state.endpointId);
    if (state.kind === "succeeded") return db.update(webhookEndpoints).set({ failingSince: null }).where(and(where, sql`${webhookEndpoints.failingSince} IS NOT NULL`));
    if (state.kind === "failing") return db.update(webhookEndpoints).set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${state.since})` }).where(where);
    return db.update(webhookEndpoints).set({ enabled: false, disabledReason: state.reason, updatedAt: nowIso }).where(where);
  });
}

/** One endpoint by id. */
export const endpointById = (db: Database, id: number) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));

/** A page of an endpoint's deliveries, newest event first (the primary key walked backwards), with each event's type, and their number. */
export function deliveryPage(db: Database, endpointId: number, limit: number, offset: number) {
  return {
    rows: db
      .select({ delivery: webhookDeliveries, type: events.type })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.eventId))
      .limit(limit)
      .offset(offset),
    total: db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  };
}

/** One delivery of an endpoint. */
export const deliveryOf = (db: Database, endpointId: number, eventId: number) =>
  db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)));

/** The outbox after `afterId`, in commit order, at most `limit` events (ids and types: the replay's scan). */
export const eventsAfter = (db: Database, afterId: number, limit: number) =>
  db.select({ id: events.id, type: events.type }).from(events).where(gt(events.id, afterId)).orderBy(asc(events.id)).limit(limit);
