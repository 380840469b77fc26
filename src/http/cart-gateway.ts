/**
 * How HTTP handlers reach a cart's Durable Object (one object per cart id):
 * forwards the change, hands over the pending token check so the object runs
 * it in its own first batch with the request's id (which the object's log
 * lines carry), counts the calls for the access log, and folds the object's
 * D1 cost into the request's Server-Timing and the bookmark its writes
 * reached into the request's (the response's `X-D1-Bookmark`).
 */
import type { D1Meter, MeteredD1 } from "../data/metered-d1";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { badRequest, conflict, HttpError, notFound } from "./errors";
import { preconditionFailed } from "./conditional";
import { REFUSAL_STATUS, type Refusal } from "../cart/refusal";
import { acrossDistance } from "../data/simulated-latency";
import type { Principal } from "./auth/token-check";
import { keyInFlight, keyReused, type KeyedCall } from "./idempotency/keys";
import type { CartObject, ExpiryOutcome } from "../cart/cart-object";
import type { Caller, CartReply, Done, FormRefused } from "../cart/operation";
import type { AddedItem } from "../cart/item-change";
import { serializeCartItem } from "./resources/carts/serializer";

/**
 * What the gateway uses of a request's context. Structural (a Hono
 * `Context<AppEnv>` fits), so that this module and the app's context type,
 * which holds the gateway, do not import each other.
 */
export interface RequestCost {
  readonly var: {
    readonly d1: MeteredD1;
    readonly meter: D1Meter;
    readonly durableObjectMs: number;
    readonly cartObjectCalls: number;
    readonly requestId: string;
    readonly logRequests: boolean;
    readonly auth: Principal | null;
    readonly idempotency: KeyedCall | null;
  };
  set(key: "durableObjectMs" | "cartObjectCalls", value: number): void;
  set(key: "authClient", value: string | null): void;
}

/** Where cart objects are created, and the latency model's delay of a call to one (development only). */
export interface CartPlacement {
  /** The `locationHint` new cart objects are created with (the D1 primary's region); undefined: near their first caller. */
  locationHint?: DurableObjectLocationHint;
  /** The latency model's one-way delay of a call to the object (`BENCH_LATENCY`); 0 outside it. */
  callDelayMs?: number;
}

/** The Durable Object location hints (`CART_LOCATION_HINT`). */
const LOCATION_HINTS: readonly string[] = ["wnam", "enam", "sam", "weur", "eeur", "apac", "oc", "afr", "me"];

/** `CART_LOCATION_HINT` as a location hint: undefined when empty; an unknown region is refused (a deployment mistake, not a request's). */
export function locationHintOf(value: string | undefined): DurableObjectLocationHint | undefined {
  const hint = value?.trim() ?? "";
  if (hint === "") return undefined;
  if (!LOCATION_HINTS.includes(hint)) throw new Error(`CART_LOCATION_HINT: "${hint}" is none of ${LOCATION_HINTS.join(", ")}`);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Checked against the list of DurableObjectLocationHint's members just above.
  return hint as DurableObjectLocationHint;
}

/** A cart object's refusal as the HTTP error it answers, in the contract's shape. */
export function refusalError(refusal: Refusal): HttpError {
  switch (refusal.kind) {
    case "not-found":
      return notFound(refusal.message);
    case "bad-request":
      return badRequest(refusal.message);
    case "conflict":
      return conflict(refusal.message);
    case "precondition-failed":
      return preconditionFailed();
    case "key-reused":
      return keyReused();
    case "key-in-flight":
      return keyInFlight();
    case "form-errors": {
      const { children, errors } = refusal;
      return new HttpError(REFUSAL_STATUS[refusal.kind], { code: 400, message: "Validation Failed", errors: errors.length ? { errors, children } : { children } });
    }
  }
}

/** An item the cart object added, as the response shows it (its variant as the variant list shows it). */
export function addedItemJson(added: AddedItem) {
  const views = new Map(added.variant ? [[added.variant.row.id, added.variant]] : []);
  return serializeCartItem(added, added.cartId, views);
}

export class CartGateway {
  constructor(
    private readonly namespace: DurableObjectNamespace<CartObject>,
    private readonly placement: CartPlacement = {},
  ) {}

  stub(cartId: number): DurableObjectStub<CartObject> {
    const id = this.namespace.idFromName(`cart:${cartId}`);
    // The hint only matters when the object is created (its first call); it is where the object then stays.
    return this.placement.locationHint ? this.namespace.get(id, { locationHint: this.placement.locationHint }) : this.namespace.get(id);
  }

  /**
   * Calls the cart's object and maps its typed outcome to HTTP: a refusal is
   * thrown as the HttpError it stands for; a success (its body typed by the
   * operation) and an item form's errors (for the route to merge with its
   * own) are returned. `ifMatch`: the request's `If-Match`, which the object
   * compares with the resource's tag in the same serialized operation.
   */
  async call<B>(
    c: RequestCost,
    cartId: number,
    work: (stub: DurableObjectStub<CartObject>, caller: Caller) => Promise<CartReply<B>>,
    preconditions: { ifMatch?: string } = {},
  ): Promise<Done<B>> {
    const reply = await this.callForm(c, cartId, work, preconditions);
    if (reply.outcome === "form") throw new Error("Only an item change answers form errors");
    return reply;
  }

  /** `call` for an item change, whose form errors (what only data can tell) are the route's to merge with its own. */
  async callForm<B>(
    c: RequestCost,
    cartId: number,
    work: (stub: DurableObjectStub<CartObject>, caller: Caller) => Promise<CartReply<B>>,
    preconditions: { ifMatch?: string } = {},
  ): Promise<Done<B> | FormRefused> {
    // Read once: Hono's `c.var` copies every variable of the request on each access.
    const vars = c.var;
    const keyed = vars.idempotency;
    const delegated = vars.d1.delegateGuard();
    const caller: Caller = {
      tokenHash: delegated?.tokenHash ?? null,
      scope: delegated?.scope ?? null,
      requestId: vars.requestId,
      log: vars.logRequests,
      ifMatch: preconditions.ifMatch ?? null,
      // Checked by the worker already (its first batch ran): the object's events name this principal.
      principal: delegated ? null : vars.auth,
    };
    // The object looks the key up and records it in its own batches (the request touched no D1 before).
    if (keyed && vars.d1.delegateClaim()) caller.idempotency = { request: keyed.request, tokenHash: keyed.tokenHash, scope: vars.auth };
    c.set("cartObjectCalls", vars.cartObjectCalls + 1);
    const started = performance.now();
    const reply = await acrossDistance(this.placement.callDelayMs ?? 0, () => work(this.stub(cartId), caller));
    // Read before the call: this request makes no other call meanwhile.
    c.set("durableObjectMs", vars.durableObjectMs + (performance.now() - started));
    vars.meter.add(reply.metrics);
    vars.meter.reached(reply.bookmark);
    if (reply.outcome === "rejected") throw refusalError(reply.refusal);
    if (reply.outcome === "refused") {
      if (reply.client) c.set("authClient", reply.client);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The object's refusals are the HttpErrors it caught (their statuses are error statuses).
      throw new HttpError(reply.status as ContentfulStatusCode, reply.body, reply.headers ?? {});
    }
    if (reply.outcome === "done" && reply.replayed && keyed) keyed.replayed = true;
    return reply;
  }

  /**
   * Starts the expiry period of a cart just created: one call to its object,
   * which does no D1 work for it. A failure is logged, not raised: the cart
   * exists, and the scheduled sweep expires carts whose object was never armed.
   */
  async armExpiry(c: RequestCost, cartId: number): Promise<void> {
    const started = performance.now();
    try {
      await this.stub(cartId).armExpiry(cartId);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", where: "CartGateway.armExpiry", cartId, error: String(error) }));
    }
    c.set("durableObjectMs", c.var.durableObjectMs + (performance.now() - started));
  }

  /** Hands a stale cart to its object, which expires it if it is still unchanged (the scheduled sweep). */
  expire(cartId: number): Promise<ExpiryOutcome> {
    return this.stub(cartId).expire(cartId);
  }
}
