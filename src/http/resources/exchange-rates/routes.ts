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
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { validateForm } from "../../form";
import { notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { listPage, type ListSpec } from "../../list-page";
import { namedBatch } from "../../../data/batch";
import { isUniqueViolation } from "../../../data/constraints";
import { exchangeRates } from "../../../data/schema";
import { currenciesWithCodes, exchangeRateOfPair, selectExchangeRates } from "../../../data/queries/exchange-rates";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { checkCurrencies, createForm, EXCHANGE_RATE_MESSAGES, sentCode, sentCurrencies, updateForm } from "./form";
import { serializeExchangeRate } from "./serializer";
import { ExchangeRate, ExchangeRatePage } from "./schemas";

const spec: ListSpec<"createdAt", never> = {
  sortable: { createdAt: exchangeRates.createdAt },
  defaultSorting: { field: "createdAt", direction: "asc" },
};

const docs = crudDocs({
  tag: "Exchange rates",
  noun: "exchange rate",
  plural: "exchange rates",
  idPrefix: "ExchangeRate",
  item: ExchangeRate,
  page: ExchangeRatePage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(spec),
  deleteConflict: false,
  putNote:
    "`{pair}` is `{sourceCurrencyCode}-{targetCurrencyCode}`, either way round. Only the ratio changes: sent currencies are ignored. A PUT without `ratio` (or without a body) is a 400.",
  patchNote: "`{pair}` is `{sourceCurrencyCode}-{targetCurrencyCode}`, either way round. Only the ratio changes: sent currencies are ignored.",
});

/** The two currency codes of `EUR-GBP` (codes hold no dash: ISO 4217); undefined when the pair is malformed. */
const splitPair = (pair: string): [string, string] | undefined => {
  const [first, second, ...rest] = pair.split("-");
  return first && second && rest.length === 0 ? [first, second] : undefined;
};

const missing = (pair: string) => notFound(`Exchange rate for the currency pair "${pair}" does not exist.`);

/** The rate of the URL's pair, read in the request's first batch (404 when there is none). */
async function rateOf(c: Context<AppEnv>) {
  const pair = c.req.param("pair") ?? "";
  const codes = splitPair(pair);
  if (!codes) {
    // The token check still comes first (a 401 before any 404).
    await firstBatch(c, {});
    throw missing(pair);
  }
  const {
    rate: [row],
  } = await firstBatch(c, { rate: exchangeRateOfPair(c.var.db, ...codes) });
  if (!row) throw missing(pair);
  return row;
}

export const exchangeRateRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, exchangeRates, c.req.url, spec);
    const { rows, counted } = await firstBatch(c, { rows: page.rows(selectExchangeRates(db)), counted: page.count });
    return c.json(page.envelope("/api/v1/exchange-rates/", counted, rows.map(serializeExchangeRate)));
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const source = sentCode(result.values.sourceCurrency);
    const target = sentCode(result.values.targetCurrency);
    const { stored, pair } = await firstBatch(c, {
      stored: currenciesWithCodes(db, sentCurrencies(c.var.body)),
      pair: source !== undefined && target !== undefined ? exchangeRateOfPair(db, source, target) : undefined,
    });
    const ids = checkCurrencies(result, stored, (pair?.length ?? 0) > 0);
    result.assertValid();
    if (!ids || source === undefined || target === undefined) throw new Error("A valid exchange rate form has two currencies.");
    try {
      const {
        back: [row],
      } = await namedBatch(db, {
        insert: db.insert(exchangeRates).values({ sourceCurrencyId: ids.source, targetCurrencyId: ids.target, ratio: result.required("ratio") }),
        back: exchangeRateOfPair(db, source, target),
      });
      if (!row) throw new Error(`The exchange rate ${source}-${target} was not read back after its insert.`);
      return c.json(serializeExchangeRate(row), 201);
    } catch (error) {
      // A concurrent create took the pair after the checks read it free.
      if (isUniqueViolation(error)) {
        result.failForm(EXCHANGE_RATE_MESSAGES.pairTaken);
        result.assertValid();
      }
      throw error;
    }
  })
  .get("/:pair", describeRoute(docs.get), async (c) => c.json(serializeExchangeRate(await rateOf(c))))
  .on(["PUT", "PATCH"], "/:pair", describeRoute(docs.put, docs.patch), async (c) => {
    const result = validateForm(updateForm, c.var.body);
    const row = await rateOf(c);
    // PUT submits the whole form: a ratio not sent is blank (PATCH keeps it).
    if (c.req.method === "PUT" && result.values.ratio === undefined && result.isValid("ratio")) result.fail("ratio", EXCHANGE_RATE_MESSAGES.ratioBlank);
    result.assertValid();
    const ratio = result.values.ratio ?? row.ratio;
    await namedBatch(c.var.db, { writes: [c.var.db.update(exchangeRates).set({ ratio, updatedAt: nowIso() }).where(eq(exchangeRates.id, row.id))] });
    return c.body(null, 204);
  })
  .delete("/:pair", describeRoute(docs.delete), async (c) => {
    const row = await rateOf(c);
    await namedBatch(c.var.db, { writes: [c.var.db.delete(exchangeRates).where(eq(exchangeRates.id, row.id))] });
    return c.body(null, 204);
  });
