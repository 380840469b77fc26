/**
 * `namedBatch` maps plain selects itself (drizzle's batch mapping is too slow
 * for a large cart): its rows must be exactly drizzle's, for every kind of
 * field, and everything must still be one round trip.
 */
import { env } from "cloudflare:test";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keyed, namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { channels, currencies, locales, shippingMethods, zones } from "../../src/data/schema";
import { apiCatalog } from "../fixtures/catalog";

const database = () => {
  const meter = new D1Meter();
  return { meter, db: createDatabase(new MeteredD1(env.DB, meter)) };
};

describe("namedBatch", () => {
  it("returns drizzle's own rows, by name, in one round trip", async () => {
    await apiCatalog();
    const { db, meter } = database();
    const queries = () => ({
      // Booleans, text, a nullable column and aliased `sql` fields (one with a decoder).
      channels: db
        .select({
          id: channels.id,
          code: channels.code,
          enabled: channels.enabled,
          taxZoneId: channels.defaultTaxZoneId,
          zoneCode: sql<string | null>`${zones.code}`.as("zone_code"),
          localeCount: sql`(SELECT COUNT(*) FROM channel_locales cl WHERE cl.channel_id = ${channels.id})`
            .mapWith(String)
            .as("locale_count"),
        })
        .from(channels)
        .leftJoin(zones, eq(zones.id, channels.defaultTaxZoneId))
        .orderBy(asc(channels.id)),
      // A JSON column.
      methods: db
        .select({ code: shippingMethods.code, configuration: shippingMethods.configuration })
        .from(shippingMethods)
        .orderBy(asc(shippingMethods.id)),
      // A nested selection (mapped by drizzle itself).
      nested: db
        .select({ channel: { code: channels.code }, currency: { code: currencies.code } })
        .from(channels)
        .innerJoin(currencies, eq(currencies.id, channels.baseCurrencyId))
        .orderBy(asc(channels.id)),
      // Fields under their own names, nothing to decode: D1's rows as they are.
      keyedRows: db
        .select({ id: keyed(channels.id, "id"), code: keyed(channels.code, "code"), zone: keyed(channels.defaultTaxZoneId, "zone") })
        .from(channels)
        .orderBy(asc(channels.id)),
      nothing: undefined,
      grouped: { locales: [db.select().from(locales).orderBy(asc(locales.id))] },
    });
    const named = await namedBatch(db, queries());
    expect(meter.roundTrips).toBe(1);
    const q = queries();
    const plain = await db.batch([q.channels, q.methods, q.nested, q.grouped.locales[0]!, q.keyedRows]);
    expect(named.channels).toStrictEqual(plain[0]);
    expect(named.methods).toStrictEqual(plain[1]);
    expect(named.nested).toStrictEqual(plain[2]);
    expect(named.grouped.locales[0]).toStrictEqual(plain[3]);
    expect(named.keyedRows).toStrictEqual(plain[4]);
    expect(named.nothing).toBeUndefined();
    expect(named.channels.length).toBeGreaterThan(0);
    expect(typeof named.channels[0]?.enabled).toBe("boolean");
    expect(typeof named.channels[0]?.localeCount).toBe("string");
    expect(named.methods.some((m) => typeof m.configuration === "object")).toBe(true);
  });

  it("gives writes their D1 result and `returning` rows, a lead first", async () => {
    const { db } = database();
    const code = `xx_${Date.now().toString(36)}`;
    const [inserted, read] = await namedBatch(
      db,
      {
        found: db.select({ code: locales.code }).from(locales).where(eq(locales.code, code)),
        removed: db.delete(locales).where(eq(locales.code, code)),
      },
      db.insert(locales).values({ code }).returning({ id: locales.id, code: locales.code }),
    );
    expect(inserted).toEqual([{ id: expect.any(Number), code }]);
    expect(read.found).toEqual([{ code }]);
    expect(read.removed.meta.changes).toBe(1);
  });
});
