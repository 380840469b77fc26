/**
 * The promotion form: Sylius 1.8's PromotionType and its messages
 * (PromotionBundle's validators.en.yml), with its documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, formDateTime, integer, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { promotionActionInputSchema, promotionRuleInputSchema } from "../../../domain/promotion-config";
import { codeListField, reported } from "../shared/fields";
import { boundedName } from "../shared/name-field";
import { CODE_DESCRIPTION, codeListShape, documentForm, type InputShape } from "../../openapi/form-docs";

/** PromotionBundle's validators.en.yml (Promotion.xml: NotBlank, Regex, Length 2..255, PromotionDateRange). */
export const PROMOTION_MESSAGES = {
  codeBlank: "Please enter promotion code.",
  codePattern: "Promotion code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "The promotion with given code already exists.",
  nameBlank: "Please enter promotion name.",
  nameTooShort: "Promotion name must be at least 2 characters long.",
  nameTooLong: "Promotion name must not be longer than 255 characters.",
  descriptionTooShort: "Promotion description must be at least 2 characters long.",
  descriptionTooLong: "Promotion description must not be longer than 255 characters.",
  endsBeforeStart: "End date cannot be set prior start date.",
} as const;

// ---------------------------------------------------------------------- form
//
// Sylius 1.8's PromotionType: name, description, exclusive, usageLimit,
// startsAt and endsAt (DateTimeType: `{date, time}` sub-forms), priority,
// couponBased, rules, actions, channels (CoreBundle's extension), then code.

const promotionName = () => boundedName(PROMOTION_MESSAGES);
const promotionDescription = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((s) => (s === "" ? null : s))
    .refine((s) => s == null || s.length >= 2, { error: PROMOTION_MESSAGES.descriptionTooShort, abort: true })
    .refine((s) => s == null || s.length <= 255, { error: PROMOTION_MESSAGES.descriptionTooLong });
const promotionCode = () =>
  requiredString(PROMOTION_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: PROMOTION_MESSAGES.codePattern });
export const DATE_TIME_CHILDREN = { children: { date: {}, time: {} } };
const dateShape = {
  schema: z
    .union([
      z.object({ date: z.string().meta({ examples: ["2026-12-05"] }), time: z.string().meta({ examples: ["11:00"] }) }),
      z.string(),
      z.null(),
    ])
    .optional(),
  examples: [{ date: "2026-12-05", time: "11:00" }, "2026-12-05T11:00:00+00:00", null],
};
const DATE_DESCRIPTION = "Sylius' form input `{date: \"YYYY-MM-DD\", time: \"HH:MM\"}` (UTC; both empty for none), or an ISO 8601 date-time, or null.";

/** `channels`, `rules` and `actions` parse `unknown` (their messages are re-worded): what they accept. */
const promotionShapes = {
  channels: codeListShape("Channel", ["US_WEB"]),
  rules: {
    schema: z.array(promotionRuleInputSchema).meta({
      description:
        "All must hold for the promotion to apply. A sent list replaces the old one. Amounts are sent in major units (a number or a decimal string: `12` is 12.00), stored and shown in minor units (`1200`).",
    }),
    examples: [[{ type: "cart_quantity", configuration: { count: 2 } }]],
  },
  actions: {
    schema: z.array(promotionActionInputSchema).meta({
      description:
        "Applied in order. A sent list replaces the old one. Amounts (and a price range filter's bounds) are sent in major units (`12` is 12.00), stored and shown in minor units (`1200`); percentages are sent in percent (`15` is 15 %), stored and shown as fractions (`0.15`).",
    }),
    examples: [[{ type: "order_percentage_discount", configuration: { percentage: 10 } }]],
  },
  startsAt: dateShape,
  endsAt: dateShape,
} satisfies Record<string, InputShape>;

export const createForm = defineForm({
  name: promotionName(),
  description: promotionDescription(),
  exclusive: optionalBoolean(),
  usageLimit: integer({ min: 1 }).nullable().optional(),
  startsAt: formDateTime(),
  endsAt: formDateTime(),
  priority: integer().optional(),
  couponBased: optionalBoolean(),
  rules: reported(z.array(promotionRuleInputSchema)),
  actions: reported(z.array(promotionActionInputSchema)),
  channels: codeListField(),
  code: promotionCode(),
});

documentForm(createForm, {
  component: "PromotionCreate",
  shapes: promotionShapes,
  descriptions: { code: CODE_DESCRIPTION, startsAt: DATE_DESCRIPTION, endsAt: `${DATE_DESCRIPTION} Not before startsAt.` },
  example: {
    code: "SUMMER",
    name: "Summer sale",
    description: "10 % off from two items",
    priority: 10,
    exclusive: false,
    usageLimit: 500,
    couponBased: false,
    startsAt: { date: "2026-06-01", time: "00:00" },
    endsAt: { date: "2026-08-31", time: "23:59" },
    channels: ["US_WEB"],
    rules: [{ type: "cart_quantity", configuration: { count: 2 } }],
    actions: [{ type: "order_percentage_discount", configuration: { percentage: 10 } }],
  },
});

/**
 * Updates: the code is the identity (validated, never applied); nothing else
 * is required. A PUT clears what it leaves out, as Sylius' form submitted
 * whole: no description, limit or dates, unchecked checkboxes, the create's
 * priority (0), no rules, actions or channels. PATCH keeps it.
 */
export const updateForm = defineForm(
  {
    ...createForm.shape,
    name: createForm.shape.name.optional(),
    code: createForm.shape.code.optional(),
  },
  {
    cleared: {
      description: null,
      exclusive: false,
      usageLimit: null,
      startsAt: null,
      endsAt: null,
      priority: 0,
      couponBased: false,
      rules: [],
      actions: [],
      channels: [],
    },
  },
);

documentForm(updateForm, { component: "PromotionUpdate", shapes: promotionShapes, example: { priority: 20 } });
