/**
 * `firstBatch`: the request's checks run ahead of its first reads in one
 * batch, and refuse before any row is handed back; a batch that writes
 * never carries them (they run alone first, and nothing is written for a
 * refused request), unless its writes guard themselves.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1, type Guard } from "../../src/data/metered-d1";
import { locales, oauthAccessTokens } from "../../src/data/schema";
import { firstBatch } from "../../src/http/first-batch";
import { uniqueCode } from "../fixtures/http";

class Refused extends Error {}

function context(pass: boolean) {
  const meter = new D1Meter();
  const d1 = new MeteredD1(env.DB, meter);
  const seen: unknown[][] = [];
  const guard: Guard = {
    query: { sql: "SELECT ? AS checked", params: ["token"] },
    verify: (result) => {
      seen.push(result.results);
      if (!pass) throw new Refused("refused");
    },
  };
  d1.setGuard(guard);
  return { c: { var: { db: createDatabase(d1), d1 } }, meter, d1, seen };
}

const localeExists = async (code: string) => (await env.DB.prepare("SELECT 1 FROM locales WHERE code = ?").bind(code).first()) !== null;

describe("firstBatch", () => {
  it("runs the checks ahead of the reads in one round trip, and hands back only the reads", async () => {
    const { c, meter, d1, seen } = context(true);
    const read = await firstBatch(c, { two: c.var.db.select({ two: sql<number>`2` }).from(oauthAccessTokens).limit(1) });
    expect(read).toEqual({ two: [{ two: 2 }] });
    expect(seen).toEqual([[{ checked: "token" }]]);
    expect(meter.roundTrips).toBe(1);
    expect(d1.hasPendingGuard).toBe(false);
    // Checked once: the next batch carries nothing.
    await firstBatch(c, { again: c.var.db.select({ one: sql<number>`1` }).from(locales).limit(1) });
    expect(seen).toHaveLength(1);
  });

  it("refuses before any row is handed back", async () => {
    const { c, meter } = context(false);
    await expect(firstBatch(c, { two: c.var.db.select({ two: sql<number>`2` }).from(oauthAccessTokens).limit(1) })).rejects.toBeInstanceOf(Refused);
    expect(meter.roundTrips).toBe(1);
  });

  it("runs the checks alone before a batch that writes: nothing is written for a refused request", async () => {
    const code = uniqueCode("L");
    const { c, meter } = context(false);
    await expect(firstBatch(c, { inserted: c.var.db.insert(locales).values({ code }) })).rejects.toBeInstanceOf(Refused);
    expect(meter.roundTrips).toBe(1);
    expect(await localeExists(code)).toBe(false);
  });

  it("lets checks ride a batch whose writes guard themselves", async () => {
    const code = uniqueCode("L");
    const { c, meter, seen } = context(true);
    await firstBatch(c, { inserted: c.var.db.insert(locales).values({ code }) }, { writesGuarded: true });
    expect([meter.roundTrips, seen.length]).toEqual([1, 1]);
    expect(await localeExists(code)).toBe(true);
    await c.var.db.delete(locales).where(eq(locales.code, code));
  });

  it("keeps the checks pending when the batch fails: they run before anything else", async () => {
    const { c, d1, seen } = context(true);
    await expect(firstBatch(c, { broken: c.var.db.select({ x: sql<number>`no_such_column` }).from(locales) })).rejects.toThrow();
    expect(seen).toEqual([]);
    expect(d1.hasPendingGuard).toBe(true);
    await d1.verifyGuard();
    expect(seen).toHaveLength(1);
  });
});
