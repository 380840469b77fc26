import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { setResponseHeader } from "./request-id";

/**
 * `Server-Timing: d1;dur=<ms waiting for D1>;desc="<round trips>"`, plus
 * `do;dur=<ms>` when the request went through a cart's Durable Object,
 * `rows_read;desc="<n>"` and `rows;desc="<n>"` (rows written, when any): D1's
 * own counts of the request's work, the object's included. The cost of a
 * request, visible from outside.
 *
 * Not `hono/timing`: its `setMetric` writes the same metric syntax, but it
 * appends to `c.res.headers`, which throws on a Response with immutable
 * headers (a handler's own Response, a Durable Object's reply), and it joins
 * metrics with "," where this header has always used ", ". The values are
 * not timers of this middleware anyway: the D1 meter and the cart gateway
 * accumulate them during the request.
 */
export const serverTiming = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const meter = c.get("meter");
  const metrics = [`d1;dur=${meter.durationMs.toFixed(1)};desc="${meter.roundTrips}"`];
  const objectMs = c.get("durableObjectMs");
  if (objectMs) metrics.push(`do;dur=${objectMs.toFixed(1)}`);
  // D1's own row counts (index entries included), the cart object's too: what D1 bills.
  if (meter.roundTrips) metrics.push(`rows_read;desc="${meter.rowsRead}"`);
  if (meter.rowsWritten) metrics.push(`rows;desc="${meter.rowsWritten}"`);
  setResponseHeader(c, "Server-Timing", metrics.join(", "));
});
