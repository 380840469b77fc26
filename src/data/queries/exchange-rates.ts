/**
 * Exchange rates (Sylius CurrencyBundle ExchangeRate): one per pair of
 * currencies, found by the pair either way round (Sylius' repository
 * `findOneWithCurrencyPair`). The ratio is stored in hundred-thousandths.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";
import { currencies, exchangeRates } from "../schema";
import { inJson } from "../conditions";

const source = alias(currencies, "source_currency");
const target = alias(currencies, "target_currency");

export const exchangeRateColumns = {
  id: exchangeRates.id,
  ratio: exchangeRates.ratio,
  createdAt: exchangeRates.createdAt,
  updatedAt: exchangeRates.updatedAt,
  sourceId: exchangeRates.sourceCurrencyId,
  sourceCode: sql<string>`${source.code}`.as("source_code"),
  targetId: exchangeRates.targetCurrencyId,
  targetCode: sql<string>`${target.code}`.as("target_code"),
};

export interface ExchangeRateRow {
  id: number;
  ratio: number;
  updatedAt: string;
  sourceId: number;
  sourceCode: string;
  targetId: number;
  targetCode: string;
}

/** Rates with their currencies' codes: `db.select(...).from(exchange_rates)` joined, `$dynamic` for a list page. */
export const selectExchangeRates = (db: Database) =>
  db
    .select(exchangeRateColumns)
    .from(exchangeRates)
    .innerJoin(source, eq(source.id, exchangeRates.sourceCurrencyId))
    .innerJoin(target, eq(target.id, exchangeRates.targetCurrencyId))
    .$dynamic();

/** The rate between `first` and `second`, whichever is its source. */
export const exchangeRateOfPair = (db: Database, first: string, second: string) =>
  selectExchangeRates(db)
    .where(or(and(eq(source.code, first), eq(target.code, second)), and(eq(source.code, second), eq(target.code, first))))
    .limit(1);

/** The currencies among `codes`, by code. */
export const currenciesWithCodes = (db: Database, codes: readonly string[]) =>
  db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(inJson(currencies.code, codes));
