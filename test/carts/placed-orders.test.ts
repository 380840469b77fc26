/** The carts routes show carts only: a placed order is not a cart, and its items are not a cart's. */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { placedOrder } from "../fixtures/orders";

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
    expect((await api("POST", `/api/v1/carts/${order.id}/items/`, { variant: order.fixture.variants[1].code, quantity: 1 })).status).toBe(404);
    expect((await api("PUT", `/api/v1/carts/${order.id}/items/${itemId}`, { quantity: 3 })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/carts/${order.id}/items/${itemId}`)).status).toBe(404);
    const after = (await api("GET", `/api/v1/orders/${order.id}`)).body;
    expect(after.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2]);
  });
});
