/**
 * `/api/v1/exchange-rates/`: the exchange rates between currencies, as
 * Sylius 1.8's AdminApiBundle routes them (routing/exchange_rate.yml):
 * listed and created at `/`, read, updated and deleted at
 * `/{sourceCurrencyCode}-{targetCurrencyCode}`, where the pair is found
 * either way round (`GBP-EUR` finds the `EUR-GBP` rate, as the repository's
 * `findOneWithCurrencyPair` does). An update changes the ratio only; the
 * currencies of a rate never change. A rate goes with either currency.
 *
 * List: in the order the rates were added (`createdAt asc`, as Sylius lists
 * them); sortable `createdAt`; total from `list_counts`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { isUniqueViolation } from "../../../data/constraints";
import { exchangeRates } from "../../../data/schema";
import { currenciesWithCodes, exchangeRateOfPair, selectExchangeRates } from "../../../data/queries/exchange-rates";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes } from "../shared/resource";
import { checkCurrencies, createForm, EXCHANGE_RATE_MESSAGES, sentCode, sentCurrencies, updateForm } from "./form";
import { serializeExchangeRate } from "./serializer";
import { ExchangeRate, ExchangeRatePage } from "./schemas";
import { insertRow, updateById } from "../../../data/queries/table-writes";

/** The two currency codes of `EUR-GBP` (codes hold no dash: ISO 4217); undefined when the pair is malformed. */
const splitPair = (pair: string): [string, string] | undefined => {
  const [first, second, ...rest] = pair.split("-");
  return first && second && rest.length === 0 ? [first, second] : undefined;
};

export const exchangeRateRoutes = resourceRoutes({
  noun: "Exchange rate",
  table: exchangeRates,
  identifier: {
    param: "pair",
    parse: splitPair,
    missing: (pair) => `Exchange rate for the currency pair "${pair}" does not exist.`,
  },
  byCode: (db, [first, second]) => exchangeRateOfPair(db, first, second),
  docs: {
    area: "config",
    path: "exchange-rates",
    tag: "Exchange rates",
    plural: "exchange rates",
    idPrefix: "ExchangeRate",
    item: ExchangeRate,
    page: ExchangeRatePage,
    putNote:
      "`{pair}` is `{sourceCurrencyCode}-{targetCurrencyCode}`, either way round. Only the ratio changes: sent currencies are ignored. A PUT without `ratio` (or without a body) is a 400.",
    patchNote: "`{pair}` is `{sourceCurrencyCode}-{targetCurrencyCode}`, either way round. Only the ratio changes: sent currencies are ignored.",
  },
  list: {
    spec: {
      // Sylius' grid: `id`, `ratio` (its index: exchange_rates_ratio).
      sortable: { id: exchangeRates.id, ratio: exchangeRates.ratio, createdAt: exchangeRates.createdAt },
      defaultSorting: { field: "createdAt", direction: "asc" } },
    select: selectExchangeRates,
    oneBatch: true,
    items: (rows) => rows.map(serializeExchangeRate),
  },
  one: {
    reads: (db, [first, second]) => ({ rate: exchangeRateOfPair(db, first, second) }),
    item: ({ rate: [row] }) => (row === undefined ? undefined : serializeExchangeRate(row)),
  },
  create: {
    form: createForm,
    reads: (db, values, { body }) => {
      const source = sentCode(values.sourceCurrency);
      const target = sentCode(values.targetCurrency);
      return {
        stored: currenciesWithCodes(db, sentCurrencies(body)),
        pair: source !== undefined && target !== undefined ? exchangeRateOfPair(db, source, target) : undefined,
      };
    },
    check: (result, { stored, pair }) => {
      const ids = checkCurrencies(result, stored, (pair?.length ?? 0) > 0);
      result.assertValid();
      const source = sentCode(result.values.sourceCurrency);
      const target = sentCode(result.values.targetCurrency);
      if (!ids || source === undefined || target === undefined) throw new Error("A valid exchange rate form has two currencies.");
      return { ids, source, target };
    },
    writes: (db, _code, { ids }, result) => ({
      insert: insertRow(db, exchangeRates, { sourceCurrencyId: ids.source, targetCurrencyId: ids.target, ratio: result.required("ratio") }),
    }),
    back: (db, { source, target }) => ({ rate: exchangeRateOfPair(db, source, target) }),
    // A concurrent create took the pair after the checks read it free.
    rethrow: (error, result) => {
      if (isUniqueViolation(error)) {
        result.failForm(EXCHANGE_RATE_MESSAGES.pairTaken);
        result.assertValid();
      }
    },
  },
  update: {
    form: updateForm,
    // PUT submits the whole form: a ratio not sent is blank (PATCH keeps it).
    putRequires: { ratio: EXCHANGE_RATE_MESSAGES.ratioBlank },
    check: () => undefined,
    writes: (db, row, _plan, { values }) => [updateById(db, exchangeRates, row.id, { ratio: values.ratio ?? row.ratio, updatedAt: nowIso() })],
  },
  events: { resource: "exchange_rate", key: (row) => `${row.sourceCode}-${row.targetCode}`, created: ({ source, target }) => ({ key: `${source}-${target}` }) },
});
