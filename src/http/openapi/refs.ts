/** JSON pieces of the OpenAPI document shared by the document builder and the routes that describe themselves. */
import type { Json } from "./describe";

export const SCHEMAS = "#/components/schemas/";
export const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` });
export const responseRef = (id: string) => ({ $ref: `#/components/responses/${id}` });
export const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });

export const json = (schema: Json) => ({ "application/json": { schema } });

/** Every response carries `X-Request-Id`; every `/api/v1` response also `Server-Timing`. */
export const COMMON_HEADERS = { "X-Request-Id": headerRef("X-Request-Id") };

/**
 * The CORS headers of the answers of `/api/v1` and the token endpoint
 * (src/http/middleware/cors.ts): present when the request's `Origin` is
 * allowed, `Vary` whenever allowed origins are configured.
 */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": headerRef("Access-Control-Allow-Origin"),
  "Access-Control-Expose-Headers": headerRef("Access-Control-Expose-Headers"),
  Vary: headerRef("Vary"),
};

/** The headers of every `/api/v1` answer. */
export const API_HEADERS = { ...COMMON_HEADERS, "Server-Timing": headerRef("Server-Timing"), ...CORS_HEADERS };

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
    description: "`Origin` when allowed origins are configured: the CORS headers depend on the request's `Origin`.",
    schema: { type: "string", examples: ["Origin"] },
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
