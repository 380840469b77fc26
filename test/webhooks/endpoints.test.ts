/**
 * `/api/v1/webhook-endpoints/` (an extension: Sylius has no webhooks): the
 * CRUD keyed by id, the signing secret answered once and stored sealed, its
 * rotation, the `webhooks:manage` scope, the event types checked against the
 * known ones and the URL policy (no server-side request forgery) through the
 * API; the policy's full table is test/webhooks/url-policy.test.ts.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openSecret } from "../../src/domain/webhooks/secret-box";
import { URL_MESSAGES } from "../../src/domain/webhooks/url-policy";
import { api, uniqueCode } from "../fixtures/http";
import { withBindings } from "../fixtures/app";
import { testClientId } from "../fixtures/tokens";
import { validationFailed } from "../fixtures/sylius";
import { insertScopedToken } from "../auth/scoped-tokens";
import { TEST_SECRETS_KEY } from "./fixtures";

const PATH = "/api/v1/webhook-endpoints/";
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const KEY = TEST_SECRETS_KEY;

interface StoredRow {
  id: number;
  url: string;
  event_types: string;
  enabled: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
}

const storedRow = (id: number) => env.DB.prepare("SELECT * FROM webhook_endpoints WHERE id = ?").bind(id).first<StoredRow>();
const storedCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM webhook_endpoints").first<{ n: number }>())?.n ?? 0;

const create = async (body: Record<string, unknown> = {}) => {
  const res = await api("POST", PATH, { url: `https://hooks.example.com/${uniqueCode("in")}`, eventTypes: ["order.*"], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; url: string; secret: string; [field: string]: unknown };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("WebhookEndpointApiTest", () => {
  it("it_allows_creating_a_webhook_endpoint_and_shows_its_secret_once", async () => {
    const url = `https://hooks.example.com/${uniqueCode("erp")}`;
    const res = await api("POST", PATH, { url, eventTypes: ["order.*", "payment.complete"], description: "ERP sync" });
    expect(res.status).toBe(201);
    const { secret, ...endpoint } = res.body;
    expect(secret).toMatch(SECRET);
    expect(endpoint).toEqual({
      id: expect.any(Number),
      url,
      eventTypes: ["order.*", "payment.complete"],
      enabled: true,
      description: "ERP sync",
      previousSecretExpiresAt: null,
      failingSince: null,
      disabledReason: null,
      createdAt: expect.stringMatching(/\+00:00$/),
      updatedAt: expect.stringMatching(/\+00:00$/),
      _links: { self: { href: `${PATH}${endpoint.id}` } },
    });
    const read = await api("GET", `${PATH}${endpoint.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(endpoint);
    const list = await api("GET", `${PATH}?limit=100&sorting[id]=desc`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, limit: 100, _links: { self: expect.any(Object) } });
    expect(list.body._embedded.items).toContainEqual(endpoint);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");
    expect(JSON.stringify(read.body)).not.toContain("whsec_");
  });

  it("it_stores_the_signing_secret_sealed", async () => {
    const { id, secret } = await create();
    const row = await storedRow(id);
    expect(row).not.toBeNull();
    expect(row!.secret).not.toBe(secret);
    expect(row!.secret).not.toContain(secret.slice("whsec_".length));
    expect(row!.secret).toMatch(/^v1\./);
    expect(await openSecret(KEY, row!.secret)).toBe(secret);
    await expect(openSecret("another-key-of-sixteen-chars", row!.secret)).rejects.toThrow();
  });

  it("it_allows_updating_a_webhook_endpoint_with_patch_and_put", async () => {
    const { id } = await create({ description: "first" });
    expect((await api("PATCH", `${PATH}${id}`, { eventTypes: ["*"], enabled: false })).status).toBe(204);
    expect((await api("GET", `${PATH}${id}`)).body).toMatchObject({ eventTypes: ["*"], enabled: false, description: "first" });
    const url = `https://other.example.com/${uniqueCode("in")}`;
    expect((await api("PUT", `${PATH}${id}`, { url, eventTypes: ["product.created", "product.created"] })).status).toBe(204);
    // A PUT is the form submitted whole: enabled (true) and description (none) take a create's defaults; duplicates dropped.
    expect((await api("GET", `${PATH}${id}`)).body).toMatchObject({ url, eventTypes: ["product.created"], enabled: true, description: null });
    const empty = await api("PUT", `${PATH}${id}`, {});
    expect(empty.body).toEqual(
      validationFailed({ url: { errors: [URL_MESSAGES.blank] }, eventTypes: { errors: ["Please choose at least one event type (`*` for all)."] }, enabled: {}, description: {} }),
    );
    expect((await api("GET", `${PATH}${id}`)).body.url).toBe(url);
  });

  it("it_restarts_an_endpoint_the_service_disabled_when_it_is_enabled_again", async () => {
    const { id } = await create();
    await env.DB.prepare("UPDATE webhook_endpoints SET enabled = 0, disabled_reason = 'gone', failing_since = 1700000000 WHERE id = ?").bind(id).run();
    expect((await api("GET", `${PATH}${id}`)).body).toMatchObject({ enabled: false, disabledReason: "gone", failingSince: "2023-11-14T22:13:20+00:00" });
    // Another change keeps the service's record.
    expect((await api("PATCH", `${PATH}${id}`, { description: "why?" })).status).toBe(204);
    expect((await api("GET", `${PATH}${id}`)).body).toMatchObject({ enabled: false, disabledReason: "gone" });
    expect((await api("PATCH", `${PATH}${id}`, { enabled: true })).status).toBe(204);
    expect((await api("GET", `${PATH}${id}`)).body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("it_allows_deleting_a_webhook_endpoint", async () => {
    const { id } = await create();
    expect((await api("DELETE", `${PATH}${id}`)).status).toBe(204);
    const gone = await api("GET", `${PATH}${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 404, message: `Webhook endpoint with id "${id}" does not exist.` });
    expect(await storedRow(id)).toBeNull();
    expect((await api("DELETE", `${PATH}${id}`)).status).toBe(404);
    expect((await api("PATCH", `${PATH}${id}`, { enabled: true })).status).toBe(404);
    expect((await api("POST", `${PATH}${id}/rotate-secret`)).status).toBe(404);
    expect((await api("GET", `${PATH}abc`)).status).toBe(404);
  });

  it("it_validates_the_event_types_against_the_known_ones", async () => {
    const before = await storedCount();
    const url = "https://hooks.example.com/in";
    const refused = async (eventTypes: unknown) => (await api("POST", PATH, { url, eventTypes })).body;
    expect(await refused(["order.placd"])).toEqual(
      validationFailed({ url: {}, eventTypes: { errors: ['"order.placd" is no event type, nor a pattern (`order.*`, `*`) of any.'] }, enabled: {}, description: {} }),
    );
    expect((await refused(["nothing.*"])).errors.children.eventTypes).toEqual({ errors: ['"nothing.*" is no event type, nor a pattern (`order.*`, `*`) of any.'] });
    expect((await refused([])).errors.children.eventTypes).toEqual({ errors: ["Please choose at least one event type (`*` for all)."] });
    expect((await refused(undefined)).errors.children.eventTypes).toEqual({ errors: ["Please choose at least one event type (`*` for all)."] });
    expect((await refused("order.*")).errors.children.eventTypes).toEqual({ errors: ["This value is not valid."] });
    expect((await refused([7])).errors.children.eventTypes).toEqual({ errors: ["This value is not valid."] });
    expect(await storedCount()).toBe(before);
  });

  it("it_refuses_urls_that_could_reach_private_networks", async () => {
    const before = await storedCount();
    const cases: [string, string][] = [
      ["http://hooks.example.com/in", URL_MESSAGES.scheme],
      ["ftp://hooks.example.com/in", URL_MESSAGES.scheme],
      ["https://user:secret@hooks.example.com/in", URL_MESSAGES.credentials],
      ["https://169.254.169.254/latest/meta-data/", URL_MESSAGES.address],
      ["https://2130706433/", URL_MESSAGES.address],
      ["https://0x7f.1/", URL_MESSAGES.address],
      ["https://[::ffff:10.0.0.1]/", URL_MESSAGES.address],
      ["https://[fe80::1]/", URL_MESSAGES.address],
      ["https://100.64.0.1/", URL_MESSAGES.address],
      ["https://localhost/", URL_MESSAGES.localName],
      ["https://metadata.google.internal/", URL_MESSAGES.localName],
      // WEBHOOKS_ALLOW_LOCAL_HTTP is "false" here (wrangler.toml's default).
      ["http://localhost:9000/hook", URL_MESSAGES.scheme],
      ["http://127.0.0.1:9000/hook", URL_MESSAGES.scheme],
      ["not a url", URL_MESSAGES.malformed],
    ];
    for (const [url, message] of cases) {
      const res = await api("POST", PATH, { url, eventTypes: ["*"] });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual(validationFailed({ url: { errors: [message] }, eventTypes: {}, enabled: {}, description: {} }));
    }
    const { id, url } = await create();
    const patched = await api("PATCH", `${PATH}${id}`, { url: "https://10.0.0.1/" });
    expect(patched.body.errors.children.url).toEqual({ errors: [URL_MESSAGES.address] });
    expect((await api("GET", `${PATH}${id}`)).body.url).toBe(url);
    expect(await storedCount()).toBe(before + 1);
  });

  it("it_stores_the_url_as_it_will_be_called", async () => {
    const { url } = await create({ url: "  HTTPS://Hooks.Example.COM:443/In?x=1  " });
    expect(url).toBe("https://hooks.example.com/In?x=1");
  });

  it("it_accepts_local_http_only_where_WEBHOOKS_ALLOW_LOCAL_HTTP_is_true", async () => {
    const body = { url: "http://localhost:9000/hook", eventTypes: ["*"] };
    const local = await withBindings({ WEBHOOKS_ALLOW_LOCAL_HTTP: "true" }, "POST", PATH, body);
    expect(local.status).toBe(201);
    expect(local.body.url).toBe("http://localhost:9000/hook");
    const other = await withBindings({ WEBHOOKS_ALLOW_LOCAL_HTTP: "true" }, "POST", PATH, { ...body, url: "http://10.0.0.1/hook" });
    expect(other.body.errors.children.url).toEqual({ errors: [URL_MESSAGES.schemeLocal] });
    expect((await withBindings({ WEBHOOKS_ALLOW_LOCAL_HTTP: "false" }, "POST", PATH, body)).status).toBe(400);
  });

  it("it_rotates_the_signing_secret_and_keeps_the_previous_one_for_a_day", async () => {
    const { id, secret } = await create();
    const before = Math.floor(Date.now() / 1000);
    const rotated = await api("POST", `${PATH}${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ secret: expect.stringMatching(SECRET), previousSecretExpiresAt: expect.stringMatching(/\+00:00$/) });
    expect(rotated.body.secret).not.toBe(secret);
    const row = await storedRow(id);
    expect(await openSecret(KEY, row!.secret)).toBe(rotated.body.secret);
    expect(await openSecret(KEY, row!.previous_secret!)).toBe(secret);
    expect(row!.previous_secret_until).toBeGreaterThanOrEqual(before + 86_400);
    expect(row!.previous_secret_until).toBeLessThanOrEqual(before + 86_400 + 60);
    const read = await api("GET", `${PATH}${id}`);
    expect(read.body.previousSecretExpiresAt).toBe(rotated.body.previousSecretExpiresAt);
    expect(Date.parse(read.body.previousSecretExpiresAt) / 1000).toBe(row!.previous_secret_until);
    expect(JSON.stringify(read.body)).not.toContain("whsec_");
  });

  it("it_answers_a_configuration_error_and_stores_nothing_without_WEBHOOK_SECRETS_KEY", async () => {
    const { id } = await create();
    const stored = await storedRow(id);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = await storedCount();
    const created = await withBindings({ WEBHOOK_SECRETS_KEY: undefined }, "POST", PATH, { url: "https://hooks.example.com/x", eventTypes: ["*"] });
    expect(created).toEqual({ status: 500, body: { code: 500, message: "Webhook signing secrets cannot be stored: the service's WEBHOOK_SECRETS_KEY is not configured." } });
    expect(await storedCount()).toBe(before);
    const rotated = await withBindings({ WEBHOOK_SECRETS_KEY: "short" }, "POST", `${PATH}${id}/rotate-secret`);
    expect(rotated.status).toBe(500);
    expect(await storedRow(id)).toEqual(stored);
    expect(logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("WEBHOOK_SECRETS_KEY"))).toHaveLength(2);
    // The other routes, of this resource and of the others, do not need it.
    expect((await withBindings({ WEBHOOK_SECRETS_KEY: undefined }, "GET", `${PATH}${id}`)).status).toBe(200);
    expect((await withBindings({ WEBHOOK_SECRETS_KEY: undefined }, "PATCH", `${PATH}${id}`, { description: "kept" })).status).toBe(204);
  });

  it("it_needs_the_webhooks_manage_scope", async () => {
    const { id } = await create();
    const clientId = await testClientId();
    const other = await insertScopedToken(clientId, "config:write config:read events:read");
    const manager = await insertScopedToken(clientId, "webhooks:manage");
    const calls: [string, string, unknown][] = [
      ["GET", PATH, undefined],
      ["POST", PATH, { url: "https://hooks.example.com/x", eventTypes: ["*"] }],
      ["GET", `${PATH}${id}`, undefined],
      ["PUT", `${PATH}${id}`, { url: "https://hooks.example.com/x", eventTypes: ["*"] }],
      ["PATCH", `${PATH}${id}`, { enabled: false }],
      ["POST", `${PATH}${id}/rotate-secret`, undefined],
      ["DELETE", `${PATH}${id}`, undefined],
    ];
    const stored = await storedRow(id);
    for (const [method, path, body] of calls) {
      const refused = await api(method, path, body, { token: other });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.headers.get("WWW-Authenticate"), `${method} ${path}`).toContain('scope="webhooks:manage"');
    }
    expect(await storedRow(id)).toEqual(stored);
    for (const [method, path, body] of calls) expect((await api(method, path, body, { token: manager })).status, `${method} ${path}`).toBeLessThan(300);
  });
});

beforeAll(() => {
  expect(env.WEBHOOK_SECRETS_KEY).toBe(KEY);
});
