/**
 * Countries (Sylius AddressingBundle Country): the ISO codes addresses may
 * use. A zone member or an address refers to a country by its code (no
 * foreign key: zones predate countries), so "in use" is checked in SQL.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { countries } from "../schema";
import { inJson } from "../conditions";

export interface CountryRow {
  id: number;
  code: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const countryColumns = {
  id: countries.id,
  code: countries.code,
  enabled: countries.enabled,
  createdAt: countries.createdAt,
  updatedAt: countries.updatedAt,
};

export const countryByCode = (db: Database, code: string) =>
  db.select(countryColumns).from(countries).where(eq(countries.code, code)).limit(1);

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

/** True when a zone has the country as a member or an address uses it. */
export const countryInUse = (code: string): SQL => sql`(
      EXISTS (SELECT 1 FROM zone_members m JOIN zones z ON z.id = m.zone_id AND z.type = 'country' WHERE m.code = ${code})
      OR EXISTS (SELECT 1 FROM addresses WHERE country_code = ${code})
    )`;
