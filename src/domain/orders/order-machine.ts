/** The order graph (Sylius `sylius_order`): `order.state`. */
import { defineMachine, type StateOf } from "./state-machine";

export const orderMachine = defineMachine("order", ["cart", "new", "cancelled", "fulfilled"], {
  create: { from: ["cart"], to: "new" },
  cancel: { from: ["new"], to: "cancelled" },
  fulfill: { from: ["new"], to: "fulfilled" },
});
export type OrderState = StateOf<typeof orderMachine>;
