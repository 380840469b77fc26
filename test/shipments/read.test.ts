/** GET /shipments/{id} and /shipments/: a placed order's shipment, exactly; the list newest first, without carts' shipments. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { itemsOf } from "../fixtures/sylius";
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

  it("sorts by Sylius' grid fields: shippedAt (unshipped first ascending), createdAt, and walks them by cursor", async () => {
    const orders = [await placedOrder(), await placedOrder(), await placedOrder()];
    const ids = orders.map((order) => order.shipmentId);
    await db().update(schema.shipments).set({ shippedAt: "2990-03-01T00:00:00.000Z" }).where(eq(schema.shipments.id, ids[0]!));
    await db().update(schema.shipments).set({ shippedAt: "2990-01-01T00:00:00.000Z" }).where(eq(schema.shipments.id, ids[1]!));
    const mine = async (query: string) => {
      const res = await api("GET", `/api/v1/shipments/?limit=100&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return itemsOf<{ id: number }>(res).map((item) => item.id).filter((id) => ids.includes(id));
    };
    expect(await mine("sorting[shippedAt]=desc")).toEqual([ids[0], ids[1], ids[2]]);
    expect(await mine("sorting[shippedAt]=asc")).toEqual([ids[2], ids[1], ids[0]]);
    expect(await mine("sorting[createdAt]=asc")).toEqual(ids);
    // A cursor walk of one per page keeps the sorting in its links and meets every shipment once, in order.
    const walked: number[] = [];
    let href: string | undefined = "/api/v1/shipments/?limit=1&sorting%5BshippedAt%5D=desc&cursor=";
    while (href) {
      const page: { status: number; body: any } = await api("GET", href);
      expect(page.status, href).toBe(200);
      walked.push(...itemsOf<{ id: number }>(page).map((item) => item.id));
      href = page.body._links.next?.href;
    }
    expect(walked.filter((id) => ids.includes(id))).toEqual([ids[0], ids[1], ids[2]]);
    expect(new Set(walked).size).toBe(walked.length);
    expect((await api("GET", "/api/v1/shipments/?sorting[tracking]=asc")).status).toBe(400);
  });
});
