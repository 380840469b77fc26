/**
 * Webhook delivery fixtures: endpoints inserted as rows (signing secret
 * sealed under the tests' WEBHOOK_SECRETS_KEY), events written through the
 * outbox's inserts on a metered connection (which reports the committed ids,
 * as the worker's does), a queue that records what is sent to it, and the
 * consumer called on a message batch as the worker's `queue()` handler calls it.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, type QueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { consumeBatch } from "../../src/webhooks/consumer";
import { createDatabase } from "../../src/data/db";
import { eventInserts } from "../../src/data/events";
import { namedBatch } from "../../src/data/batch";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { webhookDeliveries, webhookEndpoints } from "../../src/data/schema";
import type { NewEvent } from "../../src/domain/events/event";
import type { EventType } from "../../src/domain/events/types";
import { newSigningSecret, sealSecret } from "../../src/domain/webhooks/secret-box";
import { db, one } from "../fixtures/db";

/** The key vitest.config.ts gives the pool as WEBHOOK_SECRETS_KEY. */
export const TEST_SECRETS_KEY = "test-webhook-secrets-key-not-for-production";
export const QUEUE_NAME = "sylius-backoffice-events";

export interface TestEndpoint {
  id: number;
  url: string;
  secret: string;
}

/** An endpoint row: `eventTypes` (default all), a fresh secret (and a previous one signing until `previousUntil`, epoch seconds). */
export async function insertEndpoint(options: { url?: string; eventTypes?: string[]; previous?: string; previousUntil?: number } = {}): Promise<TestEndpoint> {
  const secret = newSigningSecret();
  const url = options.url ?? `https://hooks.example.test/${crypto.randomUUID()}`;
  const row = one(
    await db()
      .insert(webhookEndpoints)
      .values({
        url,
        eventTypes: JSON.stringify(options.eventTypes ?? ["*"]),
        secret: await sealSecret(TEST_SECRETS_KEY, secret),
        previousSecret: options.previous ? await sealSecret(TEST_SECRETS_KEY, options.previous) : null,
        previousSecretUntil: options.previousUntil ?? null,
      })
      .returning({ id: webhookEndpoints.id }),
  );
  return { id: row.id, url, secret };
}

export const endpointRow = async (id: number) => one(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)));

export const deliveryRows = async (endpointId: number) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

const newEvent = (type: EventType, code: string): NewEvent => ({
  type,
  resource: { href: `/api/v1/channels/${code}`, code },
  sequence: null,
  actor: { system: "cron" },
  data: { code },
});

/**
 * Writes `count` events of `type` in one batch on a connection that tells
 * `committed` of their ids (as the worker's and the cart object's do); returns the ids.
 */
export async function writeEvents(count: number, type: EventType = "channel.created", committed?: (ids: number[]) => void): Promise<number[]> {
  const noticed: number[] = [];
  const database = createDatabase(
    new MeteredD1(env.DB, new D1Meter(), (ids) => {
      noticed.push(...ids);
      committed?.(ids);
    }),
  );
  const list = Array.from({ length: count }, (_, i) => newEvent(type, `WEB_${crypto.randomUUID().slice(0, 8)}_${i}`));
  await namedBatch(database, { events: eventInserts(database, list) });
  return noticed;
}

export interface Recorded {
  body: unknown;
  delaySeconds: number | undefined;
}

/** A queue producer that records what is sent to it (or fails every send). */
export function recordingQueue(fail = false): { queue: Queue; sent: Recorded[] } {
  const sent: Recorded[] = [];
  const metadata = { metrics: { backlogCount: 0, backlogBytes: 0 } };
  const queue: Queue = {
    metrics: async () => metadata.metrics,
    send: async (body, options) => {
      if (fail) throw new Error("Queue send failed (injected)");
      sent.push({ body, delaySeconds: options?.delaySeconds });
      return { metadata };
    },
    sendBatch: async (messages) => {
      if (fail) throw new Error("Queue send failed (injected)");
      for (const message of messages) sent.push({ body: message.body, delaySeconds: message.delaySeconds });
      return { metadata };
    },
  };
  return { queue, sent };
}

let messageSerial = 0;

/**
 * Runs the worker's `queue()` handler on messages (`attempts` as the queue
 * counts them, from 1), with `queue` as its producer. `retries`: the options
 * each `message.retry()` was called with (getQueueResult does not report
 * their `delaySeconds`).
 */
export async function consume(
  bodies: { body: unknown; attempts?: number }[],
  queue: Queue,
): Promise<{ result: QueueResult; ids: string[]; retries: Map<string, QueueRetryOptions | undefined> }> {
  const messages = bodies.map(({ body, attempts }) => ({ id: `msg-${++messageSerial}`, timestamp: new Date(), attempts: attempts ?? 1, body }));
  const batch = createMessageBatch(QUEUE_NAME, messages);
  const retries = new Map<string, QueueRetryOptions | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((options) => {
      retries.set(message.id, options);
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  // As the worker's queue() handler calls it (src/index.ts), with the tests' producer.
  await consumeBatch(batch, { db: createDatabase(new MeteredD1(env.DB, new D1Meter())), queue, secretsKey: TEST_SECRETS_KEY, now: () => Date.now() });
  return { result: await getQueueResult(batch, ctx), ids: messages.map((m) => m.id), retries };
}
