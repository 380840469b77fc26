/**
 * What a lifecycle step decides, as data: the order's new states, the lines
 * whose state changes (with the state they change FROM, for the guard of the
 * UPDATE), the stock deltas and the usage deltas. The order's Durable Object
 * turns one plan into one guarded D1 batch.
 */
import type { CheckoutState } from "./checkout-machine";
import type { InventoryOperation, StockDelta } from "./inventory";
import type { OrderPaymentState } from "./order-payment-machine";
import type { OrderShippingState } from "./order-shipping-machine";
import type { OrderState } from "./order-machine";
import type { PaymentState } from "./payment-machine";
import type { ShipmentState } from "./shipment-machine";
import type { TransitionRefused } from "./state-machine";

export interface StateChange<S extends string> {
  readonly id: number;
  readonly from: S;
  readonly to: S;
}

/** Added to a promotion's or coupon's `used`. */
export interface UsageDelta {
  readonly id: number;
  readonly used: number;
}

export interface OrderPlan {
  readonly checkoutState: CheckoutState;
  readonly state: OrderState;
  readonly paymentState: OrderPaymentState;
  readonly shippingState: OrderShippingState;
  /** Only the payments whose state changes. */
  readonly payments: readonly StateChange<PaymentState>[];
  /** Only the shipments whose state changes. */
  readonly shipments: readonly StateChange<ShipmentState>[];
  /** The inventory operations Sylius would run, in order (what `stock` sums up). */
  readonly inventory: readonly InventoryOperation[];
  readonly stock: readonly StockDelta[];
  readonly promotionUsage: readonly UsageDelta[];
  readonly couponUsage: UsageDelta | null;
  /** This step fulfilled the order (paid and shipped). */
  readonly fulfilled: boolean;
}

/** The payment or shipment named by the request is not one of the order's (the route answers 404). */
export interface LineNotFound {
  readonly kind: "not_found";
  readonly line: "payment" | "shipment";
  readonly id: number;
}

export type PlanResult<P, R = TransitionRefused> =
  | { readonly ok: true; readonly plan: P }
  | { readonly ok: false; readonly refusal: R };
