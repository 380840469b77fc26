/** The lifecycle event builders (src/domain/events/lifecycle.ts): pure, table-like. */
import { describe, expect, it } from "vitest";
import {
  cartCreated,
  cartDeleted,
  cartExpired,
  cartUpdated,
  LIFECYCLE_DATA_KEYS,
  lifecycleData,
  orderPlaced,
  orderStepEvents,
  paymentEvent,
  shipmentEvent,
  stockEvents,
  type OrderFacts,
  type OrderStepFacts,
} from "../../../src/domain/events/lifecycle";
import { isEventType } from "../../../src/domain/events/types";

const actor = { clientId: 3, userId: 7 };
const facts: OrderFacts = {
  id: 42,
  number: "000000042",
  checkoutState: "completed",
  state: "new",
  paymentState: "awaiting_payment",
  shippingState: "ready",
  total: 2599,
  currencyCode: "USD",
  customerEmail: "jane@example.com",
};
const variant = { id: 9, code: "MUG/RED", productCode: "MUG" };

describe("lifecycleData", () => {
  it("holds the order's id, number, states, total, currency and customer, in the keys' order", () => {
    const data = lifecycleData(facts);
    expect(Object.keys(data)).toEqual([...LIFECYCLE_DATA_KEYS]);
    expect(data).toEqual({ ...facts, customerEmail: undefined, customer: { email: "jane@example.com" } });
  });
});

describe("cart and order events", () => {
  const cases = [
    { name: "cart.created", event: cartCreated(facts, 1, actor), href: "/api/v1/carts/42", sequence: 1 },
    { name: "cart.updated", event: cartUpdated(facts, 5, actor, { kind: "item_added", itemId: 1, variant: "MUG/RED", quantity: 2 }), href: "/api/v1/carts/42", sequence: 5 },
    { name: "cart.deleted", event: cartDeleted(facts, 5, actor), href: "/api/v1/carts/42", sequence: 6 },
    { name: "order.placed", event: orderPlaced(facts, 9, actor), href: "/api/v1/orders/42", sequence: 9 },
  ] as const;
  for (const { name, event, href, sequence } of cases) {
    it(`${name}: on ${href}, sequence ${sequence}, the principal, the lifecycle data`, () => {
      expect(event.type).toBe(name);
      expect(isEventType(event.type)).toBe(true);
      expect(event.resource).toEqual({ href, id: 42 });
      expect(event.sequence).toBe(sequence);
      expect(event.actor).toEqual(actor);
      expect(event.data).toMatchObject(lifecycleData(facts));
    });
  }

  it("cart.updated says what changed", () => {
    expect(cartUpdated(facts, 2, actor, { kind: "checkout", step: "select_shipping" }).data.change).toEqual({ kind: "checkout", step: "select_shipping" });
    expect(cartUpdated(facts, 2, actor, { kind: "coupon", coupon: null }).data.change).toEqual({ kind: "coupon", coupon: null });
  });

  it("cart.expired names the system that asked, its data and sequence come from the deleted row", () => {
    for (const system of ["expiry", "cron"] as const) {
      expect(cartExpired(42, system)).toEqual({
        type: "cart.expired",
        resource: { href: "/api/v1/carts/42", id: 42 },
        sequence: null,
        actor: { system },
        data: { id: 42 },
      });
    }
  });
});

describe("payment and shipment events", () => {
  const table = [
    { make: () => paymentEvent({ id: 5, from: "new", to: "completed" }, 2599, facts, actor), type: "payment.complete", href: "/api/v1/payments/5" },
    { make: () => paymentEvent({ id: 5, from: "new", to: "cancelled" }, 2599, facts, actor), type: "payment.cancel", href: "/api/v1/payments/5" },
    { make: () => paymentEvent({ id: 5, from: "new", to: "processing" }, 2599, facts, actor), type: null, href: null },
    { make: () => shipmentEvent({ id: 6, from: "ready", to: "shipped" }, "T-1", facts, actor), type: "shipment.ship", href: "/api/v1/shipments/6" },
    { make: () => shipmentEvent({ id: 6, from: "ready", to: "cancelled" }, null, facts, actor), type: "shipment.cancel", href: "/api/v1/shipments/6" },
  ];
  for (const { make, type, href } of table) {
    it(`${type ?? "no event"}${href ? ` on ${href}` : ""}`, () => {
      const event = make();
      if (type === null) return expect(event).toBeNull();
      expect(event).toMatchObject({ type, resource: { href }, sequence: null, actor });
      expect(event?.data).toMatchObject({ order: { id: 42, number: "000000042" }, customer: { email: "jane@example.com" } });
    });
  }
});

describe("inventory.changed", () => {
  it("one per variant whose onHand or onHold moves, none for a zero move", () => {
    const events = stockEvents(
      [
        { variant, onHand: 0, onHold: -2 },
        { variant: { id: 10, code: "MUG/BLUE", productCode: "MUG" }, onHand: 0, onHold: 0 },
      ],
      ["release"],
      facts,
      actor,
    );
    expect(events).toEqual([
      {
        variantId: 9,
        event: {
          type: "inventory.changed",
          resource: { href: "/api/v1/products/MUG/variants/MUG%2FRED", code: "MUG/RED" },
          sequence: null,
          actor,
          data: { code: "MUG/RED", product: "MUG", onHandChange: 0, onHoldChange: -2, operations: ["release"], order: { id: 42, number: "000000042" } },
        },
      },
    ]);
  });
});

describe("orderStepEvents", () => {
  const step = (overrides: Partial<OrderStepFacts>): OrderStepFacts => ({
    order: facts,
    sequence: 4,
    stateBefore: "new",
    fulfilled: false,
    payments: [],
    paymentAmounts: new Map([[5, 2599]]),
    shipments: [],
    tracking: null,
    stock: [],
    operations: [],
    ...overrides,
  });
  const table: { name: string; facts: OrderStepFacts; types: string[]; stock: number }[] = [
    {
      name: "cancel",
      facts: step({
        order: { ...facts, state: "cancelled", paymentState: "cancelled", shippingState: "cancelled" },
        payments: [{ id: 5, from: "new", to: "cancelled" }],
        shipments: [{ id: 6, from: "ready", to: "cancelled" }],
        stock: [{ variant, onHand: 0, onHold: -1 }],
        operations: ["release"],
      }),
      types: ["order.cancelled", "payment.cancel", "shipment.cancel"],
      stock: 1,
    },
    {
      name: "pay",
      facts: step({ order: { ...facts, paymentState: "paid" }, payments: [{ id: 5, from: "new", to: "completed" }], stock: [{ variant, onHand: -1, onHold: -1 }], operations: ["sell"] }),
      types: ["payment.complete"],
      stock: 1,
    },
    {
      name: "ship, fulfilling",
      facts: step({
        order: { ...facts, state: "fulfilled", paymentState: "paid", shippingState: "shipped" },
        fulfilled: true,
        shipments: [{ id: 6, from: "ready", to: "shipped" }],
        tracking: { shipmentId: 6, tracking: "T-9" },
      }),
      types: ["order.fulfilled", "shipment.ship"],
      stock: 0,
    },
  ];
  for (const row of table) {
    it(`${row.name}: ${row.types.join(", ")}${row.stock ? " and inventory.changed" : ""}`, () => {
      const { events, stock } = orderStepEvents(row.facts, actor);
      expect(events.map((e) => e.type)).toEqual(row.types);
      expect(stock).toHaveLength(row.stock);
      for (const event of events.filter((e) => e.type.startsWith("order."))) expect(event.sequence).toBe(4);
    });
  }

  it("the shipped shipment carries its tracking", () => {
    const { events } = orderStepEvents(table[2]!.facts, actor);
    expect(events[1]?.data).toMatchObject({ id: 6, tracking: "T-9" });
  });
});
