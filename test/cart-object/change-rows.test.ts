/**
 * The rows a warm one-item cart change reads (docs/performance/change-reads.md):
 * an add, a quantity change and a removal, as `Server-Timing` reports D1's own
 * `rows_read`, with the object holding the cart, its checkout row, the
 * channel's context and the added variant's stored view. A bound (40 rows),
 * not an exact figure: a change that reads more fails here.
 */
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, cartFixture, newCart } from "../fixtures/carts";

const rowsRead = (headers: Headers): number => Number(/rows_read;desc="(\d+)"/.exec(headers.get("Server-Timing") ?? "")?.[1] ?? NaN);

describe("rows read by a warm one-item cart change", () => {
  it("reads at most 40 rows for an add, a quantity change and a removal, in two round trips for the add and one for the others", async () => {
    const f = await cartFixture([1000, 2000]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0]!.code, 1);
    // Warm: an add and a removal of the other variant (its view stored), a quantity change.
    const first = await addItem(cartId, f.variants[1]!.code, 1);
    expect((await api("DELETE", `/api/v1/carts/${cartId}/items/${first}`)).status).toBe(204);
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 2 })).status).toBe(204);

    const added = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: f.variants[1]!.code, quantity: 1 });
    const changed = await api("PATCH", `/api/v1/carts/${cartId}/items/${item}`, { quantity: 3 });
    const removed = await api("DELETE", `/api/v1/carts/${cartId}/items/${(added.body as { id: number }).id}`);
    expect([added.status, changed.status, removed.status]).toEqual([201, 204, 204]);
    // The add reads the variant it names; the change and the removal only write, guarded (change-guard.ts).
    expect([added, changed, removed].map((res) => d1RoundTrips(res.headers))).toEqual([2, 1, 1]);
    // 32, 29 and 25 rows in this fixture when written; the demo channel's figures are in the page above.
    for (const res of [added, changed, removed]) expect(rowsRead(res.headers)).toBeLessThanOrEqual(40);
  });
});
