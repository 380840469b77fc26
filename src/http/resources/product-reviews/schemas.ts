/** Product reviews (./serializer.ts, ./review.ts). */
import { z } from "zod";
import { serializeProductReview } from "./serializer";
import { ProductReviewItem } from "./review";
import { Product } from "../products/schemas";
import { component, pageOf } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const ProductReview = component(
  "ProductReview",
  ProductReviewItem.extend({
    reviewSubject: Product.extend({
      reviews: z
        .union([z.array(ProductReviewItem), z.record(z.string(), ProductReviewItem)])
        .meta({ description: "The product's other reviews: a list, or (when this review is not its last) an object keyed by their positions, as Sylius prints them." }),
    }).meta({ description: "The reviewed product, in its detailed set." }),
  }),
  "A product review with its product.",
);

export const ProductReviewPage = pageOf("ProductReviewPage", ProductReviewItem);

type _Review = Expect<Conforms<ReturnType<typeof serializeProductReview>, typeof ProductReview>>;
