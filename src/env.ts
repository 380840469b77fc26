import type { CartObject } from "./http/cart/cart-object";

/** Bindings declared in wrangler.toml. Only the worker entry and the Durable Object read them. */
export interface Env {
  DB: D1Database;
  CARTS: DurableObjectNamespace<CartObject>;
}
