/**
 * The small typed view of an order that the lifecycle plans read. The caller
 * (the order's Durable Object) loads it; the plans never mutate it.
 */
import type { Money } from "../pricing/types";
import type { CheckoutState } from "./checkout-machine";
import type { OrderPaymentState } from "./order-payment-machine";
import type { OrderShippingState } from "./order-shipping-machine";
import type { OrderState } from "./order-machine";
import type { PaymentState } from "./payment-machine";
import type { ShipmentState } from "./shipment-machine";

export interface OrderItemLine {
  readonly variantId: number;
  readonly quantity: number;
  /** The variant's CURRENT `tracked` flag: Sylius reads it at each step, so untracked variants never move. */
  readonly tracked: boolean;
}

export interface PaymentLine {
  readonly id: number;
  readonly state: PaymentState;
  readonly amount: Money;
}

export interface ShipmentLine {
  readonly id: number;
  readonly state: ShipmentState;
}

export interface OrderSnapshot {
  readonly state: OrderState;
  readonly checkoutState: CheckoutState;
  readonly paymentState: OrderPaymentState;
  readonly shippingState: OrderShippingState;
  readonly total: Money;
  readonly items: readonly OrderItemLine[];
  readonly payments: readonly PaymentLine[];
  readonly shipments: readonly ShipmentLine[];
  /** The promotions applied to the order (their `used` moves with it). */
  readonly promotionIds: readonly number[];
  readonly couponId: number | null;
}
