import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

const SAFE_ID = /^[\w.:-]{1,128}$/;

/**
 * Sets a header on the response, also when its headers are immutable (a
 * Response obtained from `fetch` or a Durable Object stub): it is then copied.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set(name, value);
    c.res = undefined;
    c.res = copy;
  }
}

/**
 * Echoes a sane incoming `X-Request-Id`, else generates one.
 *
 * Not `hono/request-id`: it accepts only `[\w=-]` (an id such as
 * `req-abc.123:XYZ`, which clients send and we echo, would be replaced, and
 * one with `=` would be echoed), and it sets the header before the handler
 * runs, on headers that a handler's own Response (a redirect, a Durable
 * Object's reply) does not carry, so those answers would lose it.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const id = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  await next();
  setResponseHeader(c, "X-Request-Id", id);
});
