/**
 * `PUT /orders/{orderId}/payments/{id}/complete` as a pure plan: payment
 * `complete` (from new, processing or authorized), then the order payment
 * resolver (sylius_payment.yml). When the completed payments now cover the
 * total the order becomes `paid`: its held units are sold (onHold and onHand
 * both − quantity) and a shipped order is fulfilled.
 */
import { finishWork, settlePayments, transitionLine } from "./lifecycle";
import { paymentMachine } from "./payment-machine";
import type { LineNotFound, OrderPlan, PlanResult } from "./plan";
import type { OrderSnapshot } from "./snapshot";
import type { TransitionRefused } from "./state-machine";

export function planPaymentCompletion(
  order: OrderSnapshot,
  paymentId: number,
): PlanResult<OrderPlan, TransitionRefused | LineNotFound> {
  const work = transitionLine(order, "payments", paymentId, paymentMachine, "complete");
  if (!work.ok) return work;
  return { ok: true, plan: finishWork(order, settlePayments(work.plan, order.total)) };
}
