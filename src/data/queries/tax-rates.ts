/**
 * Tax rates with the codes of their category and zone (what the
 * representation links to), read in the same statement as the rate.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../db";
import { taxCategories, taxRates, zones } from "../schema";

export const TAX_CALCULATORS = ["default"] as const;

export interface TaxRateRow {
  id: number;
  code: string;
  name: string;
  amount: string;
  includedInPrice: boolean;
  calculator: string;
  categoryId: number;
  zoneId: number;
  categoryCode: string;
  zoneCode: string;
  createdAt: string;
  updatedAt: string;
}

export const taxRateColumns = {
  ...getTableColumns(taxRates),
  // Foreign keys (NOT NULL): each rate has both.
  categoryCode: sql<string>`(SELECT ${taxCategories.code} FROM ${taxCategories} WHERE ${taxCategories.id} = ${taxRates.categoryId})`,
  zoneCode: sql<string>`(SELECT ${zones.code} FROM ${zones} WHERE ${zones.id} = ${taxRates.zoneId})`,
};

export const taxRateByCode = (db: Database, code: string) =>
  db.select(taxRateColumns).from(taxRates).where(eq(taxRates.code, code)).limit(1);

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The exact decimal text of a tax rate amount (a number or numeric string),
 * normalised ("0.230" → "0.23", "1.0" → "1"), or null when it is not a
 * non-negative decimal. A JS number goes through its shortest round-trip
 * decimal form (`String(0.23)` is "0.23"), never through float arithmetic.
 */
export function decimalText(value: unknown): string | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    text = expandExponent(String(value));
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  if (text.length > 40) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "1.5e-7" → "0.00000015", "1e+21" → "1000000000000000000000". */
function expandExponent(text: string): string {
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const digits = `${match[1]}${match[2] ?? ""}`;
  const point = (match[1] ?? "").length + Number(match[3]);
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compares a normalised decimal text with an integer bound. */
export const decimalAtMost = (text: string, max: number): boolean => {
  const [whole = "0", fraction = ""] = text.split(".");
  const wholeValue = BigInt(whole);
  return wholeValue < BigInt(max) || (wholeValue === BigInt(max) && fraction === "");
};
