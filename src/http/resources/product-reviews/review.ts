/**
 * A review without its product (how a product shows its reviews, and a
 * review in a list): every field Sylius 1.8 serializes of a ProductReview
 * (it has no serializer mapping: JMS shows all of them) but `reviewSubject`.
 * The author is the customer as AdminApiBundle's and CustomerBundle's
 * Model.Customer.yml show it: `{id, email, emailCanonical, firstName?,
 * lastName?, gender, _links.self}` (JMS leaves out nulls).
 */
import { z } from "zod";
import type { ReviewRow } from "../../../data/queries/product-reviews";
import { REVIEW_STATUSES } from "../../../data/queries/product-reviews";
import { component, int, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";
import { atom } from "../../serializers/timestamps";
import { customerLinks } from "../customers/serializer";

export function serializeReview(row: ReviewRow) {
  return {
    id: row.id,
    title: row.title,
    rating: row.rating,
    comment: row.comment,
    author: {
      id: row.authorId,
      email: row.authorEmail,
      emailCanonical: row.authorEmailCanonical,
      firstName: row.authorFirstName ?? undefined,
      lastName: row.authorLastName ?? undefined,
      gender: row.authorGender,
      _links: customerLinks(row.authorId),
    },
    status: row.status,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
  };
}

export const ReviewAuthor = component(
  "ProductReviewAuthor",
  z.object({
    id: int(),
    email: z.string(),
    emailCanonical: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    gender: z.string().meta({ description: "`u` (unknown), `m` or `f`." }),
    _links: SelfLinks,
  }),
  "The customer who wrote a review.",
);

export const ProductReviewItem = component(
  "ProductReviewItem",
  z.object({
    id: int(),
    title: z.string(),
    rating: int().meta({ description: "1 to 5." }),
    comment: z.string(),
    author: ReviewAuthor,
    status: z.enum(REVIEW_STATUSES).meta({ description: "`new`, then `accepted` or `rejected` (the `accept` and `reject` transitions)." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
  "A product review without its product (a product's reviews, a page of reviews).",
);

type _Review = Expect<Conforms<ReturnType<typeof serializeReview>, typeof ProductReviewItem>>;
