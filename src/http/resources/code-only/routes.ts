/**
 * `/api/v1/locales/` and `/api/v1/currencies/`: resources that are nothing
 * but a unique code.
 *
 * List: default sorting `createdAt asc` (creation order, as Sylius lists
 * them); sortable `code`, `createdAt`; `criteria[code]`.
 *
 * Forms and messages follow Sylius 1.8: LocaleType and CurrencyType are
 * choice fields (a code that is no locale or currency is `This value is not
 * valid.`); the blank messages are LocaleBundle's and CurrencyBundle's
 * validators.en.yml (`Please choose locale code.`, `Please choose currency code.`).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { containsText } from "../../../data/conditions";
import type { Database } from "../../../data/db";
import { currencies, locales } from "../../../data/schema";
import type { CodeRow } from "../../../data/queries/code-only";
import { nowIso } from "../../serializers/timestamps";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { oneRow, resourceRoutes } from "../shared/resource";
import { serializeCurrency, serializeLocale, serializeLocaleListItem } from "./serializer";
import { CurrencyPage, CurrencyResource, LocalePage, LocaleResource } from "./schemas";

export const LOCALE_MESSAGES = { blank: "Please choose locale code.", unique: "Locale code must be unique." } as const;
export const CURRENCY_MESSAGES = { blank: "Please choose currency code.", unique: "Currency code must be unique." } as const;

/** A choice among codes (Symfony's LocaleType, CurrencyType): anything but a known shape is `This value is not valid.`. */
const choiceCode = (blank: string) => requiredString(blank).refine((s) => CODE_PATTERN.test(s), { error: MSG.invalid });

// One form per resource, the same fields: each documents its own kind of code.
export const localeCreateForm = defineForm({ code: choiceCode(LOCALE_MESSAGES.blank) });
export const currencyCreateForm = defineForm({ code: choiceCode(CURRENCY_MESSAGES.blank) });

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

export const localeUpdateForm = defineForm({ code: choiceCode(LOCALE_MESSAGES.blank).optional() });
export const currencyUpdateForm = defineForm({ code: choiceCode(CURRENCY_MESSAGES.blank).optional() });

for (const [form, component] of [
  [localeUpdateForm, "LocaleUpdate"],
  [currencyUpdateForm, "CurrencyUpdate"],
] as const) {
  documentForm(form, {
    component,
    descriptions: { code: "Validated, but the code of a locale or currency cannot change." },
    example: {},
  });
}

const CODE_ONLY_PUT = `The code of a locale or currency cannot change: a sent \`code\` is validated, then ignored. ${EMPTY_PUT_NOTE}`;
const CODE_ONLY_PATCH = "The code of a locale or currency cannot change: a sent `code` is validated, then ignored.";

interface CodeOnlyKind {
  noun: string;
  table: typeof locales | typeof currencies;
  forms: { create: typeof localeCreateForm; update: typeof localeUpdateForm };
  messages: { blank: string; unique: string };
  /** A well-formed code must also match this. */
  codeShape: RegExp;
  serialize: (row: CodeRow) => unknown;
  serializeListItem?: (row: CodeRow) => unknown;
  inUse: (row: CodeRow) => SQL;
  docs: { path: string; tag: string; plural: string; idPrefix: string; item: z.ZodType; page: z.ZodType };
}

/** A resource that is nothing but its code: its table, forms, messages, code shape and what references it. */
function codeOnlyRoutes(kind: CodeOnlyKind) {
  const { table } = kind;
  const columns = { id: table.id, code: table.code, createdAt: table.createdAt, updatedAt: table.updatedAt };
  const byCode = (db: Database, code: string) => db.select(columns).from(table).where(eq(table.code, code)).limit(1);
  return resourceRoutes({
    noun: kind.noun,
    table,
    byCode,
    codeShape: kind.codeShape,
    docs: { ...kind.docs, putNote: CODE_ONLY_PUT, patchNote: CODE_ONLY_PATCH },
    inUse: kind.inUse,
    list: {
      spec: {
        sortable: { code: table.code, createdAt: table.createdAt },
        // Creation order (ties broken by id), as Sylius lists locales and currencies.
        defaultSorting: { field: "createdAt", direction: "asc" },
        filters: { code: (value: string) => containsText(table.code, value) },
      },
      select: (db) => db.select(columns).from(table).$dynamic(),
      items: (rows) => rows.map(kind.serializeListItem ?? kind.serialize),
    },
    one: oneRow(byCode, kind.serialize),
    create: {
      form: kind.forms.create,
      unique: kind.messages.unique,
      check: () => undefined,
      writes: (db, code) => ({ row: db.insert(table).values({ code }) }),
    },
    update: {
      form: kind.forms.update,
      emptyPut: { code: kind.messages.blank },
      check: () => undefined,
      // Nothing but the code, which never changes: an update only touches updatedAt.
      writes: (db, row) => [db.update(table).set({ updatedAt: nowIso() }).where(eq(table.id, row.id))],
    },
  });
}

export const localeRoutes = codeOnlyRoutes({
  noun: "Locale",
  table: locales,
  forms: { create: localeCreateForm, update: localeUpdateForm },
  messages: LOCALE_MESSAGES,
  serialize: serializeLocale,
  serializeListItem: serializeLocaleListItem,
  // Language, optional script and region: `en_US`.
  codeShape: /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_\d{3})?$/,
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
  docs: { path: "locales", tag: "Locales", plural: "locales", idPrefix: "Locale", item: LocaleResource, page: LocalePage },
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
