/**
 * A code-only resource (locale, currency), in the serialization groups of
 * Sylius 1.8 (LocaleBundle and CurrencyBundle `Model.*.yml`):
 * - currency, both groups: id, code, self link (`serializeCurrency`);
 * - locale `Default` (lists): id, code, self link (`serializeLocaleListItem`);
 * - locale `Detailed` (one locale): id, code, createdAt, updatedAt, self link.
 */
import { href, enc } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import type { CodeRow } from "../../../data/queries/code-only";


const bare = (path: string, row: CodeRow) => ({ id: row.id, code: row.code, _links: { self: href(`/${path}/${enc(row.code)}`) } });

export const serializeCurrency = (row: CodeRow) => bare("currencies", row);
export const serializeLocaleListItem = (row: CodeRow) => bare("locales", row);
export const serializeLocale = (row: CodeRow) => ({
  id: row.id,
  code: row.code,
  createdAt: atom(row.createdAt),
  updatedAt: atom(row.updatedAt),
  _links: { self: href(`/locales/${enc(row.code)}`) },
});
