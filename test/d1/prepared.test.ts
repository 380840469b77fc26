/**
 * `prepared()` builds a query or a group of queries once and binds values per
 * use: each use must read (or write) what the same queries built with the
 * values would, in one round trip, for any values (nothing of the first use
 * is kept but the SQL).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { namedBatch } from "../../src/data/batch";
import { createDatabase, type Database } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { cartViewOfOrder, cartViewQueries } from "../../src/data/carts/cart-views";
import { oneOrder } from "../../src/data/carts/cart-store";
import { prepared, type Value } from "../../src/data/prepared";
import { eq, inArray, sql } from "drizzle-orm";
import { oauthAccessTokens, orders } from "../../src/data/schema";
import { cartFixture, cartWithItem } from "../fixtures/carts";

const database = () => {
  const meter = new D1Meter();
  return { meter, db: createDatabase(new MeteredD1(env.DB, meter)) };
};

/** Two carts of one item each (of two variants, with these quantities): their ids. */
async function twoCarts(firstQuantity: number, secondQuantity: number): Promise<[number, number]> {
  const fixture = await cartFixture();
  const [one, two] = fixture.variants;
  if (!one || !two) throw new Error("fixture without variants");
  return [await cartWithItem(fixture, one.code, firstQuantity), await cartWithItem(fixture, two.code, secondQuantity)];
}

describe("prepared", () => {
  it("reads, for each bound value, what the queries built with that value read, in one round trip", async () => {
    const [first, second] = await twoCarts(2, 3);
    for (const id of [first, second, first]) {
      const { db, meter } = database();
      const bound = await namedBatch(db, { cart: cartViewOfOrder.bind(db, { id, keptVersion: -1, heldViews: "[]" }) });
      expect(meter.roundTrips).toBe(1);
      const built = await namedBatch(db, { cart: cartViewQueries(db, oneOrder(id)) });
      expect(bound.cart).toEqual(built.cart);
      expect(bound.cart.orders.map((o) => o.id)).toEqual([id]);
    }
  });

  it("leaves a cart's units' JSON out of its view while the cart is at the kept version, only then", async () => {
    const [id] = await twoCarts(600, 1);
    const { db } = database();
    const version = (await db.select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.version ?? 0;
    const view = (keptVersion: number) => namedBatch(db, { cart: cartViewOfOrder.bind(db, { id, keptVersion, heldViews: "[]" }) });
    const full = await view(-1);
    expect(full.cart.unitJson.length).toBeGreaterThanOrEqual(3);
    expect((await view(version - 1)).cart.unitJson).toEqual(full.cart.unitJson);
    const kept = await view(version);
    expect(kept.cart.unitJson).toEqual([]);
    expect({ ...kept.cart, unitJson: full.cart.unitJson }).toEqual(full.cart);
  });

  it("binds strings too, and a value matching nothing reads nothing", async () => {
    const tokenCheckQuery = (d: Database, tokenHash: Value<string>) =>
      d.select({ clientId: oauthAccessTokens.clientId }).from(oauthAccessTokens).where(eq(oauthAccessTokens.tokenHash, tokenHash));
    const tokenCheck = prepared(["tokenHash"], (d, values) => tokenCheckQuery(d, values.tokenHash));
    const { db } = database();
    const read = await namedBatch(db, { known: tokenCheck.bind(db, { tokenHash: "no such hash" }), built: tokenCheckQuery(db, "no such hash") });
    expect(read.known).toEqual([]);
    expect(read.built).toEqual([]);
  });

  it("binds writes: each use changes the rows its values name, and reads back D1's result", async () => {
    const [first, second] = await twoCarts(1, 1);
    const note = prepared(["id", "notes"], (d, values) => d.update(orders).set({ notes: sql`${values.notes}` }).where(eq(orders.id, values.id)));
    const { db, meter } = database();
    const written = await namedBatch(db, { first: note.bind(db, { id: first, notes: "one" }), second: note.bind(db, { id: second, notes: "two" }) });
    expect(meter.roundTrips).toBe(1);
    expect([written.first.meta.changes, written.second.meta.changes]).toEqual([1, 1]);
    const read = await namedBatch(db, { rows: db.select({ id: orders.id, notes: orders.notes }).from(orders).where(inArray(orders.id, [first, second])).orderBy(orders.id) });
    expect(read.rows).toEqual([
      { id: first, notes: "one" },
      { id: second, notes: "two" },
    ]);
  });
});
