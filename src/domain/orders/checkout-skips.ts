/**
 * The automatic skips of Sylius' CheckoutStateResolver, run after `address`
 * and after `select_shipping` (sylius_order_checkout.yml, after the cart is
 * processed): skip_shipping when no item requires shipping, then
 * skip_payment when there is nothing to pay. Each only where the graph
 * allows it, so after `select_shipping` only skip_payment can happen.
 * (Sylius' per-channel "skip when only one method" options are out of scope.)
 */
import type { Money } from "../pricing/types";
import { checkoutMachine, type CheckoutState, type CheckoutTransition } from "./checkout-machine";

/** The steps after which Sylius resolves the checkout state (callbacks `sylius_skip_shipping`, `sylius_skip_payment`). */
const RESOLVED_AFTER: readonly CheckoutTransition[] = ["address", "select_shipping"];

export interface CheckoutFacts {
  /** Some item's variant requires shipping (see {@link requiresShipping}). */
  readonly requiresShipping: boolean;
  /** The order total after the step's recalculation. */
  readonly total: Money;
}

/** Order::isShippingRequired: any item whose variant requires shipping (a variant does unless told otherwise). */
export function requiresShipping(items: readonly { readonly shippingRequired?: boolean }[]): boolean {
  return items.some((item) => item.shippingRequired !== false);
}

/**
 * The checkout state a step ends in: `state` is where the step's own
 * transition led, `facts` are read from the cart recalculated after it.
 * Steps other than `address` and `select_shipping` skip nothing.
 */
export function afterStep(step: CheckoutTransition, state: CheckoutState, facts: CheckoutFacts): CheckoutState {
  if (!RESOLVED_AFTER.includes(step)) return state;
  let resolved = state;
  if (!facts.requiresShipping) resolved = checkoutMachine.applyIfAllowed(resolved, "skip_shipping");
  if (facts.total <= 0) resolved = checkoutMachine.applyIfAllowed(resolved, "skip_payment");
  return resolved;
}
