import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  planCancellation,
  planCompletion,
  planPaymentCompletion,
  planShipment,
  stockDeltas,
  type CompletionSnapshot,
  type InventoryOperation,
  type OrderPlan,
  type PlanResult,
} from "../../../../src/domain/orders";
import { afterPlan, applyStock, item, payment, readyCart, shipment, withStock, type Level } from "../../../fixtures/domain/orders";

const line = (variantId: number, quantity: number, tracked = true) => ({ variantId, quantity, tracked });

describe("stockDeltas: one delta per tracked variant, with the guard on the row before it", () => {
  it.each<[string, ReturnType<typeof line>[], InventoryOperation[], unknown[]]>([
    ["hold", [line(1, 2)], ["hold"], [{ variantId: 1, onHand: 0, onHold: 2, requires: { minAvailable: 2 } }]],
    ["sell", [line(1, 2)], ["sell"], [{ variantId: 1, onHand: -2, onHold: -2, requires: { minOnHand: 2, minOnHold: 2 } }]],
    ["release", [line(1, 2)], ["release"], [{ variantId: 1, onHand: 0, onHold: -2, requires: { minOnHold: 2 } }]],
    ["give back", [line(1, 2)], ["give_back"], [{ variantId: 1, onHand: 2, onHold: 0, requires: {} }]],
    // hold then sell: the sell's onHold ≥ 2 is met by the hold itself; onHand ≥ 2 must hold before
    ["hold then sell", [line(1, 2)], ["hold", "sell"], [{ variantId: 1, onHand: -2, onHold: 0, requires: { minAvailable: 2, minOnHand: 2 } }]],
    ["untracked: nothing", [line(1, 2, false)], ["hold", "sell"], []],
    ["nothing to do", [line(1, 2)], [], []],
    // the same variant on two items: the second hold needs the first one's units too
    ["same variant twice", [line(1, 2), line(1, 3)], ["hold"], [{ variantId: 1, onHand: 0, onHold: 5, requires: { minAvailable: 5 } }]],
    [
      "two variants, first-seen order",
      [line(2, 1), line(1, 4), line(2, 1)],
      ["release"],
      [
        { variantId: 2, onHand: 0, onHold: -2, requires: { minOnHold: 2 } },
        { variantId: 1, onHand: 0, onHold: -4, requires: { minOnHold: 4 } },
      ],
    ],
  ])("%s", (_case, items, operations, expected) => {
    expect(stockDeltas(items, operations)).toEqual(expected);
  });
});

function planOf<P, R>(result: PlanResult<P, R>): P {
  if (!result.ok) throw new Error(`expected a plan, got ${JSON.stringify(result.refusal)}`);
  return result.plan;
}

describe("two carts competing for the last units", () => {
  it("both planned on the same stock: the first batch holds them, the second batch's guard refuses", () => {
    const stock = new Map<number, Level>([[7, { onHand: 3, onHold: 0 }]]);
    const cart = readyCart({ items: [item({ variantId: 7, quantity: 2 })] });
    const first = planOf(planCompletion(withStock(cart, stock)));
    const second = planOf(planCompletion(withStock(cart, stock)));
    const afterFirst = applyStock(stock, first.stock);
    expect(afterFirst?.get(7)).toEqual({ onHand: 3, onHold: 2 });
    expect(afterFirst && applyStock(afterFirst, second.stock)).toBeNull();
    // and planned afresh, the loser gets the stock message
    expect(afterFirst && planCompletion(withStock(cart, afterFirst))).toEqual({
      ok: false,
      refusal: { kind: "invalid", errors: [{ problem: "insufficient_stock", message: "Mug does not have sufficient stock." }] },
    });
  });
});

type Action = "complete" | "pay" | "ship" | "cancel";
type Held = "none" | "held" | "sold" | "released" | "returned";

/** Where each order's units are after an inventory operation (the only allowed moves). */
const NEXT: Record<Held, Partial<Record<InventoryOperation, Held>>> = {
  none: { hold: "held" },
  held: { sell: "sold", release: "released" },
  sold: { give_back: "returned" },
  released: {},
  returned: {},
};

describe("everything adds up (random lives of several orders over shared stock)", () => {
  const orderArb = fc.record({
    items: fc.array(
      fc.record({ variantId: fc.integer({ min: 1, max: 3 }), quantity: fc.integer({ min: 1, max: 4 }), tracked: fc.boolean() }),
      { maxLength: 3 },
    ),
    paid: fc.boolean(), // false: a free order (no payment)
    shipped: fc.boolean(), // false: nothing to ship (no shipment)
  });

  it("onHold is what placed, unsettled orders hold; onHand drops by what is sold and not given back; never negative", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 3, maxLength: 3 }),
        fc.array(orderArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom<Action>("complete", "pay", "ship", "cancel")), { maxLength: 30 }),
        (initial, specs, actions) => {
          // A variant is tracked or not for the whole run (the first item decides).
          const tracked = new Map<number, boolean>();
          let stock = new Map<number, Level>(initial.map((onHand, i) => [i + 1, { onHand, onHold: 0 }]));
          const orders: CompletionSnapshot[] = specs.map((spec) =>
            readyCart({
              checkoutState: spec.paid ? "payment_selected" : "payment_skipped",
              total: spec.paid ? 1000 : 0,
              items: spec.items.map((it) => {
                if (!tracked.has(it.variantId)) tracked.set(it.variantId, it.tracked);
                return item({ ...it, tracked: tracked.get(it.variantId) ?? true });
              }),
              payments: spec.paid ? [payment({ id: 11, amount: 1000 })] : [],
              shipments: spec.shipped ? [shipment({ id: 21 })] : [],
            }),
          );
          const held: Held[] = orders.map(() => "none");

          for (const [pick, action] of actions) {
            const index = pick % orders.length;
            const order = withStock(orders[index]!, stock);
            const result: PlanResult<OrderPlan, unknown> =
              action === "complete"
                ? planCompletion(order)
                : action === "pay"
                  ? planPaymentCompletion(order, 11)
                  : action === "ship"
                    ? planShipment(order, 21)
                    : planCancellation(order);
            if (!result.ok) continue;
            const next = applyStock(stock, result.plan.stock);
            // Planned on fresh stock, a guard never fails.
            expect(next).not.toBeNull();
            if (next === null) return;
            stock = next;
            orders[index] = afterPlan(order, result.plan);
            for (const operation of result.plan.inventory) {
              const moved = NEXT[held[index]!][operation];
              expect(moved, `${held[index]} cannot ${operation}`).toBeDefined();
              if (moved !== undefined) held[index] = moved;
            }
          }

          for (const [variantId, level] of stock) {
            const isTracked = tracked.get(variantId) ?? false;
            const sum = (status: Held) =>
              orders.reduce(
                (total, order, i) =>
                  held[i] !== status || !isTracked
                    ? total
                    : total + order.items.filter((it) => it.variantId === variantId).reduce((s, it) => s + it.quantity, 0),
                0,
              );
            expect(level.onHold).toBeGreaterThanOrEqual(0);
            expect(level.onHand).toBeGreaterThanOrEqual(0);
            expect(level.onHold).toBeLessThanOrEqual(level.onHand);
            expect(level.onHold).toBe(sum("held"));
            expect(level.onHand).toBe(initial[variantId - 1]! - sum("sold"));
          }
          // An order's states agree with where its units are.
          orders.forEach((order, i) => {
            if (held[i] === "held") expect([order.state, order.paymentState]).not.toContain("paid");
            if (held[i] === "sold") expect(order.paymentState).toBe("paid");
            if (order.state === "fulfilled") expect(held[i]).toBe("sold");
            if (order.state === "cancelled") expect(["released", "returned"]).toContain(held[i]);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
