/**
 * The pure checkout and order lifecycle (as Sylius 1.8 runs it, with the differences docs/api/differences-from-sylius.md lists): machines, skips,
 * plans, numbers, addresses. How the layers above use it:
 *
 * - a checkout step: `checkAddressing` (400) → `checkoutMachine.apply` (409)
 *   → recalculate the cart → `afterStep` for the automatic skips;
 * - `complete`: load a `CompletionSnapshot` → `planCompletion` (400 or
 *   409, or a plan) → number it with `formatOrderNumber` → write the plan in
 *   one batch whose stock statements carry each delta's `requires` as their
 *   guard (a failed guard: another order took the units; plan again);
 * - cancel, pay, ship: `planCancellation`, `planPaymentCompletion`,
 *   `planShipment` over an `OrderSnapshot`, written the same way.
 */

export { checkoutMachine, type CheckoutState, type CheckoutTransition } from "./checkout-machine";
export { orderMachine, type OrderState } from "./order-machine";
export { orderPaymentMachine, type OrderPaymentState, type OrderPaymentTransition } from "./order-payment-machine";
export { orderShippingMachine, type OrderShippingState } from "./order-shipping-machine";
export { paymentMachine, type PaymentState } from "./payment-machine";
export { shipmentMachine, type ShipmentState } from "./shipment-machine";
export { refusal, type Applied, type StateMachine, type TransitionRefused, type TransitionRule } from "./state-machine";
export { afterStep, paymentMethodSelectionRequired, requiresShipping, shippingMethodSelectionRequired, type CheckoutFacts } from "./checkout-skips";
export { orderPaymentTarget, resolveOrderPaymentState, resolveOrderShippingState, resolveOrderState } from "./resolvers";
export { stockDeltas, trackedQuantities, type InventoryOperation, type StockDelta, type StockGuard } from "./inventory";
export type { OrderItemLine, OrderSnapshot, PaymentLine, ShipmentLine } from "./snapshot";
export type { LineNotFound, OrderPlan, PlanResult, StateChange, UsageDelta } from "./plan";
export {
  completionErrors,
  planCompletion,
  type CompletionError,
  type CompletionInvalid,
  type CompletionItem,
  type CompletionPayment,
  type CompletionProblem,
  type CompletionRefusal,
  type CompletionShipment,
  type CompletionSnapshot,
} from "./complete";
export { planCancellation } from "./cancel";
export { planPaymentCompletion } from "./pay";
export { planShipment, type ShipmentPlan } from "./ship";
export { planOrderStep, type OrderStep } from "./order-step";
export { formatOrderNumber } from "./order-number";
export {
  ADDRESS_FIELDS,
  addressFormFields,
  checkAddress,
  formText,
  type Address,
  type AddressCheck,
  type AddressErrors,
  type AddressField,
  type CountryCatalog,
  type ProvinceCatalog,
} from "./address-form";
export { checkAddressing, pickAddresses, type AddressingBody, type AddressingCheck } from "./addressing";
export { ORDER_MSG, type AddressTextLabel, type MachineLabel } from "./messages";
