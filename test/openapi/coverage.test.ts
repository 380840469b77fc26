/**
 * The documentation endpoints (public, served by the worker, viewer from the
 * static assets), the document's coverage of the app's routes, the request
 * bodies' documented shapes, and that the response check can fail.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../src/http/app";
import { defineForm, validateForm } from "../../src/http/form";
import { buildDocument, documentedForms } from "../../src/http/openapi/document";
import type { InputShape } from "../../src/http/openapi/form-docs";
import { api, d1RoundTrips } from "../fixtures/http";
import { schemaErrors, servedDocument } from "../fixtures/contract";

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** The request forms the routes declare (describeRoute), by component name. */
const FORMS = documentedForms(createApp(async (_c, next) => next()).routes);
const shapesOf = (id: string): Partial<Record<string, InputShape>> => FORMS.get(id)?.docs.shapes ?? {};

describe("documentation endpoints", () => {
  it("serves the OpenAPI 3.1 document without a token, without touching D1", async () => {
    for (const token of [null, "not-a-token"]) {
      const res = await api("GET", "/api/v1/openapi.json", undefined, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      expect(d1RoundTrips(res.headers)).toBe(0);
      expect(res.body.openapi).toBe("3.1.1");
      expect(res.body.components.securitySchemes.oauth2.flows.password.tokenUrl).toBe("/api/oauth/v2/token");
    }
    // The rest of /api/v1 still needs a token.
    expect((await api("GET", "/api/v1/locales/", undefined, { token: null })).status).toBe(401);
  });

  it("serves the docs page, whose viewer files come from the worker's static assets", async () => {
    const res = await api("GET", "/api/v1/docs", undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const html = res.body as string;
    expect(html).toContain('url: "/api/v1/openapi.json"');
    const assets = [...html.matchAll(/(?:src|href)="(\/docs-assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual([
      "/docs-assets/swagger-ui/favicon-32x32.png",
      "/docs-assets/swagger-ui/swagger-ui.css",
      "/docs-assets/swagger-ui/swagger-ui-bundle.js",
    ]);
    // In production the asset layer answers these paths before the worker;
    // the vitest pool calls the worker directly, so ask the assets binding.
    const ASSETS = (env as unknown as { ASSETS: Fetcher }).ASSETS;
    for (const asset of assets) {
      const file = await ASSETS.fetch(`https://example.com${asset}`);
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(500);
    }
    const bundle = await ASSETS.fetch("https://example.com/docs-assets/swagger-ui/swagger-ui-bundle.js");
    expect(bundle.headers.get("Content-Type")).toMatch(/javascript/);
    expect(await bundle.text()).toContain("SwaggerUIBundle");
    // The inline script is the one the policy allows.
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    expect(csp).toContain(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  });
});

describe("document coverage", () => {
  it("documents exactly the app's routes", async () => {
    const document = await servedDocument();
    const app = createApp(async (_c, next) => next());
    const routes = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>)) {
      for (const method of Object.keys(item).filter((key) => HTTP_METHODS.includes(key))) {
        // OpenAPI template → Hono route: {param} → :param, collections without their trailing slash.
        const route = path.replace(/\{(\w+)\}/g, ":$1").replace(/(.)\/$/, "$1");
        documented.add(`${method.toUpperCase()} ${route}`);
      }
    }
    expect([...routes].filter((r) => !documented.has(r)), "routes missing from the document").toEqual([]);
    expect([...documented].filter((r) => !routes.has(r)), "documented operations the app does not have").toEqual([]);
    expect(documented.size).toBeGreaterThan(90);
  });

  it("leaves out a route that has no describeRoute (the check above can fail)", () => {
    const app = createApp(async (_c, next) => next());
    app.get("/api/v1/undocumented", (c) => c.body(null, 204));
    const routes = app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = new Set(
      Object.entries(buildDocument(app.routes).paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/(.)\/$/, "$1")}`),
      ),
    );
    expect(routes.filter((r) => !documented.has(r))).toEqual(["GET /api/v1/undocumented"]);
  });

  it("describes every request field (no field is an empty schema)", async () => {
    const document = await servedDocument();
    const schemas = document.components.schemas as Record<string, { properties: Record<string, Record<string, unknown>> }>;
    // 26 before; countries, payment methods and coupons +6, checkout +5, the shipment `ship` form +1,
    // locales, currencies, tax and shipping categories a form each +3, taxons +2, product attributes +2, admin users +2,
    // product association types and reviews +2 each, exchange rates +2, customer groups +2, webhook endpoints +2, a webhook endpoint's replay +1.
    expect(FORMS.size).toBe(58);
    for (const [id, { form }] of FORMS) {
      const component = schemas[id];
      expect(component, id).toBeDefined();
      expect(Object.keys(component!.properties), id).toEqual(form.fields);
      for (const [field, schema] of Object.entries(component!.properties)) {
        const shapeKeywords = Object.keys(schema).filter((key) => key !== "description");
        const documentedAsAnything = shapesOf(id)[field]?.schema instanceof z.ZodUnknown;
        expect(shapeKeywords.length > 0 || documentedAsAnything, `${id}.${field} has a shape`).toBe(true);
      }
    }
  });

  it("documents shapes (where zod has none) that the real fields accept", async () => {
    const document = await servedDocument();
    let checked = 0;
    for (const [id, { form }] of FORMS) {
      for (const [field, shape] of Object.entries(shapesOf(id))) {
        if (!shape) continue;
        const documented = document.components.schemas[id].properties[field];
        expect(shape.examples.length, `${id}.${field} has examples`).toBeGreaterThan(0);
        for (const example of shape.examples) {
          const real = (form.shape as Record<string, z.ZodType>)[field]!.safeParse(example);
          expect(real.success, `${id}.${field} accepts ${JSON.stringify(example)}`).toBe(true);
          expect(schemaErrors(document, documented, example), `${id}.${field} documents ${JSON.stringify(example)}`).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("shows an example body per form that passes the form and the documented schema", async () => {
    const document = await servedDocument();
    for (const [id, { form, docs }] of FORMS) {
      const example = docs.example;
      expect(document.components.schemas[id].examples, id).toEqual([example]);
      // The same shape and field order as the route's form (what validateForm reads of it).
      const result = validateForm(defineForm(form.shape), example);
      expect(result.valid, `${id} example passes the form`).toBe(true);
      expect(schemaErrors(document, { $ref: `#/components/schemas/${id}` }, example), `${id} example matches its schema`).toEqual([]);
    }
    // And the check can fail: an extra field, a missing required field.
    const cartCreate = FORMS.get("CartCreate");
    expect(cartCreate).toBeDefined();
    expect(validateForm(defineForm(cartCreate?.form.shape ?? {}), { ...cartCreate?.docs.example, extra: 1 }).valid).toBe(false);
    expect(schemaErrors(document, { $ref: "#/components/schemas/CartCreate" }, { channel: "US_WEB" })).not.toEqual([]);
  });
});

describe("the response check", () => {
  it("rejects bodies that drift from the schema", async () => {
    const document = await servedDocument();
    const zone = { $ref: "#/components/schemas/Zone" };
    const valid = {
      id: 1,
      code: "EU",
      name: "Europe",
      type: "country",
      scope: "all",
      members: [{ id: 1, code: "DE" }],
      _links: { self: { href: "/api/v1/zones/EU" } },
    };
    expect(schemaErrors(document, zone, valid)).toEqual([]);
    expect(schemaErrors(document, zone, { ...valid, extra: true })).not.toEqual([]);
    const { name: _name, ...nameless } = valid;
    expect(schemaErrors(document, zone, nameless)).not.toEqual([]);
    expect(schemaErrors(document, zone, { ...valid, type: "planet" })).not.toEqual([]);
    expect(schemaErrors(document, zone, { ...valid, _links: { self: { href: 1 } } })).not.toEqual([]);
    const page = { $ref: "#/components/schemas/ZonePage" };
    const links = { self: { href: "/a" }, first: { href: "/a" }, last: { href: "/a" } };
    const { scope: _scope, members: _members, ...item } = valid;
    const envelope = { page: 1, limit: 10, pages: 1, total: 1, _links: links, _embedded: { items: [item] } };
    expect(schemaErrors(document, page, envelope)).toEqual([]);
    expect(schemaErrors(document, page, { ...envelope, _embedded: { items: [{ ...item, id: "1" }] } })).not.toEqual([]);
    const { pages: _pages, ...pageless } = envelope;
    expect(schemaErrors(document, page, pageless)).not.toEqual([]);
  });
});
