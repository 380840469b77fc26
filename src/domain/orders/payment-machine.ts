/** The payment graph (Sylius `sylius_payment`): `payment.state`. */
import { defineMachine, type StateOf } from "./state-machine";

export const paymentMachine = defineMachine("payment", ["cart", "new", "processing", "authorized", "completed", "failed", "cancelled", "refunded"], {
  create: { from: ["cart"], to: "new" },
  process: { from: ["new"], to: "processing" },
  authorize: { from: ["new", "processing"], to: "authorized" },
  complete: { from: ["new", "processing", "authorized"], to: "completed" },
  fail: { from: ["new", "processing"], to: "failed" },
  // Not from `completed`: cancelling a paid order leaves its payment completed.
  cancel: { from: ["new", "processing", "authorized"], to: "cancelled" },
  refund: { from: ["completed"], to: "refunded" },
});
export type PaymentState = StateOf<typeof paymentMachine>;
