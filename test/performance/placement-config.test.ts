/**
 * The placement and latency-model settings as the entry reads them:
 * `CART_LOCATION_HINT` (a Durable Object location hint, or none) and
 * `BENCH_LATENCY` (development only; empty: no delay, no wrapping).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { locationHintOf } from "../../src/http/cart-gateway";
import { delayedD1, parseLatency } from "../../src/data/simulated-latency";

describe("cart object placement", () => {
  it("takes a known region as the objects' location hint, none when empty, and refuses an unknown one", () => {
    expect(locationHintOf("enam")).toBe("enam");
    expect(locationHintOf(" weur ")).toBe("weur");
    expect(locationHintOf("")).toBeUndefined();
    expect(locationHintOf(undefined)).toBeUndefined();
    expect(() => locationHintOf("us-east")).toThrow(/CART_LOCATION_HINT/);
  });
});

describe("the latency model's delays", () => {
  it("are off when BENCH_LATENCY is empty, as wrangler.toml and every deployment leave it", () => {
    expect(parseLatency("")).toBeNull();
    expect(parseLatency(undefined)).toBeNull();
    expect(parseLatency(env.BENCH_LATENCY)).toBeNull();
  });

  it("reads each one-way delay, absent ones 0, and refuses what it cannot read", () => {
    expect(parseLatency("worker-d1=80, object-d1=2")).toEqual({ workerD1: 80, workerReplica: 0, workerObject: 0, objectD1: 2 });
    expect(() => parseLatency("ocean=80")).toThrow(/BENCH_LATENCY/);
    expect(() => parseLatency("worker-d1=-1")).toThrow(/BENCH_LATENCY/);
  });

  it("a delayed binding answers as the binding does, in batches and single statements", async () => {
    const db = delayedD1(env.DB, 1, 0);
    const [batch] = await db.batch<{ one: number }>([db.prepare("SELECT ? AS one").bind(1)]);
    expect(batch?.results).toEqual([{ one: 1 }]);
    expect(await db.prepare("SELECT 2 AS two").first()).toEqual({ two: 2 });
    const session = db.withSession("first-primary");
    const [fromSession] = await session.batch<{ three: number }>([session.prepare("SELECT 3 AS three")]);
    expect(fromSession?.results).toEqual([{ three: 3 }]);
  });
});
