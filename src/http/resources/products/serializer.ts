/**
 * Products.
 * - detailed (create, get one): `{id, code, name, enabled, translations,
 *   options (full option representations), channels (codes), variants
 *   ({id, code, _links.self}), createdAt, updatedAt, _links {self, variants}}`
 * - list item: the same without `variants`, options as `{id, code, _links.self}`.
 * Sylius 1.8's keys this service has no data for yet are there, empty:
 * `attributes`, `associations`, `productTaxons`, `reviews`, `images` (`[]`)
 * and `averageRating` (0) in the detailed set; `averageRating` and
 * `images` in list items (AdminApiBundle's and ProductBundle's Model.Product.yml).
 * `translations` is keyed by locale (`[]` when none); `name` is the en_US
 * translation's name when present, else the first one's.
 */
import type { ProductDetail, ProductRecord } from "../../../data/queries/products";
import { preferredTranslation } from "../../../data/queries/product-options";
import { enc, href } from "../../serializers/links";
import { keyedByLocale, productOptionLink, serializeProductOption } from "../product-options/serializer";
import { atom } from "../../serializers/timestamps";

export const productLink = (code: string) => href(`/products/${enc(code)}`);

function serializeBase(product: ProductRecord) {
  return {
    id: product.id,
    code: product.code,
    name: preferredTranslation(product.translations)?.name,
    enabled: product.enabled,
    translations: keyedByLocale(product.translations, (t) => ({
      id: t.id,
      locale: t.locale,
      name: t.name,
      slug: t.slug,
      description: t.description ?? undefined,
    })),
    channels: product.channels,
    createdAt: atom(product.createdAt),
    updatedAt: atom(product.updatedAt),
  };
}

const productLinks = (code: string) => ({
  self: productLink(code),
  variants: href(`/products/${enc(code)}/variants/`),
});

export function serializeProduct(product: ProductDetail) {
  return {
    ...serializeBase(product),
    options: product.optionRecords.map(serializeProductOption),
    attributes: [],
    associations: [],
    productTaxons: [],
    reviews: [],
    averageRating: 0,
    images: [],
    variants: product.variants.map((variant) => ({
      id: variant.id,
      code: variant.code,
      _links: { self: href(`/products/${enc(product.code)}/variants/${enc(variant.code)}`) },
    })),
    _links: productLinks(product.code),
  };
}

export function serializeProductListItem(product: ProductRecord) {
  return {
    ...serializeBase(product),
    options: product.options.map((option) => ({
      id: option.id,
      code: option.code,
      _links: { self: productOptionLink(option.code) },
    })),
    averageRating: 0,
    images: [],
    _links: productLinks(product.code),
  };
}
