import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../context";

/** One access log line: what a request cost and how it ended, and nothing it carried. */
export interface AccessLine {
  level: "info";
  requestId: string;
  method: string;
  /** The matched route's pattern (`/api/v1/carts/:cartId/items`), null when no route matched (404, 405). */
  route: string | null;
  status: number;
  durationMs: number;
  d1RoundTrips: number;
  cartObjectCalls: number;
  /** Present (true) when the answer replayed an earlier request's outcome (`Idempotency-Key`); never the key or the record. */
  replayed?: true;
  /**
   * On a refusal (401, 403): the public id of the token's client (null when
   * the token is unknown or was not sent). Never the token, never the user.
   */
  clientId?: string | null;
  /** On a refusal (401, 403): the scope the routed operation needs (null: none, e.g. no route matched). */
  scopeNeeded?: string | null;
  /** The Cloudflare data centre that served the request; null where there is none (local runs). */
  colo: string | null;
}

let forcedOn = false;

/**
 * Turns the access log on in this isolate whatever `LOG_REQUESTS` says. The
 * test pool sets `LOG_REQUESTS` to "off" so that `npm test` prints nothing,
 * and the logging test, which runs in the worker's isolate, calls this to
 * see the lines. Nothing in the worker calls it, and no request, header or
 * binding reaches it: a deployment logs exactly what its `LOG_REQUESTS` says.
 */
export function forceAccessLogForTests(on: boolean): void {
  forcedOn = on;
}

/**
 * Writes one JSON line per request (`console.log`, which Workers Logs
 * indexes field by field) once the response is final: after onError has
 * rendered a thrown error and after notFound has answered a 404 or 405, since
 * hono hands both responses back to the middleware that called `next()`.
 *
 * The fields are an allow-list of values the worker computed itself: never a
 * header, the URL (its query may carry a password grant), the body or the
 * client's address, so no token, secret, password or address can reach a log.
 *
 * Placed after the middleware that sets the request's services: it may turn
 * `logRequests` on before the handlers run, so that the cart gateway, which
 * reads it, asks the cart object to log its part of the request too.
 */
export const accessLog = createMiddleware<AppEnv>(async (c, next) => {
  if (forcedOn) c.set("logRequests", true);
  const started = performance.now();
  await next();
  if (!c.get("logRequests")) return;
  console.log(JSON.stringify(accessLine(c, performance.now() - started)));
});

function accessLine(c: Context<AppEnv>, durationMs: number): AccessLine {
  return {
    level: "info",
    requestId: c.get("requestId"),
    method: c.req.method,
    route: routePattern(c),
    status: c.res.status,
    durationMs: Math.round(durationMs * 10) / 10,
    d1RoundTrips: c.get("meter").roundTrips,
    cartObjectCalls: c.get("cartObjectCalls"),
    ...(c.get("idempotency")?.replayed ? { replayed: true as const } : {}),
    ...(c.res.status === 401 || c.res.status === 403 ? { clientId: c.get("authClient") ?? null, scopeNeeded: c.get("scopeNeeded") ?? null } : {}),
    colo: coloOf(c.req.raw),
  };
}

/**
 * The pattern of the route the request was routed to: the first matched
 * entry registered for a method (middlewares are registered for "ALL"). It is
 * known also when a middleware answered before the route ran (a 401), and
 * absent when no route has this path and method.
 */
function routePattern(c: Context<AppEnv>): string | null {
  return matchedRoutes(c).find((route) => route.method !== "ALL")?.path ?? null;
}

function coloOf(request: Request): string | null {
  const cf = request.cf;
  return cf && "colo" in cf && typeof cf.colo === "string" ? cf.colo : null;
}
