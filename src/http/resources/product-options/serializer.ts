/**
 * Product options, as Sylius 1.8 serializes them (ProductBundle's
 * Model.ProductOption.yml, the same in both groups):
 * `{id, code, position, translations, values, _links}` (no `name`).
 * `translations` is keyed by locale (`[]` when none, like the variant's).
 * Values are `{code, translations: {locale: {id, locale, value}}}` in
 * creation order.
 */
import type { OptionRecord } from "../../../data/queries/product-options";
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
    translations: keyedByLocale(option.translations, ({ id, locale, name }) => ({ id, locale, name })),
    values: option.values.map((value) => ({
      code: value.code,
      translations: keyedByLocale(value.translations, ({ id, locale, value: text }) => ({ id, locale, value: text })),
    })),
    _links: { self: productOptionLink(option.code) },
  };
}
