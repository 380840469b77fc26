/** GET /checkouts/{id}: a placed order's checkout summary, exactly, in one D1 round trip, with its ETag. */
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { placedOrder } from "../fixtures/orders";
import { expectedOrder, expectExactly } from "../fixtures/order-views";

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
