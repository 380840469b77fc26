/**
 * The token endpoint with scopes (RFC 6749 §3.3): the password,
 * client-credentials and refresh grants ask for fewer scopes than the client
 * holds and the answer lists what was granted; an unknown scope, or one
 * beyond the client's or the refreshed token's, is `invalid_scope`. Admin
 * users without API access get no token, and their tokens stop working.
 * Refusals are logged with the client, the route and the scope needed.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { SCOPES } from "../../src/domain/scopes";
import { forceAccessLogForTests } from "../../src/http/middleware/access-log";
import { api } from "../fixtures/http";
import { insertClient, insertUser, tokenForm, type TokenCall } from "../fixtures/tokens";
import { setClientScopes } from "./scoped-tokens";

const GRANTS = ["password", "refresh_token", "client_credentials"];
let client: { id: number; publicId: string; secret: string };
let user: { id: number; username: string; password: string };

beforeAll(async () => {
  client = await insertClient(GRANTS);
  await setClientScopes(client.id, "catalog:read catalog:write carts:read");
  user = await insertUser({ enabled: true });
});

const credentials = () => ({ client_id: client.publicId, client_secret: client.secret });
const password = (extra: Record<string, string> = {}) => tokenForm({ grant_type: "password", ...credentials(), username: user.username, password: user.password, ...extra });
const clientCredentials = (extra: Record<string, string> = {}) => tokenForm({ grant_type: "client_credentials", ...credentials(), ...extra });
const refresh = (token: string, extra: Record<string, string> = {}) => tokenForm({ grant_type: "refresh_token", ...credentials(), refresh_token: token, ...extra });

function expectInvalidScope(res: TokenCall) {
  expect(res.status).toBe(400);
  expect(res.body.error).toBe("invalid_scope");
  expect(typeof res.body.error_description).toBe("string");
}

const status = async (path: string, token: string, method = "GET") => (await api(method, path, method === "GET" ? undefined : {}, { token })).status;

describe("OauthTokenApiTest with scopes", () => {
  it("grants the client's scopes when none are asked for, and lists them", async () => {
    const res = await password();
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe("catalog:read catalog:write carts:read");
    const cc = await clientCredentials();
    expect(cc.body.scope).toBe("catalog:read catalog:write carts:read");
  });

  it("grants fewer scopes with the password grant, and the token holds only those", async () => {
    const res = await password({ scope: "carts:read  catalog:read" });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe("catalog:read carts:read");
    expect(await status("/api/v1/products/", res.body.access_token)).toBe(200);
    expect(await status("/api/v1/carts/", res.body.access_token)).toBe(200);
    expect(await status("/api/v1/products/", res.body.access_token, "POST")).toBe(403);
  });

  it("grants fewer scopes with the client-credentials grant", async () => {
    const res = await clientCredentials({ scope: "catalog:read" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), expires_in: 3600, token_type: "bearer", scope: "catalog:read" });
    expect(await status("/api/v1/carts/", res.body.access_token)).toBe(403);
  });

  it("refuses an unknown scope and one the client lacks, with invalid_scope, issuing nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM oauth_access_tokens").first<{ n: number }>();
    expectInvalidScope(await password({ scope: "catalog:read catalog:everything" }));
    expectInvalidScope(await clientCredentials({ scope: "orders:read" }));
    expectInvalidScope(await password({ scope: "users:manage" }));
    const after = await env.DB.prepare("SELECT count(*) AS n FROM oauth_access_tokens").first<{ n: number }>();
    expect(after).toEqual(before);
  });

  it("keeps the granted scopes on refresh, narrows them when asked, and never widens them", async () => {
    const first = await password({ scope: "catalog:read catalog:write" });
    expect(first.body.scope).toBe("catalog:read catalog:write");
    // Wider than the refreshed token, though within the client's: refused, and the refresh token still works.
    expectInvalidScope(await refresh(first.body.refresh_token, { scope: "catalog:read carts:read" }));
    const kept = await refresh(first.body.refresh_token);
    expect(kept.status).toBe(200);
    expect(kept.body.scope).toBe("catalog:read catalog:write");
    const narrowed = await refresh(kept.body.refresh_token, { scope: "catalog:read" });
    expect(narrowed.body.scope).toBe("catalog:read");
    expect(await status("/api/v1/products/", narrowed.body.access_token, "POST")).toBe(403);
    // Narrowed once, narrowed for good: the next refresh cannot take catalog:write back.
    expectInvalidScope(await refresh(narrowed.body.refresh_token, { scope: "catalog:write" }));
    const again = await refresh(narrowed.body.refresh_token);
    expect(again.body.scope).toBe("catalog:read");
  });

  it("lists every scope for a client with none configured", async () => {
    const full = await insertClient(GRANTS);
    const res = await tokenForm({ grant_type: "client_credentials", client_id: full.publicId, client_secret: full.secret });
    expect(res.body.scope).toBe(SCOPES.join(" "));
  });

  it("gives no token to a user without API access, and stops its live tokens", async () => {
    const other = await insertUser({ enabled: true });
    const issued = await tokenForm({ grant_type: "password", ...credentials(), username: other.username, password: other.password });
    expect(issued.status).toBe(200);
    expect(await status("/api/v1/products/", issued.body.access_token)).toBe(200);
    await env.DB.prepare("UPDATE admin_users SET api_access = 0 WHERE id = ?").bind(other.id).run();
    expect(await status("/api/v1/products/", issued.body.access_token)).toBe(401);
    const refused = await tokenForm({ grant_type: "password", ...credentials(), username: other.username, password: other.password });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "invalid_grant", error_description: "Invalid username and password combination" });
    expect((await refresh(issued.body.refresh_token)).body.error).toBe("invalid_grant");
    await env.DB.prepare("UPDATE admin_users SET api_access = 1 WHERE id = ?").bind(other.id).run();
    expect(await status("/api/v1/products/", issued.body.access_token)).toBe(200);
  });
});

describe("the access log of a refusal", () => {
  let log: MockInstance<typeof console.log>;
  beforeEach(() => {
    log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    forceAccessLogForTests(true);
  });
  afterEach(() => {
    forceAccessLogForTests(false);
    log.mockRestore();
  });

  it("names the client, the route and the scope needed, never the token or the user", async () => {
    const granted = await password({ scope: "catalog:read" });
    const token: string = granted.body.access_token;
    log.mockClear();
    await api("DELETE", "/api/v1/products/ANY", undefined, { token, headers: { "X-Request-Id": "scope-403" } });
    await api("GET", "/api/v1/products/", undefined, { token: "unknown-token", headers: { "X-Request-Id": "scope-401" } });
    await api("GET", "/api/v1/products/", undefined, { token, headers: { "X-Request-Id": "scope-200" } });
    // Refused by the cart object, which checks the token in its own first batch.
    const inObject = await api("POST", "/api/v1/carts/987123/items/", { variant: "ANY", quantity: 1 }, { token, headers: { "X-Request-Id": "scope-object" } });
    expect(inObject.status).toBe(403);
    const lines = log.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
    // The worker's access line (the cart object's own lines have `where`).
    const line = (id: string) => lines.find((entry) => entry.requestId === id && !("where" in entry));
    expect(line("scope-403")).toMatchObject({ status: 403, route: "/api/v1/products/:code", clientId: client.publicId, scopeNeeded: "catalog:write" });
    expect(line("scope-401")).toMatchObject({ status: 401, route: "/api/v1/products", clientId: null, scopeNeeded: "catalog:read" });
    expect(line("scope-200")).not.toHaveProperty("clientId");
    expect(line("scope-object")).toMatchObject({ status: 403, route: "/api/v1/carts/:cartId/items", clientId: client.publicId, scopeNeeded: "carts:write" });
    const text = log.mock.calls.map((args) => String(args[0])).join("\n");
    for (const secret of [token, "unknown-token", user.username, client.secret]) expect(text).not.toContain(secret);
  });
});
