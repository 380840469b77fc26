/**
 * `PUT /orders/{orderId}/shipments/{id}/ship` as a pure plan: shipment `ship`
 * (from ready; the caller stamps `shippedAt`), then the order shipping
 * resolver (sylius_shipment.yml): every shipment shipped → the order is
 * shipped, and fulfilled if paid; some → partially shipped. No stock moves.
 */
import { finishWork, settleShipments, startWork, type Work } from "./lifecycle";
import type { LineNotFound, OrderPlan, PlanResult } from "./plan";
import { shipmentMachine } from "./shipment-machine";
import type { OrderSnapshot } from "./snapshot";
import type { TransitionRefused } from "./state-machine";

export interface ShipmentPlan extends OrderPlan {
  readonly shipmentId: number;
  /** Stored as sent; null when the request had none. */
  readonly tracking: string | null;
}

export function planShipment(
  order: OrderSnapshot,
  shipmentId: number,
  tracking: string | null = null,
): PlanResult<ShipmentPlan, TransitionRefused | LineNotFound> {
  const shipment = order.shipments.find((line) => line.id === shipmentId);
  if (shipment === undefined) return { ok: false, refusal: { kind: "not_found", line: "shipment", id: shipmentId } };
  const shipped = shipmentMachine.apply(shipment.state, "ship");
  if (!shipped.ok) return shipped;

  const start = startWork(order);
  const work: Work = {
    ...start,
    shipments: start.shipments.map((line) => (line.id === shipmentId ? { ...line, state: shipped.state } : line)),
  };
  return { ok: true, plan: { ...finishWork(order, settleShipments(work)), shipmentId, tracking } };
}
