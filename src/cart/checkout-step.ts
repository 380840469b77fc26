/**
 * The checkout's operations, run by the cart's Durable Object (the one writer
 * of the cart until it is placed), each in at most two D1 round trips: one
 * read batch (token, idempotency claim, the cart when cold, its variants,
 * the pricing context, the checkout's rows) and one atomic write batch (the
 * key's record, the repriced cart, addresses, shipment, payment, checkout
 * state; or the completion).
 *
 * Order of checks (docs/api/checkout-and-orders.md): the order exists (404), the body (400), the
 * transition (409), then the step: recalculate, then the automatic skips
 * (`afterStep`), all written together.
 */
import { namedBatch, type NamedResults } from "../data/batch";
import type { Database } from "../data/db";
import {
  cartRowQueries,
  cartStateFrom,
  oneOrder,
  pricingContextQueries,
  pricingSetupFrom,
  reserveIdsQuery,
  variantInfoQuery,
  type PricingContextRows,
} from "../data/carts/cart-store";
import { cartWriteStatements } from "../data/carts/cart-writer";
import { cartTagPartsFrom, cartTagQueries } from "../data/carts/cart-etag";
import type { CartState, VariantInfo } from "../domain/cart/state";
import {
  channelPaymentMethodsQuery,
  checkoutRowQuery,
  countryCatalogQuery,
  countryZonesQuery,
  couponByCodeQuery,
  provincesOfCountriesQuery,

  type CheckoutRow,
  type PaymentMethodRow,
} from "../data/checkout/checkout-store";
import {
  addressStatements,
  cartLineStatements,
  completionStatements,
  isStockGuardFailure,
  orderCheckoutStatement,
  type CartLines,
  type CheckoutWrite,
} from "../data/checkout/checkout-writer";
import {
  afterStep,
  checkAddressing,
  checkoutMachine,
  completionErrors,
  planCompletion,
  requiresShipping,
  addressFormFields,
  pickAddresses,
  ORDER_MSG,
  type AddressErrors,
  type AddressingBody,
  type CheckoutFacts,
  type CheckoutState,
  type CheckoutTransition,
  type CompletionSnapshot,
  type ProvinceCatalog,
} from "../domain/orders";
import { MSG } from "../domain/messages";
import { pricingContextFrom, type PricingSetup } from "../domain/pricing";
import { eligibleShippingMethods, shippingCharge } from "../domain/pricing/steps/shipping";
import { refuse } from "./refusal";
import { replayedStatus, type Caller, type OperationRun } from "./operation";
import { cartEtag } from "../http/resources/carts/etag";
import { itemSnapshots, plansOf, repriceCart, type IdSource } from "../domain/cart/cart-change";
import { cartLinesOf, checkoutSetup, couponUsable, type CheckoutOverrides, type CountryZone } from "../domain/cart/checkout-processing";
import { IF_USED_MODES, promotionFactQueries, promotionFactsFrom } from "../data/carts/promotion-facts";


/** What the checkout needs of the cart's object (its cache, ids, expiry). */
export interface CartHost {
  /** The cached cart when it is this one, else null (cold). */
  cached(cartId: number): CartState | null;
  keep(cart: CartState | null): void;
  /** How many ids to reserve in the read batch for a change needing `wanted` (0: enough left). */
  reserveCount(wanted: number): number;
  reserved(rows: { lastId: number }[], count: number): void;
  withIds<T>(db: Database, work: (ids: IdSource) => T): Promise<T>;
  armAfterChange(cartId: number): Promise<void>;
  /** The cart became an order: forget it and stop its expiry. */
  placed(): Promise<void>;
}

/** A checkout write. `undefined` fields of a PATCH keep what is stored. */
export type CheckoutStep =
  | { kind: "address"; body: AddressingBody }
  | { kind: "select_shipping"; body: unknown; patch: boolean }
  | { kind: "select_payment"; body: unknown; patch: boolean }
  | { kind: "complete"; notes: string | null }
  | { kind: "coupon"; code: string | null | undefined };

export type CheckoutRead = "shipping_methods" | "payment_methods";

/** A step's answer: status and body (the object wraps it with its metrics). */
export interface StepAnswer<B = null> {
  status: 200 | 201 | 204;
  body: B;
  replayed?: boolean;
}

/** The methods each shipment or each payment may take (GET select-shipping / select-payment). */
export type CheckoutMethods =
  | { shipments: { methods: { id: number; code: string; name: string; description?: string | null; price: number }[] }[] }
  | { payments: { methods: { id: number; code: string; name: string; description?: string | null }[] }[] };

/** Everything a step reads, in its one read batch. */
function readQueries(db: Database, host: CartHost, cartId: number, caller: Caller | null, step: CheckoutStep | null, reserve: number) {
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
    cart: host.cached(cartId) === null ? cartRowQueries(db, oneOrder(cartId)) : undefined,
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
}

type ReadRows = NamedResults<ReturnType<typeof readQueries>>;

/** The loaded step: rows, the cart (null when the order is no longer a cart), the setup. */
interface Loaded {
  read: ReadRows;
  row: CheckoutRow;
  cart: CartState | null;
  setup: PricingSetup;
  variants: Map<number, VariantInfo>;
}

async function load(run: OperationRun, host: CartHost, cartId: number, step: CheckoutStep | null): Promise<Loaded> {
  const cached = host.cached(cartId);
  const units = cached ? cached.items.reduce((sum, item) => sum + item.quantity, 0) : 0;
  const reserve = host.reserveCount(units * 4 + 64);
  // The caller's checks first (the id reservation checks the token itself).
  const read = await run.read(readQueries(run.db, host, cartId, run.caller, step, reserve), { writesGuarded: true });
  if (read.reserved) host.reserved(read.reserved, reserve);
  const row = read.checkout[0];
  if (!row) {
    host.keep(null);
    throw refuse.notFound(`Order with id ${cartId} does not exist.`);
  }
  let cart = cached;
  if (read.cart) {
    cart = cartStateFrom(read.cart);
    host.keep(cart);
  }
  if (row.state !== "cart") {
    host.keep(null);
    cart = null;
  }
  const context = pricingSetupFrom(read.context);
  if (!context) throw new Error(`Channel of order ${cartId} not found`);
  const setup = { ...context, facts: promotionFactsFrom(read) };
  return { read, row, cart, setup, variants: new Map(read.variants.map((v) => [v.id, v])) };
}

/** The cart's current tag, when the request sent `If-Match` (its rows read in the same batch); undefined: none to compare. */
async function currentTag(read: ReadRows): Promise<string | null | undefined> {
  if (!read.tagged) return undefined;
  const parts = cartTagPartsFrom(read.tagged);
  return parts ? cartEtag(parts) : null;
}

/** 412 unless `If-Match` matches the cart's current tag (this object is the cart's one writer). */
async function checkIfMatch(run: OperationRun, read: ReadRows): Promise<void> {
  const tag = await currentTag(read);
  if (tag !== undefined) run.checkIfMatch(tag);
}

/** The shipping methods a shipment of this cart may take: after addressing those of its zones, before the channel's enabled ones (docs/api/checkout-and-orders.md, "Cart processing and inventory"). */
function selectableShippingMethods(loaded: Loaded, cart: CartState, overrides: CheckoutOverrides = {}) {
  const setup = checkoutSetup(loaded.setup, loaded.row, loaded.read.zones, new Date().toISOString(), overrides);
  if ((overrides.shippingCountry ?? loaded.row.shippingCountry) === null) return setup.shippingMethods.filter((m) => m.enabled);
  // The prices the cart is priced with: a method's rules compare the items total.
  const prices = Object.fromEntries([...loaded.variants.values()].map((v) => [v.code, v.price ?? 0]));
  const context = pricingContextFrom(setup, new Date().toISOString(), prices);
  return eligibleShippingMethods(itemSnapshots(cart, loaded.variants), cart.channelCode, context);
}

// ----------------------------------------------------------------------------- reads

/** GET select-shipping / select-payment: the methods each shipment or payment may take. */
export async function readCheckoutMethods(host: CartHost, run: OperationRun, cartId: number, what: CheckoutRead): Promise<StepAnswer<CheckoutMethods>> {
  const loaded = await load(run, host, cartId, null);
  const cart = loaded.cart;
  if (!cart) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
  const state = loaded.row.checkoutState;
  if (what === "shipping_methods") {
    if (!checkoutMachine.can(state, "select_shipping")) throw refuse.badRequest(ORDER_MSG.shippingMethodsUnresolvable);
    if (loaded.row.shipmentId === null) return { status: 200, body: { shipments: [] } };
    const descriptions = new Map(loaded.read.context.methods.map((m) => [m.code, m.description]));
    const shipped = cart.items.reduce((sum, item) => sum + (loaded.variants.get(item.variantId)?.shippingRequired === false ? 0 : item.quantity), 0);
    const methods = selectableShippingMethods(loaded, cart).map((m) => ({
      id: m.id,
      code: m.code,
      name: m.name,
      ...(descriptions.get(m.code) ? { description: descriptions.get(m.code) } : {}),
      price: shippingCharge(m, cart.channelCode, shipped),
    }));
    return { status: 200, body: { shipments: [{ methods }] } };
  }
  if (!checkoutMachine.can(state, "select_payment")) throw refuse.badRequest(ORDER_MSG.paymentMethodsUnresolvable);
  if (loaded.row.paymentId === null) return { status: 200, body: { payments: [] } };
  const methods = loaded.read.paymentMethods.map((m) => ({
    id: m.id,
    code: m.code,
    name: m.name ?? m.code,
    ...(m.description ? { description: m.description } : {}),
  }));
  return { status: 200, body: { payments: [{ methods }] } };
}

// ----------------------------------------------------------------------------- writes

/** The provinces read for an addressing, by country. */
function provinceCatalog(rows: readonly { country: string; code: string }[]): ProvinceCatalog {
  const byCountry = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = byCountry.get(row.country) ?? new Set<string>();
    set.add(row.code);
    byCountry.set(row.country, set);
  }
  return byCountry;
}

function addressNode(submitted: unknown, errors: AddressErrors | null, countries: ReadonlyMap<string, boolean>, provinces: ProvinceCatalog): Record<string, unknown> {
  const children: Record<string, unknown> = {};
  for (const field of addressFormFields(submitted, countries, provinces)) {
    const messages = errors?.fields[field];
    children[field] = messages && messages.length ? { errors: [...messages] } : {};
  }
  const form = errors?.form ?? [];
  return form.length ? { errors: [...form], children } : { children };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The method codes a selection body names, one per line (`shipments` or
 * `payments`), or the form error: `{"<lines>":[{"method":"code"}]}`.
 */
function selectedCodes(body: unknown, key: "shipments" | "payments"): { codes: (string | null)[] | undefined; extra: boolean; invalid: boolean } {
  if (!isRecord(body)) return { codes: undefined, extra: false, invalid: body !== undefined && body !== null };
  const extra = Object.keys(body).some((k) => k !== key);
  const lines = body[key];
  if (lines === undefined || lines === null) return { codes: undefined, extra, invalid: false };
  if (!Array.isArray(lines)) return { codes: undefined, extra, invalid: true };
  const codes = lines.map((line) => {
    if (!isRecord(line)) return "\u0000invalid";
    const method = line.method;
    if (method === undefined || method === null || method === "") return null;
    return typeof method === "string" || typeof method === "number" ? String(method) : "\u0000invalid";
  });
  return { codes, extra, invalid: false };
}

/**
 * The method a selection step chooses for its one line (`shipments` or
 * `payments`; `lines` 0 when the cart has none): the sent code, or on PATCH
 * without one the `current` method's. A line without a method (`missing`,
 * null when that is allowed), a method not `selectable` or more lines than
 * the cart has answer the form error, each on its line's `method`.
 */
function selectedMethod(
  step: { body: unknown; patch: boolean },
  key: "shipments" | "payments",
  choice: { lines: number; current: string | null; selectable: readonly { code: string }[]; missing: string | null },
): string | null {
  const { lines, current, selectable, missing } = choice;
  const { codes, extra, invalid } = selectedCodes(step.body, key);
  const chosen = codes ?? (step.patch && current !== null ? [current] : []);
  const entries = Array.from({ length: Math.max(lines, codes?.length ?? 0) }, (_, i) => {
    const code = chosen[i] ?? null;
    const error = code === null ? missing : selectable.some((m) => m.code === code) ? null : ORDER_MSG.methodInvalid;
    return { code, error };
  });
  if (invalid || extra || entries.some((e) => e.error !== null) || (codes?.length ?? 0) > lines) {
    const methodChildren = selectable.map(() => ({}));
    throw refuse.form(
      {
        [key]: {
          ...(invalid ? { errors: [MSG.invalid] } : {}),
          children: entries.map((e, i) => ({
            children: { method: { ...(e.error !== null ? { errors: [e.error] } : i >= lines ? { errors: [MSG.extraFields] } : {}), children: methodChildren } },
          })),
        },
      },
      extra ? [MSG.extraFields] : [],
    );
  }
  return entries[0]?.code ?? null;
}

/** Applies a checkout write to the cart in its object; the object wraps the answer. */
export async function runCheckoutStep(host: CartHost, run: OperationRun, cartId: number, step: CheckoutStep): Promise<StepAnswer> {
  const { db } = run;
  const loaded = await load(run, host, cartId, step);
  const replayed = run.replay();
  if (replayed) return { status: replayedStatus(replayed.status), body: null, replayed: true };
  if (step.kind === "complete") return complete(run, host, loaded, cartId, step.notes);
  if (step.kind === "coupon" && loaded.cart === null) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);
  await checkIfMatch(run, loaded.read);

  const { row } = loaded;
  const now = new Date().toISOString();
  const state = row.checkoutState;
  const overrides: CheckoutOverrides = {};
  const writes: CheckoutWrite[] = [];
  let transition: CheckoutTransition | null = null;
  let couponId: number | null | undefined;
  let chosenPayment: number | undefined;

  switch (step.kind) {
    case "address": {
      const countries = new Map((loaded.read.countries ?? []).map((c) => [c.code, c.enabled]));
      const provinces = provinceCatalog(loaded.read.provinces ?? []);
      const checked = checkAddressing(step.body, countries, provinces);
      if (!checked.ok) {
        const picked = pickAddresses(step.body);
        const extra = isRecord(step.body)
          ? Object.keys(step.body).some((k) => !["shippingAddress", "billingAddress", "differentShippingAddress", "differentBillingAddress"].includes(k))
          : false;
        throw refuse.form(
          {
            billingAddress: addressNode(picked.billingAddress, checked.errors.billingAddress, countries, provinces),
            shippingAddress: addressNode(picked.shippingAddress, checked.errors.shippingAddress, countries, provinces),
            differentBillingAddress: {},
            differentShippingAddress: {},
          },
          extra ? [MSG.extraFields] : [],
        );
      }
      transition = "address";
      if (loaded.cart) {
        overrides.shippingCountry = checked.shippingAddress.countryCode;
        overrides.billingCountry = checked.billingAddress.countryCode;
        overrides.shippingProvince = checked.shippingAddress.provinceCode;
        overrides.billingProvince = checked.billingAddress.provinceCode;
        writes.push(...addressStatements(db, cartId, row, checked.shippingAddress, checked.billingAddress, now));
      }
      break;
    }
    case "select_shipping": {
      const selectable = loaded.cart ? selectableShippingMethods(loaded, loaded.cart) : [];
      const code = selectedMethod(step, "shipments", {
        lines: row.shipmentId === null ? 0 : 1,
        current: row.shipmentMethodCode,
        selectable,
        missing: ORDER_MSG.shippingMethodMissing,
      });
      transition = "select_shipping";
      if (code) overrides.shippingMethodCode = code;
      break;
    }
    case "select_payment": {
      const methods = loaded.read.paymentMethods;
      const code = selectedMethod(step, "payments", {
        lines: row.paymentId === null ? 0 : 1,
        current: methods.find((m) => m.id === row.paymentMethodId)?.code ?? null,
        selectable: methods,
        missing: step.patch ? null : PAYMENT_METHOD_MISSING,
      });
      transition = "select_payment";
      chosenPayment = code === null ? undefined : methods.find((m) => m.code === code)?.id;
      break;
    }
    case "coupon": {
      if (step.code === undefined) break;
      if (step.code === null || step.code === "") {
        couponId = null;
        overrides.couponPromotionId = null;
        break;
      }
      const coupon = loaded.read.coupon?.[0];
      if (!coupon || !coupon.couponBased || coupon.inChannel !== 1 || !couponUsable(coupon, now)) {
        throw refuse.form({ promotionCoupon: { errors: [MSG.invalid] } });
      }
      couponId = coupon.id;
      overrides.couponPromotionId = coupon.promotionId;
      break;
    }
  }

  // 409: the step's transition from the current checkout state (a placed order's is `completed`).
  let nextState: CheckoutState = state;
  if (transition !== null) {
    const applied = checkoutMachine.apply(state, transition);
    if (!applied.ok) throw refuse.conflict(applied.refusal.message);
    nextState = applied.state;
  }
  const cart = loaded.cart;
  if (!cart) throw refuse.notFound(`Cart with id ${cartId} does not exist.`);

  // Recalculate with the step's changes, then the automatic skips on the result.
  const setup = checkoutSetup(loaded.setup, row, loaded.read.zones, now, overrides);
  const after = await host.withIds(db, (ids) => repriceCart(cart, plansOf(cart), loaded.variants, setup, now, ids));
  const lines = cartLinesOf(after, row, loaded.read.paymentMethods, chosenPayment);
  if (transition !== null) nextState = afterStep(transition, nextState, checkoutFacts(loaded, after, overrides, lines));
  const outcome = { status: 204, resource: null };
  await run.write(outcome, {
    written: cartWriteStatements(db, cart, after, now),
    steps: writes,
    lines: cartLineStatements(db, cartId, cart.currencyCode, row, lines, now),
    order: orderCheckoutStatement(db, cartId, { checkoutState: nextState, ...(couponId !== undefined ? { promotionCouponId: couponId } : {}) }, now),
  });
  host.keep(after);
  await host.armAfterChange(cartId);
  return { status: 204, body: null };
}

/**
 * What the automatic skips decide on, from the recalculated cart: whether it
 * ships, its total and, when the channel allows skipping a step (read with
 * the pricing context's channel), how many methods its shipment or payment
 * may take (none: no shipment or payment). A shipment takes the first method
 * that fits and a payment the channel's first, so a line with one method has it.
 */
function checkoutFacts(loaded: Loaded, after: CartState, overrides: CheckoutOverrides, lines: CartLines): CheckoutFacts {
  const items = after.items.map((item) => ({ shippingRequired: loaded.variants.get(item.variantId)?.shippingRequired ?? true }));
  const channel = loaded.read.context.channel[0];
  return {
    requiresShipping: items.length > 0 && requiresShipping(items),
    total: after.total,
    ...(channel?.skippingShippingStepAllowed
      ? { shippingChoices: lines.shippingMethodCode === null ? [] : [selectableShippingMethods(loaded, after, overrides).length] }
      : {}),
    ...(channel?.skippingPaymentStepAllowed ? { paymentChoices: lines.payment === null ? [] : [loaded.read.paymentMethods.length] } : {}),
  };
}

/** Sylius PaymentBundle validators.en.yml `sylius.payment.method.not_blank` (a PUT that sends no method). */
const PAYMENT_METHOD_MISSING = "Please select a payment method.";

// ----------------------------------------------------------------------------- complete

const PROMOTION_TYPES: ReadonlySet<string> = new Set(["order_promotion", "order_item_promotion", "order_shipping_promotion"]);

/** The promotions whose adjustments the cart carries (their `used` moves with the order). */
function appliedPromotionIds(cart: CartState, setup: PricingSetup): number[] {
  const codes = new Set<string>();
  const take = (list: CartState["adjustments"]) => {
    for (const a of list) if (PROMOTION_TYPES.has(a.type) && a.originCode !== null) codes.add(a.originCode);
  };
  take(cart.adjustments);
  for (const item of cart.items) {
    take(item.adjustments);
    for (const unit of item.units) take(unit.adjustments);
  }
  return setup.promotions.filter((p) => codes.has(p.code)).map((p) => p.id);
}

function completionSnapshot(loaded: Loaded, cart: CartState, variants: ReadonlyMap<number, VariantInfo>): CompletionSnapshot {
  const { row } = loaded;
  const eligible = row.shipmentMethodCode === null ? [] : selectableShippingMethods(loaded, cart);
  return {
    state: "cart",
    checkoutState: row.checkoutState,
    paymentState: "cart",
    shippingState: "cart",
    total: cart.total,
    items: cart.items.map((item) => {
      const v = variants.get(item.variantId);
      return {
        variantId: item.variantId,
        quantity: item.quantity,
        tracked: v?.tracked ?? false,
        productName: v?.productName ?? v?.productCode ?? "",
        variantName: v?.name ?? v?.code ?? "",
        productEnabled: v?.productEnabled ?? false,
        variantEnabled: v?.enabled ?? false,
        onHand: v?.onHand ?? 0,
        onHold: v?.onHold ?? 0,
      };
    }),
    payments:
      row.paymentId === null
        ? []
        : [{ id: row.paymentId, state: "cart", amount: row.paymentAmount ?? 0, methodName: row.paymentMethodName ?? "", methodEnabled: row.paymentMethodEnabled === 1 }],
    shipments:
      row.shipmentId === null
        ? []
        : [{ id: row.shipmentId, state: "cart", methodName: row.shipmentMethodName ?? "", methodEligible: eligible.some((m) => m.code === row.shipmentMethodCode) }],
    promotionIds: appliedPromotionIds(cart, loaded.setup),
    couponId: row.couponId,
  };
}

async function complete(run: OperationRun, host: CartHost, loaded: Loaded, cartId: number, notes: string | null): Promise<StepAnswer> {
  const { db } = run;
  const cart = loaded.cart;
  if (!cart) throw refuse.conflict(ORDER_MSG.transitionRefused("complete", "checkout", loaded.row.checkoutState));
  await checkIfMatch(run, loaded.read);
  const snapshot = completionSnapshot(loaded, cart, loaded.variants);
  const planned = planCompletion(snapshot);
  if (!planned.ok) {
    const refusal = planned.refusal;
    if (refusal.kind === "invalid") throw refuse.form({ notes: {} }, refusal.errors.map((e) => e.message));
    throw refuse.conflict(refusal.message);
  }
  const plan = planned.plan;
  const now = new Date().toISOString();
  try {
    await run.write(
      { status: 204, resource: null },
      {
        completed: completionStatements(
          db,
          cartId,
          loaded.row.checkoutState,
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
      },
    );
  } catch (error) {
    if (!isStockGuardFailure(error)) throw error;
    // Another order took the units between the read and the write: name them from the stock as it is now.
    const { variants } = await namedBatch(db, { variants: variantInfoQuery(db, cartId, null) });
    const current = new Map(variants.map((v) => [v.id, v]));
    const messages = completionErrors(completionSnapshot(loaded, cart, current))
      .filter((e) => e.problem === "insufficient_stock")
      .map((e) => e.message);
    const fallback = cart.items.map((i) => current.get(i.variantId)).find((v) => v?.tracked);
    throw refuse.form({ notes: {} }, messages.length ? messages : [MSG.insufficientStock(fallback?.productName ?? fallback?.productCode ?? "")]);
  }
  await host.placed();
  return { status: 204, body: null };
}


export type { PricingContextRows, PaymentMethodRow, CountryZone };
