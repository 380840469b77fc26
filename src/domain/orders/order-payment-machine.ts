/**
 * The order's payment graph (Sylius `sylius_order_payment`): `order.paymentState`,
 * not serialized. Moved only by cascades and the resolver, never by a request,
 * so its refusals never reach a client.
 */
import { defineMachine, type StateOf, type TransitionOf } from "./state-machine";

export const orderPaymentMachine = defineMachine(
  "order payment",
  ["cart", "awaiting_payment", "partially_authorized", "authorized", "partially_paid", "cancelled", "paid", "partially_refunded", "refunded"],
  {
    request_payment: { from: ["cart"], to: "awaiting_payment" },
    partially_authorize: { from: ["awaiting_payment", "partially_authorized"], to: "partially_authorized" },
    authorize: { from: ["awaiting_payment", "partially_authorized"], to: "authorized" },
    partially_pay: { from: ["awaiting_payment", "partially_paid", "partially_authorized"], to: "partially_paid" },
    // A paid order keeps `paid` when cancelled: that is how the inventory knows to give stock back.
    cancel: { from: ["awaiting_payment", "authorized", "partially_authorized"], to: "cancelled" },
    pay: { from: ["awaiting_payment", "partially_paid", "authorized"], to: "paid" },
    partially_refund: { from: ["paid", "partially_paid", "partially_refunded"], to: "partially_refunded" },
    refund: { from: ["paid", "partially_paid", "partially_refunded"], to: "refunded" },
  },
);
export type OrderPaymentState = StateOf<typeof orderPaymentMachine>;
export type OrderPaymentTransition = TransitionOf<typeof orderPaymentMachine>;
