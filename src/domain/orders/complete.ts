/**
 * `PUT /checkouts/complete/{id}` as a pure plan (Sylius 1.8's checkout `complete` and order `create`).
 *
 * Sylius validates the order first (group `sylius_checkout_complete`: the
 * order's shipping methods, payment methods and products, then each item's
 * stock), then applies `complete`, whose callbacks run in this order: order
 * `create` (order payment/shipping to awaiting_payment/ready, payments and
 * shipments created, inventory hold, promotion and coupon usage + 1), then
 * the payment and shipping resolvers. So an order with no payment is paid
 * (and its held units sold) at once, one with no shipment shipped at once,
 * and an empty one fulfilled at once.
 */
import { checkoutMachine } from "./checkout-machine";
import { trackedQuantities } from "./inventory";
import { finishWork, settlePayments, settleShipments, startWork, usageDeltas, type Work } from "./lifecycle";
import { ORDER_MSG } from "./messages";
import { orderMachine } from "./order-machine";
import { orderPaymentMachine } from "./order-payment-machine";
import { orderShippingMachine } from "./order-shipping-machine";
import { paymentMachine } from "./payment-machine";
import type { OrderPlan, PlanResult } from "./plan";
import { shipmentMachine } from "./shipment-machine";
import type { OrderItemLine, OrderSnapshot, PaymentLine, ShipmentLine } from "./snapshot";
import { refusal, type TransitionRefused } from "./state-machine";

export interface CompletionItem extends OrderItemLine {
  readonly productName: string;
  readonly variantName: string;
  readonly productEnabled: boolean;
  readonly variantEnabled: boolean;
  /** The variant's stock as read now (the guarded batch re-checks it). */
  readonly onHand: number;
  readonly onHold: number;
}

export interface CompletionPayment extends PaymentLine {
  readonly methodName: string;
  readonly methodEnabled: boolean;
}

export interface CompletionShipment extends ShipmentLine {
  readonly methodName: string;
  /** The shipping method may still ship this shipment (enabled, category requirement met). */
  readonly methodEligible: boolean;
}

export interface CompletionSnapshot extends OrderSnapshot {
  readonly items: readonly CompletionItem[];
  readonly payments: readonly CompletionPayment[];
  readonly shipments: readonly CompletionShipment[];
}

export type CompletionProblem = "shipping_method_ineligible" | "payment_method_disabled" | "product_disabled" | "insufficient_stock";

export interface CompletionError {
  readonly problem: CompletionProblem;
  readonly message: string;
}

/** 400: the form-level errors of Sylius' checkout completion, in its order. */
export interface CompletionInvalid {
  readonly kind: "invalid";
  readonly errors: readonly CompletionError[];
}

export type CompletionRefusal = CompletionInvalid | TransitionRefused;

/** Validation in Sylius' order: class constraints of the order first, then each item's InStock. */
export function completionErrors(order: CompletionSnapshot): CompletionError[] {
  const errors: CompletionError[] = [];
  for (const shipment of order.shipments) {
    if (!shipment.methodEligible) {
      errors.push({ problem: "shipping_method_ineligible", message: ORDER_MSG.shippingMethodIneligible(shipment.methodName) });
    }
  }
  for (const payment of order.payments) {
    if (!payment.methodEnabled) {
      errors.push({ problem: "payment_method_disabled", message: ORDER_MSG.paymentMethodDisabled(payment.methodName) });
    }
  }
  // OrderProductEligibilityValidator: a disabled variant is named by the variant, else a disabled product by the product.
  for (const item of order.items) {
    const name = !item.variantEnabled ? item.variantName : !item.productEnabled ? item.productName : null;
    if (name !== null) errors.push({ problem: "product_disabled", message: ORDER_MSG.productDisabled(name) });
  }
  errors.push(...stockErrors(order.items));
  return errors;
}

/** quantity ≤ onHand − onHold for tracked variants, summed per variant; named by the product (the variant's inventory name). */
function stockErrors(items: readonly CompletionItem[]): CompletionError[] {
  const errors: CompletionError[] = [];
  for (const [variantId, quantity] of trackedQuantities(items)) {
    const item = items.find((line) => line.variantId === variantId);
    if (item === undefined || quantity <= item.onHand - item.onHold) continue;
    errors.push({ problem: "insufficient_stock", message: ORDER_MSG.insufficientStock(item.productName) });
  }
  return errors;
}

/** Order `create` and its `after` cascades (sylius_order.yml), in the graph's order. */
function create(work: Work): Work {
  return {
    ...work,
    state: orderMachine.applyIfAllowed(work.state, "create"),
    shippingState: orderShippingMachine.applyIfAllowed(work.shippingState, "request_shipping"),
    paymentState: orderPaymentMachine.applyIfAllowed(work.paymentState, "request_payment"),
    payments: work.payments.map((payment) => ({ ...payment, state: paymentMachine.applyIfAllowed(payment.state, "create") })),
    shipments: work.shipments.map((shipment) => ({
      ...shipment,
      state: shipmentMachine.applyIfAllowed(shipment.state, "create"),
    })),
    inventory: [...work.inventory, "hold"],
  };
}

/**
 * The plan of `complete`, or why not. A checkout already completed is
 * refused before validation: its own held units count in `onHold`, so
 * validating it again could only report missing stock instead of the 409
 * that a second completion answers. Otherwise validation (400) comes before the state (409),
 * as the checkout orders its checks. The order number and `checkoutCompletedAt` are the
 * caller's (a sequence and a clock): see `formatOrderNumber`.
 */
export function planCompletion(order: CompletionSnapshot): PlanResult<OrderPlan, CompletionRefusal> {
  if (order.checkoutState === "completed") {
    return { ok: false, refusal: refusal("checkout", "complete", order.checkoutState) };
  }
  const errors = completionErrors(order);
  if (errors.length > 0) return { ok: false, refusal: { kind: "invalid", errors } };
  const completed = checkoutMachine.apply(order.checkoutState, "complete");
  if (!completed.ok) return { ok: false, refusal: completed.refusal };

  let work: Work = { ...startWork(order), checkoutState: completed.state };
  work = create(work);
  work = settlePayments(work, order.total);
  work = settleShipments(work);
  return { ok: true, plan: finishWork(order, work, usageDeltas(order, +1)) };
}
