/**
 * `/api/v1/locales/`: a resource that is nothing but a unique code (the
 * shared part, with currencies: ../shared/code-only.ts).
 *
 * The blank message is LocaleBundle's validators.en.yml (`Please choose
 * locale code.`).
 */
import { sql } from "drizzle-orm";
import { locales } from "../../../data/schema";
import { codeOnlyRoutes, LocalePage, LocaleResource, serializeLocale, serializeLocaleListItem } from "../shared/code-only";

export const localeRoutes = codeOnlyRoutes({
  noun: "Locale",
  area: "config",
  plural: "locales",
  table: locales,
  messages: { blank: "Please choose locale code.", unique: "Locale code must be unique." },
  code: { shape: /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_\d{3})?$/, description: "Language, optional script and region: `en_US`.", example: "fr_FR" },
  // Sylius' grid shows the locale's name (derived from its code) and sorts it by the code.
  nameSortsByCode: true,
  views: { serialize: serializeLocale, serializeListItem: serializeLocaleListItem, item: LocaleResource, page: LocalePage },
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
});
