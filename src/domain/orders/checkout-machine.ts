/** The checkout graph (Sylius `sylius_order_checkout`): `order.checkoutState`. */
import { defineMachine } from "./state-machine";

export const CHECKOUT_STATES = ["cart", "addressed", "shipping_selected", "shipping_skipped", "payment_selected", "payment_skipped", "completed"] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const checkoutMachine = defineMachine("checkout", CHECKOUT_STATES, {
  // Re-addressing is allowed at every step before completion.
  address: {
    from: ["cart", "addressed", "shipping_selected", "shipping_skipped", "payment_selected", "payment_skipped"],
    to: "addressed",
  },
  skip_shipping: { from: ["addressed"], to: "shipping_skipped" },
  select_shipping: {
    from: ["addressed", "shipping_selected", "payment_selected", "payment_skipped"],
    to: "shipping_selected",
  },
  skip_payment: { from: ["shipping_selected", "shipping_skipped"], to: "payment_skipped" },
  select_payment: { from: ["shipping_selected", "shipping_skipped", "payment_selected"], to: "payment_selected" },
  complete: { from: ["payment_selected", "payment_skipped"], to: "completed" },
});
export type CheckoutTransition = keyof typeof checkoutMachine.transitions;
