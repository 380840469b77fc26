/**
 * Product reviews as Sylius 1.8's ProductReviewApiTest drives them
 * (tests/Responses/product_review/*.json), one test per method. The fixture
 * (resources/product_reviews.yml: product MUG_REVIEW_BEST with reviews
 * best (4, new), good (3, new) and bad (1, rejected) by Example Queen) is
 * written straight into D1, the product's code made unique. Sylius'
 * product has an empty `en` translation (its fixture's current locale);
 * this one has none, so `reviewSubject.translations` is `[]`.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";
import { insertProduct } from "../fixtures/catalog";
import { createCustomer } from "../fixtures/references";
import { firstRow } from "../fixtures/db";

const ACCESS_DENIED = { error: "access_denied", error_description: "OAuth2 authentication required" };
const NOT_FOUND = { code: 404, message: expect.any(String) };

async function customer(email: string, firstName: string | null, lastName: string | null): Promise<number> {
  await env.DB.prepare("INSERT INTO customers (email, email_canonical, first_name, last_name) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(email, email, firstName, lastName)
    .run();
  return (await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM customers WHERE email_canonical = ?").bind(email))).id;
}

/** resources/product_reviews.yml. */
async function fixture() {
  const queen = await customer("example.queen@example.com", "Example", "Queen");
  await customer("example.king@example.com", "Example", "King");
  const { id: product, code } = await insertProduct("MUG_REVIEW_BEST");
  await insertProduct("MUG_REVIEW_GOOD");
  const ids: number[] = [];
  for (const [title, rating, status] of [
    ["mug_review_best", 4, "new"],
    ["mug_review_good", 3, "new"],
    ["mug_review_bad", 1, "rejected"],
  ] as const) {
    const row = await firstRow<{ id: number }>(env.DB.prepare(
      "INSERT INTO product_reviews (product_id, author_id, title, rating, comment, status) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
      .bind(product, queen, title, rating, `${title}_comment`, status));
    ids.push(row.id);
  }
  const [best, good, bad] = ids as [number, number, number];
  return { code, list: `/api/v1/products/${code}/reviews/`, best, good, bad };
}

const queen = {
  id: expect.any(Number),
  email: "example.queen@example.com",
  emailCanonical: "example.queen@example.com",
  firstName: "Example",
  lastName: "Queen",
  gender: "u",
  _links: { self: { href: expect.any(String) } },
};

const review = (id: number, title: string, rating: number, status: string) => ({
  id,
  title,
  rating,
  comment: `${title}_comment`,
  author: queen,
  status,
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
});

const subject = (code: string, reviews: unknown, averageRating: number) => ({
  id: expect.any(Number),
  code,
  attributes: [],
  options: [],
  associations: [],
  translations: [],
  productTaxons: [],
  channels: [],
  reviews,
  averageRating,
  images: [],
  _links: { self: { href: `/api/v1/products/${code}` }, variants: { href: `/api/v1/products/${code}/variants/` } },
});

/** show_response, accept_response and reject_response: best with the product, whose other reviews keep their positions 1 and 2. */
const bestWithProduct = (f: Awaited<ReturnType<typeof fixture>>, status: string, averageRating: number) => ({
  ...review(f.best, "mug_review_best", 4, status),
  reviewSubject: subject(f.code, { 1: review(f.good, "mug_review_good", 3, "new"), 2: review(f.bad, "mug_review_bad", 1, "rejected") }, averageRating),
});

describe("ProductReviewApiTest (Sylius 1.8)", () => {
  it("it_does_not_allows_showing_product_review_list_when_access_is_denied", async () => {
    const f = await fixture();
    const res = await api("GET", f.list, undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ACCESS_DENIED);
  });

  it("it_does_not_allows_showing_product_review_when_it_does_not_exist", async () => {
    const f = await fixture();
    const res = await api("GET", `${f.list}0`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_showing_product_review", async () => {
    const f = await fixture();
    const res = await api("GET", `${f.list}${f.best}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(bestWithProduct(f, "new", 0));
  });

  it("it_allows_indexing_product_reviews (differs: Sylius lists none of a product without an en_US translation)", async () => {
    const f = await fixture();
    const res = await api("GET", f.list);
    expect(res.status).toBe(200);
    const self = { href: `${f.list}?page=1&limit=10` };
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 3, _links: { self, first: self, last: self } });
    // Newest first (ties: the later id first); a review in a list has no `reviewSubject` (the URL's product).
    expect(res.body._embedded.items).toEqual([
      review(f.bad, "mug_review_bad", 1, "rejected"),
      review(f.good, "mug_review_good", 3, "new"),
      review(f.best, "mug_review_best", 4, "new"),
    ]);
  });

  it("it_allows_creating_product_review", async () => {
    const f = await fixture();
    const res = await api("POST", f.list, { title: "A good product", rating: "3", comment: "This is a good product.", author: { email: "my_review@example.com" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: "A good product",
      rating: 3,
      comment: "This is a good product.",
      author: { id: expect.any(Number), email: "my_review@example.com", emailCanonical: "my_review@example.com", gender: "u", _links: { self: { href: expect.any(String) } } },
      status: "new",
      reviewSubject: subject(
        f.code,
        [review(f.best, "mug_review_best", 4, "new"), review(f.good, "mug_review_good", 3, "new"), review(f.bad, "mug_review_bad", 1, "rejected")],
        0,
      ),
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
    });
  });

  it("it_does_not_allows_creating_product_review_without_required_fields", async () => {
    const f = await fixture();
    const res = await api("POST", f.list);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed({
        rating: { errors: ["You must check review rating."], children: [{}, {}, {}, {}, {}] },
        title: { errors: ["Review title should not be blank."] },
        comment: { errors: ["Review comment should not be blank."] },
        author: { children: { email: { errors: ["Please enter your email."] } } },
      }),
    );
  });

  it("it_does_not_allows_deleting_product_review_if_it_does_not_exist", async () => {
    const f = await fixture();
    const res = await api("DELETE", `${f.list}0`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_deleting_product_review", async () => {
    const f = await fixture();
    expect((await api("DELETE", `${f.list}${f.best}`)).status).toBe(204);
    const res = await api("GET", `${f.list}${f.best}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("it_allows_updating_information_about_product_review", async () => {
    const f = await fixture();
    const res = await api("PUT", `${f.list}${f.best}`, { title: "NEW_REVIEW_TITLE", rating: "1", comment: "NEW_REVIEW_COMMENT" });
    expect(res.status).toBe(204);
    const read = await api("GET", `${f.list}${f.best}`);
    expect(read.body).toMatchObject({ title: "NEW_REVIEW_TITLE", rating: 1, comment: "NEW_REVIEW_COMMENT", status: "new" });
  });

  it("it_allows_updating_partial_information_about_product_review", async () => {
    const f = await fixture();
    const res = await api("PATCH", `${f.list}${f.best}`, { comment: "A_NEW_REVIEW_COMMENT" });
    expect(res.status).toBe(204);
    expect((await api("GET", `${f.list}${f.best}`)).body).toMatchObject({ title: "mug_review_best", rating: 4, comment: "A_NEW_REVIEW_COMMENT" });
  });

  it("it_allows_accepting_product_review", async () => {
    const f = await fixture();
    const res = await api("PATCH", `${f.list}${f.best}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(bestWithProduct(f, "accepted", 4));
  });

  it("it_does_not_allows_accepting_product_review_if_it_has_not_new_status (differs: the message says why)", async () => {
    const f = await fixture();
    const res = await api("POST", `${f.list}${f.bad}/accept`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'Transition "accept" cannot be applied on product review state "rejected".' });
  });

  it("it_allows_rejecting_product_review", async () => {
    const f = await fixture();
    const res = await api("PATCH", `${f.list}${f.best}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(bestWithProduct(f, "rejected", 0));
  });

  it("it_does_not_allows_rejecting_product_review_if_it_has_not_new_status (Sylius' test posts to accept; reject too)", async () => {
    const f = await fixture();
    for (const transition of ["accept", "reject"]) {
      const res = await api("POST", `${f.list}${f.bad}/${transition}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: `Transition "${transition}" cannot be applied on product review state "rejected".` });
    }
  });
});

describe("product reviews: averageRating and beyond Sylius' tests", () => {
  const rating = async (code: string) => (await api("GET", `/api/v1/products/${code}`)).body.averageRating as number;

  it("averageRating is the average of the accepted reviews, exact as they are accepted, re-rated, rejected and deleted", async () => {
    const f = await fixture();
    expect(await rating(f.code)).toBe(0);
    await api("PUT", `${f.list}${f.best}/accept`);
    await api("POST", `${f.list}${f.good}/accept`);
    expect(await rating(f.code)).toBe(3.5);
    // A new review counts once accepted.
    const created = await api("POST", f.list, { title: "Fine", rating: 2, comment: "Fine.", author: { email: "example.king@example.com" } });
    expect(created.status).toBe(201);
    expect(created.body.author).toMatchObject({ email: "example.king@example.com", firstName: "Example", lastName: "King" });
    expect(await rating(f.code)).toBe(3.5);
    await api("PATCH", `${f.list}${created.body.id}/accept`);
    expect(await rating(f.code)).toBe(3);
    // Re-rating an accepted review.
    expect((await api("PATCH", `${f.list}${f.good}`, { rating: 5 })).status).toBe(204);
    expect(await rating(f.code)).toBe(11 / 3);
    expect((await api("DELETE", `${f.list}${f.best}`)).status).toBe(204);
    expect(await rating(f.code)).toBe(3.5);
    const list = await api("GET", `/api/v1/products/?criteria%5Bcode%5D=${f.code}`);
    expect(list.body._embedded.items[0].averageRating).toBe(3.5);
    // The product shows its reviews.
    const product = await api("GET", `/api/v1/products/${f.code}`);
    expect(product.body.reviews.map((r: { id: number }) => r.id)).toEqual([f.good, f.bad, created.body.id]);
  });

  it("checks ratings, titles and authors; a customer with an account cannot be named; unknown product or review: 404", async () => {
    const f = await fixture();
    const bad = await api("POST", f.list, { title: "x", rating: 6, comment: "ok", author: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children).toEqual({
      rating: { errors: ["This value is not valid."], children: [{}, {}, {}, {}, {}] },
      title: { errors: ["Review title must have at least 2 characters."] },
      comment: {},
      author: { children: { email: { errors: ["This email is invalid."] } } },
    });
    const email = `${uniqueCode("u").toLowerCase()}@example.com`;
    await createCustomer({ email, user: { plainPassword: "correct horse battery" } });
    const registered = await api("POST", f.list, { title: "Good", rating: 5, comment: "ok", author: { email } });
    expect(registered.status).toBe(400);
    expect(registered.body.errors.children.author).toEqual({
      errors: ["This email is already registered, please login or use forgotten password."],
      children: { email: {} },
    });
    expect((await api("GET", `/api/v1/products/${uniqueCode("NONE")}/reviews/`)).status).toBe(404);
    expect((await api("POST", `/api/v1/products/${uniqueCode("NONE")}/reviews/`, { title: "Good", rating: 5, comment: "ok", author: { email } })).status).toBe(404);
    expect((await api("GET", `${f.list}abc`)).status).toBe(404);
    expect((await api("PUT", `${f.list}${f.best}`, { comment: "only" })).body.errors.children.title).toEqual({ errors: ["Review title should not be blank."] });
    const sorted = await api("GET", `${f.list}?sorting%5Brating%5D=asc&criteria%5Btitle%5D=mug_review`);
    expect(sorted.body._embedded.items.map((r: { rating: number }) => r.rating)).toEqual([1, 3, 4]);
  });
});
