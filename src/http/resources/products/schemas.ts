/** Products (src/serializers/product.ts): detailed (create, get one) and list items. */
import { z } from "zod";
import { serializeProduct, serializeProductListItem } from "./serializer";
import { code, component, int, keyedOrEmpty, Link, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import { ProductOption } from "../product-options/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";

const base = {
  id: int(),
  code: code(),
  name: z
    .string()
    .optional()
    .meta({ description: "The en_US translation's name, else the first translation's; omitted when there is none." }),
  enabled: z.boolean(),
  translations: keyedOrEmpty(
    z.object({
      id: int(),
      locale: z.string(),
      name: z.string(),
      slug: z.string(),
      description: z.string().optional().meta({ description: "Omitted when none." }),
    }),
    "locale code",
  ),
  channels: z.array(z.string()).meta({ description: "Channel codes." }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
};

const none = (what: string) =>
  z.array(z.never()).meta({ description: `${what}: always empty, this service has none yet (Sylius 1.8 serializes the key).` });

/** Sylius 1.8's keys this service has no data for yet (AdminApiBundle's and ProductBundle's Model.Product.yml). */
const rating = z.number().meta({ description: "The average of the product's accepted reviews: 0 (no reviews yet).", examples: [0] });

const ProductLinks = component("ProductLinks", z.object({ self: Link, variants: Link }));

export const Product = component(
  "Product",
  z.object({
    ...base,
    options: z.array(ProductOption),
    attributes: none("Attribute values"),
    associations: none("Associations"),
    productTaxons: none("Taxons"),
    reviews: none("Reviews"),
    averageRating: rating,
    images: none("Images"),
    variants: z.array(z.object({ id: int(), code: code(), _links: SelfLinks })),
    _links: ProductLinks,
  }),
  "A product (create and get one): its options in full and references to its variants.",
);

export const ProductListItem = component(
  "ProductListItem",
  z.object({
    ...base,
    options: z.array(z.object({ id: int(), code: code(), _links: SelfLinks })),
    averageRating: rating,
    images: none("Images"),
    _links: ProductLinks,
  }),
  "A product in a list: options as references, no variants.",
);

export const ProductPage = pageOf("ProductPage", ProductListItem);

type _Product = Expect<Conforms<ReturnType<typeof serializeProduct>, typeof Product>>;
type _ProductListItem = Expect<Conforms<ReturnType<typeof serializeProductListItem>, typeof ProductListItem>>;
