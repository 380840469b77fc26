/** The shipment graph (Sylius `sylius_shipment`): `shipment.state`. */
import { defineMachine } from "./state-machine";

export const SHIPMENT_STATES = ["cart", "ready", "shipped", "cancelled"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const shipmentMachine = defineMachine("shipment", SHIPMENT_STATES, {
  create: { from: ["cart"], to: "ready" },
  ship: { from: ["ready"], to: "shipped" },
  // Not from `shipped`: a shipped parcel stays shipped when its order is cancelled.
  cancel: { from: ["ready"], to: "cancelled" },
});
export type ShipmentTransition = keyof typeof shipmentMachine.transitions;
