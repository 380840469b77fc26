/**
 * The order representations, exactly (keys and their order), the list
 * envelope and its sorting, 404s, the order's ETag, one D1 round trip per
 * read. The checkout summary, payments, shipments and the carts routes of a
 * placed order are read in their own folders.
 */
import { describe, expect, it } from "vitest";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartWithItems } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { placedOrder } from "../fixtures/orders";
import { expectedOrder, expectExactly, ISO, link, rows } from "../fixtures/order-views";

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
