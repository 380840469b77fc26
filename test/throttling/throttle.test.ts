/**
 * Throttled sign-in: every grant attempt is counted before any credential is
 * checked (per username and per client address for `password`, per client id
 * for `client_credentials` and `refresh_token`), and refused with 429 and
 * `Retry-After` beyond the limits of wrangler.toml.
 *
 * Each test counts against its own usernames, addresses and clients, so no
 * other test is ever throttled.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
// wrangler.toml as text (Vite's `?raw`): the limits under test are the configured ones.
import wranglerToml from "../../wrangler.toml?raw";
import { addressKey, SIGN_IN_PERIODS } from "../../src/http/auth/token-service";
import { TEST_CLIENT } from "../fixtures/accounts";
import { uniqueCode } from "../fixtures/http";
import { call } from "../fixtures/contract";
import { insertClient, insertUser } from "../fixtures/tokens";

interface Limit {
  limit: number;
  period: number;
}

/** The `[[ratelimits]]` blocks of wrangler.toml, by binding name. */
function configuredLimits(toml: string): Map<string, Limit> {
  const limits = new Map<string, Limit>();
  for (const block of toml.split("[[ratelimits]]").slice(1)) {
    const body = block.split(/^\[/m)[0] ?? "";
    const name = /^name\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const simple = /^simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/m.exec(body);
    if (name && simple) limits.set(name, { limit: Number(simple[1]), period: Number(simple[2]) });
  }
  return limits;
}

const LIMITS = configuredLimits(wranglerToml);
const limitOf = (binding: keyof typeof SIGN_IN_PERIODS): Limit => {
  const limit = LIMITS.get(binding);
  if (!limit) throw new Error(`wrangler.toml has no [[ratelimits]] ${binding}`);
  return limit;
};
const USER = limitOf("SIGNIN_USER_LIMITER");
const ADDRESS = limitOf("SIGNIN_IP_LIMITER");
const CLIENT = limitOf("CLIENT_LIMITER");

/**
 * The local simulator counts in windows aligned on the clock: a test starts
 * early enough in one that all its attempts fall into it.
 */
async function freshWindow(period: number, needMs = 12_000): Promise<void> {
  const left = period * 1000 - (Date.now() % (period * 1000));
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function token(params: Record<string, string>, address?: string): Promise<Answer> {
  const res = await SELF.fetch("https://example.com/api/oauth/v2/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(address ? { "CF-Connecting-IP": address } : {}) },
    body: JSON.stringify(params),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const tooMany = (period: number) => ({ error: "invalid_request", error_description: `Too many attempts; retry after ${period} s.` });

/** A refused attempt, checked against what the OpenAPI document declares for the token endpoint. */
async function expectRefused(method: "GET" | "POST", params: Record<string, string>, period: number, address?: string) {
  const encoded = new URLSearchParams(params).toString();
  const headers: Record<string, string> = address ? { "CF-Connecting-IP": address } : {};
  const res =
    method === "POST"
      ? await call("POST", "/api/oauth/v2/token", { raw: encoded, token: null, headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" } })
      : await call("GET", "/api/oauth/v2/token", { query: encoded, token: null, headers });
  expect(res.status).toBe(429);
  expect(res.body).toEqual(tooMany(period));
  expect(res.headers.get("Retry-After")).toBe(String(period));
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Request-Id")).toBeTruthy();
}

const randomHex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** An address of the documentation ranges no other test uses. */
const ipv4 = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
const username = () => `${uniqueCode("throttle").toLowerCase()}@example.com`;

describe("throttled sign-in: configuration", () => {
  it("has a rate-limiting binding per counter, whose period the Retry-After repeats", () => {
    for (const [binding, period] of Object.entries(SIGN_IN_PERIODS)) {
      const limit = LIMITS.get(binding);
      expect(limit, binding).toBeDefined();
      expect(limit?.period, `${binding}: SIGN_IN_PERIODS equals wrangler.toml's period`).toBe(period);
      expect([10, 60]).toContain(limit?.period);
      expect(limit?.limit, binding).toBeGreaterThan(0);
    }
    // The address counter must let an address reach a username's limit at least.
    expect(ADDRESS.limit).toBeGreaterThanOrEqual(USER.limit);
  });

  it("counts an IPv6 address as its /64, an IPv4-mapped one as its IPv4 address", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:a:b::1")).toBe("2001:db8:a:b::/64");
    expect(addressKey("2001:0DB8:000a:000b:ffff:1:2:3")).toBe("2001:db8:a:b::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:a:b:c::")).toBe("2001:db8:a:b::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });
});

describe("throttled sign-in: password grants per username", () => {
  it("refuses a username's attempts beyond the limit, even with the right password; other usernames go on", async () => {
    await freshWindow(USER.period);
    const user = await insertUser({ enabled: true });
    for (let i = 0; i < USER.limit; i++) {
      // Without a client id: counted, then refused (invalid_client) before any hash. Letter case does not matter.
      const res = await token({ grant_type: "password", username: i % 2 ? user.username.toUpperCase() : user.username, password: "wrong" });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const granted = { grant_type: "password", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, username: user.username, password: user.password };
    await expectRefused("POST", granted, USER.period);
    await expectRefused("GET", granted, USER.period);

    const other = await insertUser({ enabled: true });
    const res = await token({ ...granted, username: other.username, password: other.password });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
  });
});

describe("throttled sign-in: password grants per client address", () => {
  it("refuses an address's attempts beyond the limit, whatever the username; other addresses go on", async () => {
    await freshWindow(ADDRESS.period);
    const address = ipv4();
    for (let i = 0; i < ADDRESS.limit; i++) {
      // The same client seen as IPv4 or as IPv4-mapped IPv6 is one address.
      const res = await token({ grant_type: "password", username: username(), password: "wrong" }, i % 2 ? address : `::ffff:${address}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const user = await insertUser({ enabled: true });
    const granted = { grant_type: "password", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, username: user.username, password: user.password };
    await expectRefused("POST", granted, ADDRESS.period, address);

    // The user was not throttled as such: from another address, the same attempt succeeds.
    const other = `198.51.100.${(Number(address.split(".")[3]) % 254) + 1}`;
    expect((await token(granted, other)).status).toBe(200);
  });

  it("counts an IPv6 client per /64: a new address in the same /64 changes nothing", async () => {
    await freshWindow(ADDRESS.period);
    const prefix = `2001:db8:${randomHex()}:${randomHex()}`;
    for (let i = 0; i < ADDRESS.limit; i++) {
      const res = await token({ grant_type: "password", username: username(), password: "wrong" }, `${prefix}:${randomHex()}:${randomHex()}::${(i + 1).toString(16)}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    await expectRefused("POST", { grant_type: "password", username: username(), password: "wrong" }, ADDRESS.period, `${prefix}::ffff`);
    const otherPrefix = `2001:db8:${randomHex()}:${randomHex()}`;
    const res = await token({ grant_type: "password", username: username(), password: "wrong" }, `${otherPrefix}::1`);
    expect(res.status).toBe(401);
  });
});

describe("throttled sign-in: client_credentials and refresh_token per client id", () => {
  it("refuses a client's attempts beyond the limit, even with the right secret; other clients and password grants go on", async () => {
    await freshWindow(CLIENT.period);
    const client = await insertClient(["password", "client_credentials", "refresh_token"]);
    for (let i = 0; i < CLIENT.limit; i++) {
      // Both grants count on the same counter.
      const res =
        i % 2
          ? await token({ grant_type: "client_credentials", client_id: client.publicId, client_secret: "wrong" })
          : await token({ grant_type: "refresh_token", client_id: client.publicId, client_secret: client.secret, refresh_token: "no-such-token" });
      expect(res.status, `attempt ${i + 1}`).toBe(i % 2 ? 401 : 400);
    }
    await expectRefused("POST", { grant_type: "client_credentials", client_id: client.publicId, client_secret: client.secret }, CLIENT.period);
    await expectRefused("GET", { grant_type: "refresh_token", client_id: client.publicId, client_secret: client.secret, refresh_token: "x" }, CLIENT.period);

    // Password grants are counted per username and address, not per client.
    const user = await insertUser({ enabled: true });
    const signedIn = await token({ grant_type: "password", client_id: client.publicId, client_secret: client.secret, username: user.username, password: user.password });
    expect(signedIn.status).toBe(200);

    const other = await insertClient(["client_credentials"]);
    expect((await token({ grant_type: "client_credentials", client_id: other.publicId, client_secret: other.secret })).status).toBe(200);
  });
});
