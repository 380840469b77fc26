/**
 * Nothing happens before authentication: every route of the app's router
 * (read from the router itself, not listed here), called without a token or
 * with one that does not let its caller in, answers 401 in the bearer
 * check's shape and changes nothing: no D1 row (every table's rows compared
 * before and after), no R2 write (not even one removed again), no cart
 * object's alarm or storage.
 * The public routes (the root page, /health, /media, the OpenAPI document
 * and its page, the token endpoint) are the only exceptions.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app";
import { sha256Hex } from "../../src/http/auth/crypto";
import { addItem, cartFixture, newCart } from "../fixtures/carts";
import { uniqueCode } from "../fixtures/http";
import { probeBody } from "./probe-body";
import { insertToken, insertUser, testClientId } from "../fixtures/tokens";
import { bucketListing, objectState, tableContents } from "./unchanged";

const PUBLIC = [/^\/$/, /^\/health$/, /^\/media\//, /^\/api\/v1\/docs$/, /^\/api\/v1\/openapi\.json$/, /^\/api\/oauth\/v2\/token$/];
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Every method and path the router serves behind the token check. */
function guardedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of createApp(async (_c, next) => next()).routes) {
    if (!METHODS.has(method) || PUBLIC.some((pattern) => pattern.test(path))) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The routes that take `multipart/form-data` with image files. */
const takesUploads = (method: string, path: string): boolean => method !== "GET" && method !== "DELETE" && /^\/api\/v1\/(products|taxons)(\/:code)?$/.test(path);

interface Callers {
  /** The Authorization header's value of each refused caller (null: none sent). */
  headers: Record<string, string | null>;
}

async function refusedCallers(): Promise<Callers> {
  const clientId = await testClientId();
  const expired = await insertToken("oauth_access_tokens", { clientId, userId: null, expiresIn: -60 });
  const revoked = await insertToken("oauth_access_tokens", { clientId, userId: null, expiresIn: 3600 });
  await env.DB.prepare("DELETE FROM oauth_access_tokens WHERE token_hash = ?").bind(await sha256Hex(revoked)).run();
  const disabledUser = await insertUser({ enabled: false });
  const disabled = await insertToken("oauth_access_tokens", { clientId, userId: disabledUser.id, expiresIn: 3600 });
  return {
    headers: {
      none: null,
      malformed: "Bearer not a token",
      unknown: `Bearer ${uniqueCode("unknown")}`,
      expired: `Bearer ${expired}`,
      revoked: `Bearer ${revoked}`,
      disabled: `Bearer ${disabled}`,
    },
  };
}

let cartId = 0;
let itemId = 0;
let productCode = "";
let variantCode = "";
let callers: Callers;
const NEVER_USED_CART = 987_654;

beforeAll(async () => {
  const fixture = await cartFixture();
  // An empty cart: its object has reserved no ids yet, so a refused add
  // would be the first to reach the reservation (its guard).
  cartId = await newCart(fixture);
  itemId = await addItem(await newCart(fixture), fixture.variants[0].code, 1);
  productCode = fixture.product;
  variantCode = fixture.variants[0].code;
  callers = await refusedCallers();
});

/** The path with its parameters filled: real ids and codes where the fixture has them. */
function concrete(path: string): string {
  return path
    .replace(/:(cartId|id|orderId)\b/g, String(cartId))
    .replace(/:itemId\b/g, String(itemId))
    .replace(/:productCode\b/g, productCode)
    .replace(/\/products\/:code\b/g, `/products/${productCode}`)
    .replace(/\/variants\/:code\b/g, `/variants/${variantCode}`)
    .replace(/:[A-Za-z]+(\{[^}]*\})?/g, "ANY_CODE");
}

function request(method: string, path: string, authorization: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (authorization !== null) headers.Authorization = authorization;
  const { body, contentType } = probeBody(method, takesUploads(method, path), variantCode);
  if (contentType) headers["Content-Type"] = contentType;
  return SELF.fetch(`https://example.com${concrete(path)}`, { method, headers, body });
}

describe("authentication before anything else", () => {
  it("reads the route table from the router", () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThan(150);
    expect(routes).toContainEqual({ method: "POST", path: "/api/v1/products" });
    expect(routes).toContainEqual({ method: "PATCH", path: "/api/v1/carts/:cartId/items/:itemId" });
    expect(routes.some(({ path }) => PUBLIC.some((pattern) => pattern.test(path)))).toBe(false);
  });

  it.each(["none", "malformed", "unknown", "expired", "revoked", "disabled"])(
    "answers 401 on every route to a caller with %s token, and changes nothing",
    async (caller) => {
      const authorization = callers.headers[caller]!;
      const tablesBefore = await tableContents();
      const bucketBefore = await bucketListing();
      const cartBefore = await objectState(cartId);
      const stored = vi.spyOn(env.IMAGES, "put");
      const failures: string[] = [];
      const routes = guardedRoutes();
      // A few at a time: refused requests share nothing, and the table is long.
      for (let i = 0; i < routes.length; i += 12) {
        await Promise.all(
          routes.slice(i, i + 12).map(async ({ method, path }) => {
            const res = await request(method, path, authorization);
            const body: unknown = await res.json().catch(() => null);
            const shaped =
              res.status === 401 &&
              /^Bearer\b/.test(res.headers.get("WWW-Authenticate") ?? "") &&
              typeof body === "object" &&
              body !== null &&
              "error" in body &&
              "error_description" in body;
            if (!shaped) failures.push(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
          }),
        );
      }
      expect(failures).toEqual([]);
      expect(stored, "no R2 write, not even one undone afterwards").not.toHaveBeenCalled();
      stored.mockRestore();
      expect(await tableContents()).toEqual(tablesBefore);
      expect(await bucketListing()).toEqual(bucketBefore);
      expect(await objectState(cartId)).toEqual(cartBefore);
    },
    120_000,
  );

  it("leaves a cart object that no request reached untouched", async () => {
    for (const [method, path] of [
      ["GET", `/api/v1/carts/${NEVER_USED_CART}`],
      ["POST", `/api/v1/carts/${NEVER_USED_CART}/items/`],
      ["PATCH", `/api/v1/checkouts/addressing/${NEVER_USED_CART}`],
    ] as const) {
      for (const authorization of Object.values(callers.headers)) {
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (authorization !== null) headers.Authorization = authorization;
        const res = await SELF.fetch(`https://example.com${path}`, { method, headers, body: method === "GET" ? undefined : JSON.stringify({ variant: variantCode, quantity: 1 }) });
        await res.arrayBuffer();
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
    expect(await objectState(NEVER_USED_CART)).toEqual({ alarm: null, keys: [] });
  });
});
