/**
 * `/api/v1/products/{productCode}/reviews/`: a product's reviews (Sylius
 * 1.8's AdminApiBundle routing/product_review.yml), by id, with the
 * `sylius_product_review` state machine: `{id}/accept` and `{id}/reject`
 * (POST, PUT or PATCH) move a `new` review to `accepted` or `rejected`; any
 * other state answers 400. The product's averageRating (the average of its
 * accepted reviews) is kept by triggers in the statement that changes a
 * review, whatever changes it (a transition, a new rating, a delete).
 *
 * List: default sorting `date desc` (newest first, Sylius' grid); sortable
 * `date`, `title`, `rating`; `criteria[title]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete/transitions 2
 * (reads, then the writes with what the response shows).
 */
import { apiHref, recordEvents } from "../../events";
import { enc } from "../../serializers/links";
import { lastInsertedId } from "../../../data/idempotency";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { badRequest, notFound } from "../../errors";
import { namedBatch, type NamedResults } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { containsText } from "../../../data/conditions";
import { productReviews } from "../../../data/schema";
import { productDetailReads, productDetails, productIdByCode } from "../../../data/queries/products";
import {
  customerOfEmail,
  ensureCustomer,
  insertedReview,
  insertReview,
  productIdOfCode,
  reviewColumns,
  reviewOfProduct,
  reviewListScope,
  transitionReview,
  reviewsOfProducts,
  type ReviewRow,
} from "../../../data/queries/product-reviews";
import { applyReviewTransition, type ReviewTransition } from "../../../domain/reviews";
import { nowIso } from "../../serializers/timestamps";
import { describeRoute, type OperationMeta } from "../../openapi/describe";
import { resourceRoutes } from "../shared/resource";
import { authorEmail, checkAuthor, checkReview, createForm, REVIEW_MESSAGES, updateForm } from "./form";
import { serializeReview } from "./review";
import { serializeProductReview } from "./serializer";
import { ProductReview, ProductReviewPage } from "./schemas";
import { textFilter } from "../../list-page";
import { listRows, updateById } from "../../../data/queries/table-writes";

const transitionDocs = (transition: ReviewTransition): OperationMeta[] =>
  (["post", "put", "patch"] as const).map((method) => ({
    method,
    tag: "Product reviews",
    scope: "catalog:write",
    operationId: `${transition}ProductReview${method === "post" ? "" : method === "put" ? "Put" : "Patch"}`,
    summary: `${transition === "accept" ? "Accept" : "Reject"} a product review`,
    description: `Transition \`${transition}\` of the \`sylius_product_review\` state machine: \`new\` → \`${transition === "accept" ? "accepted" : "rejected"}\`. 400 when the review is not \`new\`. The product's averageRating counts accepted reviews only.`,
    success: { status: 200, description: "The review in its new state.", schema: ProductReview },
    errors: [400, 404],
  }));

const reviewMissing = (id: string) => `Product review with id "${id}" does not exist.`;

/** A review id from the URL: a positive integer, else nothing matches it. */
const idOf = (text: string): number | undefined => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);

/** The reads of what a review's representation shows: its product (detailed) and the product's reviews. */
const subjectReads = (db: Database, productCode: string) => ({
  product: productDetailReads(db, productIdByCode(db, productCode)),
  reviews: reviewsOfProducts(db, productIdByCode(db, productCode)),
});

/** A review as `subjectReads`' results show it. */
function representReview(review: ReviewRow, subject: NamedResults<ReturnType<typeof subjectReads>>) {
  const [product] = productDetails(subject.product);
  if (!product) throw new Error(`The product of review ${review.id} was not read.`);
  return serializeProductReview(review, product, subject.reviews);
}

/** The canonical email of a valid author sub-form. */
const authorCanonical = (author: unknown) => {
  const checked = authorEmail(author);
  return "email" in checked ? checked.email.toLowerCase() : undefined;
};

/** The review of the URL (404 when it is not one of the URL's product's). */
async function findReview(c: Context<AppEnv>) {
  const db = c.var.db;
  const productCode = c.req.param("productCode") ?? "";
  const idText = c.req.param("id") ?? "";
  const id = idOf(idText);
  if (id === undefined) throw notFound(reviewMissing(idText));
  const [review] = (await namedBatch(db, { review: reviewOfProduct(db, productCode, id) })).review;
  if (!review) throw notFound(reviewMissing(idText));
  return { db, productCode, review };
}

function transitionRoute(transition: ReviewTransition) {
  return async (c: Context<AppEnv>) => {
    const { db, productCode, review } = await findReview(c);
    const applied = applyReviewTransition(review.status, transition);
    if (!applied.ok) throw badRequest(applied.message);
    // Only when the guarded transition changed the review.
    const resource = { href: apiHref(`products/${enc(productCode)}/reviews/${review.id}`), id: review.id };
    recordEvents(c, [{ type: "product_review.updated", resource, sequence: null, data: { id: review.id, status: applied.state, transition } }], { ifChanged: true });
    const [, read] = await namedBatch(
      db,
      { back: reviewOfProduct(db, productCode, review.id), subject: subjectReads(db, productCode) },
      // Guarded by the state read: a concurrent transition wins, this one changes nothing.
      transitionReview(db, review.id, review.status, applied.state, nowIso()),
    );
    const [now] = read.back;
    if (!now) throw notFound(reviewMissing(String(review.id)));
    return c.json(representReview(now, read.subject));
  };
}

const routes: Hono<AppEnv> = resourceRoutes({
  noun: "Product review",
  // The review's insert is the create's last: its id is the batch's last inserted row's.
  events: { resource: "product_review", created: () => ({ newId: lastInsertedId() }) },
  table: productReviews,
  parent: { param: "productCode", byCode: productIdOfCode, missing: (code) => `Product with code "${code}" does not exist.` },
  identifier: { param: "id", parse: idOf, missing: reviewMissing },
  byCode: (db, id, productCode) => reviewOfProduct(db, productCode, id),
  docs: {
    area: "catalog",
    path: "products/{productCode}/reviews",
    tag: "Product reviews",
    plural: "product reviews",
    idPrefix: "ProductReview",
    item: ProductReview,
    page: ProductReviewPage,
    putNote: "Like a create, a PUT fails the fields it leaves out (blank).",
  },
  list: {
    spec: {
      sortable: { date: productReviews.createdAt, title: productReviews.title, rating: productReviews.rating, status: productReviews.status },
      defaultSorting: { field: "date", direction: "desc" },
      filters: { title: textFilter(productReviews.title, containsText) },
      numbersOnly: true,
    },
    select: (db) => listRows(db, productReviews, reviewColumns),
    // Without criteria the total is the product's counter row (kept by the database's triggers), not a count of its reviews.
    scope: reviewListScope,
    oneBatch: true,
    items: (rows) => rows.map(serializeReview),
  },
  one: {
    reads: (db, id, productCode) => ({ review: reviewOfProduct(db, productCode, id), subject: subjectReads(db, productCode) }),
    item: ({ review: [review], subject }) => (review === undefined ? undefined : representReview(review, subject)),
  },
  create: {
    form: createForm,
    reads: (db, values) => {
      const canonical = authorCanonical(values.author);
      return { customer: canonical === undefined ? undefined : customerOfEmail(db, canonical) };
    },
    check: (result, { customer }, { parent: product }) => {
      if (!product) throw new Error("A review's create reads its product.");
      const fields = checkReview(result, true);
      const email = checkAuthor(result);
      // CoreBundle's UniqueReviewerEmail: a customer with a shop account signs in to review.
      if (customer?.[0]?.hasUser) result.failAt("author", [], REVIEW_MESSAGES.authorRegistered);
      result.assertValid();
      const { rating, title, comment } = fields;
      if (email === undefined || rating === undefined || title === undefined || comment === undefined) {
        throw new Error("A valid review form has a rating, a title, a comment and an author.");
      }
      return { productId: product.id, email, emailCanonical: email.toLowerCase(), rating, title, comment };
    },
    writes: (db, _code, { email, ...review }) => ({
      customer: ensureCustomer(db, email, review.emailCanonical),
      review: insertReview(db, review),
    }),
    back: (db, _plan, _result, { parentCode }) => ({ review: insertedReview(db), subject: subjectReads(db, parentCode) }),
  },
  update: {
    form: updateForm,
    check: (result, _found, _row, { merge }) => checkReview(result, !merge),
    writes: (db, review, fields) => [updateById(db, productReviews, review.id, { ...fields, updatedAt: nowIso() })],
  },
});

export const productReviewRoutes = routes
  .on(["POST", "PUT", "PATCH"], "/:id/accept", describeRoute(...transitionDocs("accept")), transitionRoute("accept"))
  .on(["POST", "PUT", "PATCH"], "/:id/reject", describeRoute(...transitionDocs("reject")), transitionRoute("reject"));
