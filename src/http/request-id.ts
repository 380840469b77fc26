import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Echoes a sane incoming `X-Request-Id`, else generates one. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const id = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  await next();
  c.res.headers.set("X-Request-Id", id);
});
