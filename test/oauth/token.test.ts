import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/http/auth/crypto";
import { SCOPES } from "../../src/domain/scopes";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { api } from "../fixtures/http";
import { insertClient, insertToken, insertUser, testClientId, tokenForm, tokenJson, tokenQuery, type TokenCall } from "../fixtures/tokens";

const client = { client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret };
const passwordGrant = { grant_type: "password", ...client, username: TEST_USER.username, password: TEST_USER.password };

// A client with no scopes configured: its tokens hold every scope, which the answer lists (Sylius answers `null`).
const ALL_SCOPES = SCOPES.join(" ");

const withRefresh = {
  access_token: expect.any(String),
  expires_in: 3600,
  token_type: "bearer",
  scope: ALL_SCOPES,
  refresh_token: expect.any(String),
};

function expectGranted(res: TokenCall, refresh = true) {
  expect(res.status).toBe(200);
  if (refresh) {
    expect(res.body).toEqual(withRefresh);
    expect(Object.keys(res.body)).toEqual(["access_token", "expires_in", "token_type", "scope", "refresh_token"]);
  } else {
    expect(res.body).toEqual({ access_token: expect.any(String), expires_in: 3600, token_type: "bearer", scope: ALL_SCOPES });
    expect(res.body).not.toHaveProperty("refresh_token");
  }
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  // 256 random bits, base64url: at least 43 characters.
  expect(res.body.access_token.length).toBeGreaterThanOrEqual(43);
}

async function expectTokenWorks(token: string) {
  const res = await api("GET", "/api/v1/locales/", undefined, { token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ page: 1, limit: 10 });
}

async function expectTokenRejected(token: string) {
  const res = await api("GET", "/api/v1/locales/", undefined, { token });
  expect(res.status).toBe(401);
}

describe("token endpoint: password grant", () => {
  it("grants tokens from a JSON body, and the access token works on /api/v1", async () => {
    const res = await tokenJson(passwordGrant);
    expectGranted(res);
    expect(res.body.access_token).not.toBe(res.body.refresh_token);
    await expectTokenWorks(res.body.access_token);
  });

  it("grants tokens from a form-encoded body", async () => {
    const res = await tokenForm(passwordGrant);
    expectGranted(res);
    await expectTokenWorks(res.body.access_token);
  });

  it("grants tokens from the query string, with POST and with GET", async () => {
    const posted = await tokenQuery("POST", passwordGrant);
    expectGranted(posted);
    await expectTokenWorks(posted.body.access_token);
    const got = await tokenQuery("GET", passwordGrant);
    expectGranted(got);
    await expectTokenWorks(got.body.access_token);
  });

  it("accepts the username in another letter case", async () => {
    const res = await tokenJson({ ...passwordGrant, username: TEST_USER.username.toUpperCase() });
    expectGranted(res);
  });

  it("stores tokens only as SHA-256 hashes", async () => {
    const res = await tokenJson(passwordGrant);
    expectGranted(res);
    const plain = await env.DB.prepare("SELECT COUNT(*) AS n FROM oauth_access_tokens WHERE token_hash = ?")
      .bind(res.body.access_token)
      .first<{ n: number }>();
    expect(plain?.n).toBe(0);
    const access = await env.DB.prepare("SELECT expires_at FROM oauth_access_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(res.body.access_token))
      .first<{ expires_at: number }>();
    const now = Math.floor(Date.now() / 1000);
    expect(access!.expires_at).toBeGreaterThanOrEqual(now + 3600 - 5);
    expect(access!.expires_at).toBeLessThanOrEqual(now + 3600 + 5);
    const refresh = await env.DB.prepare("SELECT expires_at FROM oauth_refresh_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(res.body.refresh_token))
      .first<{ expires_at: number }>();
    expect(refresh!.expires_at).toBeGreaterThanOrEqual(now + 14 * 24 * 3600 - 5);
    expect(refresh!.expires_at).toBeLessThanOrEqual(now + 14 * 24 * 3600 + 5);
  });

  it("refuses a wrong password", async () => {
    const res = await tokenJson({ ...passwordGrant, password: "wrong" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Invalid username and password combination" });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses an unknown user with the same answer as a wrong password", async () => {
    const res = await tokenJson({ ...passwordGrant, username: "nobody@example.com" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Invalid username and password combination" });
  });

  it("refuses a disabled user", async () => {
    const user = await insertUser({ enabled: false });
    const res = await tokenJson({ ...passwordGrant, username: user.username, password: user.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Invalid username and password combination" });
  });

  it("requires username and password", async () => {
    const { username: _u, ...noUsername } = passwordGrant;
    const res = await tokenJson(noUsername);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_request", error_description: 'Missing parameters. "username" and "password" required' });
    const { password: _p, ...noPassword } = passwordGrant;
    const res2 = await tokenForm(noPassword);
    expect(res2.status).toBe(400);
    expect(res2.body).toEqual({ error: "invalid_request", error_description: 'Missing parameters. "username" and "password" required' });
  });
});

describe("token endpoint: grant and client errors", () => {
  it("requires grant_type", async () => {
    const res = await tokenJson({ ...client, username: TEST_USER.username, password: TEST_USER.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_request", error_description: "Invalid grant_type parameter or parameter missing" });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses an unsupported grant type", async () => {
    const res = await tokenForm({ ...client, grant_type: "authorization_code", code: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "unsupported_grant_type", error_description: "Invalid grant_type parameter or parameter missing" });
  });

  it("requires a client id (401 invalid_client)", async () => {
    const res = await tokenJson({ grant_type: "client_credentials", client_secret: TEST_CLIENT.secret });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_client", error_description: "Client id was not found in the headers or body" });
  });

  it("refuses a bad client secret (401 invalid_client)", async () => {
    const res = await tokenJson({ ...passwordGrant, client_secret: "not-the-secret" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_client", error_description: "The client credentials are invalid" });
  });

  it("refuses a missing client secret and an unknown client (401 invalid_client)", async () => {
    const noSecret = await tokenJson({ grant_type: "client_credentials", client_id: TEST_CLIENT.id });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body).toEqual({ error: "invalid_client", error_description: "The client credentials are invalid" });
    const unknown = await tokenJson({ grant_type: "client_credentials", client_id: "no_such_client", client_secret: "x" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: "invalid_client", error_description: "The client credentials are invalid" });
  });

  it("refuses a grant the client is not allowed to use", async () => {
    const limited = await insertClient(["client_credentials"]);
    const res = await tokenJson({
      grant_type: "password",
      client_id: limited.publicId,
      client_secret: limited.secret,
      username: TEST_USER.username,
      password: TEST_USER.password,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "unauthorized_client", error_description: "The grant type is unauthorized for this client_id" });
    // ...while the allowed grant works for that client.
    const allowed = await tokenJson({ grant_type: "client_credentials", client_id: limited.publicId, client_secret: limited.secret });
    expectGranted(allowed, false);
  });

  it("answers malformed JSON with 400 and the RFC 6749 error object", async () => {
    const res = await SELF.fetch("https://example.com/api/oauth/v2/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: "The request body is not valid JSON" });
  });
});

describe("token endpoint: request size", () => {
  it("refuses a body over 1 MiB with 413", async () => {
    const form = `grant_type=client_credentials&client_id=${TEST_CLIENT.id}&client_secret=${TEST_CLIENT.secret}&pad=`;
    const body = form + "x".repeat(1024 * 1024 + 1 - form.length);
    const res = await SELF.fetch("https://example.com/api/oauth/v2/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, message: "Request body is larger than 1 MiB." });
  });
});

describe("token endpoint: client_credentials grant", () => {
  it("grants an access token without a refresh token", async () => {
    const res = await tokenJson({ grant_type: "client_credentials", ...client });
    expectGranted(res, false);
    await expectTokenWorks(res.body.access_token);
    const row = await env.DB.prepare("SELECT user_id FROM oauth_access_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(res.body.access_token))
      .first<{ user_id: number | null }>();
    expect(row).toEqual({ user_id: null });
  });

  it("works with form-encoded and query parameters too", async () => {
    expectGranted(await tokenForm({ grant_type: "client_credentials", ...client }), false);
    expectGranted(await tokenQuery("GET", { grant_type: "client_credentials", ...client }), false);
  });
});

describe("token endpoint: refresh_token grant", () => {
  it("rotates: the new refresh token works, the used one gives invalid_grant", async () => {
    const first = await tokenJson(passwordGrant);
    expectGranted(first);

    const second = await tokenForm({ grant_type: "refresh_token", ...client, refresh_token: first.body.refresh_token });
    expectGranted(second);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(second.body.access_token).not.toBe(first.body.access_token);
    await expectTokenWorks(second.body.access_token);

    const reused = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: first.body.refresh_token });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });

    const third = await tokenQuery("GET", { grant_type: "refresh_token", ...client, refresh_token: second.body.refresh_token });
    expectGranted(third);
    await expectTokenWorks(third.body.access_token);
  });

  it("lets only one of two concurrent refreshes with the same token succeed", async () => {
    const first = await tokenJson(passwordGrant);
    const params = { grant_type: "refresh_token", ...client, refresh_token: first.body.refresh_token };
    const results = await Promise.all([tokenJson(params), tokenJson(params), tokenJson(params)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });
    }
  });

  it("gives the new access token the same user as the refresh token", async () => {
    const first = await tokenJson(passwordGrant);
    const second = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: first.body.refresh_token });
    expectGranted(second);
    const rows = await env.DB.prepare(
      "SELECT user_id FROM oauth_access_tokens WHERE token_hash IN (?, ?) ORDER BY id",
    )
      .bind(await sha256Hex(first.body.access_token), await sha256Hex(second.body.access_token))
      .all<{ user_id: number }>();
    expect(rows.results).toHaveLength(2);
    expect(rows.results[1]!.user_id).toBe(rows.results[0]!.user_id);
    expect(rows.results[0]!.user_id).not.toBeNull();
  });

  it("requires the refresh_token parameter", async () => {
    const res = await tokenJson({ grant_type: "refresh_token", ...client });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_request", error_description: 'No "refresh_token" parameter found' });
  });

  it("refuses an unknown refresh token", async () => {
    const res = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: "no-such-refresh-token" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });
  });

  it("refuses the refresh token of another client, and leaves it usable by its own", async () => {
    const other = await insertClient(["password", "refresh_token", "client_credentials"]);
    const first = await tokenJson(passwordGrant);
    const stolen = await tokenJson({
      grant_type: "refresh_token",
      client_id: other.publicId,
      client_secret: other.secret,
      refresh_token: first.body.refresh_token,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });
    const own = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: first.body.refresh_token });
    expectGranted(own);
  });

  it("refuses an expired refresh token", async () => {
    const user = await insertUser({ enabled: true });
    const refresh = await insertToken("oauth_refresh_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: -10 });
    const res = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: refresh });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Refresh token has expired" });
  });

  it("refuses the refresh token of a disabled user", async () => {
    const user = await insertUser({ enabled: true });
    const granted = await tokenJson({ ...passwordGrant, username: user.username, password: user.password });
    expectGranted(granted);
    await env.DB.prepare("UPDATE admin_users SET enabled = 0 WHERE id = ?").bind(user.id).run();
    const res = await tokenJson({ grant_type: "refresh_token", ...client, refresh_token: granted.body.refresh_token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });
    await expectTokenRejected(granted.body.access_token);
  });

  it("refuses refresh_token for a client not allowed to use it", async () => {
    const limited = await insertClient(["password"]);
    const granted = await tokenJson({
      grant_type: "password",
      client_id: limited.publicId,
      client_secret: limited.secret,
      username: TEST_USER.username,
      password: TEST_USER.password,
    });
    expectGranted(granted);
    const res = await tokenJson({
      grant_type: "refresh_token",
      client_id: limited.publicId,
      client_secret: limited.secret,
      refresh_token: granted.body.refresh_token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "unauthorized_client", error_description: "The grant type is unauthorized for this client_id" });
  });
});

describe("client authentication with HTTP Basic (RFC 6749 §2.3.1)", () => {
  it("accepts the client's id and secret from an Authorization: Basic header", async () => {
    const basic = btoa(`${encodeURIComponent("test_client")}:${encodeURIComponent("test_secret")}`);
    const res = await SELF.fetch("https://example.com/api/oauth/v2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=password&username=admin%40example.com&password=admin-password",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string };
    expect(typeof body.access_token).toBe("string");
  });

  it("refuses a wrong secret given through Basic", async () => {
    const basic = btoa("test_client:wrong");
    const res = await SELF.fetch("https://example.com/api/oauth/v2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}` },
      body: "grant_type=client_credentials",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "invalid_client", error_description: "The client credentials are invalid" });
  });
});
