/**
 * The worker entry: the only module that reads `env`. It turns bindings into
 * per-request services and hands the request to the app.
 */
import { createMiddleware } from "hono/factory";
import { createApp } from "./http/app";
import type { AppEnv } from "./http/context";
import { D1Meter, MeteredD1 } from "./data/metered-d1";
import { createDatabase } from "./data/db";
import { CartGateway } from "./http/cart/cart-gateway";

export { CartObject } from "./http/cart/cart-object";

const provideServices = createMiddleware<AppEnv & { Bindings: Env }>(async (c, next) => {
  const meter = new D1Meter();
  const d1 = new MeteredD1(c.env.DB, meter);
  c.set("meter", meter);
  c.set("d1", d1);
  c.set("db", createDatabase(d1));
  c.set("carts", new CartGateway(c.env.CARTS));
  c.set("durableObjectMs", 0);
  c.set("rowsWritten", 0);
  c.set("cartObjectCalls", 0);
  c.set("logRequests", c.env.LOG_REQUESTS === "on");
  await next();
});

const app = createApp(provideServices);

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
