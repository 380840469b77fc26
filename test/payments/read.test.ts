/** GET /payments/{id} and /payments/: a placed order's payment, exactly; the list newest first, without carts' payments. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartWithItems } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { placedOrder } from "../fixtures/orders";
import { expectedOrder, expectExactly, link } from "../fixtures/order-views";

describe("payments", () => {
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

  it("sorts by Sylius' grid field createdAt, both ways", async () => {
    const ids = [(await placedOrder()).paymentId, (await placedOrder()).paymentId];
    await db().update(schema.payments).set({ createdAt: "2990-01-01T00:00:00.000Z" }).where(eq(schema.payments.id, ids[0]!));
    await db().update(schema.payments).set({ createdAt: "2990-02-01T00:00:00.000Z" }).where(eq(schema.payments.id, ids[1]!));
    const mine = async (query: string) => {
      const res = await api("GET", `/api/v1/payments/?limit=100&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body._embedded.items as { id: number }[]).map((item) => item.id).filter((id) => ids.includes(id));
    };
    expect(await mine("")).toEqual([ids[1], ids[0]]);
    expect(await mine("sorting[createdAt]=asc")).toEqual([ids[0], ids[1]]);
    expect(await mine("sorting[createdAt]=desc")).toEqual([ids[1], ids[0]]);
    expect((await api("GET", "/api/v1/payments/?sorting[amount]=asc")).status).toBe(400);
  });
});
