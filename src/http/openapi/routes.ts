/**
 * `GET /api/v1/openapi.json` (the OpenAPI 3.1 document) and `GET /api/v1/docs`
 * (Swagger UI rendering it, where a user can get a token and try calls).
 * Both are public: src/http/app.ts mounts them before the bearer-token check.
 *
 * The viewer's files are Workers static assets under /docs-assets/swagger-ui/
 * (public/, filled from the swagger-ui-dist package by
 * scripts/copy-docs-assets.mjs): the platform serves them, so they neither
 * weigh on the worker script nor cost a worker invocation, and nothing is
 * loaded from a CDN.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { IsolateValue } from "../../data/isolate-cache";
import { openApiJson, type RouteEntry } from "./document";
import { DOCUMENT_PATH } from "./paths";
import { describeRoute } from "./describe";
import { API_HEADERS, json, serviceOperation } from "./refs";

export const DOCS_ASSETS = "/docs-assets/swagger-ui";

const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(DOCUMENT_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
});`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title>
<link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
<style>body { margin: 0; } .swagger-ui .topbar { display: none; }</style>
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script>${INIT_SCRIPT}</script>
</body>
</html>
`;

const contentSecurityPolicy = new IsolateValue<Promise<string>>({
  name: "docs page policy",
  file: "src/http/openapi/routes.ts",
  key: "none (one value)",
  bound: { fixed: "one value" },
  kind: "derived",
  readBehind: "the page's inline script (code)",
});

/** Only our own files and the page's one inline script (by hash) may run; calls go to this origin only. */
async function buildPolicy(): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(INIT_SCRIPT));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${hash}'`,
    // Swagger UI sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

const documentDocs = describeRoute({
  operation: () =>
    serviceOperation({
      operationId: "openApiDocument",
      summary: "This OpenAPI document",
      description: "The OpenAPI 3.1 document of this API, built from the routes themselves. No token needed; any origin may read it.",
      responses: {
        "200": {
          description: "The OpenAPI 3.1 document.",
          headers: API_HEADERS,
          content: json({ type: "object", description: "An OpenAPI 3.1 document." }),
        },
      },
    }),
});

const pageDocs = describeRoute({
  operation: () =>
    serviceOperation({
      operationId: "apiDocumentation",
      summary: "This documentation (HTML)",
      description: "This document rendered by Swagger UI, served by the worker itself (no CDN). No token needed.",
      responses: {
        "200": {
          description: "An HTML page rendering this document (Swagger UI).",
          headers: API_HEADERS,
          content: { "text/html": { schema: { type: "string" } } },
        },
      },
    }),
});

/** `appRoutes` is the route table of the app that mounts these routes (what the document describes). */
export const docsRoutes = (appRoutes: () => readonly RouteEntry[]) =>
  new Hono<AppEnv>({ strict: false })
  .get("/openapi.json", documentDocs, (c) =>
    c.body(openApiJson(appRoutes()), 200, {
      "Content-Type": "application/json; charset=utf-8",
      // A public description: other origins (editors, code generators) may read it.
      "Access-Control-Allow-Origin": "*",
    }),
  )
  .get("/docs", pageDocs, async (c) => {
    return c.html(PAGE, 200, {
      "Content-Security-Policy": await contentSecurityPolicy.get(buildPolicy),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
  });
