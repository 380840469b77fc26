/**
 * The tax rate form: Sylius 1.8's TaxRateType with CoreBundle's extension
 * (name, category, calculator, amount, includedInPrice, zone, then the code
 * added on PRE_SET_DATA) and its messages (TaxationBundle's and CoreBundle's
 * TaxRate.xml, TaxationBundle's validators.en.yml), with its documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { decimalAtMost, decimalText, TAX_CALCULATORS } from "../../../data/queries/tax-rates";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";

export const TAX_RATE_MESSAGES = {
  codeBlank: "Please enter tax rate code.",
  codePattern: "Tax rate code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The tax rate with given code already exists.",
  nameBlank: "Please enter tax rate name.",
  categoryBlank: "Please select tax category.",
  amountBlank: "Please enter tax rate amount.",
  calculatorBlank: "Please select tax calculator.",
  zoneBlank: "Please select tax zone.",
} as const;
/** Largest accepted rate (1000 %). */
const MAX_AMOUNT = 10;

/** A decimal fraction (number or numeric string) 0..10, as exact normalised text. */
const amount = (required: boolean) =>
  z.unknown().transform((value, ctx): string | undefined => {
    if (value === undefined && !required) return undefined;
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: "custom", message: TAX_RATE_MESSAGES.amountBlank });
      return z.NEVER;
    }
    const text = decimalText(value);
    if (text === null || !decimalAtMost(text, MAX_AMOUNT)) {
      ctx.addIssue({ code: "custom", message: MSG.invalid });
      return z.NEVER;
    }
    return text;
  });
const calculator = () =>
  z
    .enum(TAX_CALCULATORS, { error: (issue) => (issue.input === null || issue.input === "" ? TAX_RATE_MESSAGES.calculatorBlank : MSG.invalid) })
    .optional();

/** `amount` parses `unknown` (exact decimals): what it accepts. */
const taxAmount = (examples: unknown[]): InputShape => ({
  schema: z
    .union([z.number(), z.string()])
    .meta({ description: "The rate as a decimal fraction 0..10 (number or numeric string), kept exactly: 0.23 = 23 %." }),
  examples,
});

const rateCode = () => requiredString(TAX_RATE_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: TAX_RATE_MESSAGES.codePattern });

export const createForm = defineForm({
  name: requiredString(TAX_RATE_MESSAGES.nameBlank),
  category: requiredString(TAX_RATE_MESSAGES.categoryBlank),
  calculator: calculator(),
  amount: amount(true),
  includedInPrice: optionalBoolean(),
  zone: requiredString(TAX_RATE_MESSAGES.zoneBlank),
  code: rateCode(),
});

documentForm(createForm, {
  component: "TaxRateCreate",
  shapes: { amount: taxAmount([0.23, "0.08"]) },
  descriptions: { code: CODE_DESCRIPTION, category: "Tax category code.", zone: "Zone code." },
  example: { code: "us_reduced", name: "US reduced", amount: 0.05, includedInPrice: false, calculator: "default", category: "other", zone: "US" },
});

export const updateForm = defineForm({
  name: requiredString(TAX_RATE_MESSAGES.nameBlank).optional(),
  category: requiredString(TAX_RATE_MESSAGES.categoryBlank).optional(),
  calculator: calculator(),
  amount: amount(false),
  includedInPrice: optionalBoolean(),
  zone: requiredString(TAX_RATE_MESSAGES.zoneBlank).optional(),
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
}, {
  // A PUT leaving it out unchecks it (Sylius' CheckboxType); PATCH keeps it.
  cleared: { includedInPrice: false },
});

documentForm(updateForm, {
  component: "TaxRateUpdate",
  shapes: { code: IGNORED_CODE, amount: taxAmount([0.2, "0.1"]) },
  example: { amount: "0.06" },
});
