import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One object per cart: the only writer of that cart's rows. Its behaviour
 * comes with the carts capability; the class and its binding exist now so the
 * deployment's Durable Object migration is stable.
 */
export class CartObject extends DurableObject<Env> {
  async ping(): Promise<string> {
    return "pong";
  }
}
