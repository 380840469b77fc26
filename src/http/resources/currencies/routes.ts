/**
 * `/api/v1/currencies/`: a resource that is nothing but a unique code (the
 * shared part, with locales: ../shared/code-only.ts).
 *
 * The blank message is CurrencyBundle's validators.en.yml (`Please choose
 * currency code.`).
 */
import { currencies } from "../../../data/schema";
import { currencyInUse } from "../../../data/queries/code-only";
import { codeOnlyRoutes, CurrencyPage, CurrencyResource, serializeCurrency } from "../shared/code-only";

export const currencyRoutes = codeOnlyRoutes({
  noun: "Currency",
  area: "config",
  plural: "currencies",
  table: currencies,
  messages: { blank: "Please choose currency code.", unique: "Currency code must be unique." },
  code: { shape: /^[A-Z]{3}$/, description: "An ISO 4217 currency code: `USD`.", example: "GBP" },
  views: { serialize: serializeCurrency, item: CurrencyResource, page: CurrencyPage },
  inUse: currencyInUse,
  event: "currency",
});
