import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

/**
 * `Server-Timing: d1;dur=<ms waiting for D1>;desc="<round trips>"`, plus
 * `do;dur=<ms>` when the request went through a cart's Durable Object: the
 * cost of a request, visible from outside.
 */
export const serverTiming = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const meter = c.get("meter");
  const metrics = [`d1;dur=${meter.durationMs.toFixed(1)};desc="${meter.roundTrips}"`];
  const objectMs = c.get("durableObjectMs");
  if (objectMs) metrics.push(`do;dur=${objectMs.toFixed(1)}`);
  c.res.headers.set("Server-Timing", metrics.join(", "));
});
