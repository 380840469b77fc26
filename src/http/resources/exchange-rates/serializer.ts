/**
 * Exchange rates, as CurrencyBundle's Model.ExchangeRate.yml serializes them
 * (Sylius 1.8, the same in lists and alone): {id, ratio, sourceCurrency,
 * targetCurrency, updatedAt, _links.self}, each currency as Sylius shows one
 * ({id, code, _links.self}).
 */
import type { ExchangeRateRow } from "../../../data/queries/exchange-rates";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

/** Hundred-thousandths per unit of ratio (Sylius' decimal(10, 5)). */
export const RATIO_SCALE = 100_000;

export const exchangeRatePath = (source: string, target: string) => `/exchange-rates/${enc(source)}-${enc(target)}`;

const currency = (id: number, code: string) => ({ id, code, _links: { self: href(`/currencies/${enc(code)}`) } });

export function serializeExchangeRate(row: ExchangeRateRow) {
  return {
    id: row.id,
    ratio: row.ratio / RATIO_SCALE,
    sourceCurrency: currency(row.sourceId, row.sourceCode),
    targetCurrency: currency(row.targetId, row.targetCode),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(exchangeRatePath(row.sourceCode, row.targetCode)) },
  };
}
