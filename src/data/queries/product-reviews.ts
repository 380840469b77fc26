/**
 * Product reviews with their authors (customers): one review, a page of a
 * product's reviews, the reviews a product shows, and the writes. A
 * product's averageRating needs none of them: triggers keep its accepted
 * reviews' rating sum and count on the product row (migration 0010).
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import type { ListCounter } from "../list-page";
import { customers, productReviews, products, shopUsers } from "../schema";

export const REVIEW_STATUSES = ["new", "accepted", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review with what its representation shows of its author (distinct column names: safe in a batch). */
export const reviewColumns = {
  ...getTableColumns(productReviews),
  authorEmail: sql<string>`(SELECT ${customers.email} FROM ${customers} WHERE ${customers.id} = ${productReviews.authorId})`,
  authorEmailCanonical: sql<string>`(SELECT ${customers.emailCanonical} FROM ${customers} WHERE ${customers.id} = ${productReviews.authorId})`,
  authorFirstName: sql<string | null>`(SELECT ${customers.firstName} FROM ${customers} WHERE ${customers.id} = ${productReviews.authorId})`,
  authorLastName: sql<string | null>`(SELECT ${customers.lastName} FROM ${customers} WHERE ${customers.id} = ${productReviews.authorId})`,
  authorGender: sql<string>`(SELECT ${customers.gender} FROM ${customers} WHERE ${customers.id} = ${productReviews.authorId})`,
};

export interface ReviewRow {
  id: number;
  productId: number;
  title: string;
  rating: number;
  comment: string;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  authorId: number;
  authorEmail: string;
  authorEmailCanonical: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorGender: string;
}

/** The product `code`'s id, as a subquery. */
const productOfCode = (db: Database, code: string) => db.select({ id: products.id }).from(products).where(eq(products.code, code));

/** Review `id` when it is one of product `code`'s (Sylius' findOneByIdAndProductCode). */
export const reviewOfProduct = (db: Database, productCode: string, id: number) =>
  db
    .select(reviewColumns)
    .from(productReviews)
    .where(and(eq(productReviews.id, id), inArray(productReviews.productId, productOfCode(db, productCode))))
    .limit(1);

/** The review just inserted in the same batch. */
export const insertedReview = (db: Database) => db.select(reviewColumns).from(productReviews).where(eq(productReviews.id, sql`last_insert_rowid()`));

/** The reviews of the products whose ids are in `ids`, in creation order (what a product shows). */
export const reviewsOfProducts = (db: Database, ids: SQLWrapper) =>
  db.select(reviewColumns).from(productReviews).where(inArray(productReviews.productId, ids)).orderBy(asc(productReviews.id));

/** The reviews of product `code`: a list's rows (`listPage` adds its order and page). */
/**
 * The reviews of the product of code `code`. An equality with a scalar
 * subquery, not `IN`: the planner then knows there is one product, and walks
 * the (product, sort key) index in order instead of sorting the product's reviews.
 */
export const reviewsOfProductCode = (db: Database, code: string): SQL => eq(productReviews.productId, sql`(${productOfCode(db, code).limit(1)})`);

/** The product of code `code` (id) and, for an author's email, the customer that has it and whether it has a shop account. */
export const productIdOfCode = (db: Database, code: string) => productOfCode(db, code).limit(1);

export const customerOfEmail = (db: Database, emailCanonical: string) =>
  db
    .select({
      id: customers.id,
      // Qualified by hand: drizzle names a column without its table inside a subquery.
      hasUser: sql<number>`EXISTS (SELECT 1 FROM ${shopUsers} AS su WHERE su.customer_id = ${customers}.id)`,
    })
    .from(customers)
    .where(eq(customers.emailCanonical, emailCanonical))
    .limit(1);

/** A guest author: the customer of this email, created unless it exists. */
export const ensureCustomer = (db: Database, email: string, emailCanonical: string) =>
  db.insert(customers).values({ email, emailCanonical }).onConflictDoNothing({ target: customers.emailCanonical });

export function insertReview(
  db: Database,
  input: { productId: number; emailCanonical: string; title: string; rating: number; comment: string },
) {
  return db.insert(productReviews).select(
    sql`SELECT NULL, ${input.productId}, c.id, ${input.title}, ${input.rating}, ${input.comment}, 'new', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM customers AS c WHERE c.email_canonical = ${input.emailCanonical}`,
  );
}

/** A product's reviews as a nested list: their rows, and the counter row of their unfiltered total (kept by triggers). */
export const reviewListScope = (db: Database, productCode: string): { where: SQL; counter: ListCounter } => ({
  where: reviewsOfProductCode(db, productCode),
  counter: { scope: "product_reviews", owner: sql`(SELECT id FROM products WHERE code = ${productCode})` },
});

/** A review's move from status `from` to `to`, guarded by `from`: a concurrent transition wins, this one changes nothing. */
export const transitionReview = (db: Database, id: number, from: ReviewStatus, to: ReviewStatus, updatedAt: string) =>
  db.update(productReviews).set({ status: to, updatedAt }).where(and(eq(productReviews.id, id), eq(productReviews.status, from)));
