/**
 * Products, with exactly the keys Sylius 1.8 serializes (AdminApiBundle's and
 * ProductBundle's Model.Product.yml):
 * - detailed (create, get one): `{id, name, code, attributes, options,
 *   associations, translations, productTaxons, channels, mainTaxon (when
 *   set), reviews,
 *   averageRating, images, _links {self, variants}}`;
 * - list item (Default group): `{id, name, code, options, averageRating,
 *   images, _links.self}`.
 * `channels` are Sylius' detailed channel set (as an order shows its channel).
 * Options are the full option representations in both (ProductOption's
 * Default group is its whole set). Keys this service has no data for yet are
 * there, empty. `images`: the product's images by position (./images; a
 * list item shows them too; an associated product shows `[]`).
 * `reviews` are all the product's reviews (any status, in creation order,
 * without their product); `averageRating` is the average of its accepted
 * reviews' ratings (0 without any). `translations` is keyed by locale
 * (`[]` when none); `name` is the en_US translation's name when present, else
 * the first one's, and absent without translations (JMS leaves out nulls).
 * Whether a product is enabled, its timestamps and its variants are not in
 * Sylius' sets: the variants are behind `_links.variants`.
 */
import type { ProductDetail } from "../../../data/queries/products";
import { preferredTranslation } from "../../../data/queries/product-options";
import { enc, href } from "../../serializers/links";
import { keyedByLocale, serializeProductOption } from "../product-options/serializer";
import { serializeChannel } from "../channels/serializer";
import type { TaxonView } from "../taxons/serializer";
import { serializeAttributeValue, type AttributeValueRow } from "./attributes";
import type { ReviewRow } from "../../../data/queries/product-reviews";
import { averageRating } from "../../../domain/reviews";
import { serializeReview } from "../product-reviews/review";
import type { AssociationRecord } from "../../../data/queries/product-associations";
import { serializeAssociationType } from "../product-association-types/serializer";
import type { ImageRow } from "../../../data/queries/images";
import { serializeImage, type ImageView } from "../images/serializer";

/** An association: its type (detailed) and its products (as a list shows them: a product does not embed their associations in turn). */
const serializeAssociation = (association: AssociationRecord) => ({
  id: association.id,
  type: serializeAssociationType(association.type, association.typeTranslations),
  associatedProducts: association.products.map((product) => serializeProductListItem(product)),
});

export const productLink = (code: string) => href(`/products/${enc(code)}`);

const nameOf = (product: ProductDetail) => preferredTranslation(product.translations)?.name;

/** A product's taxons as `productTaxonViews` shows them (./taxons.ts). */
export interface ProductTaxa {
  mainTaxon: TaxonView | undefined;
  productTaxons: { id: number; taxon: TaxonView; position: number }[];
}

/** What a product's detailed set shows beside its own rows, each read in the product's batch; absent parts are empty. */
export interface ProductParts {
  attributeValues?: readonly AttributeValueRow[];
  taxa?: ProductTaxa;
  /** The product's reviews (GET one reads them; a new product has none). */
  reviews?: readonly ReviewRow[];
  associations?: readonly AssociationRecord[] | undefined;
  /** The product's images, by position. */
  images?: readonly ImageRow[];
}

export function serializeProduct(product: ProductDetail, parts: ProductParts = {}) {
  const { attributeValues = [], taxa = { mainTaxon: undefined, productTaxons: [] }, reviews = [], associations = [], images = [] } = parts;
  return {
    id: product.id,
    name: nameOf(product),
    code: product.code,
    attributes: attributeValues.map(serializeAttributeValue),
    options: product.optionRecords.map(serializeProductOption),
    associations: associations.map(serializeAssociation),
    translations: keyedByLocale(product.translations, (t) => ({
      id: t.id,
      locale: t.locale,
      name: t.name,
      slug: t.slug,
      description: t.description ?? undefined,
    })),
    productTaxons: taxa.productTaxons,
    channels: product.channels.map(serializeChannel),
    ...(taxa.mainTaxon ? { mainTaxon: taxa.mainTaxon } : {}),
    reviews: reviews.map(serializeReview),
    averageRating: averageRating(product.acceptedRatingSum, product.acceptedReviewCount),
    images: images.map(serializeImage),
    _links: {
      self: productLink(product.code),
      variants: href(`/products/${enc(product.code)}/variants/`),
    },
  };
}

/** A product in a list (and as an association shows it), with its images when they were read. */
export function serializeProductListItem(product: ProductDetail, images: readonly ImageView[] = []) {
  return {
    id: product.id,
    name: nameOf(product),
    code: product.code,
    options: product.optionRecords.map(serializeProductOption),
    averageRating: averageRating(product.acceptedRatingSum, product.acceptedReviewCount),
    images,
    _links: { self: productLink(product.code) },
  };
}
