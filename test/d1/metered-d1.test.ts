import { env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { D1Meter, isReadOnlySql, MeteredD1, type Guard } from "../../src/data/metered-d1";
import type { AppEnv } from "../../src/http/context";
import { requestId } from "../../src/http/middleware/request-id";
import { serverTiming } from "../../src/http/middleware/server-timing";
import { uniqueLocaleCode } from "../fixtures/references";

class Refused extends Error {}

function guard(pass: boolean, seen: { verified: number }): Guard {
  return {
    query: { sql: "SELECT 1 AS ok", params: [] },
    verify: (result) => {
      seen.verified += 1;
      expect(result.results).toEqual([{ ok: 1 }]);
      if (!pass) throw new Refused("refused");
    },
  };
}

async function localeExists(code: string) {
  return (await env.DB.prepare("SELECT id FROM locales WHERE code = ?").bind(code).first()) !== null;
}

function metered() {
  const meter = new D1Meter();
  const d1 = new MeteredD1(env.DB, meter);
  return { meter, d1, db: d1.asD1() };
}

describe("MeteredD1 and the auth guard", () => {
  it("a read-only batch carries the guard: one round trip, guard result hidden", async () => {
    const { meter, d1, db } = metered();
    const seen = { verified: 0 };
    d1.setGuard(guard(true, seen));
    const results = await db.batch([db.prepare("SELECT 2 AS two"), db.prepare("SELECT 3 AS three")]);
    expect(results.map((r) => r.results)).toEqual([[{ two: 2 }], [{ three: 3 }]]);
    expect(seen.verified).toBe(1);
    expect(meter.roundTrips).toBe(1);
    expect(d1.hasPendingGuard).toBe(false);
  });

  it("a failing guard on a read batch throws and returns nothing", async () => {
    const { d1, db } = metered();
    d1.setGuard(guard(false, { verified: 0 }));
    await expect(db.batch([db.prepare("SELECT 2 AS two")])).rejects.toBeInstanceOf(Refused);
  });

  it("a batch with a write verifies the guard on its own first; nothing is written when it fails", async () => {
    const { meter, d1, db } = metered();
    const code = uniqueLocaleCode();
    d1.setGuard(guard(false, { verified: 0 }));
    await expect(
      db.batch([db.prepare("SELECT 1"), db.prepare("INSERT INTO locales (code) VALUES (?)").bind(code)]),
    ).rejects.toBeInstanceOf(Refused);
    expect(await localeExists(code)).toBe(false);
    expect(meter.roundTrips).toBe(1);

    const ok = metered();
    ok.d1.setGuard(guard(true, { verified: 0 }));
    await ok.db.batch([ok.db.prepare("INSERT INTO locales (code) VALUES (?)").bind(code)]);
    expect(await localeExists(code)).toBe(true);
    expect(ok.meter.roundTrips).toBe(2);
  });

  it("a WITH ... INSERT counts as a write", async () => {
    expect(isReadOnlySql("SELECT * FROM locales")).toBe(true);
    expect(isReadOnlySql("  with x as (select 1) select * from x")).toBe(true);
    expect(isReadOnlySql("WITH x AS (SELECT 1) INSERT INTO locales (code) SELECT 'a' FROM x")).toBe(false);
    expect(isReadOnlySql("with x as (select 1) delete from locales where id in x")).toBe(false);
    expect(isReadOnlySql("INSERT INTO locales (code) VALUES ('a')")).toBe(false);
    expect(isReadOnlySql("PRAGMA foreign_keys")).toBe(false);

    const { d1, db } = metered();
    const code = uniqueLocaleCode();
    d1.setGuard(guard(false, { verified: 0 }));
    await expect(
      db.batch([db.prepare("WITH x AS (SELECT ? AS c) INSERT INTO locales (code) SELECT c FROM x").bind(code)]),
    ).rejects.toBeInstanceOf(Refused);
    expect(await localeExists(code)).toBe(false);
  });

  it("a single statement verifies the guard first (two round trips)", async () => {
    const { meter, d1, db } = metered();
    const seen = { verified: 0 };
    d1.setGuard(guard(true, seen));
    expect(await db.prepare("SELECT 5 AS five").first()).toEqual({ five: 5 });
    expect(seen.verified).toBe(1);
    expect(meter.roundTrips).toBe(2);

    const refused = metered();
    refused.d1.setGuard(guard(false, { verified: 0 }));
    const code = uniqueLocaleCode();
    await expect(refused.db.prepare("INSERT INTO locales (code) VALUES (?)").bind(code).run()).rejects.toBeInstanceOf(Refused);
    expect(await localeExists(code)).toBe(false);
  });

  it("a failed read batch keeps the guard pending, so a later write is still checked", async () => {
    const { d1, db } = metered();
    d1.setGuard(guard(false, { verified: 0 }));
    await expect(db.batch([db.prepare("SELECT * FROM no_such_table")])).rejects.toThrow(/no_such_table/);
    expect(d1.hasPendingGuard).toBe(true);
    const code = uniqueLocaleCode();
    await expect(db.batch([db.prepare("INSERT INTO locales (code) VALUES (?)").bind(code)])).rejects.toBeInstanceOf(Refused);
    expect(await localeExists(code)).toBe(false);
  });
});

describe("header middlewares on immutable responses", () => {
  it("X-Request-Id and Server-Timing are added to a Response with immutable headers", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", requestId, async (c, next) => {
      c.set("meter", new D1Meter());
      c.set("durableObjectMs", 0);
      await next();
    }, serverTiming);
    app.get("/redirect", () => Response.redirect("https://example.com/elsewhere", 302));
    const res = await app.request("/redirect", { headers: { "X-Request-Id": "immutable-1" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("https://example.com/elsewhere");
    expect(res.headers.get("X-Request-Id")).toBe("immutable-1");
    expect(res.headers.get("Server-Timing")).toBe('d1;dur=0.0;desc="0"');
  });
});
