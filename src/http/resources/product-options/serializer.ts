/**
 * Product options: `{id, code, position, name, translations, values, _links}`.
 * `translations` is keyed by locale (`[]` when none, like the variant's);
 * `name` is the translation in en_US when present, else the first one
 * (omitted when the option has no translation). Values are
 * `{code, translations: {locale: {id, locale, value}}}` in creation order.
 */
import type { OptionRecord } from "../../../data/queries/product-options";
import { preferredTranslation } from "../../../data/queries/product-options";
import { enc, href } from "../../serializers/links";

/** `{locale: entry}`, or `[]` when there is none. */
export function keyedByLocale<T extends { locale: string }, R>(
  rows: readonly T[],
  map: (row: T) => R,
): Record<string, R> | [] {
  return rows.length === 0 ? [] : Object.fromEntries(rows.map((row) => [row.locale, map(row)]));
}

export const productOptionLink = (code: string) => href(`/product-options/${enc(code)}`);

export function serializeProductOption(option: OptionRecord) {
  return {
    id: option.id,
    code: option.code,
    position: option.position,
    name: preferredTranslation(option.translations)?.name,
    translations: keyedByLocale(option.translations, ({ id, locale, name }) => ({ id, locale, name })),
    values: option.values.map((value) => ({
      code: value.code,
      translations: keyedByLocale(value.translations, ({ id, locale, value: text }) => ({ id, locale, value: text })),
    })),
    _links: { self: productOptionLink(option.code) },
  };
}
