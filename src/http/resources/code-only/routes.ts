/**
 * `/api/v1/locales/` and `/api/v1/currencies/`: resources that are nothing
 * but a unique code (see `codeKeyedRoutes`).
 *
 * List: default sorting `code asc`; sortable `code`, `createdAt`;
 * `criteria[code]`.
 */
import { eq, sql } from "drizzle-orm";
import { defineForm } from "../../form";
import { requiredCode } from "../../fields";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import { currencies, locales } from "../../../data/schema";
import type { CodeRow } from "../../../data/queries/code-only";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm } from "../../openapi/form-docs";
import { codeKeyedRoutes } from "../code-keyed/routes";
import { serializeCodeOnly } from "./serializer";
import { Currency, CurrencyPage, Locale, LocalePage } from "./schemas";

// One form per resource, the same fields: each documents its own kind of code.
export const localeCreateForm = defineForm({ code: requiredCode() });
export const currencyCreateForm = defineForm({ code: requiredCode() });

documentForm(localeCreateForm, {
  component: "LocaleCreate",
  descriptions: { code: `${CODE_DESCRIPTION} Language, optional script and region: \`en_US\`.` },
  example: { code: "fr_FR" },
});

documentForm(currencyCreateForm, {
  component: "CurrencyCreate",
  descriptions: { code: `${CODE_DESCRIPTION} An ISO 4217 currency code: \`USD\`.` },
  example: { code: "GBP" },
});

export const updateForm = defineForm({ code: requiredCode().optional() });

documentForm(updateForm, {
  component: "CodeOnlyUpdate",
  descriptions: { code: "Validated, but the code of a locale or currency cannot change." },
  example: {},
});

const CODE_ONLY_PUT = "The code of a locale or currency cannot change: a sent `code` is validated, then ignored.";

/** Everything but the table, its path, its code's shape, its messages and what references it. */
function codeOnly(table: typeof locales | typeof currencies, path: string, createForm: typeof localeCreateForm) {
  const columns = { id: table.id, code: table.code, createdAt: table.createdAt, updatedAt: table.updatedAt };
  return {
    path,
    table,
    columns,
    byCode: (db: Database, code: string) => db.select(columns).from(table).where(eq(table.code, code)).limit(1),
    forms: { create: createForm, update: updateForm },
    insert: (db: Database, _values: unknown, code: string) => db.insert(table).values({ code }),
    // Nothing but the code, which never changes: an update only touches updatedAt.
    update: (db: Database, row: CodeRow) => db.update(table).set({ updatedAt: nowIso() }).where(eq(table.id, row.id)),
    serialize: (row: CodeRow) => serializeCodeOnly(path, row),
    list: {
      sortable: { code: table.code, createdAt: table.createdAt },
      defaultSorting: { field: "code", direction: "asc" as const },
      filters: { code: (value: string) => containsText(table.code, value) },
    },
  };
}

export const localeRoutes = codeKeyedRoutes({
  ...codeOnly(locales, "locales", localeCreateForm),
  // Language, optional script and region: `en_US`.
  codeShape: /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_\d{3})?$/,
  messages: { noun: "Locale", unique: "Locale code must be unique." },
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_locales WHERE locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE default_locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM product_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_variant_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_value_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM shipping_method_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM orders WHERE locale_code = ${row.code})
    )`,
  docs: { tag: "Locales", noun: "locale", plural: "locales", idPrefix: "Locale", item: Locale, page: LocalePage, putNote: CODE_ONLY_PUT, patchNote: CODE_ONLY_PUT },
});

export const currencyRoutes = codeKeyedRoutes({
  ...codeOnly(currencies, "currencies", currencyCreateForm),
  // ISO 4217: `USD`.
  codeShape: /^[A-Z]{3}$/,
  messages: { noun: "Currency", unique: "Currency code must be unique." },
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_currencies WHERE currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE base_currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM orders WHERE currency_code = ${row.code})
    )`,
  docs: {
    tag: "Currencies",
    noun: "currency",
    plural: "currencies",
    idPrefix: "Currency",
    item: Currency,
    page: CurrencyPage,
    putNote: CODE_ONLY_PUT,
    patchNote: CODE_ONLY_PUT,
  },
});
