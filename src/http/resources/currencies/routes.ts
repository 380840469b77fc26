/**
 * `/api/v1/currencies/`: a resource that is nothing but a unique code (the
 * shared part, with locales: ../shared/code-only.ts).
 *
 * The blank message is CurrencyBundle's validators.en.yml (`Please choose
 * currency code.`).
 */
import { sql } from "drizzle-orm";
import { currencies } from "../../../data/schema";
import { codeOnlyRoutes, CurrencyPage, CurrencyResource, serializeCurrency } from "../shared/code-only";

export const currencyRoutes = codeOnlyRoutes({
  noun: "Currency",
  area: "config",
  plural: "currencies",
  table: currencies,
  messages: { blank: "Please choose currency code.", unique: "Currency code must be unique." },
  code: { shape: /^[A-Z]{3}$/, description: "An ISO 4217 currency code: `USD`.", example: "GBP" },
  views: { serialize: serializeCurrency, item: CurrencyResource, page: CurrencyPage },
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_currencies WHERE currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE base_currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM orders WHERE currency_code = ${row.code})
    )`,
});
