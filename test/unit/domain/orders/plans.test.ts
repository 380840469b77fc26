import { describe, expect, it } from "vitest";
import {
  planCancellation,
  planCompletion,
  planPaymentCompletion,
  planShipment,
  type CompletionSnapshot,
  type OrderPlan,
  type PlanResult,
} from "../../../../src/domain/orders";
import { afterPlan, applyStock, item, payment, readyCart, shipment, withStock, type Level } from "../../../fixtures/domain/orders";

function planOf<P, R>(result: PlanResult<P, R>): P {
  if (!result.ok) throw new Error(`expected a plan, got ${JSON.stringify(result.refusal)}`);
  return result.plan;
}

function refusalOf<P, R>(result: PlanResult<P, R>): R {
  if (result.ok) throw new Error("expected a refusal, got a plan");
  return result.refusal;
}

/** One order's life against one stock table: each step is planned, then written (guards checked). */
class Shop {
  order: CompletionSnapshot;
  stock: Map<number, Level>;
  constructor(order: CompletionSnapshot, stock: Record<number, Level>) {
    this.stock = new Map(Object.entries(stock).map(([id, level]) => [Number(id), level]));
    this.order = withStock(order, this.stock);
  }
  write(plan: OrderPlan): OrderPlan {
    const stock = applyStock(this.stock, plan.stock);
    if (stock === null) throw new Error("a stock guard refused the batch");
    this.stock = stock;
    this.order = withStock(afterPlan(this.order, plan), stock);
    return plan;
  }
  complete = () => this.write(planOf(planCompletion(this.order)));
  pay = (id = 11) => this.write(planOf(planPaymentCompletion(this.order, id)));
  ship = (id = 21) => this.write(planOf(planShipment(this.order, id, "TRACK-1")));
  cancel = () => this.write(planOf(planCancellation(this.order)));
  /** order.state / payment.state / shipment.state: the end states of the README's state machines. */
  ends = () => `${this.order.state}/${this.order.payments[0]?.state ?? "-"}/${this.order.shipments[0]?.state ?? "-"}`;
  level = (variantId = 7) => this.stock.get(variantId);
}

const shop = (order = readyCart()) => new Shop(order, { 7: { onHand: 10, onHold: 0 }, 8: { onHand: 0, onHold: 0 } });

describe("complete", () => {
  it("places the order: create and its cascades, hold, usage + 1 (nothing paid or shipped yet)", () => {
    const plan = planOf(planCompletion(readyCart()));
    expect(plan).toEqual({
      checkoutState: "completed",
      state: "new",
      paymentState: "awaiting_payment",
      shippingState: "ready",
      payments: [{ id: 11, from: "cart", to: "new" }],
      shipments: [{ id: 21, from: "cart", to: "ready" }],
      inventory: ["hold"],
      // the tracked Mug only; the untracked Poster (0 on hand) never moves
      stock: [{ variantId: 7, onHand: 0, onHold: 2, requires: { minAvailable: 2 } }],
      promotionUsage: [{ id: 5, used: 1 }],
      couponUsage: { id: 9, used: 1 },
      fulfilled: false,
    });
  });

  it("is refused with the exact 409 on a checkout that is not at its last step", () => {
    expect(refusalOf(planCompletion(readyCart({ checkoutState: "shipping_selected" })))).toMatchObject({
      kind: "transition_refused",
      message: 'Transition "complete" cannot be applied on checkout state "shipping_selected".',
    });
  });

  it("twice: the second is the 409, even though its own hold took the last units", () => {
    const s = new Shop(readyCart({ items: [item({ variantId: 7, quantity: 2 })] }), { 7: { onHand: 2, onHold: 0 } });
    s.complete();
    expect(s.level()).toEqual({ onHand: 2, onHold: 2 });
    expect(refusalOf(planCompletion(s.order))).toMatchObject({
      kind: "transition_refused",
      message: 'Transition "complete" cannot be applied on checkout state "completed".',
    });
  });

  it.each([
    ["enough: 2 of 10", 10, 0, true],
    ["exactly the free units: 2 of 5 with 3 held", 5, 3, true],
    ["one short: 2 of 5 with 4 held", 5, 4, false],
    ["none on hand", 0, 0, false],
  ])("stock check (quantity ≤ onHand − onHold): %s", (_case, onHand, onHold, ok) => {
    const result = planCompletion(readyCart({ items: [item({ variantId: 7, quantity: 2, onHand, onHold })] }));
    if (ok) expect(result.ok).toBe(true);
    else expect(refusalOf(result)).toEqual({ kind: "invalid", errors: [{ problem: "insufficient_stock", message: "Mug does not have sufficient stock." }] });
  });

  it("an untracked variant is never short", () => {
    const result = planCompletion(readyCart({ items: [item({ variantId: 8, quantity: 50, tracked: false, onHand: 0 })] }));
    expect(planOf(result).stock).toEqual([]);
  });

  it("lists every problem, in Sylius' order: shipping method, payment method, disabled products, stock", () => {
    const order = readyCart({
      items: [
        item({ variantId: 1, productName: "Mug", variantName: "Mug (red)", variantEnabled: false }),
        item({ variantId: 2, productName: "Cap", variantName: "Cap (L)", productEnabled: false, quantity: 3, onHand: 2 }),
        item({ variantId: 3, productName: "Hat", variantName: "Hat (S)", productEnabled: false, variantEnabled: false }),
      ],
      payments: [payment({ id: 11, methodName: "Bank transfer", methodEnabled: false })],
      shipments: [shipment({ id: 21, methodName: "DHL Express", methodEligible: false })],
    });
    expect(refusalOf(planCompletion(order))).toEqual({
      kind: "invalid",
      errors: [
        {
          problem: "shipping_method_ineligible",
          message: "Product does not fit requirements for DHL Express shipping method. Please reselect your shipping method.",
        },
        {
          problem: "payment_method_disabled",
          message: "This payment method Bank transfer has been disabled. Please reselect your payment method.",
        },
        { problem: "product_disabled", message: "This product Mug (red) has been disabled." }, // a disabled variant: its name
        { problem: "product_disabled", message: "This product Cap has been disabled." }, // a disabled product: its name
        { problem: "product_disabled", message: "This product Hat (S) has been disabled." }, // both: the variant wins
        { problem: "insufficient_stock", message: "Cap does not have sufficient stock." },
      ],
    });
  });

  it("validation (400) comes before the state (409), as the checkout orders its checks", () => {
    const order = readyCart({ checkoutState: "addressed", items: [item({ variantId: 7, productEnabled: false })] });
    expect(refusalOf(planCompletion(order))).toMatchObject({ kind: "invalid" });
  });

  it("an empty order is paid, shipped and fulfilled at once (as in Sylius)", () => {
    const plan = planOf(
      planCompletion(
        readyCart({ checkoutState: "payment_skipped", items: [], payments: [], shipments: [], total: 0, promotionIds: [], couponId: null }),
      ),
    );
    expect(plan).toEqual({
      checkoutState: "completed",
      state: "fulfilled",
      paymentState: "paid",
      shippingState: "shipped",
      payments: [],
      shipments: [],
      inventory: ["hold", "sell"],
      stock: [],
      promotionUsage: [],
      couponUsage: null,
      fulfilled: true,
    });
  });

  it("a free order that ships: paid at once, its units sold at once (hold then sell), not fulfilled until shipped", () => {
    const s = shop(readyCart({ checkoutState: "payment_skipped", payments: [], total: 0 }));
    const plan = s.complete();
    expect(plan).toMatchObject({ state: "new", paymentState: "paid", shippingState: "ready", inventory: ["hold", "sell"], fulfilled: false });
    expect(plan.stock).toEqual([{ variantId: 7, onHand: -2, onHold: 0, requires: { minAvailable: 2, minOnHand: 2 } }]);
    expect(s.level()).toEqual({ onHand: 8, onHold: 0 });
    expect(s.ship()).toMatchObject({ state: "fulfilled", shippingState: "shipped", fulfilled: true, stock: [] });
  });

  it("an order with nothing to ship is shipped at once, and fulfilled when paid", () => {
    const s = shop(readyCart({ shipments: [] }));
    expect(s.complete()).toMatchObject({ state: "new", paymentState: "awaiting_payment", shippingState: "shipped" });
    expect(s.pay()).toMatchObject({ state: "fulfilled", paymentState: "paid", fulfilled: true });
    expect(s.level()).toEqual({ onHand: 8, onHold: 0 });
  });
});

describe("the five end states, with the Mug's stock (10 on hand)", () => {
  it.each<[string, (s: Shop) => void, string, Level]>([
    ["placed", (s) => s.complete(), "new/new/ready", { onHand: 10, onHold: 2 }],
    ["shipped", (s) => (s.complete(), s.ship()), "new/new/shipped", { onHand: 10, onHold: 2 }],
    ["paid", (s) => (s.complete(), s.pay()), "new/completed/ready", { onHand: 8, onHold: 0 }],
    ["paid and shipped", (s) => (s.complete(), s.pay(), s.ship()), "fulfilled/completed/shipped", { onHand: 8, onHold: 0 }],
    ["shipped and paid", (s) => (s.complete(), s.ship(), s.pay()), "fulfilled/completed/shipped", { onHand: 8, onHold: 0 }],
    ["cancelled", (s) => (s.complete(), s.cancel()), "cancelled/cancelled/cancelled", { onHand: 10, onHold: 0 }],
  ])("%s", (_case, steps, ends, level) => {
    const s = shop();
    steps(s);
    expect(s.ends()).toBe(ends);
    expect(s.level()).toEqual(level);
    expect(s.level(8)).toEqual({ onHand: 0, onHold: 0 }); // untracked: never moves
  });
});

describe("pay", () => {
  it("completes the payment; covering the total makes the order paid and sells the held units", () => {
    const s = shop();
    s.complete();
    expect(s.pay()).toEqual({
      checkoutState: "completed",
      state: "new",
      paymentState: "paid",
      shippingState: "ready",
      payments: [{ id: 11, from: "new", to: "completed" }],
      shipments: [],
      inventory: ["sell"],
      stock: [{ variantId: 7, onHand: -2, onHold: -2, requires: { minOnHand: 2, minOnHold: 2 } }],
      promotionUsage: [],
      couponUsage: null,
      fulfilled: false,
    });
  });

  it("a payment short of the total: partially paid, nothing sold; the second one sells", () => {
    const s = shop(readyCart({ payments: [payment({ id: 11, amount: 1000 }), payment({ id: 12, amount: 2000 })] }));
    s.complete();
    expect(s.pay(11)).toMatchObject({ paymentState: "partially_paid", inventory: [], stock: [] });
    expect(s.level()).toEqual({ onHand: 10, onHold: 2 });
    expect(s.pay(12)).toMatchObject({ paymentState: "paid", inventory: ["sell"] });
    expect(s.level()).toEqual({ onHand: 8, onHold: 0 });
  });

  it.each([
    ["twice", (s: Shop) => (s.complete(), s.pay()), 'Transition "complete" cannot be applied on payment state "completed".'],
    ["after cancel", (s: Shop) => (s.complete(), s.cancel()), 'Transition "complete" cannot be applied on payment state "cancelled".'],
    ["on a cart", () => undefined, 'Transition "complete" cannot be applied on payment state "cart".'],
  ])("refused %s", (_case, steps, message) => {
    const s = shop();
    steps(s);
    expect(refusalOf(planPaymentCompletion(s.order, 11))).toMatchObject({ kind: "transition_refused", message });
  });

  it("an unknown payment id is not found (404)", () => {
    expect(refusalOf(planPaymentCompletion(readyCart(), 99))).toEqual({ kind: "not_found", line: "payment", id: 99 });
  });
});

describe("ship", () => {
  it("ships the shipment, keeps the tracking, moves no stock", () => {
    const s = shop();
    s.complete();
    expect(planOf(planShipment(s.order, 21, "ABC-123"))).toEqual({
      checkoutState: "completed",
      state: "new",
      paymentState: "awaiting_payment",
      shippingState: "shipped",
      payments: [],
      shipments: [{ id: 21, from: "ready", to: "shipped" }],
      inventory: [],
      stock: [],
      promotionUsage: [],
      couponUsage: null,
      fulfilled: false,
      shipmentId: 21,
      tracking: "ABC-123",
    });
  });

  it("one parcel of two: partially shipped; the second: shipped", () => {
    const s = shop(readyCart({ shipments: [shipment({ id: 21 }), shipment({ id: 22 })] }));
    s.complete();
    expect(s.ship(21)).toMatchObject({ shippingState: "partially_shipped" });
    expect(s.ship(22)).toMatchObject({ shippingState: "shipped" });
  });

  it.each([
    ["twice", (s: Shop) => (s.complete(), s.ship()), 'Transition "ship" cannot be applied on shipment state "shipped".'],
    ["after cancel", (s: Shop) => (s.complete(), s.cancel()), 'Transition "ship" cannot be applied on shipment state "cancelled".'],
  ])("refused %s", (_case, steps, message) => {
    const s = shop();
    steps(s);
    expect(refusalOf(planShipment(s.order, 21))).toMatchObject({ kind: "transition_refused", message });
  });

  it("an unknown shipment id is not found (404); tracking defaults to null", () => {
    expect(refusalOf(planShipment(readyCart(), 99))).toEqual({ kind: "not_found", line: "shipment", id: 99 });
    const s = shop();
    s.complete();
    expect(planOf(planShipment(s.order, 21)).tracking).toBeNull();
  });
});

describe("cancel", () => {
  it("an unpaid order: everything cancelled, held units released, usage − 1", () => {
    const s = shop();
    s.complete();
    expect(s.cancel()).toEqual({
      checkoutState: "completed",
      state: "cancelled",
      paymentState: "cancelled",
      shippingState: "cancelled",
      payments: [{ id: 11, from: "new", to: "cancelled" }],
      shipments: [{ id: 21, from: "ready", to: "cancelled" }],
      inventory: ["release"],
      stock: [{ variantId: 7, onHand: 0, onHold: -2, requires: { minOnHold: 2 } }],
      promotionUsage: [{ id: 5, used: -1 }],
      couponUsage: { id: 9, used: -1 },
      fulfilled: false,
    });
    expect(s.level()).toEqual({ onHand: 10, onHold: 0 });
  });

  it("a paid order: the payment stays completed, the order stays paid, the stock goes back on hand", () => {
    const s = shop();
    s.complete();
    s.pay();
    const plan = s.cancel();
    expect(plan).toMatchObject({ state: "cancelled", paymentState: "paid", shippingState: "cancelled", payments: [], inventory: ["give_back"] });
    expect(plan.shipments).toEqual([{ id: 21, from: "ready", to: "cancelled" }]);
    expect(plan.stock).toEqual([{ variantId: 7, onHand: 2, onHold: 0, requires: {} }]);
    expect(s.ends()).toBe("cancelled/completed/cancelled");
    expect(s.level()).toEqual({ onHand: 10, onHold: 0 });
  });

  it("a shipped, unpaid order: the shipment stays shipped, the payment is cancelled, the hold released", () => {
    const s = shop();
    s.complete();
    s.ship();
    const plan = s.cancel();
    expect(plan).toMatchObject({ state: "cancelled", paymentState: "cancelled", shippingState: "shipped", shipments: [] });
    expect(s.ends()).toBe("cancelled/cancelled/shipped");
    expect(s.level()).toEqual({ onHand: 10, onHold: 0 });
  });

  it("a free, paid-at-once order gives its sold units back", () => {
    const s = shop(readyCart({ checkoutState: "payment_skipped", payments: [], total: 0 }));
    s.complete();
    expect(s.level()).toEqual({ onHand: 8, onHold: 0 });
    expect(s.cancel()).toMatchObject({ inventory: ["give_back"] });
    expect(s.level()).toEqual({ onHand: 10, onHold: 0 });
  });

  it.each([
    ["twice", (s: Shop) => (s.complete(), s.cancel()), 'Transition "cancel" cannot be applied on order state "cancelled".'],
    ["a fulfilled order", (s: Shop) => (s.complete(), s.pay(), s.ship()), 'Transition "cancel" cannot be applied on order state "fulfilled".'],
    ["a cart", () => undefined, 'Transition "cancel" cannot be applied on order state "cart".'],
  ])("refused: %s", (_case, steps, message) => {
    const s = shop();
    steps(s);
    expect(refusalOf(planCancellation(s.order))).toMatchObject({ kind: "transition_refused", message });
  });

  it("no coupon: no coupon usage", () => {
    const s = shop(readyCart({ couponId: null, promotionIds: [] }));
    s.complete();
    expect(s.cancel()).toMatchObject({ promotionUsage: [], couponUsage: null });
  });
});

describe("the plans are pure", () => {
  const deepFreeze = <T>(value: T): T => {
    if (typeof value === "object" && value !== null) {
      for (const inner of Object.values(value)) deepFreeze(inner);
      Object.freeze(value);
    }
    return value;
  };

  it("never change the snapshot they read, and give the same plan twice", () => {
    const s = shop();
    s.complete();
    const placed = deepFreeze(structuredClone(s.order));
    for (const plan of [
      () => planPaymentCompletion(placed, 11),
      () => planShipment(placed, 21, "T"),
      () => planCancellation(placed),
      () => planCompletion(deepFreeze(readyCart())),
    ]) {
      expect(plan()).toEqual(plan());
    }
    expect(placed).toEqual(s.order);
  });
});
