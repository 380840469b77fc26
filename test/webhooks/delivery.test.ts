/**
 * Webhook delivery (docs/operations/webhook-delivery.md): the events queue's
 * consumer, called as the runtime calls it (`createMessageBatch`,
 * `getQueueResult`), with every outbound call answered by a spy on `fetch`;
 * the dispatch sweep after a failed send. No Sylius counterpart (Sylius has
 * no webhooks): the tests are named after what they show.
 */
import { env } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import wranglerToml from "../../wrangler.toml?raw";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1, withEventListener } from "../../src/data/metered-d1";
import { namedBatch } from "../../src/data/batch";
import { eventInserts } from "../../src/data/events";
import { eventsAfter } from "../../src/data/webhook-deliveries";
import type { NewEvent } from "../../src/domain/events/event";
import { publishEvents, sweepUnsent, SWEEP_GRACE_SECONDS } from "../../src/data/webhook-dispatch";
import { webhookEndpoints } from "../../src/data/schema";
import { eventId } from "../../src/domain/events/event";
import { FAILING_DISABLES_AFTER_SECONDS, MAX_ATTEMPTS, QUEUE_MAX_RETRIES, RETRY_SPAN_SECONDS, baseDelay, retryDelay } from "../../src/domain/webhooks/retry-schedule";
import { sign } from "../../src/domain/webhooks/signature";
import { newSigningSecret } from "../../src/domain/webhooks/secret-box";
import { db } from "../fixtures/db";
import { consume, deliveryRows, endpointRow, insertEndpoint, recordingQueue, TEST_SECRETS_KEY, writeEvents } from "./fixtures";

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
  redirect: string | undefined;
}

/** Answers every outbound POST with `status(url)`, recording each request. */
function receiver(status: (url: string, nth: number) => number = () => 200) {
  const sent: Sent[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === "string" ? init.body : "";
    sent.push({ url, headers, body, redirect: init?.redirect });
    return new Response(null, { status: status(url, sent.length) });
  });
  return { sent, spy };
}

const eventsAfterQuery = (database: ReturnType<typeof createDatabase>) => eventsAfter(database, 0, 1);

const toUrl = (sent: Sent[], url: string) => sent.filter((s) => s.url === url);

describe("WebhookDeliveryTest", () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("it_runs_with_the_tests_secrets_key", () => {
    expect(Reflect.get(env, "WEBHOOK_SECRETS_KEY")).toBe(TEST_SECRETS_KEY);
  });

  it("it_reports_the_ids_a_committed_batch_inserted_into_the_outbox", async () => {
    const reported: number[][] = [];
    const ids = await writeEvents(3, "channel.created", (list) => reported.push(list));
    expect(ids).toHaveLength(3);
    expect(reported).toEqual([ids]);
    const rows = await env.DB.prepare(`SELECT id FROM events WHERE id IN (${ids.join(",")}) ORDER BY id`).all<{ id: number }>();
    expect(rows.results.map((r) => r.id)).toEqual(ids);
  });

  it("it_reports_committed_events_of_every_connection_on_a_wrapped_database", async () => {
    // As the cart object wraps its binding: each connection its operations open reports to it.
    const reported: number[][] = [];
    const wrapped = withEventListener(env.DB, (ids) => reported.push(ids));
    const database = createDatabase(new MeteredD1(wrapped, new D1Meter()));
    const event: NewEvent = { type: "cart.created", resource: { href: "/api/v1/carts/1", id: 1 }, sequence: 1, actor: { system: "expiry" }, data: {} };
    await namedBatch(database, { inserted: eventInserts(database, [event, event]) });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toHaveLength(2);
    const found = await env.DB.prepare(`SELECT type FROM events WHERE id IN (${(reported[0] ?? []).join(",")})`).all<{ type: string }>();
    expect(found.results.map((r) => r.type)).toEqual(["cart.created", "cart.created"]);
    // A read reports nothing; a connection on the plain binding has no listener.
    await namedBatch(database, { none: eventsAfterQuery(database) });
    expect(reported).toHaveLength(1);
  });

  it("it_signs_every_delivery_as_the_standard_webhooks_package_does", async () => {
    const previous = newSigningSecret();
    const endpoint = await insertEndpoint({ previous, previousUntil: Math.floor(Date.now() / 1000) + 3600 });
    const ids = await writeEvents(1);
    const { sent } = receiver();
    const { queue } = recordingQueue();
    await consume([{ body: { kind: "events", ids } }], queue);

    const [request] = toUrl(sent, endpoint.url);
    if (!request) throw new Error("nothing was sent to the endpoint");
    const id = request.headers["webhook-id"] ?? "";
    const timestamp = Number(request.headers["webhook-timestamp"]);
    expect(id).toBe(eventId(ids[0] ?? 0));
    expect(JSON.parse(request.body)).toMatchObject({ id, type: "channel.created" });
    expect(request.headers["content-type"]).toBe("application/json");
    // Both secrets sign (the previous one until its day is over), space-separated, each as the package signs.
    const signatures = (request.headers["webhook-signature"] ?? "").split(" ");
    expect(signatures).toEqual([
      new Webhook(endpoint.secret).sign(id, new Date(timestamp * 1000), request.body),
      new Webhook(previous).sign(id, new Date(timestamp * 1000), request.body),
    ]);
    expect(await sign(endpoint.secret, id, timestamp, request.body)).toBe(signatures[0]);
    // The package's verifier accepts the request with either secret.
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toMatchObject({ id });
    expect(new Webhook(previous).verify(request.body, request.headers)).toMatchObject({ id });
    expect(() => new Webhook(newSigningSecret()).verify(request.body, request.headers)).toThrow();
  });

  it("it_stops_signing_with_the_previous_secret_once_its_day_is_over", async () => {
    const endpoint = await insertEndpoint({ previous: newSigningSecret(), previousUntil: Math.floor(Date.now() / 1000) - 1 });
    const ids = await writeEvents(1);
    const { sent } = receiver();
    await consume([{ body: { kind: "events", ids } }], recordingQueue().queue);
    const [request] = toUrl(sent, endpoint.url);
    expect(request?.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
  });

  it("it_acks_a_delivered_event_and_records_the_delivery", async () => {
    const endpoint = await insertEndpoint({ eventTypes: ["channel.*"] });
    const ids = await writeEvents(2);
    const { sent } = receiver();
    const { queue, sent: queued } = recordingQueue();
    const { result, ids: messageIds } = await consume([{ body: { kind: "events", ids } }], queue);

    expect(result.explicitAcks).toEqual(messageIds);
    expect(result.retryMessages).toEqual([]);
    expect(queued).toEqual([]);
    const requests = toUrl(sent, endpoint.url);
    expect(requests.map((r) => r.headers["webhook-id"])).toEqual(ids.map(eventId));
    expect(requests.every((r) => r.redirect === "manual")).toBe(true);
    const rows = await deliveryRows(endpoint.id);
    expect(rows.map((r) => [r.eventId, r.attempts, r.lastStatus, r.lastError, r.nextAttemptAt, r.deadLettered, r.deliveredAt !== null])).toEqual(
      ids.map((id) => [id, 1, 200, null, null, false, true]),
    );
    // The fan-out skips what it already delivered (the sweep may send an event twice).
    await consume([{ body: { kind: "events", ids } }], queue);
    expect(toUrl(sent, endpoint.url)).toHaveLength(2);
  });

  it("it_sends_only_the_types_an_endpoint_selects_and_nothing_to_a_disabled_one", async () => {
    const orders = await insertEndpoint({ eventTypes: ["order.*"] });
    const off = await insertEndpoint();
    await db().update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, off.id));
    const all = await insertEndpoint();
    const ids = await writeEvents(1, "channel.updated");
    const { sent } = receiver();
    await consume([{ body: { kind: "events", ids } }], recordingQueue().queue);
    expect(toUrl(sent, orders.url)).toHaveLength(0);
    expect(toUrl(sent, off.url)).toHaveLength(0);
    expect(toUrl(sent, all.url)).toHaveLength(1);
  });

  it("it_schedules_the_first_retry_within_a_minute_after_a_failed_first_attempt", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(1);
    const eventRow = ids[0] ?? 0;
    receiver((url) => (url === endpoint.url ? 500 : 200));
    const { queue, sent: queued } = recordingQueue();
    const before = Math.floor(Date.now() / 1000);
    const { result, ids: messageIds } = await consume([{ body: { kind: "events", ids } }], queue);

    // The fan-out message is done; a retry message carries the delivery on, delayed.
    expect(result.explicitAcks).toEqual(messageIds);
    const retries = queued.filter((q) => JSON.stringify(q.body) === JSON.stringify({ kind: "retry", endpoint: endpoint.id, event: eventRow }));
    expect(retries).toHaveLength(1);
    const delay = retries[0]?.delaySeconds ?? 0;
    expect(delay).toBeGreaterThanOrEqual(30);
    expect(delay).toBeLessThan(60);
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ attempts: 1, lastStatus: 500, lastError: "HTTP 500", deadLettered: false, deliveredAt: null });
    expect(row?.nextAttemptAt).toBeGreaterThanOrEqual(before + 30);
    expect((await endpointRow(endpoint.id)).failingSince).toBeGreaterThanOrEqual(before);
  });

  it("it_retries_a_failed_retry_with_the_next_delay_and_clears_the_failure_on_success", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(1);
    const event = ids[0] ?? 0;
    const { queue } = recordingQueue();
    receiver(() => 503);
    await consume([{ body: { kind: "events", ids } }], queue);
    // The retry message handed over for the 3rd time: attempt 4, retried after 30 × 2³ s (+ up to 25 %).
    const { result, ids: messageIds, retries } = await consume([{ body: { kind: "retry", endpoint: endpoint.id, event }, attempts: 3 }], queue);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: messageIds[0] }]);
    const delay = retries.get(messageIds[0] ?? "")?.delaySeconds ?? 0;
    expect(delay).toBeGreaterThanOrEqual(240);
    expect(delay).toBeLessThanOrEqual(300);
    expect((await deliveryRows(endpoint.id))[0]).toMatchObject({ attempts: 2, lastStatus: 503 });

    vi.restoreAllMocks();
    receiver(() => 204);
    const done = await consume([{ body: { kind: "retry", endpoint: endpoint.id, event }, attempts: 4 }], queue);
    expect(done.result.explicitAcks).toEqual(done.ids);
    expect((await deliveryRows(endpoint.id))[0]).toMatchObject({ attempts: 3, lastStatus: 204, lastError: null, nextAttemptAt: null });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it("it_dead_letters_a_delivery_after_its_last_attempt_and_keeps_it", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(1);
    const event = ids[0] ?? 0;
    receiver(() => 500);
    // The message's last hand-over (1 + max_retries): attempt 13.
    const { result, ids: messageIds, retries } = await consume([{ body: { kind: "retry", endpoint: endpoint.id, event }, attempts: QUEUE_MAX_RETRIES + 1 }], recordingQueue().queue);
    // Retried with its retries spent: the queue moves it to the dead-letter queue.
    expect(result.retryMessages).toEqual([{ msgId: messageIds[0] }]);
    expect(retries.get(messageIds[0] ?? "")?.delaySeconds).toBeUndefined();
    expect(result.explicitAcks).toEqual([]);
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ deadLettered: true, nextAttemptAt: null, lastStatus: 500 });
  });

  it("it_does_not_follow_redirects", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(1);
    const { sent } = receiver(() => 302);
    const { queue, sent: queued } = recordingQueue();
    await consume([{ body: { kind: "events", ids } }], queue);
    expect(toUrl(sent, endpoint.url)[0]?.redirect).toBe("manual");
    expect((await deliveryRows(endpoint.id))[0]).toMatchObject({ lastStatus: 302, lastError: "Redirect (HTTP 302) not followed", deliveredAt: null });
    expect(queued.some((q) => JSON.stringify(q.body).includes(`"endpoint":${endpoint.id}`))).toBe(true);
  });

  it("it_disables_an_endpoint_that_answers_410_gone", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(2);
    const { sent } = receiver(() => 410);
    const { queue, sent: queued } = recordingQueue();
    await consume([{ body: { kind: "events", ids } }], queue);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "gone" });
    // No retry for a gone endpoint, and nothing more is sent to it.
    expect(queued.some((q) => JSON.stringify(q.body).includes(`"endpoint":${endpoint.id},`))).toBe(false);
    const more = await writeEvents(1);
    await consume([{ body: { kind: "events", ids: more } }], queue);
    expect(toUrl(sent, endpoint.url)).toHaveLength(2);
    // A retry already queued for it is acked without a request.
    const { result, ids: messageIds } = await consume([{ body: { kind: "retry", endpoint: endpoint.id, event: ids[0] }, attempts: 1 }], queue);
    expect(result.explicitAcks).toEqual(messageIds);
    expect(toUrl(sent, endpoint.url)).toHaveLength(2);
  });

  it("it_disables_an_endpoint_failing_for_three_days", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(1);
    const now = Math.floor(Date.now() / 1000);
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: now - FAILING_DISABLES_AFTER_SECONDS - 5 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    receiver(() => 500);
    const { queue, sent: queued } = recordingQueue();
    await consume([{ body: { kind: "events", ids } }], queue);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
    expect(queued).toEqual([]);
  });

  it("it_loses_nothing_when_the_queue_send_fails_between_commit_and_send", async () => {
    const endpoint = await insertEndpoint();
    // The commit happens; the send after it fails (injected).
    const failing = recordingQueue(true);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const sends: Promise<void>[] = [];
    const ids = await writeEvents(3, "channel.created", (list) => sends.push(publishEvents(failing.queue, list)));
    await Promise.all(sends);
    expect(failing.sent).toEqual([]);
    expect(String(logged.mock.calls[0]?.[0])).toContain("webhook-publish");

    // Within the grace period the sweep leaves them to the queue; after it, it sends them.
    const sweepDb = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const early = recordingQueue();
    expect((await sweepUnsent(sweepDb, early.queue, Date.now())).sent).not.toEqual(expect.arrayContaining(ids));
    const late = recordingQueue();
    const swept = await sweepUnsent(sweepDb, late.queue, Date.now() + (SWEEP_GRACE_SECONDS + 5) * 1000);
    expect(swept.sent).toEqual(expect.arrayContaining(ids));
    expect(swept.through).toBeGreaterThanOrEqual(Math.max(...ids));

    // The consumer gets the swept message and delivers every event.
    const { sent } = receiver();
    const messages = late.sent.map((q) => ({ body: q.body }));
    await consume(messages, recordingQueue().queue);
    expect(toUrl(sent, endpoint.url).map((r) => r.headers["webhook-id"])).toEqual(ids.map(eventId));

    // Received and past the watermark: the next run sends nothing again.
    const again = recordingQueue();
    expect((await sweepUnsent(sweepDb, again.queue, Date.now() + (SWEEP_GRACE_SECONDS + 5) * 1000)).sent).toEqual([]);
  });

  it("it_advances_the_sweep_over_events_the_consumer_received", async () => {
    const ids = await writeEvents(2);
    receiver();
    await consume([{ body: { kind: "events", ids } }], recordingQueue().queue);
    const sweepDb = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    // Older events of this file may be swept too; these two, received, are not.
    const { sent, through } = await sweepUnsent(sweepDb, recordingQueue().queue, Date.now() + (SWEEP_GRACE_SECONDS + 5) * 1000);
    expect(sent).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(through).toBeGreaterThanOrEqual(Math.max(...ids));
    const marks = await env.DB.prepare(`SELECT count(*) AS n FROM webhook_dispatched WHERE event_id <= ?`).bind(through).first<{ n: number }>();
    expect(marks?.n).toBe(0);
  });

  it("it_retries_for_at_least_a_day_with_the_first_retry_within_a_minute", () => {
    expect(baseDelay(1)).toBeLessThan(60);
    expect(retryDelay(1, () => 0.999)).toBeLessThan(60);
    expect(RETRY_SPAN_SECONDS).toBeGreaterThanOrEqual(24 * 60 * 60);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) expect(retryDelay(attempt, () => 0.999)).toBeLessThanOrEqual(12 * 60 * 60);
    // wrangler.toml's consumer retries as often as the schedule needs.
    expect(/max_retries\s*=\s*(\d+)/.exec(wranglerToml)?.[1]).toBe(String(QUEUE_MAX_RETRIES));
  });
});
