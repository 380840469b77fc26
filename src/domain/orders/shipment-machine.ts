/** The shipment graph (Sylius `sylius_shipment`): `shipment.state`. */
import { defineMachine, type StateOf } from "./state-machine";

export const shipmentMachine = defineMachine("shipment", ["cart", "ready", "shipped", "cancelled"], {
  create: { from: ["cart"], to: "ready" },
  ship: { from: ["ready"], to: "shipped" },
  // Not from `shipped`: a shipped parcel stays shipped when its order is cancelled.
  cancel: { from: ["ready"], to: "cancelled" },
});
export type ShipmentState = StateOf<typeof shipmentMachine>;
