/**
 * An endpoint's deliveries (docs/operations/webhook-delivery.md), scope
 * `webhooks:manage`, 404 for an unknown endpoint:
 *
 * - `GET /api/v1/webhook-endpoints/{id}/deliveries/`: paged, newest event
 *   first (the deliveries' primary key walked backwards); 1 D1 round trip.
 * - `POST .../deliveries/{eventId}/redeliver`: sends that event again (a new
 *   series of attempts, through the queue); 204. 1 round trip.
 * - `POST .../replay` `{"cursor": "<event id>"}`: sends every event after the
 *   cursor that the endpoint's `eventTypes` select, in commit order. Bounded:
 *   one request scans at most REPLAY_SCAN events of the outbox and answers
 *   `{"queued", "cursor", "complete"}`; while `complete` is false, send the
 *   answer's `cursor` again for the next part. 1 round trip.
 * - `POST .../ping`: sends a `webhook.ping` event (not recorded: no feed
 *   entry, no retry) at once, and answers what the endpoint answered.
 */
import { secretsKey } from "./routes";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { idParams } from "../../ids";
import { defineForm, validateForm } from "../../form";
import { envelope, pageRequest } from "../../pagination";
import { component, int, pageOf } from "../../openapi/common";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { documentForm } from "../../openapi/form-docs";
import { deliveryOf, deliveryPage, endpointById, eventsAfter, type WebhookDeliveryRow } from "../../../data/webhook-deliveries";
import { idMessages, sendMessages } from "../../../data/webhook-dispatch";
import { eventId, rowIdOf } from "../../../domain/events/event";
import { isEventType, PING_EVENT_TYPE, typeSelected } from "../../../domain/events/types";
import { postEvent, signingSecrets } from "../../../webhooks/send";

/** Events of the outbox one replay request scans. */
export const REPLAY_SCAN = 1000;

const iso = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());

export const WebhookDelivery = component(
  "WebhookDelivery",
  z.object({
    eventId: z.string().meta({ description: "The event's id (also its `webhook-id`)." }),
    eventType: z.string(),
    attempts: int().meta({ description: "Attempts made so far (every series: a redelivery adds to them)." }),
    lastStatus: int().nullable().meta({ description: "The HTTP status of the last attempt; null when none came (see `lastError`)." }),
    lastError: z.string().nullable().meta({ description: "Why the last attempt failed; null after a success." }),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().meta({ description: "When the next attempt is due; null once delivered, dead-lettered or the endpoint disabled." }),
    deliveredAt: z.string().nullable(),
    deadLettered: z.boolean().meta({ description: "The retries ran out (13 attempts over about 29 hours)." }),
  }),
  "One event sent to one endpoint.",
);
export const WebhookDeliveryPage = pageOf("WebhookDeliveryPage", WebhookDelivery);

export const WebhookReplayResult = component(
  "WebhookReplayResult",
  z.object({
    queued: int().meta({ description: "Events this request queued for the endpoint." }),
    cursor: z.string().meta({ description: "The last event scanned: send it as the next request's `cursor` while `complete` is false." }),
    complete: z.boolean().meta({ description: "Whether the scan reached the newest event." }),
  }),
);

export const WebhookPingResult = component(
  "WebhookPingResult",
  z.object({
    id: z.string().meta({ description: "The ping's `webhook-id`." }),
    type: z.literal(PING_EVENT_TYPE),
    delivered: z.boolean(),
    status: int().nullable().meta({ description: "The HTTP status the endpoint answered; null when none came." }),
    error: z.string().nullable(),
  }),
);

const CURSOR_MESSAGE = "This value is not a valid event id.";
export const replayForm = defineForm({
  cursor: z.string({ error: CURSOR_MESSAGE }).refine((value) => value === "" || rowIdOf(value) !== null, { error: CURSOR_MESSAGE }),
});
documentForm(replayForm, {
  component: "WebhookReplay",
  example: { cursor: "00000000000000000042" },
  descriptions: { cursor: "An event id: the events after it are sent (`\"\"`: from the oldest event kept)." },
  requiredByHandler: ["cursor"],
});

const base = { tag: "Webhook endpoints", scope: "webhooks:manage" } as const;
const docs = {
  list: {
    ...base,
    operationId: "listWebhookDeliveries",
    summary: "List an endpoint's deliveries",
    description: "Newest event first.",
    success: { status: 200, description: "A page of deliveries.", schema: WebhookDeliveryPage },
    errors: [404],
  } satisfies OperationMeta,
  redeliver: {
    ...base,
    operationId: "redeliverWebhookEvent",
    summary: "Send a delivered or failed event again",
    description: "Queues a new series of attempts (retried like any delivery). 404 when the endpoint never had that event.",
    success: { status: 204, description: "Queued." },
    errors: [404],
  } satisfies OperationMeta,
  replay: {
    ...base,
    operationId: "replayWebhookEvents",
    summary: "Send every event after a cursor again",
    description: `Queues, in commit order, the events after \`cursor\` that the endpoint's \`eventTypes\` select. One request scans at most ${REPLAY_SCAN} events; while \`complete\` is false, send the answer's \`cursor\` again.`,
    form: replayForm,
    success: { status: 200, description: "What was queued, and where to continue.", schema: WebhookReplayResult },
    errors: [400, 404],
  } satisfies OperationMeta,
  ping: {
    ...base,
    operationId: "pingWebhookEndpoint",
    summary: "Send a webhook.ping event now",
    description: "Signed like every delivery, sent at once (15 s at most), not recorded and not retried; answers what the endpoint answered.",
    success: { status: 200, description: "The endpoint's answer.", schema: WebhookPingResult },
    errors: [404],
  } satisfies OperationMeta,
};

const endpointParam = idParams({ id: "Webhook endpoint" });
const missing = (id: number) => notFound(`Webhook endpoint with id "${id}" does not exist.`);

function serializeDelivery(row: WebhookDeliveryRow, type: string) {
  return {
    eventId: eventId(row.eventId),
    eventType: type,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    deadLettered: row.deadLettered,
  };
}

const eventTypesOf = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
};

export const webhookDeliveryRoutes = new Hono<AppEnv>({ strict: false })
  .get("/:id/deliveries", describeRoute(docs.list), endpointParam, async (c) => {
    const { id } = c.req.valid("param");
    const url = new URL(c.req.url);
    const request = pageRequest(url);
    const db = c.var.db;
    const { endpoint, page } = await firstBatch(c, { endpoint: endpointById(db, id), page: deliveryPage(db, id, request.limit, request.offset) });
    if (!endpoint[0]) throw missing(id);
    return c.json(
      envelope({
        path: url.pathname,
        request,
        total: page.total[0]?.n ?? 0,
        items: page.rows.map(({ delivery, type }) => serializeDelivery(delivery, type)),
      }),
    );
  })
  .post("/:id/deliveries/:eventId/redeliver", describeRoute(docs.redeliver), endpointParam, async (c) => {
    const { id } = c.req.valid("param");
    const event = rowIdOf(c.req.param("eventId"));
    const db = c.var.db;
    const { endpoint, delivery } = await firstBatch(c, { endpoint: endpointById(db, id), delivery: deliveryOf(db, id, event ?? 0) });
    if (!endpoint[0]) throw missing(id);
    if (event === null || !delivery[0]) throw notFound(`Webhook endpoint ${id} has no delivery of event "${c.req.param("eventId")}".`);
    await sendMessages(c.var.eventsQueue, [{ body: { kind: "send", endpoint: id, ids: [event] } }]);
    return c.body(null, 204);
  })
  .post("/:id/replay", describeRoute(docs.replay), endpointParam, async (c) => {
    const { id } = c.req.valid("param");
    const form = validateForm(replayForm, c.var.body);
    const cursorText = form.values.cursor;
    if (cursorText === undefined) form.fail("cursor", CURSOR_MESSAGE);
    form.assertValid();
    const after = cursorText ? (rowIdOf(cursorText) ?? 0) : 0;
    const db = c.var.db;
    const { endpoint, scanned } = await firstBatch(c, { endpoint: endpointById(db, id), scanned: eventsAfter(db, after, REPLAY_SCAN) });
    const row = endpoint[0];
    if (!row) throw missing(id);
    const patterns = eventTypesOf(row.eventTypes);
    const selected = scanned.filter((event) => isEventType(event.type) && typeSelected(event.type, patterns)).map((event) => event.id);
    await sendMessages(
      c.var.eventsQueue,
      idMessages(selected).map((ids) => ({ body: { kind: "send" as const, endpoint: id, ids } })),
    );
    const last = scanned.at(-1)?.id ?? after;
    return c.json({ queued: selected.length, cursor: eventId(last), complete: scanned.length < REPLAY_SCAN });
  })
  .post("/:id/ping", describeRoute(docs.ping), endpointParam, async (c) => {
    const { id } = c.req.valid("param");
    const { endpoint } = await firstBatch(c, { endpoint: endpointById(c.var.db, id) });
    const row = endpoint[0];
    if (!row) throw missing(id);
    const now = Math.floor(Date.now() / 1000);
    const pingId = `ping_${crypto.randomUUID()}`;
    const body = {
      id: pingId,
      type: PING_EVENT_TYPE,
      timestamp: new Date(now * 1000).toISOString().replace("Z", "+00:00"),
      sequence: 0,
      resource: { href: `/api/v1/webhook-endpoints/${id}`, id },
      actor: { client: c.var.authClient ?? "", user: null },
      data: {},
    };
    const outcome = await postEvent(row.url, await signingSecrets(secretsKey(c), row, now), pingId, JSON.stringify(body), now);
    return c.json({ id: pingId, type: PING_EVENT_TYPE, delivered: outcome.ok, status: outcome.status, error: outcome.error });
  });
