/**
 * The shipping method form: Sylius 1.8's (ShippingBundle's ShippingMethodType
 * with CoreBundle's ShippingMethodTypeExtension, ShippingMethod.xml and
 * ShippingMethodTranslation.xml of both bundles, validators.en.yml): its
 * children in its order (translations, position, category,
 * categoryRequirement, calculator, enabled, rules, zone, taxCategory,
 * channels, code, then configuration, added when a calculator is sent), and
 * its documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, codeList, integer, majorUnitsPrice, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { CATEGORY_REQUIREMENTS, SHIPPING_CALCULATORS } from "../../../data/queries/shipping-methods";
import { CATEGORY_DESCRIPTION, CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";

/** ShippingBundle's and CoreBundle's validators.en.yml. */
export const SHIPPING_METHOD_MESSAGES = {
  codeBlank: "Please enter shipping method code.",
  codePattern: "Shipping method code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The shipping method with given code already exists.",
  nameBlank: "Please enter shipping method name.",
  nameTooShort: "Shipping method name must be at least 2 characters long.",
  nameTooLong: "Shipping method name must not be longer than 255 characters.",
  calculatorBlank: "Please select shipping method calculator.",
  zoneBlank: "Please select shipping method zone.",
} as const;
export const NAME_LENGTH = { min: 2, tooShort: SHIPPING_METHOD_MESSAGES.nameTooShort, max: 255, tooLong: SHIPPING_METHOD_MESSAGES.nameTooLong };
export const TRANSLATION_FIELDS = ["name", "description"] as const;

const blankOrInvalid = (blank: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === "" ? blank : MSG.invalid;
const calculator = () => z.enum(SHIPPING_CALCULATORS, { error: blankOrInvalid(SHIPPING_METHOD_MESSAGES.calculatorBlank) });
const methodCode = () =>
  requiredString(SHIPPING_METHOD_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: SHIPPING_METHOD_MESSAGES.codePattern });

/** A category code, or null / "" for none. */
const optionalReference = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

const fields = {
  position: integer({ min: 0 }).optional(),
  enabled: optionalBoolean(),
  /** Checked entry by entry by `checkTranslations` (failures go inside each locale's sub-form). */
  translations: z.record(z.string(), z.unknown(), { error: MSG.invalid }).optional(),
  /** Checked entry by entry by `checkRules` (./rules.ts; failures go inside each entry's sub-form). */
  rules: z.array(z.unknown(), { error: MSG.invalid }).optional(),
  channels: codeList().optional(),
  configuration: z
    .record(z.string(), z.strictObject({ amount: majorUnitsPrice() }, { error: MSG.invalid }), { error: MSG.invalid })
    .optional(),
  category: optionalReference(),
  categoryRequirement: z.enum(CATEGORY_REQUIREMENTS, { error: MSG.invalid }).optional(),
  taxCategory: optionalReference(),
};

export const createForm = defineForm({
  translations: fields.translations,
  position: fields.position,
  category: fields.category,
  categoryRequirement: fields.categoryRequirement,
  calculator: calculator(),
  enabled: fields.enabled,
  rules: fields.rules,
  zone: requiredString(SHIPPING_METHOD_MESSAGES.zoneBlank),
  taxCategory: fields.taxCategory,
  channels: fields.channels,
  code: methodCode(),
  configuration: fields.configuration,
}, { lists: ["rules"] });

const TRANSLATIONS_SHAPE = {
  schema: z.record(z.string(), z.strictObject({ name: z.string().min(2).max(255), description: z.string().nullable().optional() })),
  examples: [{ en_US: { name: "FedEx", description: "Delivered in 2 to 3 days." } }, {}],
};
const RULES_DOC =
  "Sylius' shipping method rules, all of which must hold for the method to be offered: " +
  "`order_total_greater_than_or_equal` / `order_total_less_than_or_equal` with `{CHANNEL_CODE: {amount}}` " +
  "(sent in major units, a number or a decimal string: `50` is 50.00; stored and shown in minor units, `5000`; " +
  "compared with the items total before promotions, shipping and taxes), " +
  "`total_weight_greater_than_or_equal` / `total_weight_less_than_or_equal` with `{weight}` (> 0, compared with the " +
  "sum of the shipped units' weights). Sent rules replace the method's rules; `[]` removes them.";
const CONFIGURATION_DOC =
  "The calculator's amount per channel code, sent in major units (a number or a decimal string: `12.5` is 12.50, " +
  "rounded half up to the cent), stored and shown in minor units (`1250`).";
const RULES_SHAPE = {
  schema: z.array(
    z.union([
      z.strictObject({
        type: z.enum(["order_total_greater_than_or_equal", "order_total_less_than_or_equal"]),
        configuration: z.record(z.string(), z.strictObject({ amount: z.union([z.number().min(0), z.string()]).nullable() })),
      }),
      z.strictObject({
        type: z.enum(["total_weight_greater_than_or_equal", "total_weight_less_than_or_equal"]),
        configuration: z.strictObject({ weight: z.number().gt(0) }),
      }),
    ]),
  ),
  examples: [[{ type: "order_total_greater_than_or_equal", configuration: { US_WEB: { amount: 50 } } }, { type: "total_weight_less_than_or_equal", configuration: { weight: 20 } }], []],
};

documentForm(createForm, {
  component: "ShippingMethodCreate",
  shapes: { translations: TRANSLATIONS_SHAPE, rules: RULES_SHAPE },
  descriptions: {
    code: CODE_DESCRIPTION,
    translations: "Name and description per locale code; optional (a method without a name is shown by its code).",
    rules: RULES_DOC,
    zone: "Zone code.",
    channels: "Channel codes; each needs an amount in `configuration`.",
    configuration: CONFIGURATION_DOC,
    category: CATEGORY_DESCRIPTION,
    taxCategory: CATEGORY_DESCRIPTION,
  },
  example: {
    code: "FEDEX",
    position: 2,
    enabled: true,
    translations: { en_US: { name: "FedEx", description: "Delivered in 2 to 3 days." } },
    zone: "US",
    channels: ["US_WEB"],
    calculator: "flat_rate",
    configuration: { US_WEB: { amount: 12.5 } },
    rules: [{ type: "order_total_less_than_or_equal", configuration: { US_WEB: { amount: 100 } } }],
    category: null,
    categoryRequirement: "match_any",
    taxCategory: null,
  },
});

export const updateForm = defineForm({
  translations: fields.translations,
  position: fields.position,
  category: fields.category,
  categoryRequirement: fields.categoryRequirement,
  calculator: calculator().optional(),
  enabled: fields.enabled,
  rules: fields.rules,
  zone: requiredString(SHIPPING_METHOD_MESSAGES.zoneBlank).optional(),
  taxCategory: fields.taxCategory,
  channels: fields.channels,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  configuration: fields.configuration,
}, {
  // A PUT leaving them out clears them as Sylius' form (`enabled` unchecked, no categories, no rules or channels,
  // the category requirement back to its default); PATCH keeps them. Kept: see docs/api/updates.md.
  cleared: { category: null, categoryRequirement: "match_any", enabled: false, rules: [], taxCategory: null, channels: [] },
  lists: ["rules"],
});

documentForm(updateForm, {
  component: "ShippingMethodUpdate",
  shapes: { code: IGNORED_CODE, translations: TRANSLATIONS_SHAPE, rules: RULES_SHAPE },
  descriptions: {
    translations: "PUT replaces, PATCH merges by locale.",
    rules: RULES_DOC,
    configuration: CONFIGURATION_DOC,
    category: CATEGORY_DESCRIPTION,
    taxCategory: CATEGORY_DESCRIPTION,
  },
  example: { configuration: { US_WEB: { amount: 9.9 } } },
});
