/** The order's shipping graph (Sylius `sylius_order_shipping`): `order.shippingState`, not serialized. */
import { defineMachine, type StateOf } from "./state-machine";

export const orderShippingMachine = defineMachine(
  "order shipping",
  ["cart", "ready", "cancelled", "partially_shipped", "shipped"],
  {
    request_shipping: { from: ["cart"], to: "ready" },
    // Only from `ready`: an order with something shipped keeps its shipping state when cancelled.
    cancel: { from: ["ready"], to: "cancelled" },
    partially_ship: { from: ["ready"], to: "partially_shipped" },
    ship: { from: ["ready", "partially_shipped"], to: "shipped" },
  },
);
export type OrderShippingState = StateOf<typeof orderShippingMachine>;
