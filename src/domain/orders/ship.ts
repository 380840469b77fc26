/**
 * `PUT /orders/{orderId}/shipments/{id}/ship` as a pure plan: shipment `ship`
 * (from ready; the caller stamps `shippedAt`), then the order shipping
 * resolver (sylius_shipment.yml): every shipment shipped → the order is
 * shipped, and fulfilled if paid; some → partially shipped. No stock moves.
 */
import { finishWork, settleShipments, transitionLine } from "./lifecycle";
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
  const work = transitionLine(order, "shipments", shipmentId, shipmentMachine, "ship");
  if (!work.ok) return work;
  return { ok: true, plan: { ...finishWork(order, settleShipments(work.plan)), shipmentId, tracking } };
}
