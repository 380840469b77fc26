/**
 * `/api/v1/promotions/{promotionCode}/coupons/`: the coupons of a
 * coupon-based promotion (Sylius 1.8 AdminApiBundle `promotion_coupon.yml`:
 * index, create, show, update, delete). Coupon codes are unique across all
 * promotions. Only a promotion with `couponBased: true` takes new coupons
 * (Sylius' coupon factory refuses the others). A coupon carried by an order
 * (a cart included) cannot be deleted (409).
 *
 * List (Sylius' "Default" group: no timestamps, no promotion link): default
 * sorting `code asc`; sortable `code`, `usageLimit`, `used`, `expiresAt`,
 * `createdAt`, `updatedAt`; `criteria[code]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 */
import { Hono } from "hono";
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, rethrowUniqueViolation, validateForm } from "../../form";
import { CODE_PATTERN, integer, MAX_INT, nullableDateTime } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import { promotionCoupons } from "../../../data/schema";
import { deleteUnlessInUse, namedBatch } from "../../../data/batch";
import { contains } from "../../../data/conditions";
import { pageQueries } from "../../../data/list-page";
import { firstBatch } from "../../first-batch";
import {
  couponByCode,
  couponInUse,
  couponOfPromotion,
  couponPromotionByCode,
  promotionCouponColumns,
  promotionIdOf,
} from "../../../data/queries/promotion-coupons";
import { carriedQuery, criteriaFrom, envelope, pageRequest, sortingFrom } from "../../pagination";
import { enc } from "../../serializers/links";
import { nowIso } from "../../serializers/timestamps";
import { serializePromotionCoupon, serializePromotionCouponListItem } from "./serializer";
import { crudDocs, describeRoute, listSpec } from "../../openapi/describe";
import { documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { PromotionCoupon, PromotionCouponPage } from "./schemas";

/** Sylius PromotionBundle's validation messages (validators.en.yml, PromotionCoupon.xml). */
export const COUPON_MESSAGES = {
  codeBlank: "Please enter coupon code.",
  codeTooShort: "Coupon code must be at least 2 characters long.",
  codeTooLong: "Coupon code must not be longer than 255 characters.",
  codePattern: "Coupon code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "This coupon already exists.",
  usageLimitTooLow: "Coupon usage limit must be at least 1.",
  notCouponBased: (name: string) => `Promotion with name ${name} is not coupon based.`,
  inUse: "Cannot delete, the promotion coupon is in use.",
} as const;

const couponCode = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? COUPON_MESSAGES.codeBlank : MSG.invalid) })
    .refine((s) => s.trim().length > 0, { error: COUPON_MESSAGES.codeBlank, abort: true })
    .refine((s) => s.length >= 2, { error: COUPON_MESSAGES.codeTooShort })
    .refine((s) => s.length <= 255, { error: COUPON_MESSAGES.codeTooLong })
    .refine((s) => CODE_PATTERN.test(s) || s.length > 255, { error: COUPON_MESSAGES.codePattern });


const fields = {
  usageLimit: z
    .number({ error: MSG.invalid })
    .int({ error: MSG.invalid })
    .min(1, { error: COUPON_MESSAGES.usageLimitTooLow })
    .max(MAX_INT, { error: MSG.invalid })
    .nullable()
    .optional(),
  // A date (`2026-12-31`, Sylius' DateType: midnight UTC) or a date-time.
  expiresAt: nullableDateTime(),
  perCustomerUsageLimit: integer({ min: 0 }).nullable().optional(),
  // Not stored: a cancelled order always gives its coupon's use back, which is
  // Sylius' default (`true`); any other value would be a setting not kept.
  reusableFromCancelledOrders: z.literal(true, { error: MSG.invalid }).optional(),
};

// Sylius' form lists its fields in this order, `code` last (added when the form gets its data).
export const createForm = defineForm({ ...fields, code: couponCode() });

const DATE_SHAPE = {
  schema: z.string().nullable().meta({ description: "A date (`2026-12-31`, midnight UTC) or an ISO 8601 date-time; `null` for none." }),
  examples: ["2026-12-31", "2026-12-31T23:59:59+00:00", null],
};

documentForm(createForm, {
  component: "PromotionCouponCreate",
  shapes: { expiresAt: DATE_SHAPE },
  descriptions: {
    code: "2 to 255 letters, digits, dashes and underscores; unique across all promotions.",
    usageLimit: "At least 1; `null` for no limit.",
    perCustomerUsageLimit: "`null` for no limit.",
    reusableFromCancelledOrders: "Only `true` (Sylius' default): a cancelled order always gives its coupon's use back.",
  },
  example: { code: "SUMMER10", usageLimit: 100, expiresAt: "2026-12-31", perCustomerUsageLimit: 1 },
});

export const updateForm = defineForm({ ...fields, code: z.unknown().optional() });

documentForm(updateForm, {
  component: "PromotionCouponUpdate",
  shapes: { expiresAt: DATE_SHAPE, code: IGNORED_CODE },
  example: { usageLimit: 200 },
});

const promotionMissing = (code: string) => notFound(`Promotion with code "${code}" does not exist.`);
const couponMissing = (code: string) => notFound(`Promotion coupon with code "${code}" does not exist.`);

const SORTABLE = {
  code: promotionCoupons.code,
  usageLimit: promotionCoupons.usageLimit,
  used: promotionCoupons.used,
  expiresAt: promotionCoupons.expiresAt,
  createdAt: promotionCoupons.createdAt,
  updatedAt: promotionCoupons.updatedAt,
};
type SortField = keyof typeof SORTABLE;

const docs = crudDocs({
  tag: "Promotion coupons",
  nested: true,
  noun: "promotion coupon",
  plural: "promotion coupons",
  idPrefix: "PromotionCoupon",
  item: PromotionCoupon,
  page: PromotionCouponPage,
  create: createForm,
  update: updateForm,
  list: listSpec(Object.keys(SORTABLE), ["code"]),
  deleteConflict: true,
  putNote: "A sent `code` is validated, then ignored: the code of a coupon cannot change. `null` removes a limit or the expiry.",
});

/** The promotion code of the path (every route is nested under it). */
const promotionCodeOf = (c: { req: { param(name: "promotionCode"): string | undefined } }) => c.req.param("promotionCode") ?? "";

export const promotionCouponRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const promotionCode = promotionCodeOf(c);
    const url = new URL(c.req.url);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.keys of SORTABLE: its own keys, the SortField names.
    const sorting = sortingFrom<SortField>(url, Object.keys(SORTABLE) as SortField[], { field: "code", direction: "asc" });
    const direction = sorting.direction === "asc" ? asc : desc;
    const criteria = criteriaFrom(url, ["code"]);
    const request = pageRequest(url);
    const where = and(
      eq(promotionCoupons.promotionId, promotionIdOf(promotionCode)),
      criteria.code === undefined ? undefined : contains(promotionCoupons.code, criteria.code),
    );
    // Without criteria the total is the promotion's counter row (kept by the database's triggers), not a count of its coupons.
    const counter = criteria.code === undefined ? { scope: "promotion_coupons", owner: promotionIdOf(promotionCode) } : undefined;
    const page = pageQueries(db, promotionCoupons, where, [direction(SORTABLE[sorting.field]), direction(promotionCoupons.id)], request, { counter });
    const { promotion, counted, rows } = await firstBatch(c, {
      promotion: couponPromotionByCode(db, promotionCode),
      counted: page.count,
      rows: page.rows(db.select(promotionCouponColumns).from(promotionCoupons).$dynamic()),
    });
    if (!promotion[0]) throw promotionMissing(promotionCode);
    return c.json(
      envelope({
        path: `/api/v1/promotions/${enc(promotionCode)}/coupons/`,
        request,
        total: counted[0]?.total ?? 0,
        items: rows.map((row) => serializePromotionCouponListItem(row, promotionCode)),
        query: carriedQuery(url),
      }),
    );
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const promotionCode = promotionCodeOf(c);
    const code = c.req.param("code");
    const { promotion, coupon } = await firstBatch(c, {
      promotion: couponPromotionByCode(db, promotionCode),
      coupon: couponOfPromotion(db, promotionCode, code),
    });
    if (!promotion[0]) throw promotionMissing(promotionCode);
    if (!coupon[0]) throw couponMissing(code);
    return c.json(serializePromotionCoupon(coupon[0], promotionCode));
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const promotionCode = promotionCodeOf(c);
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const { promotion: [promotion], taken } = await namedBatch(db, {
      promotion: couponPromotionByCode(db, promotionCode),
      taken: couponByCode(db, code),
    });
    if (!promotion) throw promotionMissing(promotionCode);
    if (!promotion.couponBased) result.failForm(COUPON_MESSAGES.notCouponBased(promotion.name));
    if (taken.length > 0) result.fail("code", COUPON_MESSAGES.codeTaken);
    result.assertValid();
    try {
      const { coupon } = await namedBatch(db, {
        inserted: db.insert(promotionCoupons).values({
          promotionId: promotion.id,
          code,
          usageLimit: values.usageLimit ?? null,
          perCustomerUsageLimit: values.perCustomerUsageLimit ?? null,
          expiresAt: values.expiresAt ?? null,
        }),
        coupon: couponOfPromotion(db, promotionCode, code),
      });
      if (!coupon[0]) throw new Error(`Coupon "${code}" was not read back after its insert.`);
      return c.json(serializePromotionCoupon(coupon[0], promotionCode), 201);
    } catch (error) {
      rethrowUniqueViolation(error, result, "code", COUPON_MESSAGES.codeTaken);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const promotionCode = promotionCodeOf(c);
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    const { promotion, coupon: [coupon] } = await namedBatch(db, {
      promotion: couponPromotionByCode(db, promotionCode),
      coupon: couponOfPromotion(db, promotionCode, code),
    });
    if (!promotion[0]) throw promotionMissing(promotionCode);
    if (!coupon) throw couponMissing(code);
    result.assertValid();
    const values = result.values;
    await namedBatch(db, { writes: [
      db
        .update(promotionCoupons)
        .set({
          usageLimit: values.usageLimit === undefined ? coupon.usageLimit : values.usageLimit,
          perCustomerUsageLimit: values.perCustomerUsageLimit === undefined ? coupon.perCustomerUsageLimit : values.perCustomerUsageLimit,
          expiresAt: values.expiresAt === undefined ? coupon.expiresAt : values.expiresAt,
          updatedAt: nowIso(),
        })
        .where(eq(promotionCoupons.id, coupon.id)),
    ] });
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const promotionCode = promotionCodeOf(c);
    const code = c.req.param("code");
    const { promotion, coupon: [coupon] } = await namedBatch(db, {
      promotion: couponPromotionByCode(db, promotionCode),
      coupon: couponOfPromotion(db, promotionCode, code),
    });
    if (!promotion[0]) throw promotionMissing(promotionCode);
    if (!coupon) throw couponMissing(code);
    await deleteUnlessInUse(db, promotionCoupons, coupon.id, couponInUse(coupon.id), COUPON_MESSAGES.inUse);
    return c.body(null, 204);
  });
