/** The order list sorted by Sylius' order grid's fields (its own columns), by page and by cursor. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../src/data/schema";
import { api } from "../fixtures/http";
import { itemsOf } from "../fixtures/sylius";
import { db } from "../fixtures/db";
import { placedOrder } from "../fixtures/orders";

describe("order list sorting", () => {
  it("sorts placed orders by total, date and the other grid fields, and walks a sort by cursor", async () => {
    const ids = [(await placedOrder()).id, (await placedOrder()).id, (await placedOrder()).id];
    for (const [index, total, completed] of [
      [0, 9_000_003, "2990-02-01T00:00:00+00:00"],
      [1, 9_000_001, "2990-03-01T00:00:00+00:00"],
      [2, 9_000_002, "2990-01-01T00:00:00+00:00"],
    ] as const) {
      await db().update(schema.orders).set({ total, checkoutCompletedAt: completed }).where(eq(schema.orders.id, ids[index]!));
    }
    const mine = async (query: string) => {
      const res = await api("GET", `/api/v1/orders/?limit=100&${query}`);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return itemsOf<{ id: number }>(res).map((item) => item.id).filter((id) => ids.includes(id));
    };
    expect(await mine("sorting[total]=desc")).toEqual([ids[0], ids[2], ids[1]]);
    expect(await mine("sorting[total]=asc")).toEqual([ids[1], ids[2], ids[0]]);
    expect(await mine("sorting[date]=desc")).toEqual([ids[1], ids[0], ids[2]]);
    for (const field of ["number", "state", "paymentState", "shippingState", "currencyCode"]) expect(await mine(`sorting[${field}]=asc`)).toHaveLength(3);
    // A cursor walk, one order a page: the sorting rides in the links, each order once, in order.
    const walked: number[] = [];
    let href: string | undefined = "/api/v1/orders/?limit=1&sorting%5Btotal%5D=desc&cursor=";
    while (href) {
      const page: { status: number; body: any } = await api("GET", href);
      expect(page.status, href).toBe(200);
      walked.push(...itemsOf<{ id: number }>(page).map((item) => item.id));
      href = page.body._links.next?.href;
    }
    expect(walked.filter((id) => ids.includes(id))).toEqual([ids[0], ids[2], ids[1]]);
    expect(new Set(walked).size).toBe(walked.length);
    expect((await api("GET", "/api/v1/orders/?sorting[customer]=asc")).status).toBe(400);
  });
});
