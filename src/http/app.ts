/**
 * The HTTP application: cross-cutting middleware, one sub-app per resource,
 * one error handler and one not-found handler for everything.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { H, RouterRoute } from "hono/types";
import type { AppEnv } from "./context";
import { requestId } from "./middleware/request-id";
import { serverTiming } from "./middleware/server-timing";
import { variantViewRefill } from "./middleware/variant-view-refill";
import { accessLog } from "./middleware/access-log";
import { jsonBody } from "./middleware/json-body";
import { idempotency } from "./middleware/idempotency";
import { renderError } from "./middleware/app-errors";
import { allowedMethodsResolver } from "./middleware/method-not-allowed";
import { bearerAuth } from "./auth/bearer";
import { browserAccess } from "./middleware/cors";
import { d1Bookmark } from "./middleware/d1-bookmark";
import { TOKEN_PATH } from "./openapi/paths";
import { onSideRouter, SplitRouter } from "./router";
import { healthRoutes } from "./resources/health/routes";
import { rootRoutes } from "./resources/root/routes";
import { oauthRoutes } from "./resources/oauth/routes";
import { apiRoutes } from "./api";
import { docsRoutes } from "./openapi/routes";
import { mediaRoutes } from "./resources/images/routes";

/**
 * `provideServices` (from the worker entry) sets the request's db, meter and
 * cart gateway from the bindings: it alone sees `Env`, so the app is typed
 * with the bindings while every sub-app and handler keeps `AppEnv`.
 */
export function createApp(provideServices: MiddlewareHandler<AppEnv & { Bindings: Env }>) {
  // RegExpRouter for all but the few routes it cannot take (see router.ts).
  const router = new SplitRouter<[H, RouterRoute]>(onSideRouter);
  const app = new Hono<AppEnv & { Bindings: Env }>({ strict: false, router });

  app.use("*", requestId, provideServices, accessLog);
  // CORS before any route and before the token check: a preflight carries no token.
  app.use("/api/v1/*", browserAccess);
  app.use(TOKEN_PATH, browserAccess);
  app.route("/health", healthRoutes);
  app.route("/", rootRoutes);
  app.route("/api/oauth/v2", oauthRoutes);
  // Uploaded images, public as Sylius' web server serves them.
  app.route("/media", mediaRoutes);

  app.use("/api/v1/*", serverTiming, variantViewRefill);
  // The OpenAPI document and its viewer are public: mounted before the token check.
  app.route("/api/v1", docsRoutes(() => app.routes));
  // A replayed create answers its resource as a GET of it answers now, through this app.
  const renderResource = (c: Context<AppEnv & { Bindings: Env }>, path: string) =>
    Promise.resolve(
      app.fetch(
        new Request(new URL(path, c.req.url), { headers: { Authorization: c.req.header("Authorization") ?? "", "X-Request-Id": c.get("requestId") } }),
        c.env,
        c.executionCtx,
      ),
    );
  // The D1 session first: a malformed bookmark is refused before the token check reads anything.
  app.use("/api/v1/*", d1Bookmark, bearerAuth, jsonBody, idempotency<AppEnv & { Bindings: Env }>(renderResource));
  app.route("/api/v1", apiRoutes);

  const allowedMethods = allowedMethodsResolver(app);
  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      return c.json({ code: 405, message: `No route found for "${c.req.method} ${c.req.path}": Method Not Allowed (Allow: ${allowed.join(", ")})` }, 405, {
        Allow: allowed.join(", "),
      });
    }
    return c.json({ code: 404, message: `No route found for "${c.req.method} ${c.req.path}"` }, 404);
  });
  app.onError(renderError);
  return app;
}
