/**
 * `prepared()` builds a group of selects once and binds values per use: each
 * use must read what the same queries built with the values read, in one
 * round trip, for any values (nothing of the first use is kept but the SQL).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { cartViewOfOrder, cartViewQueries } from "../../src/data/carts/cart-views";
import { oneOrder, tokenCheck, tokenCheckQuery } from "../../src/data/carts/cart-store";
import { prepared } from "../../src/data/prepared";
import { eq } from "drizzle-orm";
import { orders } from "../../src/data/schema";
import { api } from "../helpers/http";
import { cartFixture, type CartFixture } from "./fixtures";

const database = () => {
  const meter = new D1Meter();
  return { meter, db: createDatabase(new MeteredD1(env.DB, meter)) };
};

async function cartWithItem(fixture: CartFixture, variant: string, quantity: number): Promise<number> {
  const cart = await api("POST", "/api/v1/carts/", { customer: fixture.customer, channel: fixture.channel, localeCode: "en_US" });
  expect(cart.status).toBe(201);
  const id = (cart.body as { id: number }).id;
  expect((await api("POST", `/api/v1/carts/${id}/items/`, { variant, quantity })).status).toBe(201);
  return id;
}

describe("prepared", () => {
  it("reads, for each bound value, what the queries built with that value read, in one round trip", async () => {
    const fixture = await cartFixture();
    const [one, two] = fixture.variants;
    if (!one || !two) throw new Error("fixture without variants");
    const first = await cartWithItem(fixture, one.code, 2);
    const second = await cartWithItem(fixture, two.code, 3);
    for (const id of [first, second, first]) {
      const { db, meter } = database();
      const bound = await namedBatch(db, { cart: cartViewOfOrder.bind(db, { id }) });
      expect(meter.roundTrips).toBe(1);
      const built = await namedBatch(db, { cart: cartViewQueries(db, oneOrder(id)) });
      expect(bound.cart).toEqual(built.cart);
      expect(bound.cart.orders.map((o) => o.id)).toEqual([id]);
    }
  });

  it("binds strings too, and a value matching nothing reads nothing", async () => {
    const { db } = database();
    const read = await namedBatch(db, { known: tokenCheck.bind(db, { tokenHash: "no such hash" }), built: tokenCheckQuery(db, "no such hash") });
    expect(read.known).toEqual([]);
    expect(read.built).toEqual([]);
  });

  it("refuses a query whose rows it cannot map without drizzle's query object", () => {
    const { db } = database();
    const update = prepared(["id"], (d, values) => d.update(orders).set({ notes: "x" }).where(eq(orders.id, values.id)));
    expect(() => update.bind(db, { id: 1 })).toThrow("prepared(): only flat selects can be built once.");
  });
});
