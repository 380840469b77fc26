/**
 * Zone matching in D1 (the checkout's zones query, src/data/checkout/checkout-store.ts)
 * against Sylius' ZoneMatcher as the domain states it (`matchZones`), on one table of
 * zones (country, province, zones of zones, a cycle) and addresses.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countryZonesQuery } from "../../src/data/checkout/checkout-store";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import * as schema from "../../src/data/schema";
import { matchZones, zonesOfAddress } from "../../src/domain/pricing/zones";
import { uniqueCode } from "../fixtures/http";
import { db } from "../fixtures/db";
import { CASES, ZONES } from "../fixtures/domain/zones";

describe("zone matching in D1", () => {
  it("finds the zones Sylius' ZoneMatcher finds, for every address of the table", async () => {
    const tag = uniqueCode("M").replace(/[^A-Za-z0-9]/g, "");
    // Every code made unique to this test: zone codes and member codes alike.
    const own = (code: string) => `${tag}${code}`;
    const d = db();
    const inserted = await d
      .insert(schema.zones)
      .values(ZONES.map((zone) => ({ code: own(zone.code), name: zone.code, type: zone.type })))
      .returning({ id: schema.zones.id });
    await d.insert(schema.zoneMembers).values(ZONES.flatMap((zone, i) => zone.members.map((member) => ({ zoneId: inserted[i]!.id, code: own(member) }))));
    for (const [, address] of CASES) {
      const ownAddress = { countryCode: own(address.countryCode), provinceCode: address.provinceCode === null ? null : own(address.provinceCode) };
      const rows = await countryZonesQuery(createDatabase(new MeteredD1(env.DB, new D1Meter())), 0, { countries: [ownAddress.countryCode], provinces: ownAddress.provinceCode ? [ownAddress.provinceCode] : [] });
      const expected = matchZones(ZONES, address).map(own);
      expect(zonesOfAddress(rows, ownAddress)).toEqual(expected);
    }
  });
});
