/**
 * No handler can do work before its caller is authenticated. A handler's
 * only ways to do work are D1 (reads handed back, writes) and the cart
 * objects, and its answer: probe routes mounted on the real app use each of
 * them, first thing, without authenticating themselves, and a refused token
 * must stop every one of them (nothing read back, written, changed or
 * answered), while an accepted one costs no extra round trip.
 */
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { locales } from "../../src/data/schema";
import { createApp } from "../../src/http/app";
import { CartGateway } from "../../src/http/cart-gateway";
import { firstBatch } from "../../src/http/first-batch";
import { allowedOrigins } from "../../src/http/middleware/cors";
import { TEST_TOKEN } from "../fixtures/accounts";
import { apiCatalog } from "../fixtures/catalog";
import { ok, uniqueCode } from "../fixtures/http";

/** What each probe got to do: filled only by work that ran. */
const done: string[] = [];

function probeApp() {
  const app = createApp(async (c, next) => {
    const meter = new D1Meter();
    const d1 = new MeteredD1(c.env.DB, meter);
    c.set("meter", meter);
    c.set("d1", d1);
    c.set("db", createDatabase(d1));
    c.set("carts", new CartGateway(c.env.CARTS));
    c.set("durableObjectMs", 0);
    c.set("cartObjectCalls", 0);
    c.set("logRequests", false);
    c.set("allowedOrigins", allowedOrigins(""));
    await next();
  });
  // A first read through the helper: its rows are handed back only to an authenticated caller.
  app.get("/api/v1/probe/read", async (c) => {
    const { one } = await firstBatch(c, { one: c.var.db.select({ one: sql<number>`1` }).from(locales).limit(1) });
    done.push(`read ${one.length} auth=${c.var.auth === null ? "none" : "known"}`);
    return c.json({ done: true });
  });
  // A write before any read, not through the helper.
  app.post("/api/v1/probe/write", async (c) => {
    const code = c.req.query("code") ?? "";
    await c.var.db.insert(locales).values({ code });
    done.push(`wrote ${code}`);
    return c.json({ done: true }, 201);
  });
  // Reads nothing at all: its answer alone is the work.
  app.get("/api/v1/probe/nothing", (c) => {
    done.push("answered");
    return c.json({ secret: "only for callers" });
  });
  // Reads nothing and goes to a cart object at once.
  app.delete("/api/v1/probe/carts/:id/items/:itemId", async (c) => {
    const cartId = Number(c.req.param("id"));
    const itemId = Number(c.req.param("itemId"));
    await c.var.carts.call(c, cartId, (stub, caller) => stub.removeItem(cartId, caller, itemId));
    done.push("removed");
    return c.body(null, 204);
  });
  return app;
}

const send = (method: string, path: string, token: string) =>
  probeApp().request(path, { method, headers: { Authorization: `Bearer ${token}` } }, env);

const roundTrips = (res: Response) => Number(/d1;[^,]*desc="(\d+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

let cartId: number;
let itemId: number;

beforeAll(async () => {
  const c = await apiCatalog();
  cartId = (await ok("POST", "/api/v1/carts/", { customer: c.customer, channel: c.channel, localeCode: "en_US" })).id;
  itemId = (await ok("POST", `/api/v1/carts/${cartId}/items/`, { variant: c.variantA, quantity: 2 })).id;
});

describe("a refused token stops every handler before its work", () => {
  for (const [method, path] of [
    ["GET", "/api/v1/probe/read"],
    ["GET", "/api/v1/probe/nothing"],
  ] as const) {
    it(`${method} ${path}: a 401, and nothing handed back`, async () => {
      done.length = 0;
      const res = await send(method, path, "not-a-token");
      expect(res.status).toBe(401);
      expect(await res.json()).not.toHaveProperty("secret");
      expect(done.filter((entry) => entry.startsWith("read"))).toEqual([]);
    });
  }

  it("a write before any read: a 401, and nothing written", async () => {
    done.length = 0;
    const code = uniqueCode("L");
    const res = await send("POST", `/api/v1/probe/write?code=${code}`, "not-a-token");
    expect(res.status).toBe(401);
    expect(done).toEqual([]);
    expect(await env.DB.prepare("SELECT 1 FROM locales WHERE code = ?").bind(code).first()).toBeNull();
  });

  it("a cart object call before any read: a 401, and the cart unchanged", async () => {
    done.length = 0;
    const res = await send("DELETE", `/api/v1/probe/carts/${cartId}/items/${itemId}`, "not-a-token");
    expect(res.status).toBe(401);
    expect(done).toEqual([]);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items WHERE id = ?").bind(itemId).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});

describe("an accepted token", () => {
  it("rides the first batch: the reads are handed back already authenticated, in one round trip", async () => {
    done.length = 0;
    const res = await send("GET", "/api/v1/probe/read", TEST_TOKEN);
    expect(res.status).toBe(200);
    expect(done).toEqual(["read 1 auth=known"]);
    expect(roundTrips(res)).toBe(1);
  });

  it("lets a handler that reads nothing answer, after one round trip of its own", async () => {
    const res = await send("GET", "/api/v1/probe/nothing", TEST_TOKEN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ secret: "only for callers" });
    expect(roundTrips(res)).toBe(1);
  });

  it("lets the write through, the check run alone before it", async () => {
    const code = uniqueCode("L");
    const res = await send("POST", `/api/v1/probe/write?code=${code}`, TEST_TOKEN);
    expect(res.status).toBe(201);
    expect(roundTrips(res)).toBe(2);
    expect(await env.DB.prepare("SELECT 1 AS one FROM locales WHERE code = ?").bind(code).first()).toEqual({ one: 1 });
  });
});
