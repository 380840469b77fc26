/** JSON pieces of the OpenAPI document shared by the document builder and the routes that describe themselves. */
import type { Json } from "./describe";

export const SCHEMAS = "#/components/schemas/";
export const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` });
export const responseRef = (id: string) => ({ $ref: `#/components/responses/${id}` });
export const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });
export const parameterRef = (id: string) => ({ $ref: `#/components/parameters/${id}` });

export const json = (schema: Json) => ({ "application/json": { schema } });

/** A public operation of the service itself (tag `Service`, no token): its answers, then the 500 every operation can give. */
export const serviceOperation = (operation: { operationId: string; summary: string; description: string; responses: Json }): Json => ({
  tags: ["Service"],
  operationId: operation.operationId,
  summary: operation.summary,
  description: operation.description,
  security: [],
  responses: { ...operation.responses, "500": responseRef("InternalError") },
});

/** Every response carries `X-Request-Id`; every `/api/v1` response also `Server-Timing`. */
export const COMMON_HEADERS = { "X-Request-Id": headerRef("X-Request-Id") };

/**
 * The CORS headers of the answers of `/api/v1` and the token endpoint
 * (src/http/middleware/cors.ts): present when the request's `Origin` is
 * allowed, `Vary` whenever allowed origins are configured (and on the answers
 * kept gzipped: see serializers/kept-body.ts).
 */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": headerRef("Access-Control-Allow-Origin"),
  "Access-Control-Expose-Headers": headerRef("Access-Control-Expose-Headers"),
  Vary: headerRef("Vary"),
};

/** The headers of every `/api/v1` answer. */
export const API_HEADERS = {
  ...COMMON_HEADERS,
  "Server-Timing": headerRef("Server-Timing"),
  "X-D1-Bookmark": headerRef("X-D1-Bookmark"),
  ...CORS_HEADERS,
};

/**
 * `X-D1-Bookmark` (src/http/middleware/d1-bookmark.ts): the request
 * parameter of every `/api/v1` operation, and the response header.
 */
export const BOOKMARK_PARAMETER = {
  name: "X-D1-Bookmark",
  in: "header",
  required: false,
  description:
    "Where the request's D1 session starts. Absent (or empty): on the primary database, so the request sees every write made before it. " +
    "A bookmark from an earlier response's `X-D1-Bookmark`: the nearest replica that has every write up to that bookmark may answer (read-your-writes, from anywhere). " +
    "`first-unconstrained`: the nearest replica answers, possibly behind. `first-primary`: as when absent. " +
    "Only reads (GET) start where the header says; a write starts on the primary whatever it says. Anything else than these values is a 400, on every method.",
  schema: {
    anyOf: [
      { type: "string", enum: ["first-primary", "first-unconstrained"] },
      { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$" },
    ],
  },
  example: "first-unconstrained",
};

export const BOOKMARK_HEADER_COMPONENT = {
  description:
    "The latest D1 bookmark of the request's work, including the writes a cart's Durable Object made for it: send it back as `X-D1-Bookmark` to read at least this state, from the nearest replica. Absent when the request did no database work.",
  schema: { type: "string", examples: ["00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653"] },
};

/** `components.headers` entries of the headers above (the document adds them to its own). */
export const CORS_HEADER_COMPONENTS = {
  "Access-Control-Allow-Origin": {
    description: "The request's `Origin`, when it is one of the allowed origins (CORS); absent otherwise. The OpenAPI document, public, says `*` to other origins.",
    schema: { type: "string", examples: ["https://backoffice.example.com"] },
  },
  "Access-Control-Expose-Headers": {
    description: "The response headers a script of an allowed origin may read (CORS).",
    schema: { type: "string", examples: ["ETag,X-D1-Bookmark,Retry-After,X-Request-Id,Idempotent-Replayed"] },
  },
  Vary: {
    description:
      "`Origin` when allowed origins are configured: the CORS headers depend on the request's `Origin`. `Accept-Encoding` on a cart read and a variant list page, which answer gzip-encoded bytes to a client whose `Accept-Encoding` accepts gzip.",
    schema: { type: "string", examples: ["Origin", "Accept-Encoding, Origin"] },
  },
};

/** `Retry-After`: seconds to wait before trying again. */
export const RETRY_AFTER_HEADER = { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1, examples: [60] } };

/** `components.responses.TooManyRequests`: a refused sign-in attempt (the token endpoint's error shape). */
export const TOO_MANY_REQUESTS = {
  description: "Too many attempts (`invalid_request`, `Too many attempts; retry after N s.`): wait `Retry-After` seconds. Counted per username, client address or client id.",
  headers: {
    ...COMMON_HEADERS,
    ...CORS_HEADERS,
    "Retry-After": headerRef("Retry-After"),
    "Cache-Control": { schema: { type: "string", const: "no-store" } },
  },
  content: json(ref("TokenError")),
};

/** Drops what a component does not need inside an OpenAPI document (`$id`s with a fragment are not even valid there). */
export function tidy(schema: Json): Json {
  delete schema.$schema;
  delete schema.$id;
  return schema;
}
