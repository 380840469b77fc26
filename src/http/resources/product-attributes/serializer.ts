/**
 * Product attributes, as Sylius 1.8's admin API serializes them
 * (AttributeBundle's `Model.Attribute.yml`, ProductBundle's
 * `Model.ProductAttribute.yml` adding the self link):
 * - alone (`Detailed`): {id, code, type, position, configuration,
 *   createdAt, updatedAt, translations: {LOCALE: {id, locale, name}}, _links.self};
 * - in a list (`Default`): without configuration and timestamps.
 * Empty PHP arrays (a configuration, the choices, the translations) are `[]`.
 */
import type { ProductAttributeRow } from "../../../data/queries/product-attributes";
import { parseConfiguration } from "../../../domain/product-attributes";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export interface AttributeTranslation {
  id: number;
  locale: string;
  name: string;
}

const translationsOf = (translations: readonly AttributeTranslation[]) =>
  translations.length ? Object.fromEntries(translations.map((t) => [t.locale, { id: t.id, locale: t.locale, name: t.name }])) : [];

/** The stored configuration as PHP prints it: `[]` when empty, the choices `[]` when there is none. */
function configurationOf(stored: string) {
  const { choices, ...rest } = parseConfiguration(stored);
  const configuration = choices === undefined ? rest : { choices: Object.keys(choices).length ? choices : [], ...rest };
  return Object.keys(configuration).length ? configuration : [];
}

export function serializeProductAttributeListItem(row: ProductAttributeRow, translations: readonly AttributeTranslation[]) {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    position: row.position,
    translations: translationsOf(translations),
    _links: { self: href(`/product-attributes/${enc(row.code)}`) },
  };
}

export function serializeProductAttribute(row: ProductAttributeRow, translations: readonly AttributeTranslation[]) {
  const { _links, ...item } = serializeProductAttributeListItem(row, translations);
  return {
    ...item,
    configuration: configurationOf(row.configuration),
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links,
  };
}
