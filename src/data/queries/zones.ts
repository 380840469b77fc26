/**
 * Zones (groups of countries) and their members. Statements are returned
 * unexecuted so handlers put them in one batch.
 */
import { getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { zoneMembers, zones } from "../schema";
import { rowByCode } from "./table-reads";

export interface ZoneRow {
  id: number;
  code: string;
  name: string;
  type: string;
  scope: string;
  createdAt: string;
  updatedAt: string;
}

export const zoneColumns = getTableColumns(zones);

/** Sylius' zone types: members are country codes, province codes or zone codes. */
export const ZONE_TYPES = ["country", "province", "zone"] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];
/** Narrows a stored zone type (the column is plain text; the forms only ever write these). */
export const isZoneType = (value: string): value is ZoneType => ZONE_TYPES.some((type) => type === value);

/** Sylius' scopes (CoreBundle's sylius_addressing.yml). */
export const ZONE_SCOPES = ["shipping", "tax", "all"] as const;

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

export const zoneByCode = (db: Database, code: string) => rowByCode(db, zones, code);

/** The member's id: its row id (members are kept in the order they were added). */
const memberId = sql<number>`${zoneMembers}.rowid`;

/** Members of the zones whose ids `zoneIds` (a subquery or list) selects, in the order they were added. */
export const membersOfZones = (db: Database, zoneIds: SQLWrapper) =>
  db
    .select({ id: memberId.as("member_id"), zoneId: zoneMembers.zoneId, code: zoneMembers.code })
    .from(zoneMembers)
    .where(inArray(zoneMembers.zoneId, zoneIds))
    .orderBy(zoneMembers.zoneId, memberId);

/** The zones among `codes` (a zone-type zone's members must exist). */
export const zonesWithCodes = (db: Database, codes: readonly string[]) =>
  db.select({ code: zones.code }).from(zones).where(inArray(zones.code, [...codes]));

/** True when a channel (default tax zone), tax rate, shipping method or zone of zones uses the zone `zoneId`. */
export const zoneInUse = (zoneId: number): SQL => sql`(
      EXISTS (SELECT 1 FROM channels WHERE default_tax_zone_id = ${zoneId})
      OR EXISTS (SELECT 1 FROM tax_rates WHERE zone_id = ${zoneId})
      OR EXISTS (SELECT 1 FROM shipping_methods WHERE zone_id = ${zoneId})
      OR EXISTS (
        SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'zone'
        WHERE m.code = (SELECT code FROM zones WHERE id = ${zoneId})
      )
    )`;

/**
 * Inserts members of the zone with `code` (looked up in SQL, so this works in
 * the same batch as the zone's INSERT).
 */
export const insertZoneMembers = (db: Database, code: string, members: readonly string[]) =>
  db
    .insert(zoneMembers)
    .select(sql`SELECT z.id, j.value FROM zones z, json_each(${JSON.stringify(members)}) j WHERE z.code = ${code} ORDER BY j.key`);

/** Deletes the members of the zone `zoneId` (before its new members are inserted). */
export const deleteZoneMembers = (db: Database, zoneId: number) => db.delete(zoneMembers).where(inArray(zoneMembers.zoneId, [zoneId]));
