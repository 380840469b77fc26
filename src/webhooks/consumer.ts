/**
 * The events queue's consumer (`queue()` in src/index.ts;
 * docs/operations/webhook-delivery.md). A batch of messages (see
 * `WebhookMessage`) is handled as a whole: one D1 read, the HTTP attempts in
 * parallel, one D1 write, then each message acked or retried.
 *
 * - `events` (new events): each event goes to every enabled endpoint whose
 *   `eventTypes` select it and that existed when it occurred, once per
 *   (endpoint, event): a delivery the fan-out already made is skipped (the
 *   sweep may send an event twice). The consumer marks the events received.
 * - `send` (redeliver, replay): first attempts to one endpoint, whatever it
 *   already had.
 * - `retry`: the next attempt of one delivery; attempt n = 1 + the message's
 *   `attempts`.
 *
 * A first attempt that fails sends a `retry` message delayed by the
 * schedule (src/domain/webhooks/retry-schedule.ts); a retry that fails is
 * retried by the queue with the next delay (`message.retry({delaySeconds})`),
 * and its last failure is marked dead-lettered and retried once more, which
 * moves it to the dead-letter queue (`max_retries` exhausted). `410 Gone`
 * disables the endpoint; so do three days of failures with no success.
 */
import { namedBatch } from "../data/batch";
import type { Database } from "../data/db";
import type { EventRow } from "../data/events";
import { eventBody } from "../domain/events/event";
import { receivedMarks, sendMessages, type EventsQueue, type Outgoing, type WebhookMessage } from "../data/webhook-dispatch";
import { attemptRecords, consumerReads, endpointUpdates, type AttemptRecord, type EndpointState, type WebhookEndpointRow } from "../data/webhook-deliveries";
import { isEventType, typeSelected } from "../domain/events/types";
import { FAILING_DISABLES_AFTER_SECONDS, MAX_ATTEMPTS, retryDelay } from "../domain/webhooks/retry-schedule";
import { postEvent, signingSecrets, type SendOutcome } from "./send";

export interface ConsumerServices {
  db: Database;
  queue: EventsQueue;
  /** The Worker secret the endpoints' signing secrets are sealed under. */
  secretsKey: string;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** In [0, 1): the retry delays' jitter. */
  random?: () => number;
  log?: boolean;
}

/** Attempts made at once (each may take up to 15 s). */
const CONCURRENCY = 32;

/** Delay before a message whose handling failed (D1 or the queue unavailable) is handed over again. */
const HANDLING_RETRY_SECONDS = 30;

interface Job {
  endpoint: WebhookEndpointRow;
  event: EventRow;
  /** 1-based. */
  attempt: number;
  /** The retry message that carries this attempt (null: a first attempt, from an `events` or `send` message). */
  carrier: Message | null;
}

/** The message bodies this consumer reads; anything else is acked and logged (it would fail forever). */
export function parseMessage(body: unknown): WebhookMessage | null {
  if (typeof body !== "object" || body === null || !("kind" in body)) return null;
  const ids = "ids" in body && Array.isArray(body.ids) && body.ids.every((id) => Number.isSafeInteger(id)) ? body.ids.map(Number) : null;
  const endpoint = "endpoint" in body && Number.isSafeInteger(body.endpoint) ? Number(body.endpoint) : null;
  if (body.kind === "events" && ids) return { kind: "events", ids };
  if (body.kind === "send" && ids && endpoint !== null) return { kind: "send", endpoint, ids };
  if (body.kind === "retry" && endpoint !== null && "event" in body && Number.isSafeInteger(body.event)) return { kind: "retry", endpoint, event: Number(body.event) };
  return null;
}

const eventTypesOf = (endpoint: WebhookEndpointRow): string[] => {
  try {
    const parsed: unknown = JSON.parse(endpoint.eventTypes);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
};

/** Whether the fan-out sends `event` to `endpoint`: enabled, subscribed to its type, and registered when it occurred (older events: replay). */
function subscribed(endpoint: WebhookEndpointRow, event: EventRow): boolean {
  return endpoint.enabled && isEventType(event.type) && typeSelected(event.type, eventTypesOf(endpoint)) && event.occurredAt >= endpoint.createdAt;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Handles one batch of the events queue. */
export async function consumeBatch(batch: MessageBatch, services: ConsumerServices): Promise<void> {
  const parsed: { message: Message; body: WebhookMessage }[] = [];
  for (const message of batch.messages) {
    const body = parseMessage(message.body);
    if (body) parsed.push({ message, body });
    else {
      console.error(JSON.stringify({ level: "error", where: "webhook-consumer", unreadable: message.id }));
      message.ack();
    }
  }
  try {
    await handle(parsed, services);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", where: "webhook-consumer", messages: parsed.length, error: String(error) }));
    for (const { message } of parsed) message.retry({ delaySeconds: HANDLING_RETRY_SECONDS });
  }
}

async function handle(parsed: readonly { message: Message; body: WebhookMessage }[], services: ConsumerServices): Promise<void> {
  if (parsed.length === 0) return;
  const { db } = services;
  const fanOutIds = new Set<number>();
  const eventIds = new Set<number>();
  const endpointIds = new Set<number>();
  for (const { body } of parsed) {
    const ids = body.kind === "retry" ? [body.event] : body.ids;
    for (const id of ids) eventIds.add(id);
    if (body.kind === "events") for (const id of ids) fanOutIds.add(id);
    else endpointIds.add(body.endpoint);
  }
  const read = await namedBatch(db, consumerReads(db, [...eventIds], [...endpointIds], [...fanOutIds]));
  const eventsById = new Map(read.events.map((row) => [row.id, row]));
  const endpointsById = new Map(read.endpoints.map((row) => [row.id, row]));
  const made = new Set(read.made.map((row) => `${row.endpointId}:${row.eventId}`));

  // The jobs, one per (endpoint, event) in this batch.
  const jobs: Job[] = [];
  const planned = new Set<string>();
  const plan = (endpoint: WebhookEndpointRow | undefined, event: EventRow | undefined, attempt: number, carrier: Message | null): boolean => {
    if (!endpoint?.enabled || !event) return false;
    const key = `${endpoint.id}:${event.id}`;
    if (planned.has(key)) return false;
    planned.add(key);
    jobs.push({ endpoint, event, attempt, carrier });
    return true;
  };
  const settled: Message[] = [];
  for (const { message, body } of parsed) {
    if (body.kind === "events") {
      for (const id of body.ids) {
        const event = eventsById.get(id);
        if (!event) continue;
        for (const endpoint of read.endpoints) if (subscribed(endpoint, event) && !made.has(`${endpoint.id}:${id}`)) plan(endpoint, event, 1, null);
      }
      settled.push(message);
    } else if (body.kind === "send") {
      for (const id of body.ids) plan(endpointsById.get(body.endpoint), eventsById.get(id), 1, null);
      settled.push(message);
    } else if (!plan(endpointsById.get(body.endpoint), eventsById.get(body.event), 1 + message.attempts, message)) {
      // The endpoint was disabled or deleted, the event pruned, or another message of this batch carries it: nothing more to do.
      settled.push(message);
    }
  }

  const nowSeconds = Math.floor(services.now() / 1000);
  const secrets = new Map<number, Promise<string[]>>();
  const secretsOf = (endpoint: WebhookEndpointRow) => {
    let found = secrets.get(endpoint.id);
    if (!found) secrets.set(endpoint.id, (found = signingSecrets(services.secretsKey, endpoint, nowSeconds)));
    return found;
  };
  const outcomes = await pooled(jobs, CONCURRENCY, async (job): Promise<SendOutcome> => {
    const body = eventBody(job.event);
    try {
      return await postEvent(job.endpoint.url, await secretsOf(job.endpoint), body.id, JSON.stringify(body), nowSeconds);
    } catch (error) {
      // The secret did not open (another WEBHOOK_SECRETS_KEY): a failure of this attempt, retried like any other.
      return { ok: false, status: null, error: `Not signed: ${String(error)}`.slice(0, 500) };
    }
  });

  // What the attempts say of each endpoint.
  const byEndpoint = new Map<number, { endpoint: WebhookEndpointRow; ok: boolean; failed: boolean; gone: boolean }>();
  jobs.forEach((job, index) => {
    const outcome = outcomes[index];
    const state = byEndpoint.get(job.endpoint.id) ?? { endpoint: job.endpoint, ok: false, failed: false, gone: false };
    if (outcome?.ok) state.ok = true;
    else state.failed = true;
    if (outcome?.status === 410) state.gone = true;
    byEndpoint.set(job.endpoint.id, state);
  });
  const states: EndpointState[] = [];
  const disabled = new Set<number>();
  for (const { endpoint, ok, failed, gone } of byEndpoint.values()) {
    if (gone) {
      states.push({ endpointId: endpoint.id, kind: "disabled", reason: "gone" });
      disabled.add(endpoint.id);
    } else if (ok) states.push({ endpointId: endpoint.id, kind: "succeeded" });
    else if (failed) {
      const since = endpoint.failingSince ?? nowSeconds;
      if (nowSeconds - since >= FAILING_DISABLES_AFTER_SECONDS) {
        states.push({ endpointId: endpoint.id, kind: "disabled", reason: "failing" });
        disabled.add(endpoint.id);
      } else states.push({ endpointId: endpoint.id, kind: "failing", since: nowSeconds });
    }
  }

  const records: AttemptRecord[] = [];
  const retriesToSend: Outgoing[] = [];
  const retried: { message: Message; delay: number | null }[] = [];
  jobs.forEach((job, index) => {
    const outcome = outcomes[index] ?? { ok: false, status: null, error: "No outcome" };
    const record: AttemptRecord = {
      endpointId: job.endpoint.id,
      eventId: job.event.id,
      status: outcome.status,
      error: outcome.error,
      at: nowSeconds,
      next: null,
      delivered: outcome.ok,
      deadLettered: false,
    };
    records.push(record);
    if (outcome.ok || disabled.has(job.endpoint.id)) {
      if (job.carrier) settled.push(job.carrier);
      return;
    }
    if (job.attempt >= MAX_ATTEMPTS) {
      record.deadLettered = true;
      // Its retries are spent: retried once more, the queue moves it to the dead-letter queue.
      if (job.carrier) retried.push({ message: job.carrier, delay: null });
      return;
    }
    const delay = retryDelay(job.attempt, services.random);
    record.next = nowSeconds + delay;
    if (job.carrier) retried.push({ message: job.carrier, delay });
    else retriesToSend.push({ body: { kind: "retry", endpoint: job.endpoint.id, event: job.event.id }, delaySeconds: delay });
  });

  // The new retry messages first: once the batch is acked, only they carry those deliveries on.
  await sendMessages(services.queue, retriesToSend);
  await namedBatch(db, {
    records: attemptRecords(db, records),
    endpoints: endpointUpdates(db, states, new Date(services.now()).toISOString()),
    received: receivedMarks(db, [...fanOutIds]),
  });
  for (const message of settled) message.ack();
  for (const { message, delay } of retried) message.retry(delay === null ? {} : { delaySeconds: delay });
  if (services.log) {
    const delivered = outcomes.filter((o) => o.ok).length;
    console.log(JSON.stringify({ level: "info", where: "webhook-consumer", messages: parsed.length, attempts: jobs.length, delivered, failed: jobs.length - delivered }));
  }
}
