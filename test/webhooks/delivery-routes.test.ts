/**
 * The deliveries routes of a webhook endpoint (docs/operations/webhook-delivery.md),
 * through the public HTTP interface: list, redeliver, replay, ping. No Sylius
 * counterpart: the tests are named after what they show.
 */
import { env } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventId } from "../../src/domain/events/event";
import { api } from "../fixtures/http";
import { consume, insertEndpoint, recordingQueue, writeEvents } from "./fixtures";

/** Records what the routes send to the events queue (nothing reaches the real queue). */
function queueSpy() {
  const sent: unknown[] = [];
  vi.spyOn(env.EVENTS_QUEUE, "sendBatch").mockImplementation(async (messages) => {
    for (const message of messages) sent.push(message.body);
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
  });
  return sent;
}

describe("WebhookDeliveryApiTest", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("it_lists_an_endpoints_deliveries_newest_first", async () => {
    const endpoint = await insertEndpoint();
    const ids = await writeEvents(3);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 500 }));
    await consume([{ body: { kind: "events", ids } }], recordingQueue().queue);
    vi.restoreAllMocks();

    const res = await api("GET", `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/?limit=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(res.body._embedded.items.map((d: { eventId: string }) => d.eventId)).toEqual([eventId(ids[2] ?? 0), eventId(ids[1] ?? 0)]);
    expect(res.body._embedded.items[0]).toMatchObject({ eventType: "channel.created", attempts: 1, lastStatus: 500, lastError: "HTTP 500", deadLettered: false, deliveredAt: null });
    expect(typeof res.body._embedded.items[0].nextAttemptAt).toBe("string");
  });

  it("it_answers_404_for_an_unknown_endpoint", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/webhook-endpoints/999999/deliveries/"],
      ["POST", "/api/v1/webhook-endpoints/999999/ping"],
      ["POST", "/api/v1/webhook-endpoints/abc/replay"],
    ] as const) {
      const res = await api(method, path, method === "POST" ? { cursor: "" } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("it_redelivers_an_event_the_endpoint_had", async () => {
    const endpoint = await insertEndpoint();
    const [event] = await writeEvents(1);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 200 }));
    await consume([{ body: { kind: "events", ids: [event] } }], recordingQueue().queue);
    vi.restoreAllMocks();
    const sent = queueSpy();

    const res = await api("POST", `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${eventId(event ?? 0)}/redeliver`);
    expect(res.status).toBe(204);
    expect(sent).toEqual([{ kind: "send", endpoint: endpoint.id, ids: [event] }]);
    // An event it never had is a 404.
    const other = await insertEndpoint();
    expect((await api("POST", `/api/v1/webhook-endpoints/${other.id}/deliveries/${eventId(event ?? 0)}/redeliver`)).status).toBe(404);
  });

  it("it_replays_the_selected_events_after_a_cursor", async () => {
    const endpoint = await insertEndpoint({ eventTypes: ["channel.updated"] });
    const [first] = await writeEvents(1, "channel.updated");
    const created = await writeEvents(2, "channel.created");
    const updated = await writeEvents(2, "channel.updated");
    const sent = queueSpy();

    const res = await api("POST", `/api/v1/webhook-endpoints/${endpoint.id}/replay`, { cursor: eventId(first ?? 0) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queued: 2, cursor: expect.any(String), complete: true });
    expect(sent).toEqual([{ kind: "send", endpoint: endpoint.id, ids: updated }]);
    expect(sent).not.toContainEqual(expect.objectContaining({ ids: expect.arrayContaining(created) }));
  });

  it("it_refuses_a_replay_without_a_valid_cursor", async () => {
    const endpoint = await insertEndpoint();
    const sent = queueSpy();
    for (const body of [{}, { cursor: "abc" }, { cursor: 12 }]) {
      const res = await api("POST", `/api/v1/webhook-endpoints/${endpoint.id}/replay`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message: "Validation Failed", errors: { children: { cursor: { errors: ["This value is not a valid event id."] } } } });
    }
    expect(sent).toEqual([]);
  });

  it("it_pings_an_endpoint_at_once_with_a_signed_webhook_ping", async () => {
    const endpoint = await insertEndpoint({ eventTypes: ["order.*"] });
    const requests: { headers: Record<string, string>; body: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      requests.push({ headers: Object.fromEntries(new Headers(init?.headers).entries()), body: typeof init?.body === "string" ? init.body : "" });
      return new Response(null, { status: 204 });
    });
    const res = await api("POST", `/api/v1/webhook-endpoints/${endpoint.id}/ping`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "webhook.ping", delivered: true, status: 204, error: null });
    const [request] = requests;
    if (!request) throw new Error("no ping was sent");
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toMatchObject({ id: res.body.id, type: "webhook.ping" });
  });

  it("it_needs_the_webhooks_manage_scope", async () => {
    const res = await api("GET", "/api/v1/webhook-endpoints/1/deliveries/", undefined, { token: null });
    expect(res.status).toBe(401);
  });
});
