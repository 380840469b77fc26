/**
 * The order, checkout summary, payment and shipment representations, exactly
 * (keys and their order), the list envelopes and their sorting, 404s, the
 * order's ETag, one D1 round trip per read, and carts routes that show carts only.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartWithItems } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { placedOrder, type PlacedOrder } from "../fixtures/orders";

/** Every key path in document order: `toEqual` ignores key order, this does not. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`));
  // An asymmetric matcher (expect.any, stringMatching) stands for a leaf.
  if (value !== null && typeof value === "object" && typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch !== "function") {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...keyPaths(v, `${prefix}.${k}`)]);
  }
  return [];
}

function expectExactly(actual: unknown, expected: unknown): void {
  expect(actual).toEqual(expected);
  expect(keyPaths(actual)).toEqual(keyPaths(expected));
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
const link = (path: string) => ({ href: `/api/v1${path}` });

async function rows(order: PlacedOrder) {
  const d = db();
  const [customer] = await d.select().from(schema.customers).where(eq(schema.customers.id, order.fixture.customerId));
  const [user] = await d.select().from(schema.shopUsers).where(eq(schema.shopUsers.customerId, order.fixture.customerId));
  const [channel] = await d.select().from(schema.channels).where(eq(schema.channels.code, order.fixture.channel));
  return { customer: customer!, user: user!, channel: channel! };
}

function expectedChannel(channel: typeof schema.channels.$inferSelect) {
  return {
    id: channel.id,
    code: channel.code,
    name: "Test channel",
    createdAt: ISO,
    updatedAt: ISO,
    enabled: true,
    taxCalculationStrategy: "order_items_based",
    _links: { self: link(`/channels/${channel.code}`) },
  };
}

async function expectedOrder(order: PlacedOrder, view: "detailed" | "summary") {
  const { customer, user, channel } = await rows(order);
  const cart = (await api("GET", `/api/v1/orders/${order.id}`)).body;
  const { fixture } = order;
  const variantLinks = (code: string) => ({
    self: link(`/products/${fixture.product}/variants/${code}`),
    product: link(`/products/${fixture.product}`),
  });
  const itemLinks = (code: string) => ({
    order: link(`/orders/${order.id}`),
    product: link(`/products/${fixture.product}`),
    variant: link(`/products/${fixture.product}/variants/${code}`),
  });
  const untracked = fixture.variants[0]!;
  const prices = (price: number) => ({ [fixture.channel]: { channelCode: fixture.channel, price } });
  const units = (item: { units: { id: number }[] }) => item.units.map((u) => ({ id: u.id, adjustments: [], adjustmentsTotal: 0 }));
  const shipping = { id: order.shippingAddressId, firstName: "John", lastName: "Doe", phoneNumber: "555-0100", countryCode: "US", street: "1 Main St", city: "Springfield", postcode: "12345" };
  const billing = { id: order.billingAddressId, firstName: "Jane", lastName: "Roe", countryCode: "US", street: "2 Side St", city: "Shelbyville", postcode: "54321" };
  const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;
  const addresses =
    view === "detailed" ? { shippingAddress: shipping, billingAddress: billing } : { billingAddress: withoutId(billing), shippingAddress: withoutId(shipping) };
  return {
    id: order.id,
    checkoutCompletedAt: ISO,
    number: order.number,
    items: [
      {
        id: cart.items[0].id,
        quantity: 1,
        unitPrice: untracked.price,
        total: untracked.price,
        units: units(cart.items[0]),
        unitsTotal: untracked.price,
        adjustments: [],
        adjustmentsTotal: 0,
        variant: {
          id: untracked.id,
          code: untracked.code,
          optionValues: [],
          position: 0,
          translations: [],
          version: 1,
          onHold: 0,
          onHand: 0,
          tracked: false,
          channelPricings: prices(untracked.price),
          _links: variantLinks(untracked.code),
        },
        _links: itemLinks(untracked.code),
      },
      {
        id: cart.items[1].id,
        quantity: 2,
        unitPrice: 500,
        total: 1000,
        units: units(cart.items[1]),
        unitsTotal: 1000,
        adjustments: [],
        adjustmentsTotal: 0,
        variant: {
          id: fixture.tracked.id,
          code: fixture.tracked.code,
          optionValues: [],
          position: 3,
          translations: { en_US: { locale: "en_US", id: expect.any(Number), name: "Tracked mug" } },
          version: 1,
          onHold: 2,
          onHand: 5,
          tracked: true,
          channelPricings: prices(500),
          _links: variantLinks(fixture.tracked.code),
        },
        _links: itemLinks(fixture.tracked.code),
      },
    ],
    itemsTotal: untracked.price + 1000,
    adjustments: [],
    adjustmentsTotal: 0,
    total: untracked.price + 1000,
    state: "new",
    customer: {
      id: customer.id,
      email: customer.email,
      emailCanonical: customer.emailCanonical,
      firstName: "John",
      lastName: "Doe",
      gender: "u",
      user: { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical },
      _links: { self: link(`/customers/${customer.id}`) },
    },
    channel: expectedChannel(channel),
    ...addresses,
    payments: [
      {
        id: order.paymentId,
        method: {
          id: order.paymentMethod.id,
          code: order.paymentMethod.code,
          position: 1,
          createdAt: ISO,
          updatedAt: ISO,
          enabled: true,
          translations: {
            en_US: { locale: "en_US", id: order.paymentMethod.translationId, name: "Cash on delivery", description: "Pay when it arrives" },
          },
          channels: [expectedChannel(channel)],
          _links: { self: link(`/payment-methods/${order.paymentMethod.code}`) },
        },
        amount: untracked.price + 1000,
        state: "new",
        ...(view === "summary" ? { createdAt: ISO, updatedAt: ISO } : {}),
        _links: {
          self: link(`/payments/${order.paymentId}`),
          "payment-method": link(`/payment-methods/${order.paymentMethod.code}`),
          order: link(`/orders/${order.id}`),
        },
      },
    ],
    shipments: [expectedShipment(order, "ready")],
    currencyCode: "USD",
    localeCode: "en_US",
    checkoutState: "completed",
  };
}

function expectedShipment(order: PlacedOrder, state: string, tracking?: string) {
  return {
    id: order.shipmentId,
    state,
    method: {
      id: order.shippingMethod.id,
      code: order.shippingMethod.code,
      enabled: true,
      _links: { self: link(`/shipping-methods/${order.shippingMethod.code}`), zone: link(`/zones/${order.shippingMethod.zone}`) },
    },
    ...(tracking ? { tracking } : {}),
    _links: {
      self: link(`/shipments/${order.shipmentId}`),
      "shipping-method": link(`/shipping-methods/${order.shippingMethod.code}`),
      order: link(`/orders/${order.id}`),
    },
  };
}

describe("GET /orders/{id}", () => {
  it("the detailed order, exactly, in one D1 round trip", async () => {
    const order = await placedOrder();
    const res = await api("GET", `/api/v1/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expectExactly(res.body, await expectedOrder(order, "detailed"));
  });

  it("with a coupon: promotionCoupon before checkoutState; the promotion's adjustment in the order's", async () => {
    const order = await placedOrder({ withPromotion: true });
    const res = await api("GET", `/api/v1/orders/${order.id}`);
    const keys = Object.keys(res.body);
    expect(keys.slice(-4)).toEqual(["currencyCode", "localeCode", "promotionCoupon", "checkoutState"]);
    expectExactly(res.body.promotionCoupon, {
      id: order.coupon!.id,
      code: order.coupon!.code,
      used: 1,
      createdAt: ISO,
      updatedAt: ISO,
      _links: {
        self: link(`/promotions/${order.promotion!.code}/coupons/${order.coupon!.code}`),
        promotion: link(`/promotions/${order.promotion!.code}`),
      },
    });
    expect(res.body.adjustments).toEqual([{ id: expect.any(Number), type: "order_promotion", label: "Holiday promotion", amount: 0, neutral: false }]);
  });

  it("a cart, in the order shape: no number, no checkoutCompletedAt, no addresses; state cart", async () => {
    const { id } = await cartWithItems(1, 0);
    const res = await api("GET", `/api/v1/orders/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([
      "id", "items", "itemsTotal", "adjustments", "adjustmentsTotal", "total", "state", "customer", "channel",
      "payments", "shipments", "currencyCode", "localeCode", "checkoutState",
    ]);
    expect(res.body.state).toBe("cart");
    expect(res.body.checkoutState).toBe("cart");
  });

  it("unknown ids are 404", async () => {
    for (const id of ["999999999", "-1", "0"]) {
      const res = await api("GET", `/api/v1/orders/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ code: 404, message: expect.any(String) });
    }
  });

  it("strong ETag: 304 while it matches; a lifecycle step changes it", async () => {
    const order = await placedOrder();
    const first = await api("GET", `/api/v1/orders/${order.id}`);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await api("GET", `/api/v1/orders/${order.id}`, undefined, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await api("PUT", `/api/v1/orders/${order.id}/shipments/${order.shipmentId}/ship`)).status).toBe(204);
    const after = await api("GET", `/api/v1/orders/${order.id}`, undefined, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    expect(after.body.shipments[0].state).toBe("shipped");
  });
});

describe("GET /checkouts/{id}", () => {
  it("the checkout summary: addresses without ids (billing first), payments with their timestamps", async () => {
    const order = await placedOrder();
    const res = await api("GET", `/api/v1/checkouts/${order.id}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expectExactly(res.body, await expectedOrder(order, "summary"));
    const tagged = await api("GET", `/api/v1/checkouts/${order.id}`, undefined, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(tagged.status).toBe(304);
    expect((await api("GET", "/api/v1/checkouts/0")).status).toBe(404);
    expect((await api("GET", "/api/v1/checkouts/999999999")).status).toBe(404);
  });
});

describe("GET /orders/", () => {
  it("placed orders only, by number descending, in the order list shape", async () => {
    const low = await placedOrder({ number: `9${String(Date.now()).slice(-7)}0` });
    const high = await placedOrder({ number: `9${String(Date.now()).slice(-7)}9`, withPromotion: true });
    const cart = await cartWithItems(1, 0);
    const res = await api("GET", "/api/v1/orders/?limit=100");
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const items: { id: number }[] = res.body._embedded.items;
    const ids = items.map((i) => i.id);
    expect(ids).not.toContain(cart.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    expect(ids.indexOf(low.id)).toBeGreaterThanOrEqual(0);
    const numbers = await db().select({ id: schema.orders.id, number: schema.orders.number }).from(schema.orders);
    const numberOf = new Map(numbers.map((n) => [n.id, n.number ?? ""]));
    const listed = ids.map((id) => numberOf.get(id)!);
    expect(listed).toEqual([...listed].sort().reverse());

    const { customer, channel } = await rows(high);
    const full = (await api("GET", `/api/v1/orders/${high.id}`)).body;
    expectExactly(
      items.find((i) => i.id === high.id),
      {
        id: high.id,
        items: full.items,
        itemsTotal: full.itemsTotal,
        adjustments: full.adjustments,
        adjustmentsTotal: 0,
        total: full.total,
        customer: { id: customer.id, email: customer.email, firstName: "John", lastName: "Doe", _links: { self: link(`/customers/${customer.id}`) } },
        channel: { id: channel.id, code: channel.code, _links: { self: link(`/channels/${channel.code}`) } },
        currencyCode: "USD",
        localeCode: "en_US",
        promotionCoupon: full.promotionCoupon,
        checkoutState: "completed",
      },
    );
  });

  it("the paginated envelope", async () => {
    await placedOrder();
    const res = await api("GET", "/api/v1/orders/?page=1&limit=1");
    expect(Object.keys(res.body)).toEqual(["page", "limit", "pages", "total", "_links", "_embedded"]);
    expect(res.body.page).toBe(1);
    expect(res.body.limit).toBe(1);
    expect(res.body.pages).toBe(res.body.total);
    expect(res.body._links.self).toEqual({ href: "/api/v1/orders/?page=1&limit=1" });
    expect(res.body._links.first).toEqual({ href: "/api/v1/orders/?page=1&limit=1" });
    expect(res.body._links.last).toEqual({ href: `/api/v1/orders/?page=${res.body.pages}&limit=1` });
    expect(res.body._embedded.items).toHaveLength(1);
  });
});

describe("payments and shipments", () => {
  it("GET /payments/{id}: the payment of the order, exactly; 404s", async () => {
    const order = await placedOrder();
    const res = await api("GET", `/api/v1/payments/${order.paymentId}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const full = await expectedOrder(order, "detailed");
    expectExactly(res.body, full.payments[0]);
    for (const id of ["999999999", "0", "-1"]) expect((await api("GET", `/api/v1/payments/${id}`)).status).toBe(404);
  });

  it("GET /payments/: newest first, not in state cart, the method reduced", async () => {
    const older = await placedOrder();
    const newer = await placedOrder();
    // A cart's payment (state cart) is not listed.
    const cart = await cartWithItems(1, 0);
    const [cartPayment] = await db()
      .insert(schema.payments)
      .values({ orderId: cart.id, currencyCode: "USD", amount: 1299, state: "cart", createdAt: "2999-01-01T00:00:00.000Z" })
      .returning({ id: schema.payments.id });
    await db().update(schema.payments).set({ createdAt: "2998-01-01T00:00:00.000Z" }).where(eq(schema.payments.id, newer.paymentId));
    await db().update(schema.payments).set({ createdAt: "2997-01-01T00:00:00.000Z" }).where(eq(schema.payments.id, older.paymentId));
    const res = await api("GET", "/api/v1/payments/?limit=2");
    expect(res.status).toBe(200);
    const items = res.body._embedded.items;
    expect(items.map((p: { id: number }) => p.id)).toEqual([newer.paymentId, older.paymentId]);
    expect(items.map((p: { id: number }) => p.id)).not.toContain(cartPayment!.id);
    expectExactly(items[0], {
      id: newer.paymentId,
      method: {
        id: newer.paymentMethod.id,
        code: newer.paymentMethod.code,
        position: 1,
        translations: {
          en_US: { locale: "en_US", id: newer.paymentMethod.translationId, name: "Cash on delivery", description: "Pay when it arrives" },
        },
        _links: { self: link(`/payment-methods/${newer.paymentMethod.code}`) },
      },
      amount: newer.total,
      state: "new",
      _links: {
        self: link(`/payments/${newer.paymentId}`),
        "payment-method": link(`/payment-methods/${newer.paymentMethod.code}`),
        order: link(`/orders/${newer.id}`),
      },
    });
    expect(res.body._links.self).toEqual({ href: "/api/v1/payments/?page=1&limit=2" });
    // The cart's own payment is still readable by id.
    expect((await api("GET", `/api/v1/payments/${cartPayment!.id}`)).body.state).toBe("cart");
  });

  it("GET /shipments/{id} and /shipments/: exactly, newest first, not in state cart; 404s", async () => {
    const older = await placedOrder();
    const newer = await placedOrder();
    const cart = await cartWithItems(1, 0);
    const [cartShipment] = await db()
      .insert(schema.shipments)
      .values({ orderId: cart.id, state: "cart", createdAt: "2999-01-01T00:00:00.000Z" })
      .returning({ id: schema.shipments.id });
    await db().update(schema.shipments).set({ createdAt: "2998-01-01T00:00:00.000Z" }).where(eq(schema.shipments.id, newer.shipmentId));
    await db().update(schema.shipments).set({ createdAt: "2997-01-01T00:00:00.000Z" }).where(eq(schema.shipments.id, older.shipmentId));
    expect((await api("PUT", `/api/v1/orders/${newer.id}/shipments/${newer.shipmentId}/ship`, { tracking: "T-1" })).status).toBe(204);

    const one = await api("GET", `/api/v1/shipments/${newer.shipmentId}`);
    expect(d1RoundTrips(one.headers)).toBe(1);
    expectExactly(one.body, expectedShipment(newer, "shipped", "T-1"));
    const list = await api("GET", "/api/v1/shipments/?limit=2");
    expect(list.body._embedded.items.map((s: { id: number }) => s.id)).toEqual([newer.shipmentId, older.shipmentId]);
    expectExactly(list.body._embedded.items[1], expectedShipment(older, "ready"));
    expect(list.body._embedded.items.map((s: { id: number }) => s.id)).not.toContain(cartShipment!.id);
    for (const id of ["999999999", "0", "-1"]) expect((await api("GET", `/api/v1/shipments/${id}`)).status).toBe(404);
  });
});

describe("carts routes show carts only", () => {
  it("a placed order is 404 on GET and DELETE /carts/{id} and absent from /carts/", async () => {
    const order = await placedOrder();
    expect((await api("GET", `/api/v1/carts/${order.id}`)).status).toBe(404);
    const list = await api("GET", "/api/v1/carts/?limit=100");
    expect(list.body._embedded.items.map((c: { id: number }) => c.id)).not.toContain(order.id);
    expect((await api("DELETE", `/api/v1/carts/${order.id}`)).status).toBe(404);
    expect((await api("GET", `/api/v1/orders/${order.id}`)).status).toBe(200);
  });

  it("item routes of a placed order are 404 once its object has run an order step (it keeps no cart copy then)", async () => {
    const order = await placedOrder();
    // The fixture placed the order behind the object's back; an order step makes the object drop its cart copy,
    // as the checkout's completion (in the same object) does.
    expect((await api("PUT", `/api/v1/orders/${order.id}/shipments/${order.shipmentId}/ship`)).status).toBe(204);
    const itemId = (await api("GET", `/api/v1/orders/${order.id}`)).body.items[0].id;
    expect((await api("POST", `/api/v1/carts/${order.id}/items/`, { variant: order.fixture.variants[1]!.code, quantity: 1 })).status).toBe(404);
    expect((await api("PUT", `/api/v1/carts/${order.id}/items/${itemId}`, { quantity: 3 })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/carts/${order.id}/items/${itemId}`)).status).toBe(404);
    const after = (await api("GET", `/api/v1/orders/${order.id}`)).body;
    expect(after.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2]);
  });
});
