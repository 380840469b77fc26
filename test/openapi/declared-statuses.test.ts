/**
 * Every status the service can answer is declared: the 405 of each method a
 * path does not support (operations tagged "Unsupported methods"), 413 on
 * every operation with a body, 400 on every list that reads `sorting`. Each
 * answer below is checked against the document (test/fixtures/contract.ts).
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { call, servedDocument } from "../fixtures/contract";

type Operation = { tags?: string[]; description?: string; requestBody?: unknown; parameters?: { name: string; in: string; schema?: { properties?: Record<string, unknown> } }[]; responses: Record<string, unknown> };

const METHODS = ["get", "post", "put", "patch", "delete"];
const UNSUPPORTED = "Unsupported methods";

async function operations(): Promise<{ path: string; method: string; operation: Operation }[]> {
  const document = await servedDocument();
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

/** Some value for each path parameter (the 405 does not depend on it). */
const params = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, /id$/i.test(name!) ? 1 : "ANY"]));

describe("declared statuses", () => {
  it("declares, for every path, each method it lacks as a 405-only operation", async () => {
    const all = await operations();
    const app = createApp(async (_c, next) => next());
    const routes = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method.toLowerCase()} ${r.path}`));
    const route = (path: string) => path.replace(/\{(\w+)\}/g, ":$1").replace(/(.)\/$/, "$1");
    const unsupported = all.filter(({ operation }) => operation.tags?.[0] === UNSUPPORTED);
    expect(unsupported.length).toBeGreaterThan(60);
    for (const { path, method, operation } of all) {
      const isRoute = routes.has(`${method} ${route(path)}`);
      const statuses = Object.keys(operation.responses);
      if (operation.tags?.[0] === UNSUPPORTED) {
        expect(isRoute, `${method} ${path} is not a route`).toBe(false);
        // Under /api/v1 a malformed X-D1-Bookmark (400) and the token check (401) come before the route.
        expect(statuses, `${method} ${path}`).toEqual(path.startsWith("/api/v1/") ? ["400", "401", "405"] : ["405"]);
      } else {
        expect(isRoute, `${method} ${path} is a route`).toBe(true);
        expect(statuses.some((status) => /^2/.test(status)), `${method} ${path} has a success`).toBe(true);
      }
    }
    // Every path has all five methods, supported or not.
    const document = await servedDocument();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      expect(Object.keys(item).filter((key) => METHODS.includes(key)).sort(), path).toEqual([...METHODS].sort());
    }
  });

  it("answers each unsupported method with 405 and the path's methods in Allow, after the token check", async () => {
    const all = await operations();
    const supported = (path: string) =>
      all.filter((op) => op.path === path && op.operation.tags?.[0] !== UNSUPPORTED).map((op) => op.method.toUpperCase());
    for (const { path, method, operation } of all) {
      if (operation.tags?.[0] !== UNSUPPORTED) continue;
      const res = await call(method.toUpperCase(), path, { params: params(path), ...(path.startsWith("/api/v1/") ? {} : { token: null }) });
      expect(res.status, `${method} ${path}`).toBe(405);
      const methods = supported(path);
      expect(res.headers.get("Allow")?.split(", ").sort(), `${method} ${path}`).toEqual([...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].sort());
      if (path.startsWith("/api/v1/")) expect((await call(method.toUpperCase(), path, { params: params(path), token: null })).status).toBe(401);
    }
  });

  it("declares 413 on every operation with a body, and describes every operation", async () => {
    let bodies = 0;
    for (const { path, method, operation } of await operations()) {
      expect(operation.description, `${method} ${path} has a description`).toMatch(/\S/);
      if (!operation.requestBody) continue;
      bodies++;
      expect(operation.responses["413"], `${method} ${path} declares 413`).toBeDefined();
    }
    expect(bodies).toBeGreaterThan(30);
    // And the service answers it on each.
    for (const { path, method, operation } of await operations()) {
      if (!operation.requestBody || path.startsWith("/api/oauth")) continue;
      const res = await call(method.toUpperCase(), path, { params: params(path), raw: `{"x":"${"x".repeat(1024 * 1024)}"}` });
      expect(res.status, `${method} ${path}`).toBe(413);
    }
  });

  it("sorts every list by each documented field, and answers 400 for any other", async () => {
    let lists = 0;
    for (const { path, method, operation } of await operations()) {
      const sorting = operation.parameters?.find((p) => p.name === "sorting");
      if (method !== "get" || !sorting) continue;
      lists++;
      expect(operation.responses["400"], `${path} declares 400`).toBeDefined();
      const fields = Object.keys(sorting.schema?.properties ?? {});
      expect(fields.length, path).toBeGreaterThan(0);
      // A nested list of an unknown product is a 404 once the query is read.
      const found = path.includes("{") ? 404 : 200;
      for (const field of fields) {
        for (const direction of ["asc", "desc"]) {
          const res = await call("GET", path, { params: params(path), query: `sorting%5B${field}%5D=${direction}` });
          expect(res.status, `${path} sorting[${field}]=${direction}`).toBe(found);
        }
      }
      const unknown = await call("GET", path, { params: params(path), query: "sorting%5Bbogus%5D=asc" });
      expect(unknown.status, path).toBe(400);
      expect(unknown.body.message, path).toBe(`Unknown sorting field "bogus"; sortable fields: ${fields.join(", ")}.`);
      const direction = await call("GET", path, { params: params(path), query: `sorting%5B${fields[0]}%5D=sideways` });
      expect(direction.status, path).toBe(400);
    }
    expect(lists).toBeGreaterThan(10);
  });

  it("stands alone: no reference to documents outside it", async () => {
    const text = JSON.stringify(await servedDocument());
    expect(text).not.toMatch(/\bseed\b|\bcontract\s*§|CONTRACT\.md|shared\/spec/i);
  });
});
