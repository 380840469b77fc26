/**
 * Handing committed events to the events queue (docs/operations/webhook-delivery.md).
 *
 * - After a write commits, its connection (MeteredD1) reports the ids its
 *   outbox inserts returned; the worker (its request's `waitUntil`) and the
 *   cart object send them with `publishEvents`: ids only, never bodies.
 * - The consumer marks what it received (`webhook_dispatched`) in its own
 *   write batch, so the write path pays no round trip for the bookkeeping.
 * - `sweepUnsent` (the cron, every minute) walks the outbox from the
 *   watermark (`webhook_dispatch.through`): it advances over what the
 *   consumer received and sends again what it never got (a crash, a failed
 *   send between commit and queue), at most SWEEP_SCAN events per run.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "./db";
import { namedBatch } from "./batch";
import { events, webhookDispatch, webhookDispatched } from "./schema";

/** What travels on the events queue (every message is JSON; ids are outbox row ids). */
export type WebhookMessage =
  /** New events: fanned out to the endpoints subscribed to them (first attempts). */
  | { kind: "events"; ids: number[] }
  /** Events to send to one endpoint again (redeliver, replay): first attempts of a new series. */
  | { kind: "send"; endpoint: number; ids: number[] }
  /** The next attempt of one delivery (the queue's retries carry its later attempts). */
  | { kind: "retry"; endpoint: number; event: number };

/** The producer's side of the queue binding (a `Queue` fits; tests pass a recorder). */
export type EventsQueue = Pick<Queue<WebhookMessage>, "send" | "sendBatch">;

/** Ids per message: a message holds at most 128 KB, and 2,000 ids of up to 16 digits stay far below it. */
export const IDS_PER_MESSAGE = 2000;

/** Messages per `sendBatch` call (the platform's limit is 100). */
const MESSAGES_PER_SEND = 100;

/** A message to send, and how long the queue holds it back (a retry). */
export interface Outgoing {
  body: WebhookMessage;
  delaySeconds?: number;
}

/** Sends `messages` to the queue, 100 per call. */
export async function sendMessages(queue: EventsQueue, messages: readonly Outgoing[]): Promise<void> {
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
    await queue.sendBatch(
      messages.slice(i, i + MESSAGES_PER_SEND).map(({ body, delaySeconds }) => ({ body, contentType: "json" as const, ...(delaySeconds ? { delaySeconds } : {}) })),
    );
  }
}

/** `events` messages for `ids`. */
export const eventMessages = (ids: readonly number[]): Outgoing[] => idMessages(ids).map((part) => ({ body: { kind: "events", ids: part } }));

/** Splits ids into messages of at most IDS_PER_MESSAGE. */
export function idMessages(ids: readonly number[]): number[][] {
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) parts.push(ids.slice(i, i + IDS_PER_MESSAGE));
  return parts;
}

/**
 * Sends committed events' ids to the queue. Never rejects: a failed send is
 * logged, and the sweep sends those events within a couple of minutes.
 */
export async function publishEvents(queue: EventsQueue, ids: readonly number[]): Promise<void> {
  try {
    await sendMessages(queue, eventMessages(ids));
  } catch (error) {
    console.error(JSON.stringify({ level: "error", where: "webhook-publish", events: ids.length, error: String(error) }));
  }
}

/** Events scanned per sweep run (one read, one write, and up to one message per IDS_PER_MESSAGE events sent). */
export const SWEEP_SCAN = 1000;

/**
 * How old an event not yet received by the consumer must be before the
 * sweep sends it again: the queue's own delivery (a batch waits at most a
 * second) and a consumer's first attempts (15 s each at worst) fit well
 * inside; a duplicate costs nothing but a message (the consumer skips a
 * delivery it already has).
 */
export const SWEEP_GRACE_SECONDS = 120;

/** The consumer's marks: these events reached it (one statement; none for none). */
export const receivedMarks = (db: Database, ids: readonly number[]) =>
  ids.length === 0 ? [] : [db.insert(webhookDispatched).select(sql`SELECT value FROM json_each(${JSON.stringify(ids)}) WHERE value IN (SELECT id FROM events)`).onConflictDoNothing()];

export interface SweepResult {
  /** Ids sent to the queue by this run. */
  sent: number[];
  /** The watermark after the run. */
  through: number;
}

/** One run of the dispatch sweep (see the top of this file); `now` in milliseconds. */
export async function sweepUnsent(db: Database, queue: EventsQueue, now: number): Promise<SweepResult> {
  // One read: the watermark, and the events above it (the subquery reads the same row).
  const watermark = sql<number>`(SELECT ${webhookDispatch.through} FROM ${webhookDispatch} WHERE ${webhookDispatch.id} = 1)`;
  const { mark, rows } = await namedBatch(db, {
    mark: db.select({ through: webhookDispatch.through }).from(webhookDispatch).where(eq(webhookDispatch.id, 1)),
    rows: db
      .select({ id: events.id, occurredAt: events.occurredAt, received: sql<number>`${webhookDispatched.eventId} IS NOT NULL` })
      .from(events)
      .leftJoin(webhookDispatched, eq(webhookDispatched.eventId, events.id))
      .where(gt(events.id, watermark))
      .orderBy(asc(events.id))
      .limit(SWEEP_SCAN),
  });
  const through = mark[0]?.through ?? 0;
  const cutoff = new Date(now - SWEEP_GRACE_SECONDS * 1000).toISOString();
  const sent: number[] = [];
  let next = through;
  for (const row of rows) {
    // Events commit in id order: the first young one not yet received ends the walk (its queue message may be on its way).
    if (row.received === 0 && row.occurredAt > cutoff) break;
    if (row.received === 0) sent.push(row.id);
    next = row.id;
  }
  if (sent.length > 0) await sendMessages(queue, eventMessages(sent));
  if (next !== through) {
    await namedBatch(db, {
      advance: db
        .update(webhookDispatch)
        .set({ through: next })
        .where(and(eq(webhookDispatch.id, 1), lte(webhookDispatch.through, next))),
      forget: db.delete(webhookDispatched).where(lte(webhookDispatched.eventId, next)),
    });
  }
  return { sent, through: next };
}
