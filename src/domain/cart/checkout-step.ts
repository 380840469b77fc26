/**
 * The checkout steps' rules (pure): what a step's body chooses, or the form
 * error; the step's transition; the cart recalculated with the step's
 * changes and the automatic skips on the result; the completion's snapshot
 * and plan. The cart object's operations (src/cart/checkout-step.ts) read
 * what these rules need and write what they decide.
 *
 * Order of checks (docs/api/checkout-and-orders.md): the order exists (404),
 * the body (400), the transition (409), then the step: recalculate, then the
 * automatic skips (`afterStep`), all written together.
 */
import { MSG } from "../messages";
import { pricingContextFrom, type PricingSetup } from "../pricing";
import { eligibleShippingMethods } from "../pricing/steps/shipping";
import {
  addressFormFields,
  afterStep,
  checkAddressing,
  checkoutMachine,
  completionErrors,
  pickAddresses,
  planCompletion,
  requiresShipping,
  ORDER_MSG,
  type Address,
  type AddressErrors,
  type AddressingBody,
  type CheckoutFacts,
  type CheckoutState,
  type CheckoutTransition,
  type CompletionSnapshot,
  type OrderPlan,
  type PlanResult,
  type ProvinceCatalog,
} from "../orders";
import { itemSnapshots, plansOf, repriceCart, type IdSource } from "./cart-change";
import { cartLinesOf, checkoutSetup, couponUsable, type CartLines, type CheckoutOverrides, type CheckoutPricingRow, type CountryZone } from "./checkout-processing";
import type { CartState, VariantInfo } from "./state";

/** A checkout write. `undefined` fields of a PATCH keep what is stored. */
export type CheckoutStep =
  | { kind: "address"; body: AddressingBody }
  | { kind: "select_shipping"; body: unknown; patch: boolean }
  | { kind: "select_payment"; body: unknown; patch: boolean }
  | { kind: "complete"; notes: string | null }
  | { kind: "coupon"; code: string | null | undefined };

/** The checkout writes other than the completion (each recalculates the cart). */
export type CartStep = Exclude<CheckoutStep, { kind: "complete" }>;

/** Why a step changes nothing (the cart object's refusals of the same kinds). */
export type StepRefusal =
  | { kind: "not-found"; message: string }
  | { kind: "conflict"; message: string }
  | { kind: "form-errors"; children: Record<string, unknown>; errors: string[] };

/** What the steps read of the cart's checkout row (its state, its one shipment and one payment, its coupon). */
export interface CheckoutStepRow extends CheckoutPricingRow {
  checkoutState: CheckoutState;
  couponId: number | null;
  shipmentId: number | null;
  shipmentMethodName: string | null;
  paymentId: number | null;
  paymentAmount: number | null;
  paymentMethodName: string | null;
  paymentMethodEnabled: number | null;
}

/** An enabled payment method of the cart's channel, by position. */
export interface PaymentChoice {
  id: number;
  code: string;
  name: string | null;
  description: string | null;
}

/** What every step decides on: the checkout row, the cart (null when the order is no longer a cart), its pricing. */
export interface CheckoutInputs {
  row: CheckoutStepRow;
  cart: CartState | null;
  /** The channel's pricing setup with the promotions' facts. */
  setup: PricingSetup;
  variants: Map<number, VariantInfo>;
  /** The zones of the cart's addresses (and of the addresses a step sends). */
  zones: readonly CountryZone[];
  paymentMethods: readonly PaymentChoice[];
  /** Whether the channel allows skipping the shipping step, the payment step. */
  skipping: { shipping: boolean; payment: boolean };
}

/** What a step reads for its body: the countries and provinces an address may name, the coupon a code names. */
export interface StepCatalog {
  countries?: readonly { code: string; enabled: boolean }[];
  provinces?: readonly { country: string; code: string }[];
  coupon?: { id: number; promotionId: number; usageLimit: number | null; used: number; expiresAt: string | null; couponBased: boolean; inChannel: number };
}

/** A step decided: the cart recalculated and what the step writes with it. */
export interface StepPlan {
  /** The cart as read, and after the recalculation. */
  cart: CartState;
  after: CartState;
  /** The shipment and payment the recalculated cart needs. */
  lines: CartLines;
  checkoutState: CheckoutState;
  /** The addresses to store (addressing). */
  addresses: { shipping: Address; billing: Address } | null;
  /** The coupon to set (null: remove it; undefined: keep it). */
  couponId: number | null | undefined;
}

/** Sylius PaymentBundle validators.en.yml `sylius.payment.method.not_blank` (a PUT that sends no method). */
const PAYMENT_METHOD_MISSING = "Please select a payment method.";

const cartNotFound = (cartId: number): StepRefusal => ({ kind: "not-found", message: `Cart with id ${cartId} does not exist.` });
const formRefusal = (children: Record<string, unknown>, errors: string[] = []): StepRefusal => ({ kind: "form-errors", children, errors });

/**
 * The refusals of a step the order cannot take at all, which come after a
 * replay and before `If-Match`: completing what is no longer a cart (409),
 * a coupon on what is no longer a cart (404).
 */
export function stepUnavailable(step: CheckoutStep, inputs: CheckoutInputs, cartId: number): StepRefusal | null {
  if (inputs.cart) return null;
  if (step.kind === "complete") return { kind: "conflict", message: ORDER_MSG.transitionRefused("complete", "checkout", inputs.row.checkoutState) };
  if (step.kind === "coupon") return cartNotFound(cartId);
  return null;
}

/** The shipping methods a shipment of this cart may take: after addressing those of its zones, before the channel's enabled ones (docs/api/checkout-and-orders.md, "Cart processing and inventory"). */
export function selectableShippingMethods(inputs: CheckoutInputs, cart: CartState, now: string, overrides: CheckoutOverrides = {}) {
  const setup = checkoutSetup(inputs.setup, inputs.row, inputs.zones, now, overrides);
  if ((overrides.shippingCountry ?? inputs.row.shippingCountry) === null) return setup.shippingMethods.filter((m) => m.enabled);
  // The prices the cart is priced with: a method's rules compare the items total.
  const prices = Object.fromEntries([...inputs.variants.values()].map((v) => [v.code, v.price ?? 0]));
  const context = pricingContextFrom(setup, now, prices);
  return eligibleShippingMethods(itemSnapshots(cart, inputs.variants), cart.channelCode, context);
}

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
): { ok: true; code: string | null } | { ok: false; refusal: StepRefusal } {
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
    return {
      ok: false,
      refusal: formRefusal(
        {
          [key]: {
            ...(invalid ? { errors: [MSG.invalid] } : {}),
            children: entries.map((e, i) => ({
              children: { method: { ...(e.error !== null ? { errors: [e.error] } : i >= lines ? { errors: [MSG.extraFields] } : {}), children: methodChildren } },
            })),
          },
        },
        extra ? [MSG.extraFields] : [],
      ),
    };
  }
  return { ok: true, code: entries[0]?.code ?? null };
}

/** What a step's body changes, once accepted: its transition, the pricing's overrides, the addresses, the coupon, the payment method chosen. */
interface StepChanges {
  transition: CheckoutTransition | null;
  overrides: CheckoutOverrides;
  addresses: { shipping: Address; billing: Address } | null;
  couponId: number | null | undefined;
  chosenPayment: number | undefined;
}

/** The step's body checked against what was read: its changes, or the form error (400). */
function stepChanges(step: CartStep, inputs: CheckoutInputs, catalog: StepCatalog, now: string): { ok: true; changes: StepChanges } | { ok: false; refusal: StepRefusal } {
  const { row } = inputs;
  const changes: StepChanges = { transition: null, overrides: {}, addresses: null, couponId: undefined, chosenPayment: undefined };
  const { overrides } = changes;
  switch (step.kind) {
    case "address": {
      const countries = new Map((catalog.countries ?? []).map((c) => [c.code, c.enabled]));
      const provinces = provinceCatalog(catalog.provinces ?? []);
      const checked = checkAddressing(step.body, countries, provinces);
      if (!checked.ok) {
        const picked = pickAddresses(step.body);
        const extra = isRecord(step.body)
          ? Object.keys(step.body).some((k) => !["shippingAddress", "billingAddress", "differentShippingAddress", "differentBillingAddress"].includes(k))
          : false;
        return {
          ok: false,
          refusal: formRefusal(
            {
              billingAddress: addressNode(picked.billingAddress, checked.errors.billingAddress, countries, provinces),
              shippingAddress: addressNode(picked.shippingAddress, checked.errors.shippingAddress, countries, provinces),
              differentBillingAddress: {},
              differentShippingAddress: {},
            },
            extra ? [MSG.extraFields] : [],
          ),
        };
      }
      changes.transition = "address";
      if (inputs.cart) {
        overrides.shippingCountry = checked.shippingAddress.countryCode;
        overrides.billingCountry = checked.billingAddress.countryCode;
        overrides.shippingProvince = checked.shippingAddress.provinceCode;
        overrides.billingProvince = checked.billingAddress.provinceCode;
        changes.addresses = { shipping: checked.shippingAddress, billing: checked.billingAddress };
      }
      break;
    }
    case "select_shipping": {
      const selectable = inputs.cart ? selectableShippingMethods(inputs, inputs.cart, now) : [];
      const selected = selectedMethod(step, "shipments", {
        lines: row.shipmentId === null ? 0 : 1,
        current: row.shipmentMethodCode,
        selectable,
        missing: ORDER_MSG.shippingMethodMissing,
      });
      if (!selected.ok) return selected;
      changes.transition = "select_shipping";
      if (selected.code) overrides.shippingMethodCode = selected.code;
      break;
    }
    case "select_payment": {
      const methods = inputs.paymentMethods;
      const selected = selectedMethod(step, "payments", {
        lines: row.paymentId === null ? 0 : 1,
        current: methods.find((m) => m.id === row.paymentMethodId)?.code ?? null,
        selectable: methods,
        missing: step.patch ? null : PAYMENT_METHOD_MISSING,
      });
      if (!selected.ok) return selected;
      changes.transition = "select_payment";
      const code = selected.code;
      changes.chosenPayment = code === null ? undefined : methods.find((m) => m.code === code)?.id;
      break;
    }
    case "coupon": {
      if (step.code === undefined) break;
      if (step.code === null || step.code === "") {
        changes.couponId = null;
        overrides.couponPromotionId = null;
        break;
      }
      const coupon = catalog.coupon;
      if (!coupon || !coupon.couponBased || coupon.inChannel !== 1 || !couponUsable(coupon, now)) {
        return { ok: false, refusal: formRefusal({ promotionCoupon: { errors: [MSG.invalid] } }) };
      }
      changes.couponId = coupon.id;
      overrides.couponPromotionId = coupon.promotionId;
      break;
    }
  }
  return { ok: true, changes };
}

/**
 * A checkout write other than the completion: the body (400), the
 * transition from the current checkout state (409; a placed order's is
 * `completed`), the cart (404 once no longer a cart), then the cart
 * recalculated with the step's changes (new adjustments take `ids`), its
 * shipment and payment, and the automatic skips on the result.
 */
export function planCartStep(step: CartStep, inputs: CheckoutInputs, catalog: StepCatalog, cartId: number, now: string, ids: IdSource): PlanResult<StepPlan, StepRefusal> {
  const accepted = stepChanges(step, inputs, catalog, now);
  if (!accepted.ok) return accepted;
  const { transition, overrides, addresses, couponId, chosenPayment } = accepted.changes;
  const { row } = inputs;
  let nextState: CheckoutState = row.checkoutState;
  if (transition !== null) {
    const applied = checkoutMachine.apply(row.checkoutState, transition);
    if (!applied.ok) return { ok: false, refusal: { kind: "conflict", message: applied.refusal.message } };
    nextState = applied.state;
  }
  const cart = inputs.cart;
  if (!cart) return { ok: false, refusal: cartNotFound(cartId) };
  // Recalculate with the step's changes, then the automatic skips on the result.
  const setup = checkoutSetup(inputs.setup, row, inputs.zones, now, overrides);
  const after = repriceCart(cart, plansOf(cart), inputs.variants, setup, now, ids);
  const lines = cartLinesOf(after, row, inputs.paymentMethods, chosenPayment);
  if (transition !== null) nextState = afterStep(transition, nextState, checkoutFacts(inputs, after, overrides, lines, now));
  return { ok: true, plan: { cart, after, lines, checkoutState: nextState, addresses, couponId } };
}

/**
 * What the automatic skips decide on, from the recalculated cart: whether it
 * ships, its total and, when the channel allows skipping a step, how many
 * methods its shipment or payment may take (none: no shipment or payment). A
 * shipment takes the first method that fits and a payment the channel's
 * first, so a line with one method has it.
 */
function checkoutFacts(inputs: CheckoutInputs, after: CartState, overrides: CheckoutOverrides, lines: CartLines, now: string): CheckoutFacts {
  const items = after.items.map((item) => ({ shippingRequired: inputs.variants.get(item.variantId)?.shippingRequired ?? true }));
  return {
    requiresShipping: items.length > 0 && requiresShipping(items),
    total: after.total,
    ...(inputs.skipping.shipping ? { shippingChoices: lines.shippingMethodCode === null ? [] : [selectableShippingMethods(inputs, after, now, overrides).length] } : {}),
    ...(inputs.skipping.payment ? { paymentChoices: lines.payment === null ? [] : [inputs.paymentMethods.length] } : {}),
  };
}

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

/** The cart as the completion checks it, with its variants' stock from `variants`. */
function completionSnapshot(inputs: CheckoutInputs, cart: CartState, variants: ReadonlyMap<number, VariantInfo>, now: string): CompletionSnapshot {
  const { row } = inputs;
  const eligible = row.shipmentMethodCode === null ? [] : selectableShippingMethods(inputs, cart, now);
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
    promotionIds: appliedPromotionIds(cart, inputs.setup),
    couponId: row.couponId,
  };
}

/** The completion of `cart`: the order's plan, or the form's errors (400) or the transition's refusal (409). */
export function planCheckoutCompletion(inputs: CheckoutInputs, cart: CartState, now: string): PlanResult<OrderPlan, StepRefusal> {
  const planned = planCompletion(completionSnapshot(inputs, cart, inputs.variants, now));
  if (planned.ok) return planned;
  const refusal = planned.refusal;
  if (refusal.kind === "invalid") return { ok: false, refusal: formRefusal({ notes: {} }, refusal.errors.map((e) => e.message)) };
  return { ok: false, refusal: { kind: "conflict", message: refusal.message } };
}

/**
 * Another order took the units between the completion's read and its write:
 * the form error naming them from the stock as it is now (`current`).
 */
export function stockTaken(inputs: CheckoutInputs, cart: CartState, current: ReadonlyMap<number, VariantInfo>, now: string): StepRefusal {
  const messages = completionErrors(completionSnapshot(inputs, cart, current, now))
    .filter((e) => e.problem === "insufficient_stock")
    .map((e) => e.message);
  const fallback = cart.items.map((i) => current.get(i.variantId)).find((v) => v?.tracked);
  return formRefusal({ notes: {} }, messages.length ? messages : [MSG.insufficientStock(fallback?.productName ?? fallback?.productCode ?? "")]);
}
