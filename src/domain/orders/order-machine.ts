/** The order graph (Sylius `sylius_order`): `order.state`. */
import { defineMachine } from "./state-machine";

export const ORDER_STATES = ["cart", "new", "cancelled", "fulfilled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const orderMachine = defineMachine("order", ORDER_STATES, {
  create: { from: ["cart"], to: "new" },
  cancel: { from: ["new"], to: "cancelled" },
  fulfill: { from: ["new"], to: "fulfilled" },
});
export type OrderTransition = keyof typeof orderMachine.transitions;
