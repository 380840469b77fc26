/**
 * A product review alone (GET one, create, accept, reject), as Sylius 1.8
 * serializes it: the review (./review.ts) with `reviewSubject`, its product
 * in the detailed set. The product's `reviews` leave out the review itself
 * (JMS does not visit an object twice): when it was not the last one, the
 * others keep their positions and the collection prints as an object keyed
 * by position (`{"1": ..., "2": ...}`), as PHP prints an array with a gap.
 */
import type { ProductDetail } from "../../../data/queries/products";
import type { ReviewRow } from "../../../data/queries/product-reviews";
import { serializeProduct } from "../products/serializer";
import { serializeReview } from "./review";

export function serializeProductReview(review: ReviewRow, product: ProductDetail, productReviews: readonly ReviewRow[]) {
  const { createdAt, updatedAt, ...head } = serializeReview(review);
  const subject = serializeProduct(product);
  const at = productReviews.findIndex((row) => row.id === review.id);
  const others = productReviews.filter((row) => row.id !== review.id).map(serializeReview);
  const reviews =
    at === -1 || at === productReviews.length - 1
      ? others
      : Object.fromEntries(productReviews.flatMap((row, i) => (row.id === review.id ? [] : [[String(i), serializeReview(row)] as const])));
  return { ...head, reviewSubject: { ...subject, reviews }, createdAt, updatedAt };
}
