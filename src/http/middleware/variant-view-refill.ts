import { createMiddleware } from "hono/factory";
import { namedBatch } from "../../data/batch";
import { ViewRefills } from "../../data/queries/product-variants";
import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * Stores the variant views a GET had to build (none stored for the variant's
 * current `view_version`), once it has answered: `c.executionCtx.waitUntil`,
 * so the response never waits for it and its round trip is not the
 * request's. Each view is stored only if its variant's version is still the
 * one it was built from (`ViewRefills.statements`). A failed refill loses
 * nothing: the next read builds the view again.
 *
 * Only reads (GET, HEAD) collect refills: a write's batches may carry an
 * idempotency key's record (data/metered-d1.ts), which must not join a
 * refill; a write makes the views it changed stale anyway.
 */
export const variantViewRefill = createMiddleware<AppEnv>(async (c, next) => {
  const refills = c.req.method === "GET" || c.req.method === "HEAD" ? new ViewRefills() : null;
  c.set("viewRefills", refills);
  await next();
  if (!refills || refills.size === 0) return;
  const context = executionContext(c);
  // Without one (the app called without an execution context, as some tests do) nothing is stored.
  if (!context) return;
  const db = c.get("db");
  context.waitUntil(
    namedBatch(db, { views: refills.statements(db) }).then(
      () => undefined,
      () => undefined,
    ),
  );
});

/** The request's execution context; Hono's getter throws when the app was called without one. */
function executionContext(c: Context<AppEnv>): Context<AppEnv>["executionCtx"] | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}
