/**
 * The order's payment graph (Sylius `sylius_order_payment`): `order.paymentState`,
 * not serialized. Moved only by cascades and the resolver, never by a request,
 * so its refusals never reach a client.
 */
import { defineMachine } from "./state-machine";

export const ORDER_PAYMENT_STATES = ["cart", "awaiting_payment", "partially_authorized", "authorized", "partially_paid", "cancelled", "paid", "partially_refunded", "refunded"] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const orderPaymentMachine = defineMachine(
  "order payment",
  ORDER_PAYMENT_STATES,
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
export type OrderPaymentTransition = keyof typeof orderPaymentMachine.transitions;
