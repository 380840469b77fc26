/**
 * `PUT /orders/{orderId}/payments/{id}/complete` as a pure plan: payment
 * `complete` (from new, processing or authorized), then the order payment
 * resolver (sylius_payment.yml). When the completed payments now cover the
 * total the order becomes `paid`: its held units are sold (onHold and onHand
 * both − quantity) and a shipped order is fulfilled.
 */
import { finishWork, settlePayments, startWork, type Work } from "./lifecycle";
import { paymentMachine } from "./payment-machine";
import type { LineNotFound, OrderPlan, PlanResult } from "./plan";
import type { OrderSnapshot } from "./snapshot";
import type { TransitionRefused } from "./state-machine";

export function planPaymentCompletion(
  order: OrderSnapshot,
  paymentId: number,
): PlanResult<OrderPlan, TransitionRefused | LineNotFound> {
  const payment = order.payments.find((line) => line.id === paymentId);
  if (payment === undefined) return { ok: false, refusal: { kind: "not_found", line: "payment", id: paymentId } };
  const completed = paymentMachine.apply(payment.state, "complete");
  if (!completed.ok) return completed;

  const start = startWork(order);
  const work: Work = {
    ...start,
    payments: start.payments.map((line) => (line.id === paymentId ? { ...line, state: completed.state } : line)),
  };
  return { ok: true, plan: finishWork(order, settlePayments(work, order.total)) };
}
