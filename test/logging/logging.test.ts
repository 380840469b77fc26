import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { forceAccessLogForTests } from "../../src/http/middleware/access-log";
import { TEST_CLIENT, TEST_TOKEN, TEST_USER } from "../fixtures/accounts";
import { api, uniqueCode } from "../fixtures/http";
import { cartFixture, type CartFixture } from "../fixtures/carts";
import { tokenForm, tokenJson, tokenQuery } from "../fixtures/tokens";

/**
 * The worker runs in this test's isolate (the Workers vitest pool), so a spy
 * on `console.log` sees its lines and those of the cart objects. The pool
 * sets LOG_REQUESTS to "off"; these tests turn the log on for themselves.
 */
let log: MockInstance<typeof console.log>;

beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  forceAccessLogForTests(true);
});

afterEach(() => {
  forceAccessLogForTests(false);
  log.mockRestore();
});

type Line = Record<string, unknown>;

/** Every line written since the test began, parsed (each must be one JSON object). */
function lines(): Line[] {
  return log.mock.calls.map((args) => {
    expect(args).toHaveLength(1);
    expect(typeof args[0]).toBe("string");
    return JSON.parse(args[0] as string) as Line;
  });
}

/** The worker's access line of one request (the cart object's lines have `where`). */
function accessLine(requestId: string): Line {
  const found = lines().filter((line) => line.requestId === requestId && !("where" in line));
  expect(found, `one access line for ${requestId}`).toHaveLength(1);
  return found[0]!;
}

const FIELDS = ["cartObjectCalls", "colo", "d1RoundTrips", "durationMs", "level", "method", "requestId", "route", "status"];

describe("the access log", () => {
  it("writes one JSON line per request with its id, route pattern, status, duration, D1 round trips, cart calls and colo", async () => {
    const res = await api("GET", "/api/v1/locales/?limit=2", undefined, { headers: { "X-Request-Id": "log-1.a:B" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBe("log-1.a:B");
    const line = accessLine("log-1.a:B");
    expect(Object.keys(line).sort()).toEqual(FIELDS);
    expect(line).toEqual({
      level: "info",
      requestId: "log-1.a:B",
      method: "GET",
      route: "/api/v1/locales",
      status: 200,
      durationMs: expect.any(Number),
      // The token check rides along with the list's reads: one round trip.
      d1RoundTrips: 1,
      cartObjectCalls: 0,
      colo: line.colo === null ? null : expect.stringMatching(/^[A-Z]{3}$/),
    });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("keeps a well-formed client X-Request-Id and replaces a malformed one, in the header and the line alike", async () => {
    const kept = await api("GET", "/health", undefined, { token: null, headers: { "X-Request-Id": "client-id_42" } });
    expect(kept.headers.get("X-Request-Id")).toBe("client-id_42");
    expect(accessLine("client-id_42")).toMatchObject({ route: "/health", status: 200 });

    for (const malformed of ["has spaces", "x".repeat(129), "a=b"]) {
      const res = await api("GET", "/health", undefined, { token: null, headers: { "X-Request-Id": malformed } });
      const id = res.headers.get("X-Request-Id")!;
      expect(id).not.toBe(malformed);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(accessLine(id)).toMatchObject({ route: "/health", status: 200 });
    }
    expect(lines().some((line) => ["has spaces", "x".repeat(129), "a=b"].includes(line.requestId as string))).toBe(false);
  });

  it("logs answers rendered by the error handler and the 404s and 405s, with the route when one matched", async () => {
    const cases: [string, string, unknown, string | null, number, string | null][] = [
      ["unauthenticated", "GET", undefined, null, 401, "/api/v1/locales"],
      ["invalid", "POST", {}, TEST_TOKEN, 400, "/api/v1/locales"],
      ["unknown", "GET", undefined, TEST_TOKEN, 404, "/api/v1/locales/:code"],
      ["nowhere", "GET", undefined, TEST_TOKEN, 404, null],
      ["method", "DELETE", undefined, TEST_TOKEN, 405, null],
    ];
    const paths: Record<string, string> = {
      unauthenticated: "/api/v1/locales/",
      invalid: "/api/v1/locales/",
      unknown: "/api/v1/locales/xx_NOPE",
      nowhere: "/api/v1/nothing-here",
      method: "/api/v1/locales/",
    };
    for (const [name, method, body, token, status, route] of cases) {
      const res = await api(method, paths[name]!, body, { token, headers: { "X-Request-Id": `err-${name}` } });
      expect(res.status, name).toBe(status);
      expect(accessLine(`err-${name}`), name).toMatchObject({ method, status, route, cartObjectCalls: 0 });
    }
  });

  it("says nothing when logging is off (as in the test pool)", async () => {
    forceAccessLogForTests(false);
    const res = await api("GET", "/api/v1/locales/", undefined, { headers: { "X-Request-Id": "quiet-1" } });
    expect(res.status).toBe(200);
    expect(log).not.toHaveBeenCalled();
  });
});

describe("the cart object's lines", () => {
  let fx: CartFixture<readonly [number]>;
  beforeAll(async () => {
    fx = await cartFixture([1299]);
  });

  it("carry the request id the worker passed in, next to the worker's line that counts the call", async () => {
    const cart = await api("POST", "/api/v1/carts/", { customer: fx.customer, channel: fx.channel, localeCode: "en_US" });
    expect(cart.status).toBe(201);
    const cartId = cart.body.id as number;

    const added = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 2 }, { headers: { "X-Request-Id": "cart-add-1" } });
    expect(added.status).toBe(201);
    const worker = accessLine("cart-add-1");
    expect(worker).toMatchObject({ method: "POST", route: "/api/v1/carts/:cartId/items", status: 201, cartObjectCalls: 1 });
    const object = lines().filter((line) => line.where === "CartObject" && line.requestId === "cart-add-1");
    expect(object).toEqual([
      {
        level: "info",
        where: "CartObject",
        requestId: "cart-add-1",
        cartId,
        operation: "addItem",
        status: 201,
        durationMs: expect.any(Number),
        d1RoundTrips: 2,
        rowsRead: expect.any(Number),
        rowsWritten: expect.any(Number),
      },
    ]);
    // The worker's count includes the object's round trips (the token check went along with the object's reads).
    expect(worker.d1RoundTrips).toBe(2);

    const missing = await api("DELETE", `/api/v1/carts/${cartId}/items/999999999`, undefined, { headers: { "X-Request-Id": "cart-remove-1" } });
    expect(missing.status).toBe(404);
    expect(accessLine("cart-remove-1")).toMatchObject({ status: 404, route: "/api/v1/carts/:cartId/items/:itemId", cartObjectCalls: 1 });
    expect(lines().filter((line) => line.where === "CartObject" && line.requestId === "cart-remove-1")).toMatchObject([{ operation: "removeItem", status: 404 }]);

    const deleted = await api("DELETE", `/api/v1/carts/${cartId}`, undefined, { headers: { "X-Request-Id": "cart-delete-1" } });
    expect(deleted.status).toBe(204);
    expect(accessLine("cart-delete-1")).toMatchObject({ status: 204, cartObjectCalls: 1 });
    expect(lines().filter((line) => line.where === "CartObject" && line.requestId === "cart-delete-1")).toMatchObject([{ operation: "deleteCart", status: 204, cartId }]);
  });

  it("carry the request id on the error line of an unexpected failure, and the 500 is on the access log", async () => {
    const broken = await cartFixture([1299]);
    const cart = await api("POST", "/api/v1/carts/", { customer: broken.customer, channel: broken.channel, localeCode: "en_US" });
    expect(cart.status).toBe(201);
    // A promotion of this channel whose rule is not JSON: the object's read batch fails to decode it.
    const promotion = uniqueCode("PROMO");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO promotions (code, name) VALUES (?1, 'Broken')").bind(promotion),
      env.DB.prepare(
        "INSERT INTO promotion_channels (promotion_id, channel_id) SELECT p.id, c.id FROM promotions p, channels c WHERE p.code = ?1 AND c.code = ?2",
      ).bind(promotion, broken.channel),
      env.DB.prepare("INSERT INTO promotion_rules (promotion_id, type, configuration) SELECT id, 'cart_quantity', 'not json' FROM promotions WHERE code = ?1").bind(promotion),
    ]);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const res = await api("POST", `/api/v1/carts/${cart.body.id}/items/`, { variant: broken.variants[0].code, quantity: 1 }, { headers: { "X-Request-Id": "cart-fail-1" } });
      expect(res.status).toBe(500);
      expect(accessLine("cart-fail-1")).toMatchObject({ route: "/api/v1/carts/:cartId/items", status: 500, cartObjectCalls: 1 });
      expect(lines().filter((line) => line.where === "CartObject" && line.requestId === "cart-fail-1")).toMatchObject([{ operation: "addItem", status: 500 }]);
      const errors = error.mock.calls.map((args) => JSON.parse(String(args[0])) as Line);
      expect(errors).toEqual([expect.objectContaining({ level: "error", where: "CartObject", requestId: "cart-fail-1", error: expect.any(String) })]);
    } finally {
      error.mockRestore();
    }
  });

  it("are not written when the request is not logged", async () => {
    forceAccessLogForTests(false);
    const cart = await api("POST", "/api/v1/carts/", { customer: fx.customer, channel: fx.channel, localeCode: "en_US" });
    const added = await api("POST", `/api/v1/carts/${cart.body.id}/items/`, { variant: fx.variants[0].code, quantity: 1 });
    expect(added.status).toBe(201);
    expect(log).not.toHaveBeenCalled();
  });
});

describe("what the log never holds", () => {
  it("has no token, password, client secret, username or client address, wherever the request carried them", async () => {
    const address = "203.0.113.77";
    const grant = { grant_type: "password", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, username: TEST_USER.username, password: TEST_USER.password };
    const issued: string[] = [];
    for (const call of [() => tokenJson(grant), () => tokenForm(grant), () => tokenQuery("POST", grant)]) {
      const res = await call();
      expect(res.status).toBe(200);
      issued.push(res.body.access_token, res.body.refresh_token);
    }
    const refreshed = await tokenForm({ grant_type: "refresh_token", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, refresh_token: issued[1]! });
    expect(refreshed.status).toBe(200);
    issued.push(refreshed.body.access_token, refreshed.body.refresh_token);
    const used = await api("GET", "/api/v1/locales/", undefined, {
      token: issued[0]!,
      headers: { "CF-Connecting-IP": address, "X-Forwarded-For": address, "X-Real-IP": address },
    });
    expect(used.status).toBe(200);
    const rejected = await api("GET", "/api/v1/locales/", undefined, { token: `${TEST_TOKEN}-wrong` });
    expect(rejected.status).toBe(401);
    await api("GET", "/api/v1/locales/", undefined, { token: TEST_TOKEN });

    const written = log.mock.calls.map((args) => String(args[0]));
    // Seven requests, seven lines, each with only the access log's fields.
    expect(written).toHaveLength(7);
    // A refusal's line also names the token's client and the scope needed (never the token or the user).
    for (const line of lines()) expect(Object.keys(line).sort()).toEqual(line.status === 401 ? [...FIELDS, "clientId", "scopeNeeded"].sort() : FIELDS);
    expect(lines().filter((line) => line.route === "/api/oauth/v2/token").map((line) => line.status)).toEqual([200, 200, 200, 200]);
    const text = written.join("\n");
    for (const secret of [...issued, TEST_TOKEN, TEST_CLIENT.secret, TEST_USER.password, TEST_USER.username, address]) {
      expect(text).not.toContain(secret);
    }
  });
});
