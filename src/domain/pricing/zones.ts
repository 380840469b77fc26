/**
 * Which zones an address is in (Sylius 1.8's ZoneMatcher::matchAll): a
 * `country` zone when the address's country is a member, a `province` zone
 * when its province is, a `zone` zone when one of its member zones holds the
 * address, recursively. The data layer finds the candidate rows (each zone
 * reached, with the address code that reached it); this picks an address's.
 */

/** A zone reached from a member code: the address's country or province code that matched, and the zone's code. */
export interface MatchedZone {
  readonly member: string;
  readonly zone: string;
  /** The zone's type: `country`, `province` or `zone`. */
  readonly type: string;
}

/** An address as zones see it. */
export interface ZoneAddress {
  readonly countryCode: string;
  readonly provinceCode: string | null;
}

/** The codes of the zones holding the address, in the rows' order (zone id), each once. Pure. */
export function zonesOfAddress(rows: readonly MatchedZone[], address: ZoneAddress | null): string[] {
  if (address === null) return [];
  const found: string[] = [];
  for (const row of rows) {
    const matches = row.member === address.countryCode || (address.provinceCode !== null && row.member === address.provinceCode);
    if (matches && !found.includes(row.zone)) found.push(row.zone);
  }
  return found;
}

const PRIORITY = ["province", "country", "zone"];

/**
 * The one zone an address is taxed in when the channel's default tax zone
 * does not hold it (Sylius' ZoneMatcher::match): a province zone before a
 * country zone before a zone of zones; the first of a type in row order.
 * Null when no zone holds it. Pure.
 */
export function mostSpecificZone(rows: readonly MatchedZone[], address: ZoneAddress | null): string | null {
  const codes = zonesOfAddress(rows, address);
  for (const type of PRIORITY) {
    const found = codes.find((code) => rows.some((row) => row.zone === code && row.type === type));
    if (found !== undefined) return found;
  }
  return null;
}

/** A zone as Sylius defines it: its type and its members' codes (countries, provinces or zones). */
export interface ZoneDefinition {
  readonly code: string;
  readonly type: "country" | "province" | "zone";
  readonly members: readonly string[];
}

/**
 * Sylius' matcher over whole zone definitions (the reference the data
 * layer's query follows; `test/zones/matching.test.ts` holds the two to the
 * same table). Zones in the order given. Pure.
 */
export function matchZones(zones: readonly ZoneDefinition[], address: ZoneAddress): string[] {
  const byCode = new Map(zones.map((zone) => [zone.code, zone]));
  const holds = (zone: ZoneDefinition, seen: ReadonlySet<string>): boolean =>
    zone.members.some((member) => {
      switch (zone.type) {
        case "country":
          return member === address.countryCode;
        case "province":
          return address.provinceCode !== null && member === address.provinceCode;
        case "zone": {
          const inner = byCode.get(member);
          // A cycle of zones holds nothing more than its way in.
          return inner !== undefined && !seen.has(member) && holds(inner, new Set([...seen, member]));
        }
        default:
          return false;
      }
    });
  return zones.filter((zone) => holds(zone, new Set([zone.code]))).map((zone) => zone.code);
}
