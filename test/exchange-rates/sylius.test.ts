/**
 * Exchange rates as Sylius 1.8's ExchangeRateApiTest drives them
 * (tests/Responses/exchange_rate/*.json): AdminApiBundle's
 * routing/exchange_rate.yml, CurrencyBundle's Model.ExchangeRate.yml,
 * ExchangeRateType, ExchangeRate.xml and validators.en.yml. Currency codes
 * are shared storage: where Sylius' fixtures (resources/exchange_rates.yml)
 * have EUR, GBP and USD, each test creates three fresh currencies.
 */
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency } from "../fixtures/references";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";

const BASE = "/api/v1/exchange-rates/";
const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };

/** resources/currencies.yml: three currencies standing for EUR, GBP and USD. */
async function currencies() {
  const [eur, gbp, usd] = [await createCurrency(), await createCurrency(), await createCurrency()];
  return { EUR: eur.code, GBP: gbp.code, USD: usd.code };
}

/** resources/exchange_rates.yml: EUR-GBP 0.85, EUR-USD 1.06, USD-GBP 1.24. */
async function exchangeRates() {
  const c = await currencies();
  for (const [source, target, ratio] of [[c.EUR, c.GBP, 0.85], [c.EUR, c.USD, 1.06], [c.USD, c.GBP, 1.24]] as const) {
    expect((await api("POST", BASE, { ratio, sourceCurrency: source, targetCurrency: target })).status).toBe(201);
  }
  return c;
}

const currency = (code: string) => ({ id: expect.any(Number), code, _links: { self: { href: `/api/v1/currencies/${code}` } } });
const rate = (ratio: number, source: string, target: string) => ({
  id: expect.any(Number),
  ratio,
  sourceCurrency: currency(source),
  targetCurrency: currency(target),
  updatedAt: TIMESTAMP,
  _links: { self: { href: `${BASE}${source}-${target}` } },
});

describe("exchange rates (Sylius 1.8 ExchangeRateApiTest)", () => {
  it("it_denies_creating_, getting (list and one), updating exchange rate(s) for non authenticated user: access_denied_response", async () => {
    for (const [method, path] of [["POST", BASE], ["GET", BASE], ["GET", `${BASE}EUR-USD`], ["PUT", `${BASE}EUR-USD`]] as const) {
      const res = await api(method, path, undefined, { token: null });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual(ACCESS_DENIED);
    }
  });

  it("it_does_not_allow_to_create_exchange_rate_without_specifying_required_data: create_validation_fail_response", async () => {
    const res = await api("POST", BASE);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed(
        {
          ratio: { errors: ["Please enter exchange rate ratio."] },
          sourceCurrency: { errors: ["This value is not valid."] },
          targetCurrency: { errors: ["This value is not valid."] },
        },
        ["The source and target currencies must differ."],
      ),
    );
  });

  it("it_allows_to_create_exchange_rate: create_response (\"0,8515706\" is 0.85157)", async () => {
    const c = await currencies();
    const res = await api("POST", BASE, { ratio: "0,8515706", sourceCurrency: c.EUR, targetCurrency: c.GBP });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect(res.body).toEqual(rate(0.85157, c.EUR, c.GBP));
  });

  it("it_does_not_allow_to_create_exchange_rate_with_duplicated_currency_pair: non_unique_pair_validation_fail_response", async () => {
    const c = await exchangeRates();
    for (const [source, target] of [[c.EUR, c.GBP], [c.GBP, c.EUR]]) {
      const res = await api("POST", BASE, { ratio: "0,8515706", sourceCurrency: source, targetCurrency: target });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ ratio: {}, sourceCurrency: {}, targetCurrency: {} }, ["The currency pair must be unique."]));
    }
  });

  it("it_allows_to_get_exchange_rates_list: index_response (in the order they were added)", async () => {
    const c = await exchangeRates();
    const res = await api("GET", `${BASE}?limit=100`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const ours = res.body._embedded.items.filter((item: { sourceCurrency: { code: string } }) => [c.EUR, c.USD].includes(item.sourceCurrency.code));
    expect(ours).toEqual([rate(0.85, c.EUR, c.GBP), rate(1.06, c.EUR, c.USD), rate(1.24, c.USD, c.GBP)]);
    const first = await api("GET", BASE);
    expect(first.body).toMatchObject({ page: 1, limit: 10, _links: { self: { href: `${BASE}?page=1&limit=10` } } });
    expect(first.body.total).toBeGreaterThanOrEqual(3);
  });

  it("it_returns_not_found_response_when_requesting_details_of_a_exchange_rate_which_does_not_exist (also update and delete)", async () => {
    const c = await currencies();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await api(method, `${BASE}${c.EUR}-${c.USD}`);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Exchange rate for the currency pair "${c.EUR}-${c.USD}" does not exist.` });
    }
  });

  it("it_allows_to_get_exchange_rate: show_response (1 round trip); the pair is found either way round", async () => {
    const c = await exchangeRates();
    const res = await api("GET", `${BASE}${c.EUR}-${c.GBP}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toEqual(rate(0.85, c.EUR, c.GBP));
    expect((await api("GET", `${BASE}${c.GBP}-${c.EUR}`)).body).toEqual(res.body);
  });

  it("it_does_not_allow_to_update_exchange_rate_without_specifying_required_data: update_validation_fail_response", async () => {
    const c = await exchangeRates();
    for (const body of [undefined, {}, { sourceCurrency: c.GBP }]) {
      const res = await api("PUT", `${BASE}${c.EUR}-${c.USD}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ ratio: { errors: ["Please enter exchange rate ratio."] }, sourceCurrency: {}, targetCurrency: {} }));
    }
  });

  it("it_allows_to_update_exchange_rate: 204, then update_response", async () => {
    const c = await exchangeRates();
    const put = await api("PUT", `${BASE}${c.EUR}-${c.USD}`, { ratio: 0.84 });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    expect((await api("GET", `${BASE}${c.EUR}-${c.USD}`)).body).toEqual(rate(0.84, c.EUR, c.USD));
  });

  it("it_does_not_allow_to_update_exchange_rates_currencies: a PATCH ignores them, then update_response", async () => {
    const c = await exchangeRates();
    const patch = await api("PATCH", `${BASE}${c.EUR}-${c.USD}`, { ratio: 0.84, sourceCurrency: c.GBP, targetCurrency: c.EUR });
    expect(patch.status).toBe(204);
    expect((await api("GET", `${BASE}${c.EUR}-${c.USD}`)).body).toEqual(rate(0.84, c.EUR, c.USD));
  });

  it("it_does_not_allow_to_update_exchange_rate_if_ratio_is_not_a_number: update_ratio_with_string_validation_fail_response", async () => {
    const c = await exchangeRates();
    const res = await api("PUT", `${BASE}${c.EUR}-${c.USD}`, { ratio: "its-a-trap" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ ratio: { errors: ["The ratio must be a number."] }, sourceCurrency: {}, targetCurrency: {} }));
  });

  it("it_allows_to_delete_exchange_rate: 204 (2 round trips), then not_found_response", async () => {
    const c = await exchangeRates();
    const del = await api("DELETE", `${BASE}${c.EUR}-${c.GBP}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `${BASE}${c.EUR}-${c.GBP}`)).status).toBe(404);
  });
});

describe("exchange rates (this service)", () => {
  it("ratio: rounded half-even to 5 decimals, greater than 0, at most decimal(10, 5); currencies exist and differ", async () => {
    const c = await currencies();
    const path = `${BASE}${c.EUR}-${c.GBP}`;
    expect((await api("POST", BASE, { ratio: 1, sourceCurrency: c.EUR, targetCurrency: c.GBP })).status).toBe(201);
    for (const [sent, stored] of [["0.000015", 0.00002], ["0.000025", 0.00002], [1.5e-5, 0.00002], ["12,5", 12.5], [" 3 ", 3]] as const) {
      expect((await api("PATCH", path, { ratio: sent })).status, String(sent)).toBe(204);
      expect((await api("GET", path)).body.ratio, String(sent)).toBe(stored);
    }
    const fails = async (ratio: unknown) => (await api("PATCH", path, { ratio })).body.errors?.children.ratio;
    expect(await fails(0)).toEqual({ errors: ["The ratio must be greater than 0."] });
    expect(await fails("-1")).toEqual({ errors: ["The ratio must be greater than 0."] });
    expect(await fails("0.000004")).toEqual({ errors: ["The ratio must be greater than 0."] });
    expect(await fails(5e-7)).toEqual({ errors: ["The ratio must be greater than 0."] });
    expect(await fails(100000)).toEqual({ errors: ["This value is not valid."] });
    expect(await fails(true)).toEqual({ errors: ["The ratio must be a number."] });
    expect(await fails("1.2.3")).toEqual({ errors: ["The ratio must be a number."] });
    expect(await fails("")).toEqual({ errors: ["Please enter exchange rate ratio."] });

    const same = await api("POST", BASE, { ratio: 1, sourceCurrency: c.USD, targetCurrency: c.USD });
    expect(same.body).toEqual(validationFailed({ ratio: {}, sourceCurrency: {}, targetCurrency: {} }, ["The source and target currencies must differ."]));
    const unknown = await api("POST", BASE, { ratio: 1, sourceCurrency: c.USD, targetCurrency: "ZZZZ" });
    expect(unknown.body).toEqual(validationFailed({ ratio: {}, sourceCurrency: {}, targetCurrency: { errors: ["This value is not valid."] } }));
    expect((await api("GET", `${BASE}nodash`)).status).toBe(404);
  });

  it("a rate goes with either of its currencies; the list total follows", async () => {
    const c = await exchangeRates();
    const before = (await api("GET", BASE)).body.total;
    expect((await api("DELETE", `/api/v1/currencies/${c.GBP}`)).status).toBe(204);
    expect((await api("GET", `${BASE}${c.EUR}-${c.GBP}`)).status).toBe(404);
    expect((await api("GET", `${BASE}${c.EUR}-${c.USD}`)).status).toBe(200);
    expect((await api("GET", BASE)).body.total).toBe(before - 2);
  });
});
