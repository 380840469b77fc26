import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createCustomer } from "../fixtures/references";
import { createPromotion } from "../fixtures/catalog";

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

/** A coupon-based promotion ("Holiday") unless `extra` says otherwise. */
const couponPromotion = (extra: Record<string, unknown> = {}) => createPromotion({ name: "Holiday", couponBased: true, ...extra });

const couponsOf = (promotion: string) => `/api/v1/promotions/${promotion}/coupons/`;

describe("promotion couponBased", () => {
  it("is false by default, shown after `used`; a coupon-based promotion links its coupons", async () => {
    const plain = await couponPromotion({ couponBased: undefined });
    expect(plain.couponBased).toBe(false);
    expect(plain._links).toEqual({ self: { href: `/api/v1/promotions/${plain.code}` } });
    const based = await couponPromotion();
    expect(based.couponBased).toBe(true);
    expect(Object.keys(based).indexOf("couponBased")).toBe(Object.keys(based).indexOf("used") + 1);
    expect(based._links).toEqual({
      self: { href: `/api/v1/promotions/${based.code}` },
      coupons: { href: `/api/v1/promotions/${based.code}/coupons/` },
    });
    expect((await api("PATCH", `/api/v1/promotions/${plain.code}`, { couponBased: true })).status).toBe(204);
    expect((await api("GET", `/api/v1/promotions/${plain.code}`)).body.couponBased).toBe(true);
    expect((await api("PUT", `/api/v1/promotions/${plain.code}`, { couponBased: "yes" })).body.errors.children.couponBased).toEqual({
      errors: ["This value is not valid."],
    });
  });
});

describe("promotion coupons", () => {
  it("creates a coupon (201, 2 round trips) in Sylius' representation; reads it (1 round trip)", async () => {
    const promotion = await couponPromotion();
    const code = uniqueCode("HOLIDAY");
    const res = await api("POST", couponsOf(promotion.code), { code });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const expected = {
      id: expect.any(Number),
      code,
      used: 0,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: {
        self: { href: `/api/v1/promotions/${promotion.code}/coupons/${code}` },
        promotion: { href: `/api/v1/promotions/${promotion.code}` },
      },
    };
    expect(res.body).toEqual(expected);
    const read = await api("GET", `${couponsOf(promotion.code)}${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(res.body);
  });

  it("takes Sylius' optional limits and expiry, shown in its order", async () => {
    const promotion = await couponPromotion();
    const code = uniqueCode("ADV");
    const res = await api("POST", couponsOf(promotion.code), { code, usageLimit: 10, expiresAt: "2030-12-31", perCustomerUsageLimit: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      usageLimit: 10,
      used: 0,
      expiresAt: "2030-12-31T00:00:00+00:00",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      perCustomerUsageLimit: 1,
      _links: expect.any(Object),
    });
    expect(Object.keys(res.body)).toEqual(["id", "code", "usageLimit", "used", "expiresAt", "createdAt", "updatedAt", "perCustomerUsageLimit", "_links"]);
  });

  // Changed by issue 40: creation order by default, as Sylius 1.8's `createPaginatorForPromotion` (it was `code asc`).
  it("lists a promotion's coupons (Sylius' Default group) in creation order in one round trip; 404 for an unknown promotion", async () => {
    const promotion = await couponPromotion();
    const other = await couponPromotion();
    await api("POST", couponsOf(promotion.code), { code: `${promotion.code}_B`, usageLimit: 4, expiresAt: "2031-01-01T10:00:00+02:00" });
    await api("POST", couponsOf(promotion.code), { code: `${promotion.code}_A` });
    await api("POST", couponsOf(other.code), { code: `${other.code}_X` });
    const list = await api("GET", couponsOf(promotion.code));
    expect(list.status).toBe(200);
    expect(d1RoundTrips(list.headers)).toBe(1);
    expect(list.body).toEqual({
      page: 1,
      limit: 10,
      pages: 1,
      total: 2,
      _links: {
        self: { href: `${couponsOf(promotion.code)}?page=1&limit=10` },
        first: { href: `${couponsOf(promotion.code)}?page=1&limit=10` },
        last: { href: `${couponsOf(promotion.code)}?page=1&limit=10` },
      },
      _embedded: {
        items: [
          {
            id: expect.any(Number),
            code: `${promotion.code}_B`,
            usageLimit: 4,
            used: 0,
            expiresAt: "2031-01-01T08:00:00+00:00",
            _links: { self: { href: `${couponsOf(promotion.code)}${promotion.code}_B` } },
          },
          { id: expect.any(Number), code: `${promotion.code}_A`, used: 0, _links: { self: { href: `${couponsOf(promotion.code)}${promotion.code}_A` } } },
        ],
      },
    });
    const filtered = await api("GET", `${couponsOf(promotion.code)}?criteria[code]=${promotion.code.toLowerCase()}_b&sorting[code]=desc`);
    expect(filtered.body.total).toBe(1);
    const missing = await api("GET", couponsOf("NO_SUCH_PROMOTION"));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: 'Promotion with code "NO_SUCH_PROMOTION" does not exist.' });
  });

  it("validates with Sylius' messages, code last as in its form", async () => {
    const promotion = await couponPromotion();
    const empty = await api("POST", couponsOf(promotion.code), {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { children: { usageLimit: {}, expiresAt: {}, perCustomerUsageLimit: {}, reusableFromCancelledOrders: {}, code: { errors: ["Please enter coupon code."] } } },
    });
    const bad = await api("POST", couponsOf(promotion.code), { code: "a b", usageLimit: 0, expiresAt: "2030-02-30", perCustomerUsageLimit: -1 });
    expect(bad.body.errors.children).toEqual({
      usageLimit: { errors: ["Coupon usage limit must be at least 1."] },
      expiresAt: { errors: ["This value is not valid."] },
      perCustomerUsageLimit: { errors: ["This value is not valid."] },
      reusableFromCancelledOrders: {},
      code: { errors: ["Coupon code can only be comprised of letters, numbers, dashes and underscores."] },
    });
    const short = await api("POST", couponsOf(promotion.code), { code: "A" });
    expect(short.body.errors.children.code).toEqual({ errors: ["Coupon code must be at least 2 characters long."] });
    const long = await api("POST", couponsOf(promotion.code), { code: "A".repeat(256) });
    expect(long.body.errors.children.code).toEqual({ errors: ["Coupon code must not be longer than 255 characters."] });
    const extra = await api("POST", couponsOf(promotion.code), { code: uniqueCode("X"), used: 3 });
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
  });

  it("keeps coupon codes unique across promotions (Sylius' message)", async () => {
    const [one, two] = [await couponPromotion(), await couponPromotion()];
    const code = uniqueCode("UNIQ");
    expect((await api("POST", couponsOf(one.code), { code })).status).toBe(201);
    for (const promotion of [one, two]) {
      const dup = await api("POST", couponsOf(promotion.code), { code });
      expect(dup.status).toBe(400);
      expect(dup.body.errors.children.code).toEqual({ errors: ["This coupon already exists."] });
    }
    // Under the other promotion the coupon does not exist.
    expect((await api("GET", `${couponsOf(two.code)}${code}`)).status).toBe(404);
  });

  it("refuses a coupon for a promotion that is not coupon-based, as Sylius' coupon factory does", async () => {
    const promotion = await couponPromotion({ couponBased: false, name: "Spring sale" });
    const res = await api("POST", couponsOf(promotion.code), { code: uniqueCode("NOPE") });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: ["Promotion with name Spring sale is not coupon based."],
        children: { usageLimit: {}, expiresAt: {}, perCustomerUsageLimit: {}, reusableFromCancelledOrders: {}, code: {} },
      },
    });
    expect((await api("GET", couponsOf(promotion.code))).body.total).toBe(0);
  });

  it("PUT and PATCH change limits and expiry (204); null removes them; the code cannot change", async () => {
    const promotion = await couponPromotion();
    const code = uniqueCode("UPD");
    await api("POST", couponsOf(promotion.code), { code, usageLimit: 3 });
    const one = `${couponsOf(promotion.code)}${code}`;
    const put = await api("PUT", one, { code: "OTHER", usageLimit: 5, expiresAt: "2032-06-01", perCustomerUsageLimit: 2 });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", one);
    expect(read.body).toMatchObject({ code, usageLimit: 5, expiresAt: "2032-06-01T00:00:00+00:00", perCustomerUsageLimit: 2 });
    const patch = await api("PATCH", one, { usageLimit: null, expiresAt: null });
    expect(patch.status).toBe(204);
    read = await api("GET", one);
    expect(read.body).not.toHaveProperty("usageLimit");
    expect(read.body).not.toHaveProperty("expiresAt");
    expect(read.body.perCustomerUsageLimit).toBe(2);
    const bad = await api("PATCH", one, { usageLimit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children.usageLimit).toEqual({ errors: ["Coupon usage limit must be at least 1."] });
  });

  it("answers 404 for an unknown coupon or promotion on every operation", async () => {
    const promotion = await couponPromotion();
    const code = uniqueCode("C");
    await api("POST", couponsOf(promotion.code), { code });
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const body = method === "PUT" || method === "PATCH" ? { usageLimit: 2 } : undefined;
      const noCoupon = await api(method, `${couponsOf(promotion.code)}NO_SUCH_COUPON`, body);
      expect(noCoupon.status, method).toBe(404);
      expect(noCoupon.body).toEqual({ code: 404, message: 'Promotion coupon with code "NO_SUCH_COUPON" does not exist.' });
      const noPromotion = await api(method, `${couponsOf("NO_SUCH_PROMOTION")}${code}`, body);
      expect(noPromotion.status, method).toBe(404);
      expect(noPromotion.body).toEqual({ code: 404, message: 'Promotion with code "NO_SUCH_PROMOTION" does not exist.' });
    }
    expect((await api("POST", couponsOf("NO_SUCH_PROMOTION"), { code: uniqueCode("C") })).status).toBe(404);
  });

  it("deletes an unused coupon (204); refuses one an order carries (409), and so its promotion", async () => {
    const promotion = await couponPromotion();
    const unused = uniqueCode("DEL");
    await api("POST", couponsOf(promotion.code), { code: unused });
    const deleted = await api("DELETE", `${couponsOf(promotion.code)}${unused}`);
    expect(deleted.status).toBe(204);
    expect(d1RoundTrips(deleted.headers)).toBe(2);
    expect((await api("GET", `${couponsOf(promotion.code)}${unused}`)).status).toBe(404);

    const used = uniqueCode("USED");
    const coupon = await api("POST", couponsOf(promotion.code), { code: used });
    const channel = await createChannel();
    const customer = await createCustomer();
    const cart = await api("POST", "/api/v1/carts/", { customer: customer.email, channel: channel.code, localeCode: "en_US" });
    expect(cart.status).toBe(201);
    // A cart carries a coupon through checkout; stored directly here.
    await env.DB.prepare("UPDATE orders SET promotion_coupon_id = ? WHERE id = ?").bind(coupon.body.id, cart.body.id).run();
    const refused = await api("DELETE", `${couponsOf(promotion.code)}${used}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the promotion coupon is in use." });
    const promotionRefused = await api("DELETE", `/api/v1/promotions/${promotion.code}`);
    expect(promotionRefused.status).toBe(409);
    expect(promotionRefused.body).toEqual({ code: 409, message: "Cannot delete, the promotion is in use." });
    // Without that order, the promotion goes with its coupons.
    await env.DB.prepare("UPDATE orders SET promotion_coupon_id = NULL WHERE id = ?").bind(cart.body.id).run();
    expect((await api("DELETE", `/api/v1/promotions/${promotion.code}`)).status).toBe(204);
    expect((await api("GET", `${couponsOf(promotion.code)}${used}`)).status).toBe(404);
  });
});
