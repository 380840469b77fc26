import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, type ApiResponse } from "../fixtures/http";
import { insertToken, insertUser, testClientId } from "../fixtures/tokens";
import { uniqueLocaleCode } from "../fixtures/references";

const MISSING = { error: "access_denied", error_description: "OAuth2 authentication required" };
const INVALID = { error: "invalid_grant", error_description: "The access token provided is invalid." };
const EXPIRED = { error: "invalid_grant", error_description: "The access token provided has expired." };

function expect401(res: ApiResponse, body: object) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual(body);
  expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.headers.get("X-Request-Id")).toBeTruthy();
}

async function rawGet(path: string, headers: Record<string, string>) {
  const response = await SELF.fetch(`https://example.com${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.json() } as ApiResponse;
}

describe("bearer authentication on /api/v1", () => {
  it("answers a missing Authorization header with access_denied", async () => {
    expect401(await api("GET", "/api/v1/locales/", undefined, { token: null }), MISSING);
    expect401(await api("GET", "/api/v1/currencies/", undefined, { token: null }), MISSING);
    expect401(await api("POST", "/api/v1/locales/", { code: "en_US" }, { token: null }), MISSING);
  });

  it("treats a malformed Authorization header as missing", async () => {
    expect401(await rawGet("/api/v1/locales/", { Authorization: "Basic dXNlcjpwYXNz" }), MISSING);
    expect401(await rawGet("/api/v1/locales/", { Authorization: "Bearer" }), MISSING);
    expect401(await rawGet("/api/v1/locales/", { Authorization: "Bearer " }), MISSING);
    expect401(await rawGet("/api/v1/locales/", { Authorization: "TestToken" }), MISSING);
    expect401(await rawGet("/api/v1/locales/", { Authorization: "Bearer Test Token" }), MISSING);
  });

  it("accepts the scheme name in any case", async () => {
    const res = await rawGet("/api/v1/locales/", { Authorization: "bearer TestToken" });
    expect(res.status).toBe(200);
  });

  it("answers an unknown token with invalid_grant", async () => {
    expect401(await api("GET", "/api/v1/locales/", undefined, { token: "no-such-token" }), INVALID);
  });

  it("answers an expired token with 'has expired'", async () => {
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: null, expiresIn: -1 });
    expect401(await api("GET", "/api/v1/locales/", undefined, { token }), EXPIRED);
  });

  it("accepts a token that is still valid, and refuses it once its user is disabled", async () => {
    const user = await insertUser({ enabled: true });
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 60 });
    expect((await api("GET", "/api/v1/locales/", undefined, { token })).status).toBe(200);
    await env.DB.prepare("UPDATE admin_users SET enabled = 0 WHERE id = ?").bind(user.id).run();
    expect401(await api("GET", "/api/v1/locales/", undefined, { token }), INVALID);
  });

  it("refuses a disabled user's token", async () => {
    const user = await insertUser({ enabled: false });
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 3600 });
    expect401(await api("GET", "/api/v1/currencies/", undefined, { token }), INVALID);
  });

  it("accepts a client_credentials token (no user)", async () => {
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: null, expiresIn: 3600 });
    expect((await api("GET", "/api/v1/currencies/", undefined, { token })).status).toBe(200);
  });

  it("costs no extra round trip: an authenticated GET list is one round trip, a refused one too", async () => {
    const ok = await api("GET", "/api/v1/locales/");
    expect(ok.status).toBe(200);
    expect(d1RoundTrips(ok.headers)).toBe(1);
    const refused = await api("GET", "/api/v1/locales/", undefined, { token: "nope" });
    expect(refused.status).toBe(401);
    expect(d1RoundTrips(refused.headers)).toBe(1);
    expect(refused.headers.get("Server-Timing")).toMatch(/^d1;dur=\d+(\.\d+)?;desc="1"/);
  });
});

describe("401 wins over other errors", () => {
  it("over a 400 for a malformed JSON body", async () => {
    const bad = await api("POST", "/api/v1/locales/", undefined, { token: "nope", raw: "{not json" });
    expect401(bad, INVALID);
    const missing = await api("POST", "/api/v1/locales/", undefined, { token: null, raw: "{not json" });
    expect401(missing, MISSING);
    // With a good token, the same body is a 400.
    const good = await api("POST", "/api/v1/locales/", undefined, { raw: "{not json" });
    expect(good.status).toBe(400);
  });

  it("over a 400 validation error", async () => {
    expect401(await api("POST", "/api/v1/locales/", { code: "" }, { token: "nope" }), INVALID);
  });

  it("over a 413", async () => {
    const big = JSON.stringify({ code: "x".repeat(1024 * 1024 + 10) });
    expect401(await api("POST", "/api/v1/locales/", undefined, { token: "nope", raw: big }), INVALID);
  });

  it("over a 404 of an unknown route and of an unknown resource", async () => {
    expect401(await api("GET", "/api/v1/no-such-resource/", undefined, { token: "nope" }), INVALID);
    expect401(await api("GET", "/api/v1/no-such-resource/", undefined, { token: null }), MISSING);
    expect401(await api("GET", `/api/v1/locales/${uniqueLocaleCode()}`, undefined, { token: "nope" }), INVALID);
    const expired = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: null, expiresIn: -5 });
    expect401(await api("DELETE", `/api/v1/currencies/QQQ`, undefined, { token: expired }), EXPIRED);
  });

  it("over a 405", async () => {
    expect401(await api("PATCH", "/api/v1/locales/", {}, { token: "nope" }), INVALID);
  });

  it("and nothing is written for a refused request", async () => {
    const code = uniqueLocaleCode();
    expect401(await api("POST", "/api/v1/locales/", { code }, { token: "nope" }), INVALID);
    const row = await env.DB.prepare("SELECT id FROM locales WHERE code = ?").bind(code).first();
    expect(row).toBeNull();
  });
});

describe("outside /api/v1", () => {
  it("GET /health needs no token", async () => {
    const res = await api("GET", "/health", undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
