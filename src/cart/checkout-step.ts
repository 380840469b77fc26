/**
 * The checkout's operations, run by the cart's Durable Object (the one writer
 * of the cart until it is placed) on the runner (runner.ts), each in at most
 * two D1 round trips: one read batch (token, idempotency claim, the cart
 * when cold, its variants, the pricing context, the checkout's rows, an id
 * reservation when the object's block runs low) and one atomic write batch
 * (the key's record, the repriced cart, addresses, shipment, payment,
 * checkout state; or the completion).
 *
 * - `checkoutStepOperation`: addressing, the shipping and payment
 *   selections, the coupon (set or removed);
 * - `completeCheckoutOperation`: the completion (the cart becomes an order);
 * - `checkoutMethodsQuery`: the methods a selection may choose from (a read).
 *
 * The decisions are the domain's (src/domain/cart/checkout-step.ts). Order
 * of the refusals: the order exists (404, `subject`), a replay, a step the
 * order cannot take at all (`beforeIfMatch`: completing or a coupon once no
 * longer a cart), `If-Match` (412), then the body (400), the transition
 * (409), the cart (404).
 */
import { namedBatch, type NamedResults } from "../data/batch";
import type { Database } from "../data/db";
import { cartRowQueries, cartStateFrom, oneOrder, pricingContextQueries, pricingSetupFrom, reserveIdsQuery, variantInfoQuery } from "../data/carts/cart-store";
import { cartWriteStatements } from "../data/carts/cart-writer";
import { inventoryEventInserts, orderEventInserts } from "../data/carts/cart-events";
import { cartTagPartsFrom, cartTagQueries } from "../data/carts/cart-etag";
import type { CartState } from "../domain/cart/state";
import {
  channelPaymentMethodsQuery,
  checkoutRowQuery,
  countryCatalogQuery,
  countryZonesQuery,
  couponByCodeQuery,
  provincesOfCountriesQuery,
  type CheckoutRow,
} from "../data/checkout/checkout-store";
import { addressStatements, cartLineStatements, completionStatements, isStockGuardFailure, orderCheckoutStatement } from "../data/checkout/checkout-writer";
import { checkoutMachine, pickAddresses, ORDER_MSG, type OrderPlan } from "../domain/orders";
import { shippingCharge } from "../domain/pricing/steps/shipping";
import {
  planCartStep,
  planCheckoutCompletion,
  selectableShippingMethods,
  stepUnavailable,
  stockTaken,
  type CartStep,
  type CheckoutInputs,
  type CheckoutStep,
  type StepPlan,
} from "../domain/cart/checkout-step";
import { IF_USED_MODES, promotionFactQueries, promotionFactsFrom } from "../data/carts/promotion-facts";
import { cartFacts, cartUpdated, orderPlaced, stockEvents, type CartChange, type OrderFacts, type StockMoveFacts } from "../domain/events/lifecycle";
import { cartEtag } from "../http/resources/carts/etag";
import { CartRefusal, refuse } from "./refusal";
import type { Caller, CartReply, OperationRun } from "./operation";
import { runOperation, runQuery, type CartOperation, type CartQuery } from "./runner";
import type { IdPool } from "./id-pool";

export type { CheckoutStep };

export type CheckoutRead = "shipping_methods" | "payment_methods";

/** The methods each shipment or each payment may take (GET select-shipping / select-payment). */
export type CheckoutMethods =
  | { shipments: { methods: { id: number; code: string; name: string; description?: string | null; price: number }[] }[] }
  | { payments: { methods: { id: number; code: string; name: string; description?: string | null }[] }[] };

/**
 * What the object hands a checkout operation: the cart it holds, its ids,
 * and what it does with the cart as the operation finds and leaves it.
 */
export interface CheckoutHolding {
  /** The cart the object holds when it is this one (null: cold, the read batch reads it). */
  held: CartState | null;
  ids: IdPool;
  /** The object holds `cart` from here (null: nothing), at a version unknown: the next change reads it. */
  hold(cart: CartState | null): void;
  /** A committed step changed the cart: its expiry period restarts. */
  restartExpiry(): Promise<void>;
  /** The cart became an order: forgotten, its expiry stopped. */
  placed(): Promise<void>;
}

/** Everything a checkout operation reads, in its one read batch (`reserve`: ids to reserve, 0: none). */
const checkoutReads = (cartId: number, step: CheckoutStep | null, cold: boolean, reserve: number) => (db: Database, caller: Caller | null) => {
  const address = step?.kind === "address" ? pickAddresses(step.body) : null;
  const countryOf = (value: unknown): string | null =>
    typeof value === "object" && value !== null && "countryCode" in value && typeof value.countryCode === "string" ? value.countryCode : null;
  const extra = address ? [countryOf(address.shippingAddress), countryOf(address.billingAddress)].filter((c): c is string => c !== null) : [];
  const provinceOf = (value: unknown): string | null =>
    typeof value === "object" && value !== null && "provinceCode" in value && typeof value.provinceCode === "string" ? value.provinceCode : null;
  const extraProvinces = address ? [provinceOf(address.shippingAddress), provinceOf(address.billingAddress)].filter((c): c is string => c !== null) : [];
  const billing = address ? { country: countryOf(address.billingAddress) ?? "", province: provinceOf(address.billingAddress) } : undefined;
  return {
    checkout: checkoutRowQuery(db, cartId),
    cart: cold ? cartRowQueries(db, oneOrder(cartId)) : undefined,
    variants: variantInfoQuery(db, cartId, null),
    context: pricingContextQueries(db, cartId, billing),
    zones: countryZonesQuery(db, cartId, { countries: extra, provinces: extraProvinces }),
    paymentMethods: channelPaymentMethodsQuery(db, cartId),
    countries: step?.kind === "address" ? countryCatalogQuery(db) : undefined,
    provinces: step?.kind === "address" && extra.length ? provincesOfCountriesQuery(db, extra) : undefined,
    coupon: step?.kind === "coupon" && typeof step.code === "string" && step.code !== "" ? couponByCodeQuery(db, cartId, step.code) : undefined,
    reserved: reserve ? reserveIdsQuery(db, reserve, caller?.tokenHash ?? undefined, caller?.scope ?? null) : undefined,
    tagged: typeof caller?.ifMatch === "string" ? cartTagQueries(db, cartId) : undefined,
    // The promotions' facts, each read only when the channel's promotions use it.
    ...promotionFactQueries(db, cartId, null, IF_USED_MODES),
  };
};

type CheckoutReads = ReturnType<ReturnType<typeof checkoutReads>>;
type ReadRows = NamedResults<CheckoutReads>;

/** What the read found: the checkout row as read (its statements compare with it) and the domain's inputs. */
interface Found {
  row: CheckoutRow;
  inputs: CheckoutInputs;
}

/** The reads and what they found, shared by every checkout operation. */
function checkoutFinding(cartId: number, step: CheckoutStep | null, holding: CheckoutHolding) {
  const held = holding.held;
  const units = held ? held.items.reduce((sum, item) => sum + item.quantity, 0) : 0;
  const reserve = holding.ids.toReserve(units * 4 + 64);
  return {
    // The caller's checks first (the id reservation checks the token itself).
    reads: checkoutReads(cartId, step, held === null, reserve),
    writesGuarded: true,
    /** The order's 404; the cart as read (or as held) is held from here, or nothing once the order is no longer a cart. */
    subject: (rows: ReadRows): Found => {
      if (rows.reserved) holding.ids.reserved(rows.reserved, reserve);
      const row = rows.checkout[0];
      if (!row) {
        holding.hold(null);
        throw refuse.notFound(`Order with id ${cartId} does not exist.`);
      }
      let cart = held;
      if (rows.cart) {
        cart = cartStateFrom(rows.cart);
        holding.hold(cart);
      }
      if (row.state !== "cart") {
        holding.hold(null);
        cart = null;
      }
      const context = pricingSetupFrom(rows.context);
      if (!context) throw new Error(`Channel of order ${cartId} not found`);
      const channel = rows.context.channel[0];
      const inputs: CheckoutInputs = {
        row,
        cart,
        setup: { ...context, facts: promotionFactsFrom(rows) },
        variants: new Map(rows.variants.map((v) => [v.id, v])),
        zones: rows.zones,
        paymentMethods: rows.paymentMethods,
        skipping: { shipping: Boolean(channel?.skippingShippingStepAllowed), payment: Boolean(channel?.skippingPaymentStepAllowed) },
      };
      return { row, inputs };
    },
  };
}

/** What every checkout write shares: the reads, the order's 404, the refusals before `If-Match`, the cart's tag, its 204. */
function checkoutWrite(cartId: number, step: CheckoutStep, holding: CheckoutHolding) {
  return {
    ...checkoutFinding(cartId, step, holding),
    beforeIfMatch: ({ inputs }: Found) => {
      const refusal = stepUnavailable(step, inputs, cartId);
      if (refusal) throw new CartRefusal(refusal);
    },
    /** The cart's current tag, when the request sent `If-Match` (its rows read in the same batch); undefined: none to compare. */
    tag: async (rows: ReadRows) => {
      if (!rows.tagged) return undefined;
      const parts = cartTagPartsFrom(rows.tagged);
      return parts ? cartEtag(parts) : null;
    },
    kept: () => ({ status: 204, resource: null }),
    answer: () => ({ status: 204 as const, body: null }),
  };
}

type StepWrite = StepPlan & { row: CheckoutRow; now: string };

/** Addressing, a selection or the coupon: the cart recalculated with the step's changes, written with the checkout's rows. */
export function checkoutStepOperation(
  cartId: number,
  step: CartStep,
  holding: CheckoutHolding,
): CartOperation<CheckoutReads, Found, StepWrite, ReturnType<typeof stepStatements>> {
  return {
    ...checkoutWrite(cartId, step, holding),
    decide: async ({ row, inputs }, rows) => {
      const now = new Date().toISOString();
      const catalog = { countries: rows.countries, provinces: rows.provinces, coupon: rows.coupon?.[0] };
      const planned = await holding.ids.withIds((ids) => planCartStep(step, inputs, catalog, cartId, now, ids));
      if (!planned.ok) throw new CartRefusal(planned.refusal);
      return { ...planned.plan, row, now };
    },
    statements: (db, plan) => stepStatements(db, cartId, plan),
    // `cart.updated`, after the step's update: its sequence, number and customer read by its insert.
    events: (db, plan, actor) => orderEventInserts(db, [cartUpdated(stepFacts(plan), 0, actor(), stepChange(step, plan))], cartId, "cart"),
    committed: async ({ after }) => {
      holding.hold(after);
      await holding.restartExpiry();
    },
  };
}

/** The cart after a step (its number, version and customer's email are read by the event's insert). */
const stepFacts = ({ after, checkoutState }: StepWrite): OrderFacts => cartFacts(after, checkoutState);

/** What a step changed, as its `cart.updated` says. */
function stepChange(step: CartStep, plan: StepWrite): CartChange {
  if (step.kind === "coupon") return { kind: "coupon", coupon: plan.couponId === null || typeof step.code !== "string" || step.code === "" ? null : step.code };
  return { kind: "checkout", step: step.kind };
}

function stepStatements(db: Database, cartId: number, plan: StepWrite) {
  const { cart, after, row, lines, addresses, checkoutState, couponId, now } = plan;
  return {
    written: cartWriteStatements(db, cart, after, now),
    steps: addresses ? addressStatements(db, cartId, row, addresses.shipping, addresses.billing, now) : [],
    lines: cartLineStatements(db, cartId, cart.currencyCode, row, lines, now),
    order: orderCheckoutStatement(db, cartId, { checkoutState, ...(couponId !== undefined ? { promotionCouponId: couponId } : {}) }, now),
  };
}

interface Completion {
  found: Found;
  cart: CartState;
  plan: OrderPlan;
  now: string;
}

/** The completion: the cart becomes an order (its stock held, usage counted), guarded by the stock it was planned from. */
export function completeCheckoutOperation(
  cartId: number,
  notes: string | null,
  holding: CheckoutHolding,
): CartOperation<CheckoutReads, Found, Completion, { completed: ReturnType<typeof completionStatements> }> {
  const step: CheckoutStep = { kind: "complete", notes };
  return {
    ...checkoutWrite(cartId, step, holding),
    decide: (found) => {
      const cart = found.inputs.cart;
      // Refused before If-Match already (beforeIfMatch).
      if (!cart) throw refuse.conflict(ORDER_MSG.transitionRefused("complete", "checkout", found.row.checkoutState));
      const now = new Date().toISOString();
      const planned = planCheckoutCompletion(found.inputs, cart, now);
      if (!planned.ok) throw new CartRefusal(planned.refusal);
      return { found, cart, plan: planned.plan, now };
    },
    statements: (db, { found, plan, now }) => ({
      completed: completionStatements(
        db,
        cartId,
        found.row.checkoutState,
        {
          checkoutState: plan.checkoutState,
          state: plan.state,
          paymentState: plan.paymentState,
          shippingState: plan.shippingState,
          notes,
          payments: [...plan.payments],
          shipments: [...plan.shipments],
          stock: plan.stock.map((d) => ({ variantId: d.variantId, onHand: d.onHand, onHold: d.onHold, requires: { ...d.requires } })),
          promotionUsage: [...plan.promotionUsage],
          couponUsage: plan.couponUsage,
        },
        now,
      ),
    }),
    // `order.placed` after the order's update (its number, version and customer read by its insert), then each tracked variant's hold.
    events: (db, { found, cart, plan }, actor) => {
      const facts: OrderFacts = {
        id: cartId,
        number: null,
        checkoutState: plan.checkoutState,
        state: plan.state,
        paymentState: plan.paymentState,
        shippingState: plan.shippingState,
        total: cart.total,
        currencyCode: cart.currencyCode,
        customerEmail: null,
      };
      const held: StockMoveFacts[] = plan.stock.flatMap((delta) => {
        const variant = found.inputs.variants.get(delta.variantId);
        return variant?.tracked ? [{ variant: { id: variant.id, code: variant.code, productCode: variant.productCode }, onHand: delta.onHand, onHold: delta.onHold }] : [];
      });
      const who = actor();
      return [...orderEventInserts(db, [orderPlaced(facts, 0, who)], cartId, plan.state), ...inventoryEventInserts(db, stockEvents(held, ["hold"], facts, who), cartId)];
    },
    // Another order took the units between the read and the write: name them from the stock as it is now.
    guardFailed: async (error, { found, cart }, db) => {
      if (!isStockGuardFailure(error)) return undefined;
      const { variants } = await namedBatch(db, { variants: variantInfoQuery(db, cartId, null) });
      return new CartRefusal(stockTaken(found.inputs, cart, new Map(variants.map((v) => [v.id, v])), new Date().toISOString()));
    },
    committed: () => holding.placed(),
  };
}

/** Runs a checkout write in `run`; a refusal throws. */
export function runCheckoutStep(run: OperationRun, cartId: number, step: CheckoutStep, holding: CheckoutHolding): Promise<CartReply> {
  if (step.kind === "complete") return runOperation(run, completeCheckoutOperation(cartId, step.notes, holding));
  return runOperation(run, checkoutStepOperation(cartId, step, holding));
}

/** GET select-shipping / select-payment: the methods each shipment or payment may take (400 before the step's turn). */
export function checkoutMethodsQuery(cartId: number, what: CheckoutRead, holding: CheckoutHolding): CartQuery<CheckoutReads, CheckoutMethods> {
  const finding = checkoutFinding(cartId, null, holding);
  return {
    reads: finding.reads,
    writesGuarded: finding.writesGuarded,
    answer: (rows) => {
      const { row, inputs } = finding.subject(rows);
      const cart = inputs.cart;
      if (!cart) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
      const state = row.checkoutState;
      if (what === "shipping_methods") {
        if (!checkoutMachine.can(state, "select_shipping")) throw refuse.badRequest(ORDER_MSG.shippingMethodsUnresolvable);
        if (row.shipmentId === null) return { status: 200, body: { shipments: [] } };
        const descriptions = new Map(rows.context.methods.map((m) => [m.code, m.description]));
        const shipped = cart.items.reduce((sum, item) => sum + (inputs.variants.get(item.variantId)?.shippingRequired === false ? 0 : item.quantity), 0);
        const methods = selectableShippingMethods(inputs, cart, new Date().toISOString()).map((m) => ({
          id: m.id,
          code: m.code,
          name: m.name,
          ...(descriptions.get(m.code) ? { description: descriptions.get(m.code) } : {}),
          price: shippingCharge(m, cart.channelCode, shipped),
        }));
        return { status: 200, body: { shipments: [{ methods }] } };
      }
      if (!checkoutMachine.can(state, "select_payment")) throw refuse.badRequest(ORDER_MSG.paymentMethodsUnresolvable);
      if (row.paymentId === null) return { status: 200, body: { payments: [] } };
      const methods = rows.paymentMethods.map((m) => ({
        id: m.id,
        code: m.code,
        name: m.name ?? m.code,
        ...(m.description ? { description: m.description } : {}),
      }));
      return { status: 200, body: { payments: [{ methods }] } };
    },
  };
}

/** Runs a methods read in `run`; a refusal throws. */
export function runCheckoutMethods(run: OperationRun, cartId: number, what: CheckoutRead, holding: CheckoutHolding): Promise<CartReply<CheckoutMethods>> {
  return runQuery(run, checkoutMethodsQuery(cartId, what, holding));
}
