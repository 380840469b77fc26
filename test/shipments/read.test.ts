/** GET /shipments/{id} and /shipments/: a placed order's shipment, exactly; the list newest first, without carts' shipments. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartWithItems } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { placedOrder } from "../fixtures/orders";
import { expectedShipment, expectExactly } from "../fixtures/order-views";

describe("shipments", () => {
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
