/**
 * `PUT /orders/{id}/cancel` as a pure plan (Sylius 1.8's order cancel and its cascades): order
 * `cancel` (from `new` only) and its `after` callbacks of sylius_order.yml,
 * in order: cancel the payments and shipments that may be (a completed
 * payment and a shipped shipment stay), the order's payment and shipping
 * states when they may be (a paid order stays `paid`), then the inventory:
 * given back to `onHand` when the order is paid or refunded (its units were
 * sold), else released from `onHold`; promotion and coupon usage − 1.
 * Sylius creates no replacement payment on a cancelled order.
 */
import type { InventoryOperation } from "./inventory";
import { finishWork, startWork, usageDeltas, type Work } from "./lifecycle";
import { orderMachine } from "./order-machine";
import { orderPaymentMachine } from "./order-payment-machine";
import { orderShippingMachine } from "./order-shipping-machine";
import { paymentMachine } from "./payment-machine";
import type { OrderPlan, PlanResult } from "./plan";
import { shipmentMachine } from "./shipment-machine";
import type { OrderSnapshot } from "./snapshot";

export function planCancellation(order: OrderSnapshot): PlanResult<OrderPlan> {
  const cancelled = orderMachine.apply(order.state, "cancel");
  if (!cancelled.ok) return cancelled;

  const start = startWork(order);
  const paymentState = orderPaymentMachine.applyIfAllowed(start.paymentState, "cancel");
  const soldAlready = paymentState === "paid" || paymentState === "refunded";
  const inventory: InventoryOperation = soldAlready ? "give_back" : "release";
  const work: Work = {
    ...start,
    state: cancelled.state,
    payments: start.payments.map((payment) => ({ ...payment, state: paymentMachine.applyIfAllowed(payment.state, "cancel") })),
    shipments: start.shipments.map((shipment) => ({
      ...shipment,
      state: shipmentMachine.applyIfAllowed(shipment.state, "cancel"),
    })),
    paymentState,
    shippingState: orderShippingMachine.applyIfAllowed(start.shippingState, "cancel"),
    inventory: [inventory],
  };
  return { ok: true, plan: finishWork(order, work, usageDeltas(order, -1)) };
}
