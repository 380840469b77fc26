/**
 * The item changes (`POST /carts/{id}/items`, `PUT|PATCH` and `DELETE
 * /carts/{id}/items/{itemId}`) as operations of the runner (runner.ts), in
 * two forms of the same pipeline:
 *
 * - `coldItemChange`: reads first (the caller's checks, the cart's stamp,
 *   the context, the variants, whatever the object does not hold of the
 *   cart, an id reservation when the block runs low, the cart's tag for
 *   `If-Match`, the promotion facts), then decides, reprices and writes
 *   exactly the rows that changed, guarded by the cart's version. A guard
 *   that finds the cart written by someone else meanwhile is `CartChanged`:
 *   the object runs the change once more, on the cart read anew.
 * - `warmItemChange`: no reads. A quantity change or removal computed from
 *   what the object holds (the cart at a known version with its checkout
 *   row, its variants' data, the channel's context), written in one batch
 *   whose guard (change-guard.ts) checks that all of it is still current and
 *   makes the caller's checks. Changes queued right behind it (`followers`,
 *   group commit) are computed in turn and written by the same batch. When
 *   the held data do not suffice or the guard fails, it is `WarmDeclined`:
 *   nothing was written, and the cold form runs in the same run.
 *
 * The decision is the domain's (`planItemChange`, `repriceCart`); what the
 * object holds and its ids are reached through `ItemHost`.
 */
import { cartStateFrom, pricingSetupFrom, reserveIdsQuery, type reservedRange } from "../data/carts/cart-store";
import { addedVariantView, changeContextOf, changeReads, type HeldCart } from "../data/carts/change-reads";
import { cartWriteStatements } from "../data/carts/cart-writer";
import { cartTagPartsFrom, cartTagQueries } from "../data/carts/cart-etag";
import { changeGuardStatement, type ChangeBasis, type HeldCoupon } from "../data/carts/change-guard";
import { promotionFactQueries, promotionFactsFrom, type FactModes } from "../data/carts/promotion-facts";
import { cartLineStatements, checkoutRowAfter, type CartLines, type InsertedLines } from "../data/checkout/checkout-writer";
import type { CheckoutRow } from "../data/checkout/checkout-store";
import type { Database } from "../data/db";
import { eventInserts } from "../data/events";
import type { NamedResults } from "../data/batch";
import type { StoredOutcome } from "../data/idempotency";
import { isGuardFailure } from "../data/orders/lifecycle-store";
import { variantViewsFrom, ViewRefills, type VariantView } from "../data/queries/product-variants";
import { cartEtag } from "../http/resources/carts/etag";
import { repriceCart, type ChangeContext, type IdSource, type PlanResult } from "../domain/cart/cart-change";
import { cartLinesOf, checkoutSetup, zonesOf, type CountryZone } from "../domain/cart/checkout-processing";
import { planItemChange, stockNeededBy, variantsAfter, type ItemChange } from "../domain/cart/item-change";
import type { CartState, StoredItem, VariantInfo } from "../domain/cart/state";
import type { ChangeActor } from "../domain/events/event";
import { cartFacts, cartUpdated, type CartChange } from "../domain/events/lifecycle";
import type { PromotionFacts } from "../domain/pricing";
import { nowSeconds, replayedStatus, type Caller, type CartReply } from "./operation";
import { contextOf, forBilling, heldCopy, type ContextRows } from "./pricing-context-cache";
import { changeFacts, factModes } from "./promotion-facts";
import { refuse } from "./refusal";
import type { CartOperation } from "./runner";
import { keepVariants, latestRead, newestVariants } from "./variant-info-cache";

export type { ItemChange };

/**
 * An added item as the object answers it (a typed value: the HTTP gateway
 * renders it): the item as the cart holds it, its cart's id, and the view of
 * its variant as the variant list shows it (null when none was read).
 */
export interface AddedItem extends StoredItem {
  cartId: number;
  variant: VariantView | null;
}

/** The cart's checkout row and its addresses' zones, as of the held cart's version. */
export interface HeldCheckout {
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
export interface HeldVariants {
  version: number;
  byId: ReadonlyMap<number, VariantInfo>;
  seq: number;
}

/**
 * A quantity change or removal waiting in the object's queue, which the
 * change queued right before it may write in its own batch (group commit:
 * see `CartObject.followersOf`). `reply` is set once a group wrote it.
 */
export interface QueuedChange {
  /** Its place in the order of every call of the object's queue. */
  seq: number;
  cartId: number;
  op: Extract<ItemChange, { kind: "change" | "remove" }>;
  caller: Caller | null;
  reply: CartReply<null> | null;
}

/** What an item change uses of the object: what it holds of the cart, and its reserved ids. */
export interface ItemHost {
  /** The cart held (null: none). */
  readonly cart: CartState | null;
  /** The order's `version` the held cart is of (null: not known). */
  readonly version: number | null;
  /** The checkout row and zones of the cart at `version` (null: read them). */
  readonly checkout: HeldCheckout | null;
  /** The data of the cart's variants its last change was priced with. */
  readonly variants: HeldVariants | null;
  /** Holds `cart` at `version`, with its checkout row and its variants' data. */
  hold(cart: CartState, version: number, checkout: HeldCheckout | null, variants: HeldVariants): void;
  /** Drops the held cart: the next operation reads it. */
  forget(): void;
  /** How many reserved ids are left. */
  idsLeft(): number;
  /** The ids an id reservation of `count` returned are the object's from now on. */
  reserved(rows: Parameters<typeof reservedRange>[0], count: number): void;
  /** `work` with the reserved ids, reserving more (one round trip) when they run out. */
  withIds<T>(db: Database, work: (ids: IdSource) => T): Promise<T>;
  /** `work` with the reserved ids, or null when they would run out; `idsNext`: the first id it left. */
  withHeldIds<T>(work: (ids: IdSource) => T): (T & { idsNext: number }) | null;
  /** The ids before `next` are used (a write that took them committed). */
  idsUsed(next: number): void;
  /** A change committed: the cart's expiry period starts again. */
  armAfterChange(cartId: number): Promise<void>;
}

/**
 * The cart was changed by another writer since the copy the object holds
 * (its version is not the copy's): the change runs again on the cart as
 * read anew (the object's `operate`).
 */
export class CartChanged extends Error {}
export const CHANGED_MEANWHILE = "The cart was changed by another request meanwhile; retry the request.";

/** A warm change declined: the held data do not suffice, or its guard found them moved. Nothing was written. */
export class WarmDeclined extends Error {}

/** Ids reserved per round trip when the block runs low (more when a change needs more). */
export const ID_BLOCK = 10_000;

/**
 * Whether a change needs no reads of its own (no key to look up and record,
 * no `If-Match` to compare with the tag's rows): it may then be written
 * without reading first, and in another change's batch.
 */
export const noOwnReads = (caller: Caller | null): boolean => !caller?.idempotency && typeof caller?.ifMatch !== "string";

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

/** One committed change as its `cart.updated` tells it: the cart it left, and what it changed. */
interface ChangeStep {
  after: CartState;
  change: CartChange;
}

/** What `change` changed (the item's quantity: as the cart holds it after the change). */
function cartChangeOf(change: ItemChange, computed: ComputedChange): ChangeStep {
  const { after, itemId } = computed;
  const quantity = after.items.find((item) => item.id === itemId)?.quantity ?? 0;
  if (change.kind === "add") return { after, change: { kind: "item_added", itemId, variant: change.variantCode ?? "", quantity } };
  if (change.kind === "change") return { after, change: { kind: "item_changed", itemId: change.itemId, quantity } };
  return { after, change: { kind: "item_removed", itemId: change.itemId } };
}

/**
 * One `cart.updated` per change of the batch, in order, from what the change
 * holds (no read: the customer's email is not held): the cart as each change
 * left it, at version `version` (the one read or held) plus its rank.
 */
function itemEvents(db: Database, steps: readonly ChangeStep[], version: number, checkout: CheckoutRow | undefined, actor: ChangeActor) {
  return eventInserts(
    db,
    steps.map(({ after, change }, i) =>
      cartUpdated(cartFacts(after, checkout?.checkoutState ?? "cart"), version + 1 + i, actor, change),
    ),
  );
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

/** Decides (the domain's plan) and reprices: the plan's refusal, or the cart after the change with its checkout lines. */
function compute(inputs: ChangeInputs, change: ItemChange, ids: IdSource, now: string): Exclude<PlanResult, { plans: unknown }> | ComputedChange {
  const { cart, variants, context: channelContext, checkout } = inputs;
  const checkoutRow = checkout?.row;
  const billingZones = zonesOf(checkout?.zones ?? [], checkoutRow?.billingCountry ?? null, checkoutRow?.billingProvince);
  const loadedSetup = pricingSetupFrom(forBilling(channelContext, billingZones));
  if (!loadedSetup) throw new Error(`Channel of cart ${cart.id} not found`);
  const setup = { ...checkoutSetup(loadedSetup, checkoutRow, checkout?.zones ?? [], now), facts: inputs.facts };
  const byId = new Map(variants.map((v) => [v.id, v]));
  const context: ChangeContext = { channelEnabled: channelContext.context.channel[0]?.enabled ?? false, variants: byId };
  const planned = planItemChange(cart, change, variants, context, ids);
  if (!("plans" in planned)) return planned;
  const after = repriceCart(cart, planned.plans, byId, setup, now, ids);
  const lines = checkoutRow ? cartLinesOf(after, checkoutRow, channelContext.paymentMethods) : null;
  return { after, itemId: planned.itemId, checkoutRow, lines };
}

/**
 * The rows of a computed change (the totals' statement checks `version`, and
 * raises it by `changes`: a group's every change is a version), and its
 * checkout lines when the cart has a checkout row.
 */
function changeStatements(db: Database, cart: CartState, version: number, computed: ComputedChange, now: string, changes = 1) {
  const row = computed.checkoutRow;
  return {
    written: cartWriteStatements(db, cart, computed.after, now, version, changes),
    // The cart's shipment and payment follow the recalculation; the checkout state stays (Sylius 1.8 resets nothing on an item change).
    lines: row && computed.lines ? cartLineStatements(db, cart.id, cart.currencyCode, row, computed.lines, now) : undefined,
  };
}

/**
 * After a change committed: the object holds the cart as written (its
 * version `changes` up), its checkout row as the line statements left it (with
 * the ids they inserted), and the variants' data it was priced with.
 */
async function changeCommitted(
  host: ItemHost,
  cartId: number,
  computed: ComputedChange,
  version: number,
  checkout: HeldCheckout | null,
  variants: Pick<HeldVariants, "byId" | "seq">,
  inserted: InsertedLines | undefined,
  changes = 1,
): Promise<void> {
  const { after, lines } = computed;
  const row = checkout && lines ? checkoutRowAfter(checkout.row, lines, inserted ?? {}, after.total) : null;
  // The write raised the version by one per change (cart-writer.ts' totals).
  const now = version + changes;
  host.hold(after, now, checkout && row ? { ...checkout, row } : null, { version: now, byId: variants.byId, seq: variants.seq });
  await host.armAfterChange(cartId);
}

// ------------------------------------------------------------------------------ warm: no reads

/**
 * What the object holds to make `change` without reading first (the cart at
 * a known version with its checkout row, its variants' data, the channel's
 * context), or null when it holds too little or the change needs a read
 * anyway (an add, a key, `If-Match`, promotion facts).
 */
function heldInputs(host: ItemHost, cartId: number, change: ItemChange, caller: Caller | null) {
  const { cart, version, checkout, variants } = host;
  if (change.kind === "add" || !cart || cart.id !== cartId || version === null || !checkout || variants?.version !== version) return null;
  if (!noOwnReads(caller)) return null;
  const context = heldCopy(cart);
  if (!context || factsRead(factModes(context))) return null;
  // Zones read under another context than the copy's (see HeldCheckout) are read again first.
  if (addressed(checkout.row) && checkout.zonesAt !== context.version) return null;
  // Each variant as last read in the isolate, when another cart's object read it after this one.
  const seq = latestRead();
  const byId = newestVariants(cart, variants.byId, variants.seq);
  const needed = variantsAfter(cart, change, byId);
  if (!needed) return null;
  const inputs: ChangeInputs & { checkout: HeldCheckout } = { cart, variants: needed, context, checkout, facts: promotionFactsFrom({}) };
  return { inputs, version, contextVersion: context.version, byId, seq };
}

/**
 * `change` computed from the held inputs, then each follower in turn from
 * the cart the one before left, up to the first the held data do not accept
 * (a refusal, an unknown item) or whose checkout row the write has yet to
 * make (a shipment or payment inserted). The last cart, to be written over
 * the held one (its checkout lines from the held row), the quantity each
 * variant whose quantity grows needs available (the highest of the steps),
 * and the followers it includes; null when `change` itself is not accepted.
 */
function computeSteps(
  inputs: ChangeInputs,
  change: ItemChange,
  followers: readonly QueuedChange[],
  byId: ReadonlyMap<number, VariantInfo>,
  ids: IdSource,
  now: string,
): { computed: ComputedChange; stockNeeded: Map<number, number>; written: QueuedChange[]; steps: ChangeStep[] } | null {
  const first = compute(inputs, change, ids, now);
  if (!("after" in first)) return null;
  const steps = [cartChangeOf(change, first)];
  let last = first;
  let checkout = inputs.checkout;
  const stockNeeded = new Map<number, number>();
  const need = (needed: { variantId: number; quantity: number } | null) => {
    if (needed) stockNeeded.set(needed.variantId, Math.max(needed.quantity, stockNeeded.get(needed.variantId) ?? 0));
  };
  need(stockNeededBy(inputs.cart, change));
  const written: QueuedChange[] = [];
  for (const follower of followers) {
    if (checkout && last.lines) {
      const row = checkoutRowAfter(checkout.row, last.lines, {}, last.after.total);
      if (!row) break;
      checkout = { ...checkout, row };
    }
    const variants = variantsAfter(last.after, follower.op, byId);
    if (!variants) break;
    const next = compute({ ...inputs, cart: last.after, variants, checkout }, follower.op, ids, now);
    if (!("after" in next)) break;
    need(stockNeededBy(last.after, follower.op));
    last = next;
    written.push(follower);
    steps.push(cartChangeOf(follower.op, next));
  }
  // The batch writes from the held cart and checkout row: its lines' statements compare with that row.
  return { computed: { ...last, checkoutRow: first.checkoutRow }, stockNeeded, written, steps };
}

type WarmSubject = NonNullable<ReturnType<typeof heldInputs>>;
type WarmPlan = WarmSubject & NonNullable<ReturnType<typeof computeSteps>> & { idsNext: number; now: string };
type WarmStatements = ReturnType<typeof changeStatements> & { guard: ReturnType<typeof changeGuardStatement> };

/**
 * A quantity change or removal without reads (see the header), with the
 * `followers` queued right behind it: the batch writes the cart as the last
 * of them leaves it, guarded as one change (every variant the first one
 * priced, the stock of each variant whose quantity grows). `written()`: the
 * followers its committed batch wrote (each to be answered with a 204 and
 * the batch's bookmark, no round trip of its own).
 */
export function warmItemChange(
  host: ItemHost,
  cartId: number,
  change: ItemChange,
  caller: Caller | null,
  followers: readonly QueuedChange[] = [],
): { operation: CartOperation<Record<string, never>, WarmSubject, WarmPlan, WarmStatements>; written: () => readonly QueuedChange[] } {
  let group: readonly QueuedChange[] = [];
  const operation: CartOperation<Record<string, never>, WarmSubject, WarmPlan, WarmStatements> = {
    subject: () => {
      const held = heldInputs(host, cartId, change, caller);
      if (!held) throw new WarmDeclined();
      return held;
    },
    decide: (held) => {
      const now = new Date().toISOString();
      const steps = host.withHeldIds((ids) => ({ result: computeSteps(held.inputs, change, followers, held.byId, ids, now) }));
      if (!steps?.result) throw new WarmDeclined();
      return { ...held, ...steps.result, idsNext: steps.idsNext, now };
    },
    kept: () => ({ status: 204, resource: null }),
    statements: (db, plan, checksCarried) => {
      const { cart, checkout } = plan.inputs;
      const basis: ChangeBasis = {
        cartId,
        version: plan.version,
        contextVersion: plan.contextVersion,
        channelCode: cart.channelCode,
        localeCode: cart.localeCode,
        variants: plan.inputs.variants,
        stockNeeded: plan.stockNeeded,
        coupon: heldCoupon(checkout.row),
        // A follower's token (the leader's, see followersOf) is checked even when the leader's own check ran already.
        tokenHash: checksCarried || plan.written.some((f) => f.caller?.tokenHash) ? (caller?.tokenHash ?? null) : null,
        scope: caller?.scope ?? null,
        nowSeconds: nowSeconds(),
      };
      return { guard: changeGuardStatement(db, basis), ...changeStatements(db, cart, plan.version, plan.computed, plan.now, plan.steps.length) };
    },
    // The leader's and each follower's `cart.updated`, in the one batch: a failed guard rolls them back with it.
    events: (db, plan, actor) => itemEvents(db, plan.steps, plan.version, plan.inputs.checkout.row, actor()),
    // Something it was computed from moved: nothing was written, the cold form reads it anew.
    guardFailed: (error) => (isGuardFailure(error) ? new WarmDeclined() : undefined),
    committed: async (plan, written) => {
      host.idsUsed(plan.idsNext);
      await changeCommitted(host, cartId, plan.computed, plan.version, plan.inputs.checkout, { byId: plan.byId, seq: plan.seq }, written.lines, plan.steps.length);
      group = plan.written;
    },
    answer: () => ({ status: 204, body: null }),
  };
  return { operation, written: () => group };
}

// ------------------------------------------------------------------------------ cold: reads first

/** What this object holds of cart `cartId` for a change's reads (null: nothing usable). */
function heldFor(host: ItemHost, cartId: number, change: ItemChange): HeldCart | null {
  const { cart, version, checkout } = host;
  if (!cart || cart.id !== cartId || version === null) return null;
  const row = checkout?.row;
  return {
    version,
    channelCode: cart.channelCode,
    localeCode: cart.localeCode,
    // A removed item's variant plays no part in the repricing.
    variantIds: cart.items.filter((item) => change.kind !== "remove" || item.id !== change.itemId).map((item) => item.variantId),
    checkoutHeld: row !== undefined,
    couponId: row?.couponId ?? null,
    addressed: row !== undefined && addressed(row),
    zonesAt: checkout?.zonesAt ?? "",
  };
}

/**
 * The checkout row and zones of a change: as read (a cold cart, or after a
 * checkout step), else the held ones with the coupon as read now, and the
 * zones read again when the context (zone members) moved since they were
 * read. `contextVersion`: the version the batch read, which the zones are
 * of from here.
 */
function checkoutOf(
  held: HeldCheckout | null,
  read: { checkout?: CheckoutRow[]; zones?: CountryZone[]; coupon?: HeldCoupon[] },
  contextVersion: string,
): HeldCheckout | null {
  if (read.checkout) {
    const row = read.checkout[0];
    return row ? { row, zones: read.zones ?? [], zonesAt: contextVersion } : null;
  }
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

/** The added item as the object answers it: the item, with its variant's view when read. */
function addedItem(cartId: number, item: StoredItem, views: readonly VariantView[]): AddedItem {
  return { ...item, cartId, variant: views.find((view) => view.row.id === item.variantId) ?? null };
}

/**
 * A change that reads first (see the header). Made when it runs: what the
 * object holds then decides what it reads.
 */
export function coldItemChange(host: ItemHost, cartId: number, change: ItemChange, caller: Caller | null) {
  const held = heldFor(host, cartId, change);
  const wantedIds = change.kind === "add" || change.kind === "change" ? (change.quantity ?? 0) * 4 + 64 : 16;
  const reserve = host.idsLeft() < wantedIds ? Math.max(ID_BLOCK, wantedIds * 2) : 0;
  const addCode = change.kind === "add" ? change.variantCode : null;
  // The channel's context as last read (in this isolate): its queries read nothing while its stamp is current.
  const heldContext = heldCopy(host.cart !== null && host.cart.id === cartId ? host.cart : null);
  // Promotion facts (customer group, placed orders, products' taxons): only those the channel's promotions read.
  const modes = factModes(heldContext);

  // One round trip: everything the change needs, after the caller's checks (the id reservation checks the token itself).
  const reads = (db: Database) => ({
    // The stamp, the context, the variants, and what the object does not hold of the cart (change-reads.ts).
    ...changeReads(db, cartId, addCode ?? "", held, heldContext?.version ?? ""),
    // The added variant as the response shows it (the variant list's loader).
    addedView: addCode !== null ? addedVariantView.bind(db, { code: addCode }) : undefined,
    reserved: reserve ? reserveIdsQuery(db, reserve, caller?.tokenHash ?? undefined, caller?.scope ?? null) : undefined,
    // What the cart's tag is made of, to compare If-Match with (only then: it reads every item's variant view).
    tagged: typeof caller?.ifMatch === "string" ? cartTagQueries(db, cartId) : undefined,
    ...promotionFactQueries(db, cartId, addCode, modes),
  });
  type Reads = ReturnType<typeof reads>;
  type Read = NamedResults<Reads>;

  const subject = (read: Read) => {
    if (read.reserved) host.reserved(read.reserved, reserve);
    const stamp = read.stamp[0];
    const loaded = read.cart ? cartStateFrom(read.cart) : held ? host.cart : null;
    if (!stamp || stamp.state !== "cart" || !loaded || loaded.id !== cartId) {
      host.forget();
      throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
    }
    if (held && stamp.cartVersion !== held.version) {
      // Written by someone else since: read it again (see the object's operate).
      host.forget();
      throw new CartChanged();
    }
    // Views this read built (none stored for the variant's version) are stored by the change's write batch.
    const refills = new ViewRefills();
    const addedViews = read.addedView ? variantViewsFrom(read.addedView, refills) : [];
    return { cart: loaded, version: stamp.cartVersion, stamp, refills, addedViews };
  };
  type Subject = ReturnType<typeof subject>;

  const decide = async (s: Subject, read: Read, db: Database) => {
    const { cart, version, stamp } = s;
    const variants = read.variants;
    const channelContext = contextOf(heldContext, stamp, changeContextOf(read));
    const checkout = checkoutOf(host.checkout, read, stamp.version);
    const facts = await changeFacts(db, read, modes, channelContext, cartId, addCode);
    const now = new Date().toISOString();
    // The cart as read is held from here, whatever the change decides, with its variants' data as read.
    const heldVariants: HeldVariants = { version, byId: new Map(variants.map((v) => [v.id, v])), seq: keepVariants(cart, variants) };
    host.hold(cart, version, checkout, heldVariants);
    const computed = await host.withIds(db, (ids) => compute({ cart, variants, context: channelContext, checkout, facts }, change, ids, now));
    if ("notFound" in computed) throw refuse.notFound(`Cart item with id ${change.kind === "add" ? "" : change.itemId} does not exist in cart ${cartId}.`);
    if ("errors" in computed) throw refuse.itemForm(computed.errors);
    return { ...s, computed, checkout, heldVariants, now };
  };
  type Plan = Awaited<ReturnType<typeof decide>>;

  const operation: CartOperation<Reads, Subject, Plan, ReturnType<typeof changeStatements> & { views: ReturnType<ViewRefills["statements"]> }, AddedItem | null> = {
    reads,
    writesGuarded: true,
    subject,
    // A retry's answer: the stored status; an added item as the cart has it now (gone since: a 404), a change or removal no body.
    replay: (kept: StoredOutcome, { cart, addedViews }) => {
      const status = replayedStatus(kept.status);
      if (kept.resource === null) return { status, body: null };
      const itemId = Number(kept.resource);
      const item = cart.items.find((i) => i.id === itemId);
      if (!item) throw refuse.notFound(`Cart item with id ${itemId} does not exist in cart ${cart.id}.`);
      return { status, body: addedItem(cart.id, item, addedViews) };
    },
    // Undefined when the change would be a 404 anyway (an unknown item): preconditions only matter to a request that could succeed.
    tag: async (read, { cart, refills }) => {
      if (!read.tagged) return undefined;
      if (change.kind !== "add" && !cart.items.some((item) => item.id === change.itemId)) return undefined;
      const parts = cartTagPartsFrom(read.tagged, refills);
      return parts ? cartEtag(parts) : null;
    },
    decide,
    kept: ({ computed }) => (change.kind === "add" ? { status: 201, resource: String(computed.itemId) } : { status: 204, resource: null }),
    // The key's record goes first (see OperationRun.write); the totals' statement checks the version read.
    statements: (db, { cart, version, computed, now, refills }) => ({ ...changeStatements(db, cart, version, computed, now), views: refills.statements(db) }),
    // After the version-guarded totals: a cart changed meanwhile fails the batch, this event with it.
    events: (db, { version, computed, checkout }, actor) => itemEvents(db, [cartChangeOf(change, computed)], version, checkout?.row, actor()),
    // Written by someone else between the read and the write: nothing of this change was written.
    guardFailed: (error) => {
      if (!isGuardFailure(error)) return undefined;
      host.forget();
      return new CartChanged();
    },
    committed: (plan, written) => changeCommitted(host, cartId, plan.computed, plan.version, plan.checkout, plan.heldVariants, written.lines),
    answer: ({ computed, addedViews }) => {
      if (change.kind !== "add") return { status: 204, body: null };
      const item = computed.after.items.find((i) => i.id === computed.itemId);
      if (!item) throw new Error(`Item ${computed.itemId} missing after the add`);
      return { status: 201, body: addedItem(cartId, item, addedViews) };
    },
  };
  return operation;
}
