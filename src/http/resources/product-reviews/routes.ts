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
import { Hono, type Context } from "hono";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { validateForm } from "../../form";
import { badRequest, notFound } from "../../errors";
import { namedBatch, type NamedResults } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { containsText } from "../../../data/conditions";
import { pageQueries } from "../../../data/list-page";
import { firstBatch } from "../../first-batch";
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
  reviewsOfProductCode,
  reviewsOfProducts,
  type ReviewRow,
} from "../../../data/queries/product-reviews";
import { applyReviewTransition, type ReviewTransition } from "../../../domain/reviews";
import { carriedQuery, criteriaFrom, envelope, pageRequest, sortingFrom } from "../../pagination";
import { enc } from "../../serializers/links";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, type OperationMeta } from "../../openapi/describe";
import { checkAuthor, checkReview, createForm, REVIEW_MESSAGES, updateForm } from "./form";
import { serializeReview } from "./review";
import { serializeProductReview } from "./serializer";
import { ProductReview, ProductReviewPage } from "./schemas";

const SORTABLE = { date: productReviews.createdAt, title: productReviews.title, rating: productReviews.rating };
type SortField = keyof typeof SORTABLE;

const docs = crudDocs({
  tag: "Product reviews",
  nested: true,
  noun: "product review",
  plural: "product reviews",
  idPrefix: "ProductReview",
  item: ProductReview,
  page: ProductReviewPage,
  create: createForm,
  update: updateForm,
  list: { sorting: Object.keys(SORTABLE), criteria: ["title"], defaultSorting: "date desc" },
  deleteConflict: false,
  putNote: "Like a create, a PUT fails the fields it leaves out (blank).",
});

const transitionDocs = (transition: ReviewTransition): OperationMeta[] =>
  (["post", "put", "patch"] as const).map((method) => ({
    method,
    tag: "Product reviews",
    operationId: `${transition}ProductReview${method === "post" ? "" : method === "put" ? "Put" : "Patch"}`,
    summary: `${transition === "accept" ? "Accept" : "Reject"} a product review`,
    description: `Transition \`${transition}\` of the \`sylius_product_review\` state machine: \`new\` → \`${transition === "accept" ? "accepted" : "rejected"}\`. 400 when the review is not \`new\`. The product's averageRating counts accepted reviews only.`,
    success: { status: 200, description: "The review in its new state.", schema: ProductReview },
    errors: [400, 404],
  }));

const productMissing = (code: string) => notFound(`Product with code "${code}" does not exist.`);
const reviewMissing = (id: string) => notFound(`Product review with id "${id}" does not exist.`);

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

/** The review of the URL (404 when it is not one of the URL's product's). */
async function findReview(c: Context<AppEnv>, represent: boolean) {
  const db = c.var.db;
  const productCode = c.req.param("productCode") ?? "";
  const idText = c.req.param("id") ?? "";
  const id = idOf(idText);
  if (id === undefined) throw reviewMissing(idText);
  const found = await namedBatch(db, {
    review: reviewOfProduct(db, productCode, id),
    subject: represent ? subjectReads(db, productCode) : undefined,
  });
  const [review] = found.review;
  if (!review) throw reviewMissing(idText);
  return { db, productCode, review, subject: found.subject };
}

function transitionRoute(transition: ReviewTransition) {
  return async (c: Context<AppEnv>) => {
    const { db, productCode, review } = await findReview(c, false);
    const applied = applyReviewTransition(review.status, transition);
    if (!applied.ok) throw badRequest(applied.message);
    const [, read] = await namedBatch(
      db,
      { back: reviewOfProduct(db, productCode, review.id), subject: subjectReads(db, productCode) },
      // Guarded by the state read: a concurrent transition wins, this one changes nothing.
      db
        .update(productReviews)
        .set({ status: applied.state, updatedAt: nowIso() })
        .where(and(eq(productReviews.id, review.id), eq(productReviews.status, review.status))),
    );
    const [now] = read.back;
    if (!now) throw reviewMissing(String(review.id));
    return c.json(representReview(now, read.subject));
  };
}

export const productReviewRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const productCode = c.req.param("productCode") ?? "";
    const url = new URL(c.req.url);
    const request = pageRequest(url);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.keys of SORTABLE: its own keys, the SortField names.
    const sorting = sortingFrom<SortField>(url, Object.keys(SORTABLE) as SortField[], { field: "date", direction: "desc" });
    const direction = sorting.direction === "asc" ? asc : desc;
    const criteria = criteriaFrom(url, ["title"] as const);
    const where = and(reviewsOfProductCode(db, productCode), criteria.title === undefined ? undefined : containsText(productReviews.title, criteria.title));
    // Without criteria the total is the product's counter row (kept by the database's triggers), not a count of its reviews.
    const counter = criteria.title === undefined ? { scope: "product_reviews", owner: sql`(SELECT id FROM products WHERE code = ${productCode})` } : undefined;
    const page = pageQueries(db, productReviews, where, [direction(SORTABLE[sorting.field]), direction(productReviews.id)], request, { counter });
    const read = await firstBatch(c, {
      product: productIdOfCode(db, productCode),
      counted: page.count,
      rows: page.rows(db.select(reviewColumns).from(productReviews).$dynamic()),
    });
    if (!read.product[0]) throw productMissing(productCode);
    return c.json(
      envelope({
        path: `/api/v1/products/${enc(productCode)}/reviews/`,
        request,
        total: read.counted[0]?.total ?? 0,
        items: read.rows.map(serializeReview),
        query: carriedQuery(url),
      }),
    );
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const productCode = c.req.param("productCode") ?? "";
    const result = validateForm(createForm, c.var.body);
    const fields = checkReview(result, true);
    const email = checkAuthor(result);
    const canonical = email?.toLowerCase();
    const { product, customer } = await namedBatch(db, {
      product: productIdOfCode(db, productCode),
      customer: canonical === undefined ? undefined : customerOfEmail(db, canonical),
    });
    const [found] = product;
    if (!found) throw productMissing(productCode);
    // CoreBundle's UniqueReviewerEmail: a customer with a shop account signs in to review.
    if (customer?.[0]?.hasUser) result.failAt("author", [], REVIEW_MESSAGES.authorRegistered);
    result.assertValid();
    if (email === undefined || canonical === undefined || fields.rating === undefined || fields.title === undefined || fields.comment === undefined) {
      throw new Error("A valid review form has a rating, a title, a comment and an author.");
    }
    const [, read] = await namedBatch(db, { back: insertedReview(db), subject: subjectReads(db, productCode) }, [
      ensureCustomer(db, email, canonical),
      insertReview(db, { productId: found.id, emailCanonical: canonical, title: fields.title, rating: fields.rating, comment: fields.comment }),
    ]);
    const [review] = read.back;
    if (!review) throw new Error("The new review was not read back after its insert.");
    return c.json(representReview(review, read.subject), 201);
  })
  .get("/:id", describeRoute(docs.get), async (c) => {
    const { review, subject } = await findReview(c, true);
    if (!subject) throw new Error("The review's product was not read.");
    return c.json(representReview(review, subject));
  })
  .on(["PUT", "PATCH"], "/:id", describeRoute(docs.put, docs.patch), async (c) => {
    const result = validateForm(updateForm, c.var.body);
    const fields = checkReview(result, c.req.method === "PUT");
    const { db, review } = await findReview(c, false);
    result.assertValid();
    await namedBatch(db, { writes: [db.update(productReviews).set({ ...fields, updatedAt: nowIso() }).where(eq(productReviews.id, review.id))] });
    return c.body(null, 204);
  })
  .delete("/:id", describeRoute(docs.delete), async (c) => {
    const { db, review } = await findReview(c, false);
    await namedBatch(db, { writes: [db.delete(productReviews).where(eq(productReviews.id, review.id))] });
    return c.body(null, 204);
  })
  .on(["POST", "PUT", "PATCH"], "/:id/accept", describeRoute(...transitionDocs("accept")), transitionRoute("accept"))
  .on(["POST", "PUT", "PATCH"], "/:id/reject", describeRoute(...transitionDocs("reject")), transitionRoute("reject"));
