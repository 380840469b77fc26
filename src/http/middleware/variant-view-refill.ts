import { createMiddleware } from "hono/factory";
import { namedBatch } from "../../data/batch";
import { ViewRefills } from "../../data/queries/product-variants";
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
  const db = c.var.db;
  c.executionCtx.waitUntil(
    namedBatch(db, { views: refills.statements(db) }).then(
      () => undefined,
      () => undefined,
    ),
  );
});
