/**
 * Browser clients: CORS on /api/v1 and the token endpoint for the origins of
 * CORS_ALLOWED_ORIGINS. wrangler.toml leaves it empty; the test pool sets it
 * to `https://backoffice.example.test, https://Admin.Example.test/`
 * (vitest.config.ts), the second entry as a person might write it.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { createApp } from "../../src/http/app";
import { allowedOrigins, EXPOSED_HEADERS } from "../../src/http/middleware/cors";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { TEST_CLIENT, TEST_TOKEN } from "../fixtures/accounts";
import { cartFixture } from "../fixtures/carts";
import { servedDocument } from "../fixtures/contract";

const ALLOWED = "https://backoffice.example.test";
/** The entry `https://Admin.Example.test/` as a browser sends it. */
const ALSO_ALLOWED = "https://admin.example.test";

async function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return SELF.fetch(`https://example.com${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

function preflight(path: string, origin: string, method = "PUT", headers = "authorization,content-type,if-match") {
  return request("OPTIONS", path, { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers });
}

const varyTokens = (res: Response) => (res.headers.get("Vary") ?? "").split(",").map((token) => token.trim().toLowerCase());
const exposed = (res: Response) => (res.headers.get("Access-Control-Expose-Headers") ?? "").split(",").map((name) => name.trim());

function expectNoCors(res: Response) {
  for (const name of ["Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers"]) {
    expect(res.headers.get(name), name).toBeNull();
  }
}

describe("CORS: preflights of allowed origins", () => {
  it("answers a preflight on /api/v1 with 204 before the token check", async () => {
    const res = await preflight("/api/v1/carts/1/items/7", ALLOWED);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(res.headers.get("Access-Control-Allow-Methods")?.split(",")).toEqual(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("authorization,content-type,if-match");
    expect(res.headers.get("Access-Control-Max-Age")).toBe("3600");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(varyTokens(res)).toContain("origin");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("answers a preflight on the token endpoint, and for an origin written with another case and a slash", async () => {
    const res = await preflight("/api/oauth/v2/token", ALSO_ALLOWED, "POST", "content-type");
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALSO_ALLOWED);
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("content-type");
  });
});

describe("CORS: requests of allowed origins", () => {
  it("lets a script read an answer of /api/v1 and the headers it needs", async () => {
    const res = await request("GET", "/api/v1/locales/", { Origin: ALLOWED, Authorization: `Bearer ${TEST_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(exposed(res)).toEqual(["ETag", "X-D1-Bookmark", "Retry-After", "X-Request-Id", "Idempotent-Replayed"]);
    expect(exposed(res)).toEqual(EXPOSED_HEADERS);
    expect(varyTokens(res)).toContain("origin");
  });

  it("lets a script read errors too: a missing token, an unknown route", async () => {
    const unauthorized = await request("GET", "/api/v1/locales/", { Origin: ALLOWED });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    const missing = await request("GET", "/api/v1/no-such-thing", { Origin: ALLOWED, Authorization: `Bearer ${TEST_TOKEN}` });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    // An id past the integer range is a 404 without a database read; the token check then replaces it with its 401.
    const late = await request("GET", "/api/v1/carts/99999999999", { Origin: ALLOWED, Authorization: "Bearer not-a-token" });
    expect(late.status).toBe(401);
    expect(late.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(exposed(late)).toEqual(EXPOSED_HEADERS);
    expect(varyTokens(late)).toContain("origin");
  });

  it("keeps the headers on a cart change answered by the cart's Durable Object", async () => {
    const fx = await cartFixture();
    const auth = { Origin: ALLOWED, Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" };
    const cart = await request("POST", "/api/v1/carts/", auth, JSON.stringify({ customer: fx.customer, channel: fx.channel, localeCode: "en_US" }));
    expect(cart.status).toBe(201);
    expect(cart.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    const { id } = (await cart.json()) as { id: number };
    const item = await request("POST", `/api/v1/carts/${id}/items/`, auth, JSON.stringify({ variant: fx.variants[0].code, quantity: 1 }));
    expect(item.status).toBe(201);
    expect(item.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(exposed(item)).toContain("X-Request-Id");
    expect(item.headers.get("Server-Timing")).toMatch(/^d1;/);
  });

  it("lets a script sign in, and read the Retry-After of a refused attempt", async () => {
    const res = await request(
      "POST",
      "/api/oauth/v2/token",
      { Origin: ALSO_ALLOWED, "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ grant_type: "client_credentials", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret }).toString(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALSO_ALLOWED);
    expect(exposed(res)).toContain("Retry-After");
  });

  it("serves the OpenAPI document to scripts of allowed origins, as to any other (it is public)", async () => {
    const res = await request("GET", "/api/v1/openapi.json", { Origin: ALLOWED });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    const other = await request("GET", "/api/v1/openapi.json", { Origin: "https://editor.example.test" });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe("CORS: other origins", () => {
  it("gives another origin no CORS header, only Vary: Origin", async () => {
    for (const origin of ["https://evil.example.test", "http://backoffice.example.test", "https://backoffice.example.test:8443", "null"]) {
      const res = await request("GET", "/api/v1/locales/", { Origin: origin, Authorization: `Bearer ${TEST_TOKEN}` });
      expect(res.status, origin).toBe(200);
      expectNoCors(res);
      expect(varyTokens(res), origin).toContain("origin");
    }
  });

  it("does not answer another origin's preflight: it meets the token check, or the token endpoint's 405", async () => {
    const api = await preflight("/api/v1/locales/", "https://evil.example.test", "GET");
    expect(api.status).toBe(401);
    expectNoCors(api);
    const token = await preflight("/api/oauth/v2/token", "https://evil.example.test", "POST");
    expect(token.status).toBe(405);
    expectNoCors(token);
  });

  it("gives a request without Origin no CORS header", async () => {
    const res = await request("GET", "/api/v1/locales/", { Authorization: `Bearer ${TEST_TOKEN}` });
    expect(res.status).toBe(200);
    expectNoCors(res);
    expect(varyTokens(res)).toContain("origin");
  });

  it("leaves the paths outside /api/v1 and the token endpoint alone", async () => {
    const res = await request("GET", "/health", { Origin: ALLOWED });
    expect(res.status).toBe(200);
    expectNoCors(res);
    expect(res.headers.get("Vary")).toBeNull();
  });
});

describe("CORS: configuration", () => {
  it("allows no origin by default (wrangler.toml)", () => {
    expect(wranglerToml).toMatch(/^CORS_ALLOWED_ORIGINS = ""$/m);
    expect(allowedOrigins("").size).toBe(0);
    expect(allowedOrigins(undefined).size).toBe(0);
  });

  it("reads a comma-separated list, each entry as the origin a browser sends", () => {
    expect([...allowedOrigins(" https://Shop.example/ , ,http://localhost:5173,https://a.example/path ")]).toEqual([
      "https://shop.example",
      "http://localhost:5173",
      "https://a.example",
    ]);
    expect([...allowedOrigins("*")]).toEqual(["*"]);
  });

  it("with no origin configured, adds nothing: no CORS header, no Vary, preflights unanswered", async () => {
    // The app with the services the entry would hand over for an empty CORS_ALLOWED_ORIGINS
    // (only what these requests use: no cart; a D1 session that they never open).
    const app = createApp(async (c, next) => {
      const meter = new D1Meter();
      c.set("allowedOrigins", allowedOrigins(""));
      c.set("meter", meter);
      c.set("d1", new MeteredD1(env.DB, meter));
      c.set("durableObjectMs", 0);
      await next();
    });
    const page = await app.request("/api/v1/docs", { headers: { Origin: ALLOWED } });
    expect(page.status).toBe(200);
    expectNoCors(page);
    expect(page.headers.get("Vary")).toBeNull();
    const preflights = { method: "OPTIONS", headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST" } };
    const api = await app.request("/api/v1/locales/", preflights);
    expect(api.status).toBe(401);
    expectNoCors(api);
    const token = await app.request("/api/oauth/v2/token", preflights);
    expect(token.status).toBe(405);
    expectNoCors(token);
  });

  it("declares the CORS headers and the 429 in the OpenAPI document", async () => {
    const document = await servedDocument();
    for (const name of ["Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "Vary", "Retry-After"]) {
      expect(document.components.headers[name], name).toBeTypeOf("object");
    }
    expect(document.paths["/api/v1/locales/"].get.responses["200"].headers["Access-Control-Allow-Origin"]).toBeTypeOf("object");
    expect(document.paths["/api/oauth/v2/token"].post.responses["429"]).toEqual({ $ref: "#/components/responses/TooManyRequests" });
    expect(document.components.responses.TooManyRequests.headers["Retry-After"]).toEqual({ $ref: "#/components/headers/Retry-After" });
  });
});
