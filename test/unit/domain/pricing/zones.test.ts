import { describe, expect, it } from "vitest";
import { matchZones, mostSpecificZone, zonesOfAddress } from "../../../../src/domain/pricing/zones";
import { CASES, ZONES } from "../../../fixtures/domain/zones";

describe("zone matching (Sylius ZoneMatcher::matchAll)", () => {
  it.each(CASES)("%s", (_case, address, expected) => {
    expect(matchZones(ZONES, address)).toEqual(expected);
  });

  it("picks an address's zones from the rows the query reached, once each, in row order", () => {
    const rows = [
      { member: "US", zone: "US", type: "country" },
      { member: "FR", zone: "EU", type: "country" },
      { member: "US-CA", zone: "CALIFORNIA", type: "province" },
      { member: "US-CA", zone: "WORLD", type: "zone" },
      { member: "FR", zone: "WORLD", type: "zone" },
    ];
    expect(zonesOfAddress(rows, { countryCode: "US", provinceCode: "US-CA" })).toEqual(["US", "CALIFORNIA", "WORLD"]);
    expect(zonesOfAddress(rows, { countryCode: "US", provinceCode: null })).toEqual(["US"]);
    expect(zonesOfAddress(rows, { countryCode: "FR", provinceCode: null })).toEqual(["EU", "WORLD"]);
    expect(zonesOfAddress(rows, null)).toEqual([]);
    // The most specific (Sylius' match): province, then country, then zone of zones.
    expect(mostSpecificZone(rows, { countryCode: "US", provinceCode: "US-CA" })).toBe("CALIFORNIA");
    expect(mostSpecificZone(rows, { countryCode: "US", provinceCode: null })).toBe("US");
    expect(mostSpecificZone(rows.filter((r) => r.type !== "country"), { countryCode: "FR", provinceCode: null })).toBe("WORLD");
    expect(mostSpecificZone(rows, { countryCode: "PL", provinceCode: null })).toBeNull();
  });
});
