/**
 * `/api/v1/currencies/`: a resource that is nothing but a unique code (the
 * shared part, with locales: ../shared/code-only.ts).
 *
 * The blank message is CurrencyBundle's validators.en.yml (`Please choose
 * currency code.`).
 */
import { sql } from "drizzle-orm";
import { currencies } from "../../../data/schema";
import { CODE_DESCRIPTION, documentForm } from "../../openapi/form-docs";
import {
  CODE_ONLY_UPDATE_DOCS,
  codeOnlyCreateForm,
  codeOnlyRoutes,
  codeOnlyUpdateForm,
  CurrencyPage,
  CurrencyResource,
  serializeCurrency,
} from "../shared/code-only";

export const CURRENCY_MESSAGES = { blank: "Please choose currency code.", unique: "Currency code must be unique." } as const;

export const currencyCreateForm = codeOnlyCreateForm(CURRENCY_MESSAGES.blank);

documentForm(currencyCreateForm, {
  component: "CurrencyCreate",
  descriptions: { code: `${CODE_DESCRIPTION} An ISO 4217 currency code: \`USD\`.` },
  example: { code: "GBP" },
});

export const currencyUpdateForm = codeOnlyUpdateForm(CURRENCY_MESSAGES.blank);

documentForm(currencyUpdateForm, { component: "CurrencyUpdate", ...CODE_ONLY_UPDATE_DOCS });

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
