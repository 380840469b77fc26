/**
 * `/api/v1/locales/`: a resource that is nothing but a unique code (the
 * shared part, with currencies: ../shared/code-only.ts).
 *
 * The blank message is LocaleBundle's validators.en.yml (`Please choose
 * locale code.`).
 */
import { locales } from "../../../data/schema";
import { localeInUse } from "../../../data/queries/code-only";
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
  inUse: localeInUse,
  event: "locale",
});
