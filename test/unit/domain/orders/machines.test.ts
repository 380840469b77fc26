import { describe, expect, it } from "vitest";
import {
  checkoutMachine,
  orderMachine,
  orderPaymentMachine,
  orderShippingMachine,
  paymentMachine,
  shipmentMachine,
  type StateMachine,
} from "../../../../src/domain/orders";

/**
 * The graphs written out again from Sylius 1.8's CoreBundle
 * state_machine/*.yml, independently of the code: every (state, transition) pair not listed here must be refused.
 */
interface Table {
  readonly label: string;
  readonly states: readonly string[];
  readonly allowed: Readonly<Record<string, { from: readonly string[]; to: string }>>;
}

const CHECKOUT: Table = {
  label: "checkout",
  states: ["cart", "addressed", "shipping_selected", "shipping_skipped", "payment_selected", "payment_skipped", "completed"],
  allowed: {
    address: {
      from: ["cart", "addressed", "shipping_selected", "shipping_skipped", "payment_selected", "payment_skipped"],
      to: "addressed",
    },
    skip_shipping: { from: ["addressed"], to: "shipping_skipped" },
    select_shipping: { from: ["addressed", "shipping_selected", "payment_selected", "payment_skipped"], to: "shipping_selected" },
    skip_payment: { from: ["shipping_selected", "shipping_skipped"], to: "payment_skipped" },
    select_payment: { from: ["shipping_selected", "shipping_skipped", "payment_selected"], to: "payment_selected" },
    complete: { from: ["payment_selected", "payment_skipped"], to: "completed" },
  },
};

const ORDER: Table = {
  label: "order",
  states: ["cart", "new", "cancelled", "fulfilled"],
  allowed: {
    create: { from: ["cart"], to: "new" },
    cancel: { from: ["new"], to: "cancelled" },
    fulfill: { from: ["new"], to: "fulfilled" },
  },
};

const ORDER_PAYMENT: Table = {
  label: "order payment",
  states: [
    "cart",
    "awaiting_payment",
    "partially_authorized",
    "authorized",
    "partially_paid",
    "cancelled",
    "paid",
    "partially_refunded",
    "refunded",
  ],
  allowed: {
    request_payment: { from: ["cart"], to: "awaiting_payment" },
    partially_authorize: { from: ["awaiting_payment", "partially_authorized"], to: "partially_authorized" },
    authorize: { from: ["awaiting_payment", "partially_authorized"], to: "authorized" },
    partially_pay: { from: ["awaiting_payment", "partially_paid", "partially_authorized"], to: "partially_paid" },
    cancel: { from: ["awaiting_payment", "authorized", "partially_authorized"], to: "cancelled" },
    pay: { from: ["awaiting_payment", "partially_paid", "authorized"], to: "paid" },
    partially_refund: { from: ["paid", "partially_paid", "partially_refunded"], to: "partially_refunded" },
    refund: { from: ["paid", "partially_paid", "partially_refunded"], to: "refunded" },
  },
};

const ORDER_SHIPPING: Table = {
  label: "order shipping",
  states: ["cart", "ready", "cancelled", "partially_shipped", "shipped"],
  allowed: {
    request_shipping: { from: ["cart"], to: "ready" },
    cancel: { from: ["ready"], to: "cancelled" },
    partially_ship: { from: ["ready"], to: "partially_shipped" },
    ship: { from: ["ready", "partially_shipped"], to: "shipped" },
  },
};

const PAYMENT: Table = {
  label: "payment",
  states: ["cart", "new", "processing", "authorized", "completed", "failed", "cancelled", "refunded"],
  allowed: {
    create: { from: ["cart"], to: "new" },
    process: { from: ["new"], to: "processing" },
    authorize: { from: ["new", "processing"], to: "authorized" },
    complete: { from: ["new", "processing", "authorized"], to: "completed" },
    fail: { from: ["new", "processing"], to: "failed" },
    cancel: { from: ["new", "processing", "authorized"], to: "cancelled" },
    refund: { from: ["completed"], to: "refunded" },
  },
};

const SHIPMENT: Table = {
  label: "shipment",
  states: ["cart", "ready", "shipped", "cancelled"],
  allowed: {
    create: { from: ["cart"], to: "ready" },
    ship: { from: ["ready"], to: "shipped" },
    cancel: { from: ["ready"], to: "cancelled" },
  },
};

function rows(table: Table): [string, string, string | null][] {
  const out: [string, string, string | null][] = [];
  for (const [transition, rule] of Object.entries(table.allowed)) {
    for (const state of table.states) out.push([state, transition, rule.from.includes(state) ? rule.to : null]);
  }
  return out;
}

/** The machines are generic over their literal unions; the table drives them with plain strings. */
function drive(machine: StateMachine<string, string>) {
  return machine;
}

describe.each([
  [CHECKOUT, drive(checkoutMachine)],
  [ORDER, drive(orderMachine)],
  [ORDER_PAYMENT, drive(orderPaymentMachine)],
  [ORDER_SHIPPING, drive(orderShippingMachine)],
  [PAYMENT, drive(paymentMachine)],
  [SHIPMENT, drive(shipmentMachine)],
])("the $label machine", (table, machine) => {
  it("has exactly the states and transitions of the spec", () => {
    expect([...machine.states].sort()).toEqual([...table.states].sort());
    expect(Object.keys(machine.transitions).sort()).toEqual(Object.keys(table.allowed).sort());
    expect(machine.label).toBe(table.label);
  });

  it.each(rows(table))("%s --%s--> %s", (state, transition, to) => {
    expect(machine.can(state, transition)).toBe(to !== null);
    const applied = machine.apply(state, transition);
    if (to !== null) {
      expect(applied).toEqual({ ok: true, state: to });
      expect(machine.applyIfAllowed(state, transition)).toBe(to);
    } else {
      expect(applied).toEqual({
        ok: false,
        refusal: {
          kind: "transition_refused",
          machine: table.label,
          transition,
          state,
          message: `Transition "${transition}" cannot be applied on ${table.label} state "${state}".`,
        },
      });
      expect(machine.applyIfAllowed(state, transition)).toBe(state);
    }
  });
});

describe("the 409 texts of refused transitions, verbatim", () => {
  const message = (applied: { ok: boolean; refusal?: { message: string } }) => applied.refusal?.message;
  it.each([
    [message(checkoutMachine.apply("addressed", "select_payment")), 'Transition "select_payment" cannot be applied on checkout state "addressed".'],
    [message(checkoutMachine.apply("shipping_selected", "complete")), 'Transition "complete" cannot be applied on checkout state "shipping_selected".'],
    [message(checkoutMachine.apply("completed", "complete")), 'Transition "complete" cannot be applied on checkout state "completed".'],
    [message(orderMachine.apply("cancelled", "cancel")), 'Transition "cancel" cannot be applied on order state "cancelled".'],
    [message(shipmentMachine.apply("shipped", "ship")), 'Transition "ship" cannot be applied on shipment state "shipped".'],
    [message(paymentMachine.apply("completed", "complete")), 'Transition "complete" cannot be applied on payment state "completed".'],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
