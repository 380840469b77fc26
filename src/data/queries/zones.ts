/**
 * Zones (groups of countries) and their members. Statements are returned
 * unexecuted so handlers put them in one batch.
 */
import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { zoneMembers, zones } from "../schema";

export interface ZoneRow {
  id: number;
  code: string;
  name: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

export const zoneColumns = {
  id: zones.id,
  code: zones.code,
  name: zones.name,
  type: zones.type,
  createdAt: zones.createdAt,
  updatedAt: zones.updatedAt,
};

export const ZONE_TYPES = ["country"] as const;

/** The officially assigned ISO 3166-1 alpha-2 codes (249). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
    "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
    "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
    "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
    "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
    "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

export const zoneByCode = (db: Database, code: string) =>
  db.select(zoneColumns).from(zones).where(eq(zones.code, code)).limit(1);

/** Members of the zones whose ids `zoneIds` (a subquery or list) selects, by code. */
export const membersOfZones = (db: Database, zoneIds: SQLWrapper) =>
  db
    .select({ zoneId: zoneMembers.zoneId, code: zoneMembers.code })
    .from(zoneMembers)
    .where(inArray(zoneMembers.zoneId, zoneIds))
    .orderBy(zoneMembers.zoneId, zoneMembers.code);

/** True when a channel (default tax zone), tax rate or shipping method uses the zone `zoneId`. */
export const zoneInUse = (zoneId: number): SQL => sql`(
      EXISTS (SELECT 1 FROM channels WHERE default_tax_zone_id = ${zoneId})
      OR EXISTS (SELECT 1 FROM tax_rates WHERE zone_id = ${zoneId})
      OR EXISTS (SELECT 1 FROM shipping_methods WHERE zone_id = ${zoneId})
    )`;

/**
 * Inserts members of the zone with `code` (looked up in SQL, so this works in
 * the same batch as the zone's INSERT).
 */
export const insertZoneMembers = (db: Database, code: string, members: readonly string[]) =>
  db
    .insert(zoneMembers)
    .select(sql`SELECT z.id, j.value FROM zones z, json_each(${JSON.stringify(members)}) j WHERE z.code = ${code}`);
