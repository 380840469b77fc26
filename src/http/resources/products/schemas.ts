/** Products (serializer.ts): detailed (create, get one) and list items. */
import { z } from "zod";
import { ATTRIBUTE_TYPES } from "../../../domain/product-attributes";
import { serializeProduct, serializeProductListItem } from "./serializer";
import { code, component, int, keyedOrEmpty, Link, pageOf, SelfLinks } from "../../openapi/common";
import { ProductOption } from "../product-options/schemas";
import { Channel } from "../channels/schemas";
import { Taxon } from "../taxons/schemas";
import { ProductReviewItem } from "../product-reviews/review";
import { ProductAssociationType } from "../product-association-types/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";
import { Image } from "../images/serializer";

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

const rating = z.number().meta({ description: "The average rating of the product's accepted reviews; 0 without any.", examples: [3.5] });

const ProductAttributeValue = component(
  "ProductAttributeValue",
  z.object({
    id: int(),
    code: z.string().meta({ description: "The attribute's code." }),
    name: z.string().optional().meta({ description: "The attribute's en_US name; left out without one." }),
    value: z
      .union([z.string(), z.number(), z.boolean(), z.array(z.string())])
      .optional()
      .meta({ description: "Typed by the attribute: text, number (integer; percent as a fraction), boolean, date text (`2020-01-31T00:00:00+00:00`), or choice keys (select). Left out when empty." }),
    type: z.enum(ATTRIBUTE_TYPES),
    localeCode: z.string(),
  }),
  "An attribute value of a product (AttributeBundle's Model.AttributeValue.yml).",
);

const ProductLinks = component("ProductLinks", z.object({ self: Link, variants: Link }));

export const ProductTaxon = component(
  "ProductTaxon",
  z.object({ id: int(), taxon: Taxon, position: int().meta({ description: "The product's position among the taxon's products." }) }),
  "A product's taxon (Model.ProductTaxon.yml).",
);

export const ProductListItem = component(
  "ProductListItem",
  z.object({
    id: int(),
    name,
    code: code(),
    options: z.array(ProductOption),
    averageRating: rating,
    images: z.array(Image).meta({ description: "The product's images, by position (an associated product shows none)." }),
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
    attributes: z.array(ProductAttributeValue).meta({ description: "The product's attribute values, in the order they were added." }),
    options: z.array(ProductOption),
    associations: z
      .array(z.object({ id: int(), type: ProductAssociationType, associatedProducts: z.array(ProductListItem) }))
      .meta({ description: "One per association type: the type and the associated products (as a list shows them)." }),
    translations,
    productTaxons: z.array(ProductTaxon).meta({ description: "The product's taxons, in the order they were added." }),
    channels: z.array(Channel).meta({ description: "The product's channels, in Sylius' detailed channel set." }),
    mainTaxon: Taxon.optional().meta({ description: "The product's main taxon; absent when it has none." }),
    reviews: z.array(ProductReviewItem).meta({ description: "All the product's reviews, in creation order (the paginated list is `/products/{code}/reviews/`)." }),
    averageRating: rating,
    images: z.array(Image).meta({ description: "The product's images, by position (an associated product shows none)." }),
    _links: ProductLinks,
  }),
  "A product (create and get one), Sylius 1.8's detailed set: its options in full; its variants are behind `_links.variants`.",
);

export const ProductPage = pageOf("ProductPage", ProductListItem);

// The taxons are recursive (too deep for the type-level check): the taxon serializer's own check covers them.
type _Product = Expect<Conforms<Omit<ReturnType<typeof serializeProduct>, "mainTaxon" | "productTaxons">, ReturnType<typeof Product.omit<{ mainTaxon: true; productTaxons: true }>>>>;
type _ProductListItem = Expect<Conforms<ReturnType<typeof serializeProductListItem>, typeof ProductListItem>>;
