/**
 * The automatic skips of Sylius' CheckoutStateResolver, run after `address`
 * and after `select_shipping` (sylius_order_checkout.yml, after the cart is
 * processed): skip_shipping unless a shipping method must be selected, then
 * skip_payment unless a payment method must be (Sylius'
 * OrderShippingMethodSelectionRequirementChecker and
 * OrderPaymentMethodSelectionRequirementChecker). Each only where the graph
 * allows it, so after `select_shipping` only skip_payment can happen.
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
  /**
   * Given when the channel allows skipping the shipping step
   * (`skippingShippingStepAllowed`): per shipment of the recalculated cart,
   * how many shipping methods it may take (Sylius' ShippingMethodsResolver).
   * Absent: the channel does not allow it.
   */
  readonly shippingChoices?: readonly number[];
  /**
   * Given when the channel allows skipping the payment step
   * (`skippingPaymentStepAllowed`): per payment of the recalculated cart, how
   * many payment methods it may take. Absent: the channel does not allow it.
   */
  readonly paymentChoices?: readonly number[];
}

/** Order::isShippingRequired: any item whose variant requires shipping (a variant does unless told otherwise). */
export function requiresShipping(items: readonly { readonly shippingRequired?: boolean }[]): boolean {
  return items.some((item) => item.shippingRequired !== false);
}

/**
 * OrderShippingMethodSelectionRequirementChecker: not when nothing needs
 * shipping; otherwise unless the cart has shipments, the channel allows
 * skipping and each shipment can take exactly one method (which it has).
 */
export function shippingMethodSelectionRequired(facts: CheckoutFacts): boolean {
  if (!facts.requiresShipping) return false;
  const choices = facts.shippingChoices;
  if (choices === undefined || choices.length === 0) return true;
  return choices.some((count) => count !== 1);
}

/**
 * OrderPaymentMethodSelectionRequirementChecker: not when there is nothing
 * to pay; otherwise unless the channel allows skipping and each payment can
 * take exactly one method (which it has).
 */
export function paymentMethodSelectionRequired(facts: CheckoutFacts): boolean {
  if (facts.total <= 0) return false;
  const choices = facts.paymentChoices;
  if (choices === undefined) return true;
  return choices.some((count) => count !== 1);
}

/**
 * The checkout state a step ends in: `state` is where the step's own
 * transition led, `facts` are read from the cart recalculated after it.
 * Steps other than `address` and `select_shipping` skip nothing.
 */
export function afterStep(step: CheckoutTransition, state: CheckoutState, facts: CheckoutFacts): CheckoutState {
  if (!RESOLVED_AFTER.includes(step)) return state;
  let resolved = state;
  if (!shippingMethodSelectionRequired(facts)) resolved = checkoutMachine.applyIfAllowed(resolved, "skip_shipping");
  if (!paymentMethodSelectionRequired(facts)) resolved = checkoutMachine.applyIfAllowed(resolved, "skip_payment");
  return resolved;
}
