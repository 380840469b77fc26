/**
 * A placed order's transition as the cart's object runs it (cancel, pay a
 * payment, ship a shipment): which plan decides it.
 */
import { planCancellation } from "./cancel";
import { planPaymentCompletion } from "./pay";
import type { LineNotFound, OrderPlan, PlanResult } from "./plan";
import { planShipment } from "./ship";
import type { OrderSnapshot } from "./snapshot";
import type { TransitionRefused } from "./state-machine";

export type OrderStep =
  | { kind: "cancel" }
  | { kind: "pay"; paymentId: number }
  | { kind: "ship"; shipmentId: number; tracking: string | null };

/** The plan of `step` on the order as `snapshot` has it, or its refusal. */
export function planOrderStep(snapshot: OrderSnapshot, step: OrderStep): PlanResult<OrderPlan, TransitionRefused | LineNotFound> {
  switch (step.kind) {
    case "cancel":
      return planCancellation(snapshot);
    case "pay":
      return planPaymentCompletion(snapshot, step.paymentId);
    case "ship":
      return planShipment(snapshot, step.shipmentId, step.tracking);
  }
}
