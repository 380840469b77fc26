/**
 * `/api/v1/currencies/`: a resource that is nothing but a unique code (the
 * shared part, with locales: ../shared/code-only.ts).
 *
 * The blank message is CurrencyBundle's validators.en.yml (`Please choose
 * currency code.`).
 */
import { sql } from "drizzle-orm";
import { currencies } from "../../../data/schema";
import {
  codeOnlyForms,
  codeOnlyRoutes,
  CurrencyPage,
  CurrencyResource,
  serializeCurrency,
} from "../shared/code-only";

export const CURRENCY_MESSAGES = { blank: "Please choose currency code.", unique: "Currency code must be unique." } as const;

export const { create: currencyCreateForm, update: currencyUpdateForm } = codeOnlyForms(CURRENCY_MESSAGES.blank, {
  component: "Currency",
  code: "An ISO 4217 currency code: `USD`.",
  example: "GBP",
});

export const currencyRoutes = codeOnlyRoutes({
  noun: "Currency",
  table: currencies,
  forms: { create: currencyCreateForm, update: currencyUpdateForm },
  messages: CURRENCY_MESSAGES,
  serialize: serializeCurrency,
  // ISO 4217: `USD`.
  codeShape: /^[A-Z]{3}$/,
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_currencies WHERE currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE base_currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM orders WHERE currency_code = ${row.code})
    )`,
  docs: { path: "currencies", tag: "Currencies", plural: "currencies", idPrefix: "Currency", item: CurrencyResource, page: CurrencyPage },
});
