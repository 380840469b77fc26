import { createMiddleware } from "hono/factory";
import { cors } from "hono/cors";
import { IsolateMemory } from "../../data/isolate-cache";
import type { AppEnv } from "../context";
import { setResponseHeader } from "./request-id";

/**
 * The response headers a browser script may read besides the CORS-safelisted
 * ones: the entity tag of conditional requests, the D1 session bookmark of
 * replica reads, the wait of a refused attempt, the request's id, and the mark
 * of a replayed idempotent answer.
 */
export const EXPOSED_HEADERS = ["ETag", "X-D1-Bookmark", "Retry-After", "X-Request-Id", "Idempotent-Replayed"];

/** How long a browser may reuse a preflight's answer (seconds; Chromium caps it at 7200). */
export const PREFLIGHT_MAX_AGE = 3600;

/**
 * hono's CORS middleware, for a request whose origin is already known to be
 * allowed: it echoes that origin, answers a preflight (`OPTIONS`) with 204
 * itself, and allows the request headers the preflight asks for, since the
 * origin is trusted and the API's own headers (conditional, idempotency,
 * bookmark) then need no list of their own here. No credentials mode: the API
 * authenticates with a bearer token, never a cookie.
 */
const allowedOriginCors = cors({
  origin: (origin) => origin,
  allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  exposeHeaders: EXPOSED_HEADERS,
  maxAge: PREFLIGHT_MAX_AGE,
});

/**
 * CORS for browser clients of the origins configured (`CORS_ALLOWED_ORIGINS`,
 * handed over by the entry as `allowedOrigins`). With none configured it does
 * nothing at all. A request from another origin, or without one, gets no CORS
 * header (a preflight then goes on to the route, which does not answer
 * `OPTIONS`), only `Vary: Origin`, so that a cache never hands one origin's
 * answer to another.
 */
export const browserAccess = createMiddleware<AppEnv>(async (c, next) => {
  const allowed = c.get("allowedOrigins");
  if (allowed.size === 0) return next();
  const origin = c.req.header("Origin");
  if (origin === undefined || !(allowed.has(origin) || allowed.has("*"))) {
    await next();
    c.header("Vary", "Origin", { append: true });
    return;
  }
  const preflight = await allowedOriginCors(c, next);
  if (preflight) return preflight;
  // hono's middleware sets its headers before the handler runs; an answer
  // that replaces the response outright (the token check's late 401) drops them.
  if (!c.res.headers.has("Access-Control-Allow-Origin")) {
    setResponseHeader(c, "Access-Control-Allow-Origin", origin);
    setResponseHeader(c, "Access-Control-Expose-Headers", EXPOSED_HEADERS.join(","));
  }
});

const parsed = new IsolateMemory<string, ReadonlySet<string>>({
  name: "CORS origins",
  file: "src/http/middleware/cors.ts",
  key: "`CORS_ALLOWED_ORIGINS` value",
  bound: { fixed: "one entry per configured value (one per deployment)" },
  kind: "derived",
  readBehind: "the configured value alone (its key)",
});

/**
 * The allowed origins of a `CORS_ALLOWED_ORIGINS` value: comma-separated,
 * blanks ignored, each entry reduced to the origin a browser sends
 * (`https://Shop.example/` → `https://shop.example`); `*` allows every origin.
 * Parsed once per value and isolate.
 */
export function allowedOrigins(value: string | undefined): ReadonlySet<string> {
  const raw = value ?? "";
  let origins = parsed.get(raw);
  if (!origins) {
    origins = new Set(
      raw
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== "")
        .map(normalizeOrigin),
    );
    parsed.set(raw, origins);
  }
  return origins;
}

function normalizeOrigin(entry: string): string {
  if (entry === "*") return entry;
  try {
    const origin = new URL(entry).origin;
    // An entry that is no URL with a host (`null`, a bare word) is compared as written.
    return origin === "null" ? entry : origin;
  } catch {
    return entry;
  }
}
