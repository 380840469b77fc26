/** The order's shipping graph (Sylius `sylius_order_shipping`): `order.shippingState`, not serialized. */
import { defineMachine } from "./state-machine";

export const ORDER_SHIPPING_STATES = ["cart", "ready", "cancelled", "partially_shipped", "shipped"] as const;
export type OrderShippingState = (typeof ORDER_SHIPPING_STATES)[number];

export const orderShippingMachine = defineMachine(
  "order shipping",
  ORDER_SHIPPING_STATES,
  {
    request_shipping: { from: ["cart"], to: "ready" },
    // Only from `ready`: an order with something shipped keeps its shipping state when cancelled.
    cancel: { from: ["ready"], to: "cancelled" },
    partially_ship: { from: ["ready"], to: "partially_shipped" },
    ship: { from: ["ready", "partially_shipped"], to: "shipped" },
  },
);
export type OrderShippingTransition = keyof typeof orderShippingMachine.transitions;
