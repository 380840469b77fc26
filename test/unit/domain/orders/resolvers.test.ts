import { describe, expect, it } from "vitest";
import {
  orderPaymentTarget,
  resolveOrderPaymentState,
  resolveOrderShippingState,
  resolveOrderState,
  type OrderPaymentState,
  type OrderShippingState,
  type OrderState,
  type PaymentState,
  type ShipmentState,
} from "../../../../src/domain/orders";

const payments = (...lines: [PaymentState, number][]) => lines.map(([state, amount], i) => ({ id: i + 1, state, amount }));
const shipments = (...states: ShipmentState[]) => states.map((state, i) => ({ id: i + 1, state }));

describe("order payment resolver (OrderPaymentStateResolver)", () => {
  it.each<[string, ReturnType<typeof payments>, number, OrderPaymentState, OrderPaymentState]>([
    // case, payments, order total, current, expected
    ["no payment at all: paid", [], 0, "awaiting_payment", "paid"],
    ["no payment, even with a total: paid", [], 500, "awaiting_payment", "paid"],
    ["a new payment: still awaiting", payments(["new", 3000]), 3000, "awaiting_payment", "awaiting_payment"],
    ["completed covers the total: paid", payments(["completed", 3000]), 3000, "awaiting_payment", "paid"],
    ["completed above the total: paid", payments(["completed", 3500]), 3000, "awaiting_payment", "paid"],
    ["two completed adding up: paid", payments(["completed", 1000], ["completed", 2000]), 3000, "partially_paid", "paid"],
    ["completed below the total: partially paid", payments(["completed", 1000], ["new", 2000]), 3000, "awaiting_payment", "partially_paid"],
    ["cancelled payments count for nothing", payments(["cancelled", 3000]), 3000, "awaiting_payment", "awaiting_payment"],
    ["authorized covers: authorized", payments(["authorized", 3000]), 3000, "awaiting_payment", "authorized"],
    ["authorized partly: partially authorized", payments(["authorized", 1000], ["new", 2000]), 3000, "awaiting_payment", "partially_authorized"],
    ["processing covers: request_payment (not allowed from awaiting): stays", payments(["processing", 3000]), 3000, "awaiting_payment", "awaiting_payment"],
    ["refunded covers: refunded", payments(["refunded", 3000]), 3000, "paid", "refunded"],
    ["refunded partly: partially refunded", payments(["refunded", 1000], ["completed", 2000]), 3000, "paid", "partially_refunded"],
    ["already paid stays paid", payments(["completed", 3000]), 3000, "paid", "paid"],
    ["a cancelled order is not paid afterwards", payments(["completed", 3000]), 3000, "cancelled", "cancelled"],
    ["a cart is not paid by the resolver (pay is not allowed from cart)", [], 0, "cart", "cart"],
  ])("%s", (_case, lines, total, current, expected) => {
    expect(resolveOrderPaymentState(current, lines, total)).toBe(expected);
  });

  it("names Sylius' target transitions", () => {
    expect(orderPaymentTarget([], 0)).toBe("pay");
    expect(orderPaymentTarget(payments(["new", 10]), 10)).toBeNull();
    expect(orderPaymentTarget(payments(["processing", 10]), 10)).toBe("request_payment");
    expect(orderPaymentTarget(payments(["completed", 4], ["authorized", 6]), 10)).toBe("partially_pay");
  });
});

describe("order shipping resolver (OrderShippingStateResolver)", () => {
  it.each<[string, ReturnType<typeof shipments>, OrderShippingState, OrderShippingState]>([
    ["no shipment at all: shipped", [], "ready", "shipped"],
    ["one ready: ready", shipments("ready"), "ready", "ready"],
    ["one shipped: shipped", shipments("shipped"), "ready", "shipped"],
    ["all shipped: shipped", shipments("shipped", "shipped"), "partially_shipped", "shipped"],
    ["some shipped: partially", shipments("shipped", "ready"), "ready", "partially_shipped"],
    ["some shipped, already partially: stays", shipments("shipped", "shipped", "ready"), "partially_shipped", "partially_shipped"],
    ["shipped is final", shipments("ready"), "shipped", "shipped"],
    ["a cancelled order's shipping is not moved", shipments("shipped"), "cancelled", "cancelled"],
    ["a shipped one next to a cancelled one: partially (not all are shipped)", shipments("shipped", "cancelled"), "ready", "partially_shipped"],
  ])("%s", (_case, lines, current, expected) => {
    expect(resolveOrderShippingState(current, lines)).toBe(expected);
  });
});

describe("order state resolver (OrderStateResolver)", () => {
  it.each<[OrderState, OrderPaymentState, OrderShippingState, OrderState]>([
    ["new", "paid", "shipped", "fulfilled"],
    ["new", "paid", "ready", "new"],
    ["new", "awaiting_payment", "shipped", "new"],
    ["new", "partially_paid", "shipped", "new"],
    ["cancelled", "paid", "shipped", "cancelled"],
    ["cart", "paid", "shipped", "cart"],
    ["fulfilled", "paid", "shipped", "fulfilled"],
  ])("%s with %s and %s → %s", (state, paymentState, shippingState, expected) => {
    expect(resolveOrderState(state, paymentState, shippingState)).toBe(expected);
  });
});
