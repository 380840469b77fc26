/** Products (serializer.ts): detailed (create, get one) and list items. */
import { z } from "zod";
import { serializeProduct, serializeProductListItem } from "./serializer";
import { code, component, int, keyedOrEmpty, Link, pageOf, SelfLinks } from "../../openapi/common";
import { ProductOption } from "../product-options/schemas";
import { Channel } from "../channels/schemas";
import { ProductReviewItem } from "../product-reviews/review";
import { ProductAssociationType } from "../product-association-types/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";

const name = z
  .string()
  .optional()
  .meta({ description: "The en_US translation's name, else the first translation's; omitted when there is none." });

const translations = keyedOrEmpty(
  z.object({
    id: int(),
    locale: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional().meta({ description: "Omitted when none." }),
  }),
  "locale code",
);

const none = (what: string) =>
  z.array(z.never()).meta({ description: `${what}: always empty, this service has none yet (Sylius 1.8 serializes the key).` });

/** Sylius 1.8's keys this service has no data for yet (AdminApiBundle's and ProductBundle's Model.Product.yml). */
const rating = z.number().meta({ description: "The average rating of the product's accepted reviews; 0 without any.", examples: [3.5] });

const ProductLinks = component("ProductLinks", z.object({ self: Link, variants: Link }));

export const ProductListItem = component(
  "ProductListItem",
  z.object({
    id: int(),
    name,
    code: code(),
    options: z.array(ProductOption),
    averageRating: rating,
    images: none("Images"),
    _links: SelfLinks,
  }),
  "A product in a list, Sylius 1.8's default set.",
);

export const Product = component(
  "Product",
  z.object({
    id: int(),
    name,
    code: code(),
    attributes: none("Attribute values"),
    options: z.array(ProductOption),
    associations: z
      .array(z.object({ id: int(), type: ProductAssociationType, associatedProducts: z.array(ProductListItem) }))
      .meta({ description: "One per association type: the type and the associated products (as a list shows them)." }),
    translations,
    productTaxons: none("Taxons"),
    channels: z.array(Channel).meta({ description: "The product's channels, in Sylius' detailed channel set." }),
    reviews: z.array(ProductReviewItem).meta({ description: "All the product's reviews, in creation order (the paginated list is `/products/{code}/reviews/`)." }),
    averageRating: rating,
    images: none("Images"),
    _links: ProductLinks,
  }),
  "A product (create and get one), Sylius 1.8's detailed set: its options in full; its variants are behind `_links.variants`.",
);

export const ProductPage = pageOf("ProductPage", ProductListItem);

type _Product = Expect<Conforms<ReturnType<typeof serializeProduct>, typeof Product>>;
type _ProductListItem = Expect<Conforms<ReturnType<typeof serializeProductListItem>, typeof ProductListItem>>;
