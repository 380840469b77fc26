/**
 * Every status the service can answer is declared, and the document lists
 * only what the service serves: every operation is a route with a success;
 * a method a path lacks is not an operation but the 405 the document's
 * description states, checked here over the router's own table. 413 on
 * every operation with a body, 400 on every list that reads `sorting`.
 * Each answer below is checked against the document (test/fixtures/contract.ts).
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { api } from "../fixtures/http";
import { call, schemaErrors, servedDocument } from "../fixtures/contract";

type Operation = { tags?: string[]; description?: string; requestBody?: unknown; parameters?: { name: string; in: string; schema?: { properties?: Record<string, unknown> } }[]; responses: Record<string, unknown> };

const METHODS = ["get", "post", "put", "patch", "delete"];

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

/** The router's table: each route path (Hono's `:param` form) with the methods it serves. */
function routeTable(): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  for (const route of createApp(async (_c, next) => next()).routes) {
    if (route.method === "ALL") continue;
    const methods = table.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    table.set(route.path, methods);
  }
  return table;
}

describe("declared statuses", () => {
  it("lists only the operations the service serves, each with a success and no 405", async () => {
    const all = await operations();
    const routes = new Set(createApp(async (_c, next) => next()).routes.filter((r) => r.method !== "ALL").map((r) => `${r.method.toLowerCase()} ${r.path}`));
    const route = (path: string) => path.replace(/\{(\w+)\}/g, ":$1").replace(/(.)\/$/, "$1");
    expect(all.length).toBeGreaterThan(150);
    for (const { path, method, operation } of all) {
      expect(routes.has(`${method} ${route(path)}`), `${method} ${path} is a route`).toBe(true);
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((status) => /^2/.test(status)), `${method} ${path} has a success`).toBe(true);
      expect(statuses, `${method} ${path}`).not.toContain("405");
      expect(operation.tags?.[0], `${method} ${path}`).not.toBe("Unsupported methods");
    }
    const document = await servedDocument();
    // The 405 is stated once, in the document's description.
    expect(document.info.description).toMatch(/Any other method on a known path answers `405`.*`Allow`/);
    expect(document.components.responses.MethodNotAllowed).toBeUndefined();
  });

  it("answers every method a known path does not serve with 405 and the path's methods in Allow, after the token check", async () => {
    const document = await servedDocument();
    let answered = 0;
    for (const [template, served] of routeTable()) {
      const path = template.replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? "1" : "ANY"));
      const authenticated = path.startsWith("/api/v1/");
      const allow = [...served, ...(served.has("GET") ? ["HEAD"] : [])].sort();
      for (const method of METHODS.map((m) => m.toUpperCase()).filter((m) => !served.has(m))) {
        const res = await api(method, path, undefined, authenticated ? {} : { token: null });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("Allow")?.split(", ").sort(), `${method} ${path}`).toEqual(allow);
        expect(schemaErrors(document, { $ref: "#/components/schemas/Error" }, res.body), `${method} ${path}`).toEqual([]);
        if (authenticated) expect((await api(method, path, undefined, { token: null })).status, `${method} ${path} without a token`).toBe(401);
        answered++;
      }
    }
    // 235 when the stubs left the document (each method a path lacks).
    expect(answered).toBeGreaterThan(200);
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
