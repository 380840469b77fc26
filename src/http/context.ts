import type { Scope } from "../domain/scopes";
import type { Database } from "../data/db";
import type { D1Meter, MeteredD1 } from "../data/metered-d1";
import type { ViewRefills } from "../data/queries/product-variants";
import type { CartGateway } from "./cart-gateway";
import type { SignInLimits } from "./auth/token-service";
import type { KeyedCall } from "./idempotency/keys";
import type { EventsQueue } from "../data/webhook-dispatch";

/** What every handler gets from the entry; handlers never see `env`. */
export interface AppVariables {
  requestId: string;
  db: Database;
  d1: MeteredD1;
  meter: D1Meter;
  carts: CartGateway;
  /** The R2 bucket of product and taxon images (the IMAGES binding). */
  images: R2Bucket;
  /** The parsed JSON body of a write (`{}` when empty). */
  body: unknown;
  /** Wall time spent in a cart's Durable Object, for Server-Timing. */
  durableObjectMs: number;
  /** Calls this request made to cart Durable Objects (the access log). */
  cartObjectCalls: number;
  /** Whether this request writes its access log line (and the cart object its own lines). */
  logRequests: boolean;
  /** The SHA-256 of the request's access token (set by the bearer check; never the token). */
  tokenHash: string;
  /** The request's `Idempotency-Key` handle, null when it sent none (or is not a write). */
  idempotency: KeyedCall | null;
  /** The OAuth scope the routed operation needs (null: none, or no operation matched); set by the bearer check. */
  scopeNeeded: Scope | null;
  /** The public id of the client of the request's token, once the token check found it (the access log of a refusal). */
  authClient: string | null;
  /** The authenticated principal, once verified. */
  auth: { clientId: number; userId: number | null } | null;
  /** The counters of sign-in attempts (rate-limiting bindings), for the token endpoint. */
  signInLimits: SignInLimits;
  /** Origins whose browser scripts may call the API (CORS); empty: none. */
  allowedOrigins: ReadonlySet<string>;
  /**
   * The Worker secret that seals webhook signing secrets (WEBHOOK_SECRETS_KEY);
   * null when it is not configured (the webhook endpoint writes then answer a 500).
   */
  webhookSecretsKey: string | null;
  /** WEBHOOKS_ALLOW_LOCAL_HTTP is "true": endpoints may call http(s)://localhost and 127.0.0.1 (development only). */
  webhooksAllowLocalHttp: boolean;
  /** The webhook events queue (the EVENTS_QUEUE binding): redeliveries and replays are sent there. */
  eventsQueue: EventsQueue;
  /** Variant views a GET built (none stored): stored after it answered (middleware/variant-view-refill.ts); null on other methods. */
  viewRefills: ViewRefills | null;
}

export type AppEnv = { Variables: AppVariables };
