/** The payment graph (Sylius `sylius_payment`): `payment.state`. */
import { defineMachine } from "./state-machine";

export const PAYMENT_STATES = ["cart", "new", "processing", "authorized", "completed", "failed", "cancelled", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentMachine = defineMachine("payment", PAYMENT_STATES, {
  create: { from: ["cart"], to: "new" },
  process: { from: ["new"], to: "processing" },
  authorize: { from: ["new", "processing"], to: "authorized" },
  complete: { from: ["new", "processing", "authorized"], to: "completed" },
  fail: { from: ["new", "processing"], to: "failed" },
  // Not from `completed`: cancelling a paid order leaves its payment completed.
  cancel: { from: ["new", "processing", "authorized"], to: "cancelled" },
  refund: { from: ["completed"], to: "refunded" },
});
export type PaymentTransition = keyof typeof paymentMachine.transitions;
