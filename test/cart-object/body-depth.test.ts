/**
 * Bodies nested past the documented limit are refused (400, `{code, message}`)
 * before anything walks them, on every route that takes a body: the routes
 * come from the app's own route table, so a new one is covered without
 * editing this test.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from "../../src/http/middleware/json-body";
import { TOKEN_PATH } from "../../src/http/openapi/paths";
import { api } from "../fixtures/http";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** Every method and path of the app that reads a body, path parameters filled in. */
const routesWithBodies = (): [string, string][] => {
  const seen = new Set<string>();
  for (const route of createApp(async (_c, next) => next()).routes) {
    if (!BODY_METHODS.has(route.method) || route.path.includes("*")) continue;
    seen.add(`${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, "1")}`);
  }
  return [...seen].map((entry) => entry.split(" ") as [string, string]);
};

/** `{"code":"X","translations":[[[...]]]}` with `depth` levels in all. */
const nested = (depth: number) => `{"code":"X","translations":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

describe("the nesting limit", () => {
  const routes = routesWithBodies();

  it("covers the routes named in the contract", () => {
    const names = routes.map(([method, path]) => `${method} ${path}`);
    expect(names).toContain("POST /api/v1/products/1/variants");
    expect(names).toContain("POST /api/v1/carts");
    expect(names).toContain(`POST ${TOKEN_PATH}`);
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const depth of [10_000, 200_000]) {
    it(`refuses a body nested ${depth} levels with a 400 on every route that takes a body`, async () => {
      const failures: string[] = [];
      for (const [method, path] of routes) {
        const res = await api(method, path, undefined, { raw: nested(depth), headers: { "Content-Type": "application/json" } });
        if (path === TOKEN_PATH) {
          // The token endpoint answers RFC 6749 errors; it never walks the body, so it only must not fail.
          if (res.status !== 400) failures.push(`${method} ${path} → ${res.status}`);
        } else if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify({ code: 400, message: TOO_DEEP })) {
          failures.push(`${method} ${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("asks for the token before refusing the body", async () => {
    const res = await api("POST", "/api/v1/carts/", undefined, { raw: nested(10_000), token: null });
    expect(res.status).toBe(401);
  });

  it("accepts the limit itself: the body reaches validation", async () => {
    const res = await api("POST", "/api/v1/carts/", undefined, { raw: nested(MAX_JSON_DEPTH) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Validation Failed" });
  });
});

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${"[".repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${"{".repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${"[".repeat(3)}]]]]`, 3)).toBe(true);
  });

  it("is linear: a megabyte of brackets is scanned without recursion", () => {
    expect(nestsDeeperThan("[".repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan("[]".repeat(500_000), 1)).toBe(false);
  });
});
