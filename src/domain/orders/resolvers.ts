/**
 * Sylius' state resolvers (Component/Core/StateResolver/*.php), pure: each
 * reads the order's lines and returns the state its machine ends in. Like
 * Sylius they apply a transition only when the machine allows it.
 */
import type { Money } from "../pricing/types";
import { orderMachine, type OrderState } from "./order-machine";
import {
  orderPaymentMachine,
  type OrderPaymentState,
  type OrderPaymentTransition,
} from "./order-payment-machine";
import { orderShippingMachine, type OrderShippingState } from "./order-shipping-machine";
import type { PaymentState } from "./payment-machine";
import type { PaymentLine, ShipmentLine } from "./snapshot";

function sumOf(payments: readonly PaymentLine[], state: PaymentState): { count: number; total: Money } {
  let count = 0;
  let total = 0;
  for (const payment of payments) {
    if (payment.state !== state) continue;
    count += 1;
    total += payment.amount;
  }
  return { count, total };
}

/**
 * OrderPaymentStateResolver::getTargetTransition: refunds first, then
 * completed payments (or no payment at all: nothing to pay), then
 * authorized, then processing ones.
 */
export function orderPaymentTarget(payments: readonly PaymentLine[], orderTotal: Money): OrderPaymentTransition | null {
  const refunded = sumOf(payments, "refunded");
  if (refunded.count > 0 && refunded.total >= orderTotal) return "refund";
  if (refunded.total > 0 && refunded.total < orderTotal) return "partially_refund";

  const completed = sumOf(payments, "completed");
  if ((completed.count > 0 && completed.total >= orderTotal) || payments.length === 0) return "pay";
  if (completed.total > 0 && completed.total < orderTotal) return "partially_pay";

  const authorized = sumOf(payments, "authorized");
  if (authorized.count > 0 && authorized.total >= orderTotal) return "authorize";
  if (authorized.total > 0 && authorized.total < orderTotal) return "partially_authorize";

  const processing = sumOf(payments, "processing");
  if (processing.count > 0 && processing.total >= orderTotal) return "request_payment";
  return null;
}

export function resolveOrderPaymentState(
  current: OrderPaymentState,
  payments: readonly PaymentLine[],
  orderTotal: Money,
): OrderPaymentState {
  const target = orderPaymentTarget(payments, orderTotal);
  return target === null ? current : orderPaymentMachine.applyIfAllowed(current, target);
}

/** OrderShippingStateResolver: every shipment shipped (also: none at all) → shipped; some → partially_shipped. */
export function resolveOrderShippingState(
  current: OrderShippingState,
  shipments: readonly ShipmentLine[],
): OrderShippingState {
  if (current === "shipped") return current;
  const shipped = shipments.filter((shipment) => shipment.state === "shipped").length;
  if (shipped === shipments.length) return orderShippingMachine.applyIfAllowed(current, "ship");
  if (shipped >= 1 && current !== "partially_shipped") return orderShippingMachine.applyIfAllowed(current, "partially_ship");
  return current;
}

/** OrderStateResolver: a paid and shipped order is fulfilled. */
export function resolveOrderState(
  state: OrderState,
  paymentState: OrderPaymentState,
  shippingState: OrderShippingState,
): OrderState {
  if (paymentState === "paid" && shippingState === "shipped") return orderMachine.applyIfAllowed(state, "fulfill");
  return state;
}
