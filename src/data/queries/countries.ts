/**
 * Countries (Sylius AddressingBundle Country): the ISO codes addresses may
 * use. A zone member or an address refers to a country by its code (no
 * foreign key: zones predate countries), so "in use" is checked in SQL.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { countries, provinces } from "../schema";
import { inJson } from "../conditions";
import { rowByCode } from "./table-reads";

export type CountryRow = typeof countries.$inferSelect;

export const countryColumns = getTableColumns(countries);

export const countryByCode = (db: Database, code: string) => rowByCode(db, countries, code);

/** The countries among `codes` (one JSON parameter, any length), by code. */
export const countriesByCodes = (db: Database, codes: readonly string[]) =>
  db.select(countryColumns).from(countries).where(inJson(countries.code, codes)).orderBy(countries.code);

/** The enabled countries among `codes`: those an address may use. */
export const enabledCountriesByCodes = (db: Database, codes: readonly string[]) =>
  db
    .select(countryColumns)
    .from(countries)
    .where(and(inJson(countries.code, codes), eq(countries.enabled, true)))
    .orderBy(countries.code);

/** True when a zone has the country or one of its provinces as a member, or an address uses it. */
export const countryInUse = (code: string): SQL => sql`(
      EXISTS (SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'country' WHERE m.code = ${code})
      OR EXISTS (SELECT 1 FROM addresses WHERE country_code = ${code})
      OR EXISTS (
        SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'province'
        WHERE m.code IN (SELECT p.code FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.code = ${code})
      )
    )`;

// ---------------------------------------------------------------- provinces

export interface ProvinceRow {
  id: number;
  countryId: number;
  countryCode: string;
  code: string;
  name: string;
  abbreviation: string | null;
}

const provinceColumns = {
  id: provinces.id,
  countryId: provinces.countryId,
  countryCode: sql<string>`${countries.code}`.as("country_code"),
  code: provinces.code,
  name: provinces.name,
  abbreviation: provinces.abbreviation,
};

/** The provinces of the countries whose ids `countryIds` selects, by country, in the order they were added (a country has a bounded few). */
export const provincesOfCountries = (db: Database, countryIds: SQLWrapper) =>
  db
    .select(provinceColumns)
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(inArray(provinces.countryId, countryIds))
    .orderBy(asc(provinces.countryId), asc(provinces.id));

/** The province `code` of the country `countryCode`. */
export const provinceByCode = (db: Database, countryCode: string, code: string) =>
  db
    .select(provinceColumns)
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(and(eq(provinces.code, code), eq(countries.code, countryCode)))
    .limit(1);

/** The provinces among `codes`, of any country (codes are unique across countries). */
export const provincesWithCodes = (db: Database, codes: readonly string[]) =>
  db
    .select(provinceColumns)
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(inJson(provinces.code, codes));

/** The codes of the country's provinces that a province zone has as a member. */
export const provincesOfCountryInZones = (db: Database, countryCode: string) =>
  db
    .select({ code: provinces.code })
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(
      and(
        eq(countries.code, countryCode),
        sql`EXISTS (SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'province' WHERE m.code = ${provinces.code})`,
      ),
    );

/** True when a province zone has the province as a member. */
export const provinceInUse = (code: string): SQL =>
  sql`EXISTS (SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'province' WHERE m.code = ${code})`;

export interface ProvinceValues {
  code: string;
  name: string;
  abbreviation: string | null;
}

/**
 * The country `countryCode`'s provinces become `list` (looked up in SQL, so
 * this runs in the batch that inserts the country): provinces not in it are
 * deleted, the others inserted or updated by code, in the list's order.
 */
export function replaceProvinces(db: Database, countryCode: string, list: readonly ProvinceValues[]) {
  const countryId = sql`(SELECT id FROM countries WHERE code = ${countryCode})`;
  const json = JSON.stringify(list);
  return [
    db.delete(provinces).where(and(sql`${provinces.countryId} = ${countryId}`, sql`${provinces.code} NOT IN (SELECT j.value ->> 'code' FROM json_each(${json}) j)`)),
    db
      .insert(provinces)
      .select(
        sql`SELECT NULL, ${countryId}, j.value ->> 'code', j.value ->> 'name', j.value ->> 'abbreviation' FROM json_each(${json}) j WHERE true ORDER BY j.key`,
      )
      // A code another country took meanwhile (the checks read it free) stays that country's.
      .onConflictDoUpdate({
        target: provinces.code,
        set: { name: sql`excluded.name`, abbreviation: sql`excluded.abbreviation` },
        setWhere: sql`${provinces.countryId} = excluded.country_id`,
      }),
  ];
}
