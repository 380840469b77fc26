/**
 * One Durable Object per cart: the only writer of that cart's rows.
 *
 * - Serializes the cart's changes explicitly (a promise queue): input gates
 *   do not hold while awaiting D1, so without it two changes could interleave.
 * - Keeps the cart in memory after the first load, behind the order's
 *   `version`: each change reads the version in its first batch (a write by
 *   anyone else makes it read the cart again) and its write applies only at
 *   that version, so the copy is never used stale (change-reads.ts).
 * - Runs its operations on the runner (runner.ts). An item change
 *   (item-change.ts) is `warmItemChange` when the object holds the cart, its
 *   checkout row, its variants' data and the channel's context (no key, no
 *   `If-Match`): one D1 round trip, no reads, computed from memory and
 *   written in one atomic batch whose guard fails it unless everything it
 *   was computed from is still current (change-guard.ts), together with the
 *   changes queued right behind it (group commit, `followersOf`); when it
 *   declines, nothing was written and the change goes on as
 *   `coldItemChange`: two round trips, one batch of reads (the caller's
 *   token check, the versions, current catalogue data and pricing context,
 *   the cart itself when cold, and an id reservation when the id block runs
 *   low), then one atomic batch with exactly the rows that changed. The
 *   reply leaves after commit. Only when another writer changed the cart
 *   does a change take one round trip more (it runs again on the cart read
 *   anew).
 * - Expires the cart: its alarm is set when the cart is created and moved on
 *   by every committed change; when it rings, a cart still unchanged for the
 *   `CART_TTL` period is deleted as `DELETE /api/v1/carts/{id}` deletes it.
 */
import { DurableObject } from "cloudflare:workers";
import { REFUSAL_STATUS, refuse } from "./refusal";
import { reservedRange, reserveIdsQuery, type PricingSetup } from "../data/carts/cart-store";
import { expireCartQueries, expiredAddressesQuery } from "../data/carts/cart-expiry";
import { expiredCartEventInsert } from "../data/carts/cart-events";
import { cartExpired } from "../domain/events/lifecycle";
import { namedBatch } from "../data/batch";
import { done, errorReply, isRefusal, OperationRun, type Caller, type CartReply } from "./operation";
import { createDatabase, type Database } from "../data/db";
import { D1Meter, MeteredD1, withEventListener } from "../data/metered-d1";
import { publishEvents } from "../data/webhook-dispatch";
import { delayedD1, parseLatency, type Latency } from "../data/simulated-latency";
import { addressIdsOf, deleteCartOperation } from "./delete-cart";
import { runOperation } from "./runner";
import { IdsExhausted, type IdSource } from "../domain/cart/cart-change";
import type { CartState } from "../domain/cart/state";
import { cartTtlSeconds, expiryCutoff } from "./cart-ttl";
import { runCheckoutMethods, runCheckoutStep, type CheckoutHolding, type CheckoutMethods, type CheckoutRead, type CheckoutStep } from "./checkout-step";
import type { IdPool } from "./id-pool";
import {
  CartChanged,
  CHANGED_MEANWHILE,
  coldItemChange,
  ID_BLOCK,
  noOwnReads,
  WarmDeclined,
  warmItemChange,
  type AddedItem,
  type HeldCheckout,
  type HeldVariants,
  type ItemChange,
  type ItemHost,
  type QueuedChange,
} from "./item-change";
import { runOrderStep, type OrderStep } from "./order-lifecycle";

export type { AddedItem };

/**
 * What asking the object to expire its cart did: deleted it, kept it (changed
 * within the period: the alarm now rings when that period ends), or found no
 * cart to expire (deleted already, or no longer a cart).
 */
export type ExpiryOutcome = "expired" | "kept" | "gone";

/** The storage key of the cart id, which `alarm()` (called without arguments) needs. */
const CART_ID_KEY = "cartId";

/** The earliest a kept cart's alarm may ring again: never a tight loop of alarms, whatever the stored times say. */
const MIN_REARM_MS = 60_000;

/** Changes written by one batch at most: the queue's head and those right behind it. */
const MAX_GROUP = 32;

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

  addItem(cartId: number, caller: Caller | null, variantCode: string | null, quantity: number | null): Promise<CartReply<AddedItem | null>> {
    return this.logged(caller, cartId, "addItem", () => this.operate(caller, (run) => this.applyChange(run, cartId, { kind: "add", variantCode, quantity })));
  }

  changeItem(cartId: number, caller: Caller | null, itemId: number, quantity: number | null): Promise<CartReply<AddedItem | null>> {
    return this.logged(caller, cartId, "changeItem", () => this.operateQueued(caller, cartId, { kind: "change", itemId, quantity }));
  }

  removeItem(cartId: number, caller: Caller | null, itemId: number): Promise<CartReply<AddedItem | null>> {
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
  private operateQueued(caller: Caller | null, cartId: number, op: QueuedChange["op"]): Promise<CartReply<AddedItem | null>> {
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
    if (this.keysInFlight.has(id)) return errorReply(refuse.keyInFlight(), new D1Meter(), caller);
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
    return this.serialize(() => this.expireNow(cartId, "cron"));
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
      await this.expireNow(cartId, "expiry");
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
   * An item change on the runner (item-change.ts): warm (`warmItemChange`:
   * no reads, one round trip, a write guarded by everything it was computed
   * from, with the `followers` queued behind it, see `followersOf`) when the
   * object holds enough and the caller needs no reads of its own; otherwise,
   * or when the warm form declines (nothing written, the caller's checks
   * handed back), in the same run, `coldItemChange`: reads first, then the
   * guarded write.
   */
  private async applyChange(run: OperationRun, cartId: number, change: ItemChange, followers: readonly QueuedChange[] = []): Promise<CartReply<AddedItem | null>> {
    const host = this.itemHost();
    if (change.kind !== "add" && noOwnReads(run.caller)) {
      const warm = warmItemChange(host, cartId, change, run.caller, followers);
      try {
        const reply = await runOperation(run, warm.operation);
        this.answerGroup(warm.written(), reply.bookmark);
        return reply;
      } catch (error) {
        if (!(error instanceof WarmDeclined)) throw error;
      }
    }
    return runOperation(run, coldItemChange(host, cartId, change, run.caller));
  }

  /** The followers a warm batch wrote: each answers a 204 with the batch's bookmark, no round trip of its own. */
  private answerGroup(group: readonly QueuedChange[], bookmark: string | null): void {
    for (const follower of group) {
      const shared = new D1Meter();
      shared.reached(bookmark);
      follower.reply = done(204, null, shared);
    }
    this.waiting = this.waiting.filter((queued) => !group.includes(queued));
  }

  /** What the item changes use of this object (item-change.ts). */
  private itemHost(): ItemHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the host's getters read the object's fields at each use
    const object = this;
    return {
      get cart() {
        return object.cart;
      },
      get version() {
        return object.cartVersion;
      },
      get checkout() {
        return object.checkout;
      },
      get variants() {
        return object.heldVariants;
      },
      hold: (cart, version, checkout, variants) => {
        this.hold(cart, version, checkout);
        this.heldVariants = variants;
      },
      forget: () => {
        this.forget();
      },
      idsLeft: () => this.idsLeft(),
      reserved: (rows, count) => {
        this.ids = reservedRange(rows, count);
      },
      withIds: (db, work) => this.withIds(db, work),
      withHeldIds: (work) => this.withHeldIds(work),
      idsUsed: (next) => {
        this.ids.next = next;
      },
      armAfterChange: (cartId) => this.armAfterChange(cartId),
    };
  }
  private withHeldIds<T>(work: (ids: IdSource) => T): (T & { idsNext: number }) | null {
    const { cursor, source } = this.idSource();
    try {
      return { ...work(source), idsNext: cursor.next };
    } catch (error) {
      if (error instanceof IdsExhausted) return null;
      throw error;
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
   * changed" can disagree with it. Its `cart.expired` (actor: `system`, the
   * alarm's `expiry` or the sweep's `cron`) comes first in that batch, under
   * the delete's own WHERE: written exactly when the cart is deleted.
   */
  private async expireNow(cartId: number, system: "expiry" | "cron"): Promise<ExpiryOutcome> {
    const db = this.database(new D1Meter());
    const cutoff = expiryCutoff(Date.now(), this.ttlMs / 1000);
    const { expired, left } = await namedBatch(db, { event: expiredCartEventInsert(db, cartExpired(cartId, system), cartId, cutoff), ...expireCartQueries(db, cartId, cutoff) });
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
      this.operate(caller, (run) => runCheckoutStep(run, cartId, step, this.checkoutHolding(cartId, run.db))),
    );
  }

  /** The methods a checkout step may choose from (GET select-shipping / select-payment). */
  checkoutMethods(cartId: number, caller: Caller | null, what: CheckoutRead): Promise<CartReply<CheckoutMethods>> {
    return this.logged(caller, cartId, `checkout:${what}`, () =>
      this.operate(caller, (run) => runCheckoutMethods(run, cartId, what, this.checkoutHolding(cartId, run.db))),
    );
  }

  /** What a checkout operation gets of this object, as it is when the operation's turn comes. */
  private checkoutHolding(cartId: number, db: Database): CheckoutHolding {
    return {
      held: this.cart !== null && this.cart.id === cartId ? this.cart : null,
      ids: this.idPool(db),
      // A step's own writes move the version more than once: the next change reads the cart again.
      hold: (cart) => {
        this.hold(cart);
      },
      restartExpiry: () => this.armAfterChange(cartId),
      placed: async () => {
        this.forget();
        await this.stopExpiry();
      },
    };
  }

  /** This object's reserved ids as an operation takes them (`db`: the operation's, for a reservation it runs short of). */
  private idPool(db: Database): IdPool {
    return {
      toReserve: (wanted) => (this.idsLeft() < wanted ? Math.max(ID_BLOCK, wanted * 2) : 0),
      reserved: (rows, count) => {
        this.ids = reservedRange(rows, count);
      },
      withIds: (work) => this.withIds(db, work),
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


export type { PricingSetup };
export type { Caller, CartKey, CartMetrics, CartReply } from "./operation";
