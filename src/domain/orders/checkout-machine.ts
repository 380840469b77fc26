/** The checkout graph (Sylius `sylius_order_checkout`): `order.checkoutState`. */
import { defineMachine, type StateOf, type TransitionOf } from "./state-machine";

export const checkoutMachine = defineMachine("checkout", ["cart", "addressed", "shipping_selected", "shipping_skipped", "payment_selected", "payment_skipped", "completed"], {
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
export type CheckoutState = StateOf<typeof checkoutMachine>;
export type CheckoutTransition = TransitionOf<typeof checkoutMachine>;
