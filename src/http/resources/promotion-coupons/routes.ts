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
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, integer, MAX_INT, nullableDateTime } from "../../fields";
import { MSG } from "../../../domain/messages";
import { promotionCoupons } from "../../../data/schema";
import {
  couponByCode,
  couponInUse,
  couponOfPromotion,
  couponPromotionByCode,
  promotionCouponColumns,
  couponListScope,
} from "../../../data/queries/promotion-coupons";
import { nowIso } from "../../serializers/timestamps";
import { serializePromotionCoupon, serializePromotionCouponListItem } from "./serializer";
import { documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { resourceRoutes } from "../shared/resource";
import { PromotionCoupon, PromotionCouponPage } from "./schemas";
import { textFilter } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

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

// A PUT clears the limits and the expiry it leaves out (Sylius' IntegerType and DateType submit null).
// `reusableFromCancelledOrders` (only `true`, not stored) is not cleared: see docs/api/updates.md.
export const updateForm = defineForm(
  { ...fields, code: z.unknown().optional() },
  { cleared: { usageLimit: null, expiresAt: null, perCustomerUsageLimit: null } },
);

documentForm(updateForm, {
  component: "PromotionCouponUpdate",
  shapes: { expiresAt: DATE_SHAPE, code: IGNORED_CODE },
  example: { usageLimit: 200 },
});

const SORTABLE = {
  code: promotionCoupons.code,
  usageLimit: promotionCoupons.usageLimit,
  perCustomerUsageLimit: promotionCoupons.perCustomerUsageLimit,
  used: promotionCoupons.used,
  expiresAt: promotionCoupons.expiresAt,
  createdAt: promotionCoupons.createdAt,
  updatedAt: promotionCoupons.updatedAt,
};

export const promotionCouponRoutes = resourceRoutes({
  noun: "Promotion coupon",
  events: { resource: "promotion_coupon" },
  table: promotionCoupons,
  parent: {
    param: "promotionCode",
    byCode: couponPromotionByCode,
    missing: (code) => `Promotion with code "${code}" does not exist.`,
    items: true,
  },
  byCode: (db, code, promotionCode) => couponOfPromotion(db, promotionCode, code),
  docs: {
    area: "config",
    path: "promotions/{promotionCode}/coupons",
    tag: "Promotion coupons",
    plural: "promotion coupons",
    idPrefix: "PromotionCoupon",
    item: PromotionCoupon,
    page: PromotionCouponPage,
    putNote: "A sent `code` is validated, then ignored: the code of a coupon cannot change. `null` removes a limit or the expiry.",
  },
  list: {
    spec: {
      sortable: SORTABLE,
      // Creation order, as Sylius 1.8's `createPaginatorForPromotion` lists them (no ORDER BY: the id order).
      defaultSorting: { field: "createdAt", direction: "asc" },
      filters: { code: textFilter(promotionCoupons.code) },
      numbersOnly: true,
    },
    select: (db) => listRows(db, promotionCoupons, promotionCouponColumns),
    // Without criteria the total is the promotion's counter row (kept by the database's triggers), not a count of its coupons.
    scope: (_db, promotionCode) => couponListScope(promotionCode),
    oneBatch: true,
    items: (rows, _parts, promotionCode) => rows.map((row) => serializePromotionCouponListItem(row, promotionCode)),
  },
  one: {
    reads: (db, code, promotionCode) => ({ coupon: couponOfPromotion(db, promotionCode, code) }),
    item: ({ coupon: [row] }, promotionCode) => (row === undefined ? undefined : serializePromotionCoupon(row, promotionCode)),
  },
  create: {
    form: createForm,
    unique: COUPON_MESSAGES.codeTaken,
    taken: couponByCode,
    check: (result, _found, { parent: promotion }) => {
      if (!promotion) throw new Error("A coupon's create reads its promotion.");
      if (!promotion.couponBased) result.failForm(COUPON_MESSAGES.notCouponBased(promotion.name));
      return promotion.id;
    },
    writes: (db, code, promotionId, { values }) => ({
      inserted: insertRow(db, promotionCoupons, {
        promotionId,
        code,
        usageLimit: values.usageLimit ?? null,
        perCustomerUsageLimit: values.perCustomerUsageLimit ?? null,
        expiresAt: values.expiresAt ?? null,
      }),
    }),
  },
  update: {
    form: updateForm,
    check: () => undefined,
    writes: (db, coupon, _plan, { values }) => [
      updateById(db, promotionCoupons, coupon.id, {
        usageLimit: values.usageLimit === undefined ? coupon.usageLimit : values.usageLimit,
        perCustomerUsageLimit: values.perCustomerUsageLimit === undefined ? coupon.perCustomerUsageLimit : values.perCustomerUsageLimit,
        expiresAt: values.expiresAt === undefined ? coupon.expiresAt : values.expiresAt,
        updatedAt: nowIso(),
      }),
    ],
  },
  inUse: (coupon) => couponInUse(coupon.id),
});
