/**
 * The outbox read as a feed (GET /api/v1/events/) and pruned by the cron.
 *
 * Every page is a seek whose cost is bounded by the page, never by the table
 * (docs/api/events.md, "What a page costs"):
 * - no filter: the primary key from the cursor (`id > ?`, `limit + 1` rows);
 * - `types`: one seek per selected type on `events_type` (`type = ? AND id > ?`,
 *   `limit + 1` index entries each), their ids merged by a UNION ALL, then the
 *   first `limit + 1` rows by primary key: at most types × (limit + 1) entries;
 * - `resource`: `events_resource` from the cursor (`resource_href = ? AND id > ?`);
 * - both: the resource's next FEED_WINDOW events from the cursor, of which the
 *   selected types are kept; with the window's end (a second statement of the
 *   same batch), so that a walk over a resource with many events of other
 *   types goes on from where the window stopped.
 */
import { and, asc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { events } from "../schema";
import type { EventType } from "../../domain/events/types";

/** A filtered page by resource and types examines at most this many of the resource's events. */
export const FEED_WINDOW = 1000;

export interface FeedFilter {
  /** The row id after which the page starts (0: the first event). */
  after: number;
  /** Events per page (the statement reads one more, to know whether there is a next page). */
  limit: number;
  /** Only these types (undefined: every type). */
  types?: readonly EventType[];
  /** Only this resource's events (its `href`). */
  resource?: string;
}

/**
 * A type as an SQL literal. The types come from EVENT_TYPES (`selectTypes`),
 * never from the request's text; written into the statement so that a
 * selection of many types binds no parameter per type (D1 takes at most 100).
 */
function typeLiteral(type: EventType): SQL {
  if (!/^[a-z_]+\.[a-z_]+$/.test(type)) throw new Error(`Not an event type: ${type}`);
  return sql.raw(`'${type}'`);
}

/**
 * The ids of the first `limit + 1` events after the cursor of each type: a
 * seek per type on `events_type`, merged. The cursor is bound once (the CTE
 * `feed_after`, one constant row), whatever the number of types.
 */
function idsOfTypes(types: readonly EventType[], after: number, take: number): SQL {
  const seeks = types.map(
    (type) =>
      sql`SELECT "id" FROM (SELECT "id" FROM "events" WHERE "type" = ${typeLiteral(type)} AND "id" > (SELECT "id" FROM "feed_after") ORDER BY "id" LIMIT ${take})`,
  );
  return sql`(WITH "feed_after"("id") AS (SELECT ${after}) ${sql.join(seeks, sql` UNION ALL `)})`;
}

/** The resource's next FEED_WINDOW events from the cursor (ids and types, on `events_resource`). */
const resourceWindow = (resource: string, after: number) =>
  sql`(SELECT "id", "type" FROM "events" WHERE "resource_href" = ${resource} AND "id" > ${after} ORDER BY "id" LIMIT ${FEED_WINDOW})`;

/**
 * The page's statements: `rows`, the first `limit + 1` events after the
 * cursor that pass the filter, oldest first; and, for a page filtered by
 * resource and types, `window`: how many of the resource's events it
 * examined and the last one's id.
 */
export function feedQueries(db: Database, filter: FeedFilter) {
  const take = filter.limit + 1;
  const page = (where: SQL | undefined) => db.select().from(events).where(where).orderBy(asc(events.id)).limit(take);
  const { types, resource, after } = filter;
  if (types === undefined) {
    return { rows: page(resource === undefined ? gt(events.id, after) : and(eq(events.resourceHref, resource), gt(events.id, after))), window: undefined };
  }
  if (resource === undefined) return { rows: page(inArray(events.id, idsOfTypes(types, after, take))), window: undefined };
  const kept = sql`(SELECT "id" FROM ${resourceWindow(resource, after)} WHERE "type" IN (${sql.join(types.map(typeLiteral), sql`, `)}))`;
  return {
    rows: page(inArray(events.id, kept)),
    window: db
      .select({ examined: sql<number>`count(*)`.mapWith(Number), last: sql<number | null>`max("id")` })
      .from(sql`${resourceWindow(resource, after)}`),
  };
}

// ------------------------------------------------------------------ retention

/** Events examined per prune statement (the oldest, by primary key). */
export const PRUNE_BATCH = 500;
/** Prune statements per scheduled run, at most: a run's work is bounded whatever the backlog. */
export const PRUNE_ROUNDS = 20;

/**
 * Deletes, among the PRUNE_BATCH oldest events, those that occurred before
 * `cutoff` (ISO, as stored). The newest event is never among them: ids are
 * the table's rowids without AUTOINCREMENT, so an empty table would give the
 * next event id 1 again, and a consumer's cursor would skip it.
 */
export function pruneQuery(db: Database, cutoff: string) {
  const oldest = db
    .select({ id: events.id })
    .from(events)
    .where(lt(events.id, sql`(SELECT max(${events.id}) FROM ${events})`))
    .orderBy(asc(events.id))
    .limit(PRUNE_BATCH);
  return db.delete(events).where(and(inArray(events.id, oldest), lt(events.occurredAt, cutoff)));
}

/**
 * The scheduled prune: rounds of `pruneQuery` (one D1 round trip each) while
 * a round removes a whole batch, at most PRUNE_ROUNDS. Returns how many
 * events it removed.
 */
export async function pruneEvents(db: Database, nowMs: number, retentionDays: number): Promise<number> {
  const cutoff = new Date(nowMs - retentionDays * 86_400_000).toISOString();
  let removed = 0;
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const result = await pruneQuery(db, cutoff).run();
    const changes = result.meta.changes ?? 0;
    removed += changes;
    if (changes < PRUNE_BATCH) break;
  }
  return removed;
}
