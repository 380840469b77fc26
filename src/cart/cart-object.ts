/**
 * One Durable Object per cart: the only writer of that cart's rows.
 *
 * - Serializes the cart's changes explicitly (a promise queue): input gates
 *   do not hold while awaiting D1, so without it two changes could interleave.
 * - Keeps the cart in memory after the first load, behind the order's
 *   `version`: each change reads the version in its first batch (a write by
 *   anyone else makes it read the cart again) and its write applies only at
 *   that version, so the copy is never used stale (change-reads.ts).
 * - A warm change (the object holds the cart, its checkout row, its
 *   variants' data and the channel's context; no key, no `If-Match`) is
 *   one D1 round trip: computed from memory and written in one
 *   atomic batch whose first statement fails it unless everything it was
 *   computed from is still current (change-guard.ts); when it fails, nothing
 *   was written and the change goes on as any other. Any other change is
 *   two round trips: one batch of reads
 *   (the caller's token check, the versions, current catalogue data and
 *   pricing context, the cart itself when cold, and an id reservation when
 *   the id block runs low), then one atomic batch with exactly the rows that
 *   changed. The reply leaves after commit. Only when another writer changed
 *   the cart does a change take one round trip more (it runs again on the
 *   cart read anew).
 * - Expires the cart: its alarm is set when the cart is created and moved on
 *   by every committed change; when it rings, a cart still unchanged for the
 *   `CART_TTL` period is deleted as `DELETE /api/v1/carts/{id}` deletes it.
 */
import { DurableObject } from "cloudflare:workers";
import { REFUSAL_STATUS, refuse } from "./refusal";
import { MSG } from "../domain/messages";
import {
  cartStateFrom,
  pricingSetupFrom,
  reserveIdsQuery,
  reservedRange,
  type PricingSetup,
} from "../data/carts/cart-store";
import { addedVariantView, changeContextOf, changeReads, type HeldCart } from "../data/carts/change-reads";
import { cartWriteStatements } from "../data/carts/cart-writer";
import { cartTagPartsFrom, cartTagQueries, type CartTagRows } from "../data/carts/cart-etag";
import { cartEtag } from "../http/resources/carts/etag";
import { expireCartQueries, expiredAddressesQuery } from "../data/carts/cart-expiry";
import { namedBatch } from "../data/batch";
import type { StoredOutcome } from "../data/idempotency";
import { keyInFlight } from "../http/idempotency/keys";
import { done, errorReply, formRefused, isRefusal, nowSeconds, OperationRun, replayedStatus, type Caller, type CartReply } from "./operation";
import { createDatabase, type Database } from "../data/db";
import { D1Meter, MeteredD1, withEventListener } from "../data/metered-d1";
import { publishEvents } from "../data/webhook-dispatch";
import { delayedD1, parseLatency, type Latency } from "../data/simulated-latency";
import { addressIdsOf, deleteCartOperation } from "./delete-cart";
import { runOperation } from "./runner";
import { variantViewsFrom, ViewRefills } from "../data/queries/product-variants";
import { serializeCartItem } from "../http/resources/carts/serializer";

/** An added item as the response shows it. */
export type CartItemBody = ReturnType<typeof serializeCartItem>;
import { cartBlocked, IdsExhausted, planAdd, planChange, planRemove, repriceCart, type ChangeContext, type ChangeErrors, type IdSource, type PlanResult } from "../domain/cart/cart-change";
import type { CartState, VariantInfo } from "../domain/cart/state";
import { cartTtlSeconds, expiryCutoff } from "./cart-ttl";
import { cartLineStatements, checkoutRowAfter, type CartLines, type InsertedLines } from "../data/checkout/checkout-writer";
import type { CheckoutRow } from "../data/checkout/checkout-store";
import { isGuardFailure } from "../data/orders/lifecycle-store";
import { cartLinesOf, checkoutSetup, zonesOf, type CountryZone } from "../domain/cart/checkout-processing";
import { contextOf, forBilling, heldCopy, type ContextRows } from "./pricing-context-cache";
import { keepVariants, latestRead, newestVariants } from "./variant-info-cache";
import { promotionFactQueries, promotionFactsFrom, type FactModes } from "../data/carts/promotion-facts";
import { changeGuardStatement, type ChangeBasis, type HeldCoupon } from "../data/carts/change-guard";
import type { PromotionFacts } from "../domain/pricing";
import { changeFacts, factModes } from "./promotion-facts";
import { readCheckoutMethods, runCheckoutStep, type CartHost, type CheckoutMethods, type CheckoutRead, type CheckoutStep, type StepAnswer } from "./checkout-step";
import { runOrderStep, type OrderStep } from "./order-lifecycle";

type Operation =
  | { kind: "add"; variantCode: string | null; quantity: number | null }
  | { kind: "change"; itemId: number; quantity: number | null }
  | { kind: "remove"; itemId: number };

/**
 * What asking the object to expire its cart did: deleted it, kept it (changed
 * within the period: the alarm now rings when that period ends), or found no
 * cart to expire (deleted already, or no longer a cart).
 */
export type ExpiryOutcome = "expired" | "kept" | "gone";

/** Ids reserved per round trip when the block runs low (more when a change needs more). */
const ID_BLOCK = 10_000;

/** The storage key of the cart id, which `alarm()` (called without arguments) needs. */
const CART_ID_KEY = "cartId";

/** The earliest a kept cart's alarm may ring again: never a tight loop of alarms, whatever the stored times say. */
const MIN_REARM_MS = 60_000;

/**
 * The cart was changed by another writer since the copy this object holds
 * (its version is not the copy's): the change runs again on the cart as
 * read anew (see `operate`).
 */
class CartChanged extends Error {}
const CHANGED_MEANWHILE = "The cart was changed by another request meanwhile; retry the request.";

/** The cart's checkout row and its addresses' zones, as of the held cart's version. */
interface HeldCheckout {
  row: CheckoutRow;
  zones: CountryZone[];
  /**
   * The pricing context's version the zones were read at: zone members are
   * part of the context, whose copy the isolate's objects share, so another
   * cart's object may have moved the copy past the zones this object holds.
   */
  zonesAt: string;
}

/**
 * The data of a cart's variants as its object holds them: the cart version
 * they go with, and `seq`, the isolate's latest read they are as new as
 * (variant-info-cache.ts: a later read by another object is taken instead).
 */
interface HeldVariants {
  version: number;
  byId: ReadonlyMap<number, VariantInfo>;
  seq: number;
}

/** What a change is computed from: read by its first batch, or held (a change without reads). */
interface ChangeInputs {
  cart: CartState;
  variants: VariantInfo[];
  context: ContextRows;
  checkout: HeldCheckout | null;
  facts: PromotionFacts;
}

/** A change decided and repriced, to be written. */
interface ComputedChange {
  after: CartState;
  itemId: number;
  checkoutRow: CheckoutRow | undefined;
  lines: CartLines | null;
}

/**
 * A quantity change or removal waiting in the object's queue, which the
 * change queued right before it may write in its own batch (group commit:
 * see `followersOf`). `reply` is set once a group wrote it.
 */
interface QueuedChange {
  /** Its place in the order of every call of the object's queue (`serialize`). */
  seq: number;
  cartId: number;
  op: Extract<Operation, { kind: "change" | "remove" }>;
  caller: Caller | null;
  reply: CartReply<null> | null;
}

/** Changes written by one batch at most: the queue's head and those right behind it. */
const MAX_GROUP = 32;

/**
 * Whether a change needs no reads of its own (no key to look up and record,
 * no `If-Match` to compare with the tag's rows): it may then be written
 * without reading first, and in another change's batch.
 */
const noOwnReads = (caller: Caller | null): boolean => !caller?.idempotency && typeof caller?.ifMatch !== "string";

/** The variants of `cart` that `op` leaves in it, from `byId` (null when one is not there). */
function variantsAfter(cart: CartState, op: Operation, byId: ReadonlyMap<number, VariantInfo>): VariantInfo[] | null {
  const variants = cart.items.filter((item) => op.kind !== "remove" || item.id !== op.itemId).map((item) => byId.get(item.variantId));
  return variants.every((v): v is VariantInfo => v !== undefined) ? variants : null;
}

/** The stock a change checks: the item's variant and the quantity it must have available, when the quantity grows (planChange). */
function stockNeededBy(cart: CartState, op: Operation): { variantId: number; quantity: number } | null {
  if (op.kind !== "change" || op.quantity === null) return null;
  const item = cart.items.find((i) => i.id === op.itemId);
  return item && op.quantity > item.quantity ? { variantId: item.variantId, quantity: op.quantity } : null;
}

/** The checkout row's coupon as the change prices with it (null: none). */
function heldCoupon(row: CheckoutRow): HeldCoupon | null {
  if (row.couponId === null) return null;
  return {
    id: row.couponId,
    code: row.couponCode,
    promotionId: row.couponPromotionId,
    usageLimit: row.couponUsageLimit,
    // Counted as checkoutSetup counts it.
    used: row.couponUsed ?? 0,
    expiresAt: row.couponExpiresAt,
  };
}

/** The checkout row has an address: its zones (a function of the context's zone members) take part in pricing. */
const addressed = (row: CheckoutRow): boolean => row.shippingAddressId !== null || row.billingAddressId !== null;

/** Whether the channel's promotions read facts (read in the first batch: a change then reads first). */
const factsRead = (modes: FactModes): boolean => modes.productTaxons !== 0 || modes.customerGroup !== 0 || modes.placedOrders !== 0;

export class CartObject extends DurableObject<Env> {
  private cart: CartState | null = null;
  /**
   * The order's `version` the copy in `cart` is of (null: not known, e.g.
   * after a checkout step: the next change reads the cart again). Every
   * change reads the current version in its first batch and writes only if
   * it is still this one (cart-writer.ts), so a write by anyone else is seen.
   */
  private cartVersion: number | null = null;
  /** The checkout row and zones of the cart at `cartVersion` (null: the next change reads them). */
  private checkout: HeldCheckout | null = null;
  /** The data of the cart's variants its last change was priced with, and the cart version that change wrote. */
  private heldVariants: HeldVariants | null = null;
  private ids = { next: 1, last: 0 };
  private queue: Promise<unknown> = Promise.resolve();
  /** Calls put in the queue so far (each call's `seq`). */
  private arrivals = 0;
  /** Quantity changes and removals queued and not yet run or written by a group, in arrival order. */
  private waiting: QueuedChange[] = [];
  /** The period after which an unchanged cart expires (`CART_TTL`). */
  private readonly ttlMs: number;
  /** The cart id known to be in storage under CART_ID_KEY (saves rewriting it). */
  private storedCartId: number | null = null;
  /** Whether this object's alarm is set (null: not looked up since the object started). */
  private alarmSet: boolean | null = null;
  /** Idempotency keys of changes queued or running here: a second request with one of them is a 409 at once. */
  private readonly keysInFlight = new Set<string>();

  /** The latency model's delays (`BENCH_LATENCY`: development only), or null. */
  private readonly latency: Latency | null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ttlMs = cartTtlSeconds(env.CART_TTL) * 1000;
    this.latency = parseLatency(env.BENCH_LATENCY);
  }

  /** This object's D1 binding, read from `env` at each use (with the latency model's delay when set). */
  private get d1(): D1Database {
    const database = this.latency ? delayedD1(this.env.DB, this.latency.objectD1) : this.env.DB;
    // The events this object's writes commit go to the webhook queue (ids only), kept running by the object's context.
    return withEventListener(database, (ids) => this.ctx.waitUntil(publishEvents(this.env.EVENTS_QUEUE, ids)));
  }

  /** Runs operations on this cart one at a time, in arrival order. */
  private serialize<T>(operation: () => Promise<T>): Promise<T> {
    this.arrivals += 1;
    const result = this.queue.then(operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  addItem(cartId: number, caller: Caller | null, variantCode: string | null, quantity: number | null): Promise<CartReply<CartItemBody | null>> {
    return this.logged(caller, cartId, "addItem", () => this.operate(caller, (run) => this.applyChange(run, cartId, { kind: "add", variantCode, quantity })));
  }

  changeItem(cartId: number, caller: Caller | null, itemId: number, quantity: number | null): Promise<CartReply<CartItemBody | null>> {
    return this.logged(caller, cartId, "changeItem", () => this.operateQueued(caller, cartId, { kind: "change", itemId, quantity }));
  }

  removeItem(cartId: number, caller: Caller | null, itemId: number): Promise<CartReply<CartItemBody | null>> {
    return this.logged(caller, cartId, "removeItem", () => this.operateQueued(caller, cartId, { kind: "remove", itemId }));
  }

  /**
   * A quantity change or removal, in the queue. Changes that wait behind
   * one another (a client sending several at once, eight clients on one
   * cart) are written together: when its turn comes, a change takes the
   * ones queued right behind it into its own warm batch (one round trip for
   * all), and they answer at their turn with what that batch wrote. A change
   * a group did not take runs on its own, as before.
   */
  private operateQueued(caller: Caller | null, cartId: number, op: QueuedChange["op"]): Promise<CartReply<CartItemBody | null>> {
    if (!noOwnReads(caller)) return this.operate(caller, (run) => this.applyChange(run, cartId, op));
    // `serialize` (called by `operate` below, synchronously) counts this call as the next arrival.
    const entry: QueuedChange = { seq: this.arrivals + 1, cartId, op, caller, reply: null };
    this.waiting.push(entry);
    return this.operate(caller, async (run) => {
      this.waiting = this.waiting.filter((queued) => queued !== entry);
      return entry.reply ?? this.applyChange(run, cartId, op, this.followersOf(entry));
    });
  }

  /**
   * The changes queued right behind `leader` that its batch may write: each
   * the very next call of the queue (nothing else in between, so the order
   * of writes stays the order of arrival), of the same cart, without key or
   * `If-Match`, and whose token, if the object checks it, is the leader's
   * (the batch's guard checks one token).
   */
  private followersOf(leader: QueuedChange): QueuedChange[] {
    const token = leader.caller?.tokenHash ?? null;
    const followers: QueuedChange[] = [];
    let seq = leader.seq;
    for (const next of this.waiting) {
      if (followers.length + 1 >= MAX_GROUP || next.seq !== seq + 1 || next.cartId !== leader.cartId) break;
      const nextToken = next.caller?.tokenHash ?? null;
      if (nextToken !== null && (nextToken !== token || (next.caller?.scope ?? null) !== (leader.caller?.scope ?? null))) break;
      followers.push(next);
      seq = next.seq;
    }
    return followers;
  }

  /** Runs a keyed call unless one with the same key is queued or running here (then 409 at once). */
  private async once<B>(caller: Caller | null, run: () => Promise<CartReply<B>>): Promise<CartReply<B>> {
    const keyed = caller?.idempotency;
    if (!keyed) return run();
    const id = `${keyed.tokenHash}\n${keyed.request.key}`;
    if (this.keysInFlight.has(id)) return errorReply(keyInFlight(), new D1Meter(), caller);
    this.keysInFlight.add(id);
    try {
      return await run();
    } finally {
      this.keysInFlight.delete(id);
    }
  }

  deleteCart(cartId: number, caller: Caller | null): Promise<CartReply> {
    return this.logged(caller, cartId, "deleteCart", () => this.operate(caller, (run) => runOperation(run, deleteCartOperation(cartId, () => this.retire()))));
  }

  /**
   * Runs an operation in this object's queue, in a run of its own (its D1
   * connection with the caller's checks, its meter): what it answers, or
   * its refusal as a reply. A failure that is not a refusal leaves the cart's
   * state unknown: the copy in memory is dropped, to be read again.
   */
  private operate<B>(caller: Caller | null, operation: (run: OperationRun) => Promise<CartReply<B>>): Promise<CartReply<B>> {
    return this.serialize(async () => {
      let spent: D1Meter | null = null;
      for (;;) {
        const run = new OperationRun(this.d1, caller);
        if (spent) {
          run.meter.add(spent);
          run.meter.reached(spent.bookmark);
        }
        try {
          return await operation(run);
        } catch (error) {
          // Another writer changed the cart: once more, on the cart read anew (its copy is dropped), with the caller's checks again.
          if (error instanceof CartChanged && spent === null) {
            spent = run.meter;
            continue;
          }
          // Changed by another writer again: nothing was written; the caller may retry (a 409, like any race).
          if (error instanceof CartChanged) return errorReply(refuse.conflict(CHANGED_MEANWHILE), run.meter, caller);
          if (!isRefusal(error)) {
            this.forget();
            this.ids = { next: 1, last: 0 };
          }
          return errorReply(error, run.meter, caller);
        }
      }
    });
  }

  /** Holds `cart` as of `version` (null: unknown), with its checkout row and zones when known. */
  private hold(cart: CartState | null, version: number | null = null, checkout: HeldCheckout | null = null): void {
    this.cart = cart;
    this.cartVersion = cart ? version : null;
    this.checkout = cart && version !== null ? checkout : null;
  }

  /** Drops the copy of the cart: the next operation reads it. */
  private forget(): void {
    this.hold(null);
  }

  /** What this object holds of cart `cartId` for a change's reads (null: nothing usable). */
  private heldFor(cartId: number, op: Operation): HeldCart | null {
    const cart = this.cart;
    if (!cart || cart.id !== cartId || this.cartVersion === null) return null;
    const row = this.checkout?.row;
    return {
      version: this.cartVersion,
      channelCode: cart.channelCode,
      localeCode: cart.localeCode,
      // A removed item's variant plays no part in the repricing.
      variantIds: cart.items.filter((item) => op.kind !== "remove" || item.id !== op.itemId).map((item) => item.variantId),
      checkoutHeld: row !== undefined,
      couponId: row?.couponId ?? null,
      addressed: row !== undefined && addressed(row),
      zonesAt: this.checkout?.zonesAt ?? "",
    };
  }

  /**
   * Writes the object's line for a call of a logged request, with the
   * request's id; its duration counts the wait in the queue, which the
   * worker's line alone cannot tell apart from the work.
   */
  private async logged<B>(caller: Caller | null, cartId: number, operation: string, call: () => Promise<CartReply<B>>): Promise<CartReply<B>> {
    const started = performance.now();
    const result = await this.once(caller, call);
    if (caller?.log) {
      const { roundTrips: d1RoundTrips, rowsRead, rowsWritten } = result.metrics;
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const status = result.outcome === "form" ? 400 : result.outcome === "rejected" ? REFUSAL_STATUS[result.refusal.kind] : result.status;
      console.log(JSON.stringify({ level: "info", where: "CartObject", requestId: caller.requestId, cartId, operation, status, durationMs, d1RoundTrips, rowsRead, rowsWritten }));
    }
    return result;
  }

  /** Starts the expiry period of a cart just created (its first alarm). */
  armExpiry(cartId: number): Promise<void> {
    return this.serialize(() => this.setExpiry(cartId, Date.now() + this.ttlMs));
  }

  /**
   * Expires the cart now if it has been unchanged for the whole period (the
   * scheduled sweep's call, for carts whose alarm was never set); otherwise
   * sets the alarm for the end of its period.
   */
  expire(cartId: number): Promise<ExpiryOutcome> {
    return this.serialize(() => this.expireNow(cartId));
  }

  /**
   * Stops the expiry of a cart that stops being a cart (placing the order):
   * its alarm is removed; a change committed later sets it again.
   */
  cancelExpiry(): Promise<void> {
    return this.serialize(() => this.stopExpiry());
  }

  /**
   * The cart's period is up. A throw (D1 unreachable) makes the runtime retry
   * the alarm with backoff; should every retry fail, the sweep finds the cart.
   */
  override async alarm(): Promise<void> {
    await this.serialize(async () => {
      // It has rung: whether another is due is for expireNow (or a retry) to settle.
      this.alarmSet = null;
      const cartId = await this.ctx.storage.get<number>(CART_ID_KEY);
      if (cartId === undefined) return;
      await this.expireNow(cartId);
    });
  }

  /** For tests and diagnostics: the in-memory copy (null when cold). */
  snapshot(): CartState | null {
    return this.cart ? structuredClone(this.cart) : null;
  }

  /** A drizzle database over this object's D1, counted by `meter` (work outside an operation: expiry). */
  private database(meter: D1Meter): Database {
    return createDatabase(new MeteredD1(this.d1, meter));
  }

  /**
   * An item change. Warm (the object holds the cart, its variants' data and
   * the channel's context): one round trip, a write guarded by everything it
   * was computed from (`writeWithoutReading`). Otherwise, or when that guard
   * finds something moved: read (the caller's checks first), decide,
   * reprice, guarded write. `followers`: changes queued behind it that the
   * warm batch may write too (`followersOf`).
   */
  private async applyChange(run: OperationRun, cartId: number, op: Operation, followers: readonly QueuedChange[] = []): Promise<CartReply<CartItemBody | null>> {
    const written = await this.writeWithoutReading(run, cartId, op, followers);
    return written ?? this.readThenWrite(run, cartId, op);
  }

  /**
   * A change or a removal computed from what the object holds, written in one
   * batch whose first statement checks that all of it is still current
   * (change-guard.ts: the cart's version, the context's version, each
   * variant's data, the coupon, the caller's token). Null when the object does not hold
   * enough to try (a cold object, an add, a keyed or conditional request,
   * promotion facts, ids running low), when the held data refuse the
   * change (data read anew decide that), or when the guard failed: nothing
   * was written, and the caller's checks are handed back for the read.
   *
   * `followers` (queued right behind it, see `followersOf`) are computed in
   * turn, each from the cart the one before left, as far as each is accepted
   * from the held data; the batch writes the cart as the last of them leaves
   * it, guarded as one change (every variant the first one priced, the
   * stock of each variant whose quantity grows), and each follower
   * written gets its reply: a 204 with the batch's bookmark and no round trip
   * of its own.
   */
  private async writeWithoutReading(run: OperationRun, cartId: number, op: Operation, followers: readonly QueuedChange[] = []): Promise<CartReply<null> | null> {
    const { db, caller, meter } = run;
    const held = this.heldInputs(cartId, op, caller);
    if (!held) return null;
    const { inputs, version, contextVersion, byId, seq } = held;
    const { cart, checkout } = inputs;
    const now = new Date().toISOString();
    const steps = this.withHeldIds((ids) => ({ result: this.computeSteps(inputs, op, followers, byId, ids, now) }));
    if (!steps?.result) return null;
    const { computed, stockNeeded, written: group } = steps.result;
    const checks = run.takeChecks();
    const basis: ChangeBasis = {
      cartId,
      version,
      contextVersion,
      channelCode: cart.channelCode,
      localeCode: cart.localeCode,
      variants: inputs.variants,
      stockNeeded,
      coupon: heldCoupon(checkout.row),
      // A follower's token (the leader's, see followersOf) is checked even when the leader's own check ran already.
      tokenHash: checks || group.some((f) => f.caller?.tokenHash) ? (caller?.tokenHash ?? null) : null,
      scope: caller?.scope ?? null,
      nowSeconds: nowSeconds(),
    };
    let written;
    try {
      written = await run.write({ status: 204, resource: null }, { guard: changeGuardStatement(db, basis), ...this.changeStatements(db, cart, version, computed, now) });
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
      run.restoreChecks(checks);
      return null;
    }
    this.ids.next = steps.idsNext;
    await this.committed(cartId, computed, version, checkout, { byId, seq }, written.written.lines);
    for (const follower of group) {
      const shared = new D1Meter();
      shared.reached(meter.bookmark);
      follower.reply = done(204, null, shared);
    }
    this.waiting = this.waiting.filter((queued) => !group.includes(queued));
    return done(204, null, meter);
  }

  /**
   * `op` computed from the held inputs, then each follower in turn from the
   * cart the one before left, up to the first the held data do not accept
   * (a refusal, an unknown item) or whose checkout row the write has yet to
   * make (a shipment or payment inserted). The last cart, to be written over
   * the held one (its checkout lines from the held row), the quantity each
   * variant whose quantity grows needs available (the highest of the steps),
   * and the followers it includes; null when `op` itself is not accepted.
   */
  private computeSteps(
    inputs: ChangeInputs,
    op: Operation,
    followers: readonly QueuedChange[],
    byId: ReadonlyMap<number, VariantInfo>,
    ids: IdSource,
    now: string,
  ): { computed: ComputedChange; stockNeeded: Map<number, number>; written: QueuedChange[] } | null {
    const first = this.compute(inputs, op, ids, now);
    if (!("after" in first)) return null;
    let last = first;
    let checkout = inputs.checkout;
    const stockNeeded = new Map<number, number>();
    const need = (needed: { variantId: number; quantity: number } | null) => {
      if (needed) stockNeeded.set(needed.variantId, Math.max(needed.quantity, stockNeeded.get(needed.variantId) ?? 0));
    };
    need(stockNeededBy(inputs.cart, op));
    const written: QueuedChange[] = [];
    for (const follower of followers) {
      if (checkout && last.lines) {
        const row = checkoutRowAfter(checkout.row, last.lines, {}, last.after.total);
        if (!row) break;
        checkout = { ...checkout, row };
      }
      const variants = variantsAfter(last.after, follower.op, byId);
      if (!variants) break;
      const next = this.compute({ ...inputs, cart: last.after, variants, checkout }, follower.op, ids, now);
      if (!("after" in next)) break;
      need(stockNeededBy(last.after, follower.op));
      last = next;
      written.push(follower);
    }
    // The batch writes from the held cart and checkout row: its lines' statements compare with that row.
    return { computed: { ...last, checkoutRow: first.checkoutRow }, stockNeeded, written };
  }

  /**
   * What the object holds to make `op` without reading first (the cart at a
   * known version with its checkout row, its variants' data, the channel's
   * context), or null when it holds too little or the change needs a read
   * anyway (an add, a key, `If-Match`, promotion facts).
   */
  private heldInputs(cartId: number, op: Operation, caller: Caller | null) {
    const { cart, cartVersion: version, checkout, heldVariants: variants } = this;
    if (op.kind === "add" || !cart || cart.id !== cartId || version === null || !checkout || variants?.version !== version) return null;
    if (!noOwnReads(caller)) return null;
    const context = heldCopy(cart);
    if (!context || factsRead(factModes(context))) return null;
    // Zones read under another context than the copy's (see HeldCheckout) are read again first.
    if (addressed(checkout.row) && checkout.zonesAt !== context.version) return null;
    // Each variant as last read in the isolate, when another cart's object read it after this one.
    const seq = latestRead();
    const byId = newestVariants(cart, variants.byId, variants.seq);
    const needed = variantsAfter(cart, op, byId);
    if (!needed) return null;
    const inputs: ChangeInputs & { checkout: HeldCheckout } = { cart, variants: needed, context, checkout, facts: promotionFactsFrom({}) };
    return { inputs, version, contextVersion: context.version, byId, seq };
  }

  /** The change as a read-first round trip, then the guarded write. */
  private async readThenWrite(run: OperationRun, cartId: number, op: Operation): Promise<CartReply<CartItemBody | null>> {
    const { db, caller, meter } = run;
    const held = this.heldFor(cartId, op);
    const wantedIds = op.kind === "add" || op.kind === "change" ? (op.quantity ?? 0) * 4 + 64 : 16;
    const reserve = this.idsLeft() < wantedIds ? Math.max(ID_BLOCK, wantedIds * 2) : 0;
    const addCode = op.kind === "add" ? op.variantCode : null;
    // The channel's context as last read (in this isolate): its queries read nothing while its stamp is current.
    const heldContext = heldCopy(this.cart !== null && this.cart.id === cartId ? this.cart : null);
    // Promotion facts (customer group, placed orders, products' taxons): only those the channel's promotions read.
    const modes = factModes(heldContext);

    // One round trip: everything the change needs, after the caller's checks (the id reservation checks the token itself).
    const read = await run.read(
      {
        // The stamp, the context, the variants, and what the object does not hold of the cart (change-reads.ts).
        ...changeReads(db, cartId, addCode ?? "", held, heldContext?.version ?? ""),
        // The added variant as the response shows it (the variant list's loader).
        addedView: addCode !== null ? addedVariantView.bind(db, { code: addCode }) : undefined,
        reserved: reserve ? reserveIdsQuery(db, reserve, caller?.tokenHash ?? undefined, caller?.scope ?? null) : undefined,
        // What the cart's tag is made of, to compare If-Match with (only then: it reads every item's variant view).
        tagged: typeof caller?.ifMatch === "string" ? cartTagQueries(db, cartId) : undefined,
        ...promotionFactQueries(db, cartId, addCode, modes),
      },
      { writesGuarded: true },
    );
    if (read.reserved) this.ids = reservedRange(read.reserved, reserve);
    const stamp = read.stamp[0];
    const loaded = read.cart ? cartStateFrom(read.cart) : held ? this.cart : null;
    if (!stamp || stamp.state !== "cart" || !loaded || loaded.id !== cartId) {
      this.forget();
      throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
    }
    if (held && stamp.cartVersion !== held.version) {
      // Written by someone else since: read it again (see operate).
      this.forget();
      throw new CartChanged();
    }
    const cart = loaded;
    const version = stamp.cartVersion;
    // Views this read built (none stored for the variant's version) are stored by the change's write batch.
    const refills = new ViewRefills();
    const addedViews = read.addedView ? variantViewsFrom(read.addedView, refills) : [];
    const replayed = run.replay();
    if (replayed) return replayOf(replayed, cart, addedViews, meter);
    if (read.tagged) {
      const tag = await tagFor(cart, op, read.tagged, refills);
      if (tag !== undefined) run.checkIfMatch(tag);
    }
    const variants = read.variants;
    const channelContext = contextOf(heldContext, stamp, changeContextOf(read));
    const checkout = this.checkoutOf(read, stamp.version);
    const facts = await changeFacts(db, read, modes, channelContext, cartId, addCode);
    const now = new Date().toISOString();

    // The cart as read is held from here, whatever the change decides, with its variants' data as read.
    this.hold(cart, version, checkout);
    this.heldVariants = { version, byId: new Map(variants.map((v) => [v.id, v])), seq: keepVariants(cart, variants) };
    const computed = await this.withIds(db, (ids) => this.compute({ cart, variants, context: channelContext, checkout, facts }, op, ids, now));
    if ("notFound" in computed) throw refuse.notFound(`Cart item with id ${op.kind === "add" ? "" : op.itemId} does not exist in cart ${cartId}.`);
    if ("errors" in computed) return formRefused(computed.errors, meter);
    const outcome = op.kind === "add" ? { status: 201, resource: String(computed.itemId) } : { status: 204, resource: null };
    let written;
    try {
      // The key's record goes first (see OperationRun.write); the totals' statement checks the version read above.
      written = await run.write(outcome, { ...this.changeStatements(db, cart, version, computed, now), views: refills.statements(db) });
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
      // Written by someone else between the read and the write: nothing of this change was written.
      this.forget();
      throw new CartChanged();
    }
    await this.committed(cartId, computed, version, checkout, this.heldVariants, written.written.lines);

    if (op.kind === "add") {
      const item = computed.after.items.find((i) => i.id === computed.itemId);
      if (!item) throw new Error(`Item ${computed.itemId} missing after the add`);
      const views = new Map(addedViews.map((view) => [view.row.id, view]));
      return done(201, serializeCartItem(item, cartId, views), meter);
    }
    return done(204, null, meter);
  }

  /** The rows of a computed change (the totals' statement checks `version`), and its checkout lines when the cart has a checkout row. */
  private changeStatements(db: Database, cart: CartState, version: number, computed: ComputedChange, now: string) {
    const row = computed.checkoutRow;
    return {
      written: cartWriteStatements(db, cart, computed.after, now, version),
      // The cart's shipment and payment follow the recalculation; the checkout state stays (Sylius 1.8 resets nothing on an item change).
      lines: row && computed.lines ? cartLineStatements(db, cart.id, cart.currencyCode, row, computed.lines, now) : undefined,
    };
  }

  /**
   * After a change committed: the object holds the cart as written (its
   * version one up), its checkout row as the line statements left it (with
   * the ids they inserted), and the variants' data it was priced with.
   */
  private async committed(
    cartId: number,
    computed: ComputedChange,
    version: number,
    checkout: HeldCheckout | null,
    variants: Pick<HeldVariants, "byId" | "seq">,
    inserted: InsertedLines | undefined,
  ): Promise<void> {
    const { after, lines } = computed;
    const row = checkout && lines ? checkoutRowAfter(checkout.row, lines, inserted ?? {}, after.total) : null;
    // The write raised the version by one (cart-writer.ts' totals).
    this.hold(after, version + 1, checkout && row ? { ...checkout, row } : null);
    this.heldVariants = { version: version + 1, byId: variants.byId, seq: variants.seq };
    await this.armAfterChange(cartId);
  }

  /** `work` with the reserved ids, or null when they would run out (the read-first path reserves more). */
  private withHeldIds<T>(work: (ids: IdSource) => T): (T & { idsNext: number }) | null {
    const { cursor, source } = this.idSource();
    try {
      return { ...work(source), idsNext: cursor.next };
    } catch (error) {
      if (error instanceof IdsExhausted) return null;
      throw error;
    }
  }

  /**
   * The checkout row and zones of a change: as read (a cold cart, or after a
   * checkout step), else the held ones
   * with the coupon as read now, and the zones read again when the context
   * (zone members) moved since they were read. `contextVersion`: the
   * version the batch read, which the zones are of from here.
   */
  private checkoutOf(read: { checkout?: CheckoutRow[]; zones?: CountryZone[]; coupon?: HeldCoupon[] }, contextVersion: string): HeldCheckout | null {
    if (read.checkout) {
      const row = read.checkout[0];
      return row ? { row, zones: read.zones ?? [], zonesAt: contextVersion } : null;
    }
    const held = this.checkout;
    if (!held) return null;
    let row = held.row;
    if (read.coupon) {
      const coupon = read.coupon[0];
      row = {
        ...row,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        couponPromotionId: coupon?.promotionId ?? null,
        couponUsageLimit: coupon?.usageLimit ?? null,
        couponUsed: coupon?.used ?? null,
        couponExpiresAt: coupon?.expiresAt ?? null,
      };
    }
    // Read again (changeReads) unless they were of this version: an unaddressed cart has none under any version.
    const zones = held.zonesAt !== contextVersion && read.zones ? read.zones : held.zones;
    return { row, zones, zonesAt: contextVersion };
  }

  /** Decides and reprices (pure): the plan's refusal, or the cart after the change with its checkout lines. */
  private compute(inputs: ChangeInputs, op: Operation, ids: IdSource, now: string): Exclude<PlanResult, { plans: unknown }> | ComputedChange {
    const { cart, variants, context: channelContext, checkout } = inputs;
    const checkoutRow = checkout?.row;
    const billingZones = zonesOf(checkout?.zones ?? [], checkoutRow?.billingCountry ?? null, checkoutRow?.billingProvince);
    const loadedSetup = pricingSetupFrom(forBilling(channelContext, billingZones));
    if (!loadedSetup) throw new Error(`Channel of cart ${cart.id} not found`);
    const setup = { ...checkoutSetup(loadedSetup, checkoutRow, checkout?.zones ?? [], now), facts: inputs.facts };
    const byId = new Map(variants.map((v) => [v.id, v]));
    const context: ChangeContext = { channelEnabled: channelContext.context.channel[0]?.enabled ?? false, variants: byId };
    const planned = this.plan(cart, op, variants, context, ids);
    if (!("plans" in planned)) return planned;
    const after = repriceCart(cart, planned.plans, byId, setup, now, ids);
    const lines = checkoutRow ? cartLinesOf(after, checkoutRow, channelContext.paymentMethods) : null;
    return { after, itemId: planned.itemId, checkoutRow, lines };
  }

  private plan(cart: CartState, op: Operation, variants: VariantInfo[], context: ChangeContext, ids: IdSource): PlanResult {
    switch (op.kind) {
      case "add": {
        const variant = op.variantCode === null ? undefined : variants.find((v) => v.code === op.variantCode);
        if (op.variantCode === null || op.quantity === null) {
          // The worker already rejected the fields it could; report what only data can tell, all at once.
          const errors: ChangeErrors = {};
          if (op.variantCode !== null && (!variant || variant.price === null || !variant.enabled || !variant.productEnabled)) {
            errors.variant = [MSG.invalid];
          }
          if (cartBlocked(cart, context)) errors.form = [MSG.invalid];
          return { errors };
        }
        return planAdd(cart, variant, op.quantity, context, ids);
      }
      case "change":
        if (op.quantity === null) {
          if (!cart.items.some((i) => i.id === op.itemId)) return { notFound: true };
          return { errors: cartBlocked(cart, context) ? { form: [MSG.invalid] } : {} };
        }
        return planChange(cart, op.itemId, op.quantity, context, ids);
      case "remove":
        return planRemove(cart, op.itemId);
    }
  }

  /** Runs `work` with the reserved ids; reserves more (one extra round trip) if they run out. */
  private async withIds<T>(db: Database, work: (ids: IdSource) => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const { cursor, source } = this.idSource();
      try {
        const result = work(source);
        this.ids.next = cursor.next;
        return result;
      } catch (error) {
        if (!(error instanceof IdsExhausted) || attempt > 0) throw error;
        const count = Math.max(ID_BLOCK, (cursor.next - this.ids.next) * 2 + 1024);
        const { reserved } = await namedBatch(db, { reserved: reserveIdsQuery(db, count) });
        this.ids = reservedRange(reserved, count);
      }
    }
  }

  /** The reserved ids from the next one on, taken by `source` and counted by `cursor` (this.ids moves only when the caller says). */
  private idSource(): { cursor: { next: number }; source: IdSource } {
    const cursor = { next: this.ids.next };
    const source: IdSource = {
      take: () => {
        if (cursor.next > this.ids.last) throw new IdsExhausted();
        return cursor.next++;
      },
    };
    return { cursor, source };
  }

  private idsLeft(): number {
    return this.ids.last - this.ids.next + 1;
  }

  /**
   * One batch deletes the cart if it is still a cart unchanged since the
   * cutoff (D1 decides, in the same statement) and reads what is left of it.
   * `updated_at` rather than a time kept in this object: every writer of the
   * cart maintains it (the insert, each change), so carts that predate expiry
   * or never reached their object have it too, and no second record of "last
   * changed" can disagree with it.
   */
  private async expireNow(cartId: number): Promise<ExpiryOutcome> {
    const db = this.database(new D1Meter());
    const { expired, left } = await namedBatch(db, expireCartQueries(db, cartId, expiryCutoff(Date.now(), this.ttlMs / 1000)));
    const addressIds = expired.flatMap((cart) => addressIdsOf(cart));
    if (addressIds.length) await namedBatch(db, { addresses: expiredAddressesQuery(db, addressIds) });
    const order = left[0];
    if (expired.length || !order) {
      await this.retire();
      return expired.length ? "expired" : "gone";
    }
    if (order.state !== "cart") {
      // Placed without cancelling: its expiry is over, whatever else the object keeps for the order stays.
      await this.stopExpiry();
      return "gone";
    }
    // Changed within the period: ring when the period since that change ends.
    const due = Date.parse(order.updatedAt) + this.ttlMs;
    await this.setExpiry(cartId, Math.max(Number.isNaN(due) ? Date.now() + this.ttlMs : due, Date.now() + MIN_REARM_MS));
    return "kept";
  }

  /** Sets the alarm to `atMs`, with the cart id the alarm will need. */
  private async setExpiry(cartId: number, atMs: number): Promise<void> {
    if (this.storedCartId !== cartId) {
      await this.ctx.storage.put(CART_ID_KEY, cartId);
      this.storedCartId = cartId;
    }
    await this.ctx.storage.setAlarm(atMs);
    this.alarmSet = true;
  }

  /** No alarm, no stored cart id: the object has no expiry to run. */
  private async stopExpiry(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.delete(CART_ID_KEY);
    this.storedCartId = null;
    this.alarmSet = false;
  }

  /**
   * A committed change restarts the period, without moving the alarm: moving
   * it is a storage write, which the change's reply would wait for (the
   * object's output gate). The alarm rings at the end of the period it was set
   * for, `expireNow` finds the cart changed since (its `updated_at`) and sets
   * it again for the end of the period since that change: the moment a moved
   * alarm would have rung. So only an object without an alarm (a cart older
   * than expiry, or one whose expiry was cancelled) sets one here. The change
   * stands whatever happens here, so a failure is logged, not answered: a
   * cart left without an alarm is found by the sweep.
   */
  private async armAfterChange(cartId: number): Promise<void> {
    try {
      this.alarmSet ??= (await this.ctx.storage.getAlarm()) !== null;
      if (!this.alarmSet) await this.setExpiry(cartId, Date.now() + this.ttlMs);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", where: "CartObject.armAfterChange", cartId, error: String(error) }));
    }
  }

  /**
   * The cart is gone: nothing of it is kept in memory or storage. With this
   * worker's compatibility date (2026-02-24 or later) `deleteAll` removes the
   * alarm as well.
   */
  private async retire(): Promise<void> {
    this.forget();
    this.storedCartId = null;
    await this.ctx.storage.deleteAll();
    this.alarmSet = false;
  }

  // ------------------------------------------------------------------- checkout (checkout-step.ts)

  /** A checkout write (addressing, selections, coupon, completion), serialized with the cart's changes. */
  checkoutStep(cartId: number, caller: Caller | null, step: CheckoutStep): Promise<CartReply> {
    return this.logged(caller, cartId, `checkout:${step.kind}`, () =>
      this.operate(caller, async (run) => answered(run, await runCheckoutStep(this.checkoutHost(), run, cartId, step))),
    );
  }

  /** The methods a checkout step may choose from (GET select-shipping / select-payment). */
  checkoutMethods(cartId: number, caller: Caller | null, what: CheckoutRead): Promise<CartReply<CheckoutMethods>> {
    return this.logged(caller, cartId, `checkout:${what}`, () =>
      this.operate(caller, async (run) => answered(run, await readCheckoutMethods(this.checkoutHost(), run, cartId, what))),
    );
  }

  private checkoutHost(): CartHost {
    return {
      cached: (cartId) => (this.cart !== null && this.cart.id === cartId ? this.cart : null),
      // A step's own writes move the version more than once: the next change reads the cart again.
      keep: (cart) => {
        this.hold(cart);
      },
      reserveCount: (wanted) => (this.idsLeft() < wanted ? Math.max(ID_BLOCK, wanted * 2) : 0),
      reserved: (rows, count) => {
        this.ids = reservedRange(rows, count);
      },
      withIds: (db, work) => this.withIds(db, work),
      armAfterChange: (cartId) => this.armAfterChange(cartId),
      placed: async () => {
        this.forget();
        await this.stopExpiry();
      },
    };
  }

  // ------------------------------------------- the placed order (order-lifecycle.ts)

  /** `PUT /orders/{id}/cancel`. */
  cancelOrder(orderId: number, caller: Caller | null): Promise<CartReply> {
    return this.orderStep(orderId, caller, "cancelOrder", { kind: "cancel" });
  }

  /** `PUT /orders/{orderId}/payments/{paymentId}/complete`. */
  completePayment(orderId: number, caller: Caller | null, paymentId: number): Promise<CartReply> {
    return this.orderStep(orderId, caller, "completePayment", { kind: "pay", paymentId });
  }

  /** `PUT /orders/{orderId}/shipments/{shipmentId}/ship`; `tracking` null when none was sent. */
  shipShipment(orderId: number, caller: Caller | null, shipmentId: number, tracking: string | null): Promise<CartReply> {
    return this.orderStep(orderId, caller, "shipShipment", { kind: "ship", shipmentId, tracking });
  }

  /** A lifecycle step in this object's queue; the order is no cart any more, so no cart copy is kept. */
  private orderStep(orderId: number, caller: Caller | null, operation: string, step: OrderStep): Promise<CartReply> {
    return this.logged(caller, orderId, operation, () =>
      this.operate(caller, (run) => {
        this.forget();
        return runOrderStep(run, orderId, step);
      }),
    );
  }
}


/** A checkout step's answer as the object's reply. */
const answered = <B>(run: OperationRun, answer: StepAnswer<B>): CartReply<B> => done(answer.status, answer.body, run.meter, answer.replayed);

/**
 * The cart's current tag for `If-Match`, from the rows of the change's first
 * batch; undefined when the change would be a 404 anyway (an unknown item):
 * preconditions only matter to a request that could succeed.
 */
async function tagFor(cart: CartState, op: Operation, rows: CartTagRows, refills: ViewRefills): Promise<string | null | undefined> {
  if (op.kind !== "add" && !cart.items.some((item) => item.id === op.itemId)) return undefined;
  const parts = cartTagPartsFrom(rows, refills);
  return parts ? cartEtag(parts) : null;
}

/**
 * A retry's answer: the stored status; an added item is re-rendered from the
 * cart as it is now (gone since: a 404), a change or removal has no body.
 */
function replayOf(outcome: StoredOutcome, cart: CartState, views: ReturnType<typeof variantViewsFrom>, meter: D1Meter): CartReply<CartItemBody | null> {
  if (outcome.resource === null) return done(replayedStatus(outcome.status), null, meter, true);
  const itemId = Number(outcome.resource);
  const item = cart.items.find((i) => i.id === itemId);
  if (!item) throw refuse.notFound(`Cart item with id ${itemId} does not exist in cart ${cart.id}.`);
  const byId = new Map(views.map((view) => [view.row.id, view]));
  return done(replayedStatus(outcome.status), serializeCartItem(item, cart.id, byId), meter, true);
}

export type { PricingSetup };
export type { Caller, CartKey, CartMetrics, CartReply } from "./operation";
