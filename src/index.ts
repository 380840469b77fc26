/**
 * The worker entry: the only module that reads `env`. It turns bindings into
 * per-request services and hands the request to the app.
 */
import { createMiddleware } from "hono/factory";
import { createApp } from "./http/app";
import type { AppEnv } from "./http/context";
import { D1Meter, MeteredD1 } from "./data/metered-d1";
import { createDatabase } from "./data/db";
import { CartGateway, locationHintOf } from "./http/cart-gateway";
import { SIGN_IN_PERIODS } from "./http/auth/token-service";
import { allowedOrigins } from "./http/middleware/cors";
import { sweepExpiredCarts } from "./cart/cart-sweep";
import { cartTtlSeconds } from "./cart/cart-ttl";
import { sweepExpiredKeys } from "./data/idempotency";
import { delayedD1, parseLatency } from "./data/simulated-latency";
import { drainImageRemovals } from "./http/resources/images/staging";
import { pruneEvents } from "./data/queries/events";
import { eventsRetentionDays } from "./domain/events/retention";
import { webhookSettings } from "./http/webhook-settings";
import { publishEvents, sweepUnsent } from "./data/webhook-dispatch";
import { consumeBatch } from "./webhooks/consumer";

export { CartObject } from "./cart/cart-object";

/** The Cron Trigger of the hourly sweep (wrangler.toml [triggers]); the other one, every minute, is the webhook dispatch sweep. */
const HOURLY_CRON = "17 * * * *";

/** The D1 binding and the cart gateway of a request (the latency model's delays only when `BENCH_LATENCY` is set: development). */
function bindings(env: Env): { db: D1Database; carts: CartGateway } {
  const latency = parseLatency(env.BENCH_LATENCY);
  const locationHint = locationHintOf(env.CART_LOCATION_HINT);
  if (!latency) return { db: env.DB, carts: new CartGateway(env.CARTS, { locationHint }) };
  return {
    db: delayedD1(env.DB, latency.workerD1, latency.workerReplica),
    carts: new CartGateway(env.CARTS, { locationHint, callDelayMs: latency.workerObject }),
  };
}

/** Keeps `work` running after the response (`waitUntil`); a request without an execution context (a direct `app.request`) just lets it run. */
function afterResponse(c: { readonly executionCtx: { waitUntil(promise: Promise<unknown>): void } }, work: Promise<void>): void {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context: `work` never rejects (publishEvents logs its failures).
  }
  ctx?.waitUntil(work);
}

const provideServices = createMiddleware<AppEnv & { Bindings: Env }>(async (c, next) => {
  const meter = new D1Meter();
  const { db, carts } = bindings(c.env);
  // One D1 session for the request's work, opened on first use: `first-primary`
  // unless the X-D1-Bookmark middleware starts it elsewhere first.
  // Events this request commits go to the webhook queue after the response (ids only).
  const d1 = new MeteredD1(db, meter, (ids) => afterResponse(c, publishEvents(c.env.EVENTS_QUEUE, ids)));
  c.set("meter", meter);
  c.set("eventsQueue", c.env.EVENTS_QUEUE);
  c.set("d1", d1);
  c.set("db", createDatabase(d1));
  c.set("carts", carts);
  c.set("images", c.env.IMAGES);
  c.set("durableObjectMs", 0);
  c.set("signInLimits", {
    username: { limiter: c.env.SIGNIN_USER_LIMITER, period: SIGN_IN_PERIODS.SIGNIN_USER_LIMITER },
    address: { limiter: c.env.SIGNIN_IP_LIMITER, period: SIGN_IN_PERIODS.SIGNIN_IP_LIMITER },
    client: { limiter: c.env.CLIENT_LIMITER, period: SIGN_IN_PERIODS.CLIENT_LIMITER },
  });
  c.set("allowedOrigins", allowedOrigins(c.env.CORS_ALLOWED_ORIGINS));
  c.set("cartObjectCalls", 0);
  c.set("logRequests", c.env.LOG_REQUESTS === "on");
  const webhooks = webhookSettings(c.env);
  c.set("webhookSecretsKey", webhooks.webhookSecretsKey);
  c.set("webhooksAllowLocalHttp", webhooks.webhooksAllowLocalHttp);
  await next();
});

const app = createApp(provideServices);

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // The Cron Triggers (wrangler.toml [triggers]), told apart by `controller.cron`.
  // Hourly: expires the carts that no alarm covers, and removes expired idempotency keys, image files left behind
  // and events older than EVENTS_RETENTION_DAYS (its D1 session starts on the primary: what it finds stale is really stale).
  // Every minute: the webhook dispatch sweep sends to the queue the events a crash left unsent.
  scheduled: async (controller, env, ctx) => {
    const events = (ids: number[]) => ctx.waitUntil(publishEvents(env.EVENTS_QUEUE, ids));
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter(), events));
    const log = env.LOG_REQUESTS === "on";
    if (controller.cron !== HOURLY_CRON) {
      const swept = await sweepUnsent(db, env.EVENTS_QUEUE, Date.now());
      if (log && swept.sent.length > 0) console.log(JSON.stringify({ level: "info", where: "webhook-sweep", sent: swept.sent.length, through: swept.through }));
      return;
    }
    const services = {
      db,
      carts: new CartGateway(env.CARTS, { locationHint: locationHintOf(env.CART_LOCATION_HINT) }),
      ttlSeconds: cartTtlSeconds(env.CART_TTL),
      log,
    };
    // Independent work: one failing does not keep the other from running to its end.
    // Image files whose removal failed after their rows went (docs/api/images.md) are retried here.
    // The events prune is bounded per run (src/data/queries/events.ts), however often the cron runs.
    const [carts, keys, images, pruned] = await Promise.allSettled([
      sweepExpiredCarts(services, Date.now()),
      sweepExpiredKeys(services.db, Date.now()),
      drainImageRemovals(services.db, env.IMAGES),
      pruneEvents(services.db, Date.now(), eventsRetentionDays(env.EVENTS_RETENTION_DAYS)),
    ]);
    if (keys.status === "fulfilled" && services.log) console.log(JSON.stringify({ level: "info", where: "idempotency-sweep", removed: keys.value }));
    if (pruned.status === "fulfilled" && services.log) console.log(JSON.stringify({ level: "info", where: "events-prune", removed: pruned.value }));
    for (const run of [carts, keys, images, pruned]) if (run.status === "rejected") throw run.reason;
  },
  // The events queue (wrangler.toml [[queues.consumers]]): webhook deliveries (src/webhooks/consumer.ts).
  queue: async (batch, env) => {
    await consumeBatch(batch, {
      db: createDatabase(new MeteredD1(env.DB, new D1Meter())),
      queue: env.EVENTS_QUEUE,
      // Not set: every delivery fails as unsigned (retried) until it is (docs/operations/webhook-delivery.md).
      secretsKey: webhookSettings(env).webhookSecretsKey ?? "",
      now: () => Date.now(),
      log: env.LOG_REQUESTS === "on",
    });
  },
} satisfies ExportedHandler<Env>;
