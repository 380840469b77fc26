/** Product reviews (./serializer.ts, ./review.ts). */
import { z } from "zod";
import { serializeProductReview } from "./serializer";
import { ProductReviewItem } from "./review";
import { Product } from "../products/schemas";
import { component, pageOf } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const subjectReviews = z
  .union([z.array(ProductReviewItem), z.record(z.string(), ProductReviewItem)])
  .meta({ description: "The product's other reviews: a list, or (when this review is not its last) an object keyed by their positions, as Sylius prints them." });

export const ProductReview = component(
  "ProductReview",
  ProductReviewItem.extend({
    reviewSubject: Product.extend({ reviews: subjectReviews }).meta({ description: "The reviewed product, in its detailed set." }),
  }),
  "A product review with its product.",
);

export const ProductReviewPage = pageOf("ProductReviewPage", ProductReviewItem);

// The subject's taxons are recursive (too deep for the type-level check): the taxon serializer's own check covers them.
const _CheckedReview = ProductReviewItem.extend({ reviewSubject: Product.omit({ mainTaxon: true, productTaxons: true }).extend({ reviews: subjectReviews }) });
type Review = ReturnType<typeof serializeProductReview>;
type _Review = Expect<Conforms<Omit<Review, "reviewSubject"> & { reviewSubject: Omit<Review["reviewSubject"], "mainTaxon" | "productTaxons"> }, typeof _CheckedReview>>;
