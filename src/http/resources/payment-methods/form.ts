/** The payment method form (Sylius PaymentBundle's messages) and its documentation. */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, codeList, integer, optionalBoolean, optionalString, requiredString, translationsOf } from "../../fields";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";

/** Sylius PaymentBundle's validation messages (validators.en.yml). */
export const PAYMENT_METHOD_MESSAGES = {
  codeBlank: "Please enter payment method code.",
  codePattern: "Payment method code can only be comprised of letters, numbers, dashes and underscores.",
  codeTaken: "The payment method with given code already exists.",
  nameBlank: "Please enter payment method name.",
} as const;

const fields = {
  position: integer({ min: 0 }).optional(),
  enabled: optionalBoolean(),
  channels: codeList().optional(),
  translations: translationsOf({
    name: requiredString(PAYMENT_METHOD_MESSAGES.nameBlank),
    description: optionalString(),
  }).optional(),
};

export const createForm = defineForm({
  code: requiredString(PAYMENT_METHOD_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), {
    error: PAYMENT_METHOD_MESSAGES.codePattern,
  }),
  ...fields,
});

documentForm(createForm, {
  component: "PaymentMethodCreate",
  requiredByHandler: ["translations"],
  descriptions: {
    code: CODE_DESCRIPTION,
    position: "Default: after the last method.",
    enabled: "Default `true`.",
    channels: "Channel codes that offer the method.",
    translations: "Name (required) and description per locale code; at least one.",
  },
  example: {
    code: "cheque",
    position: 2,
    enabled: true,
    channels: ["US_WEB"],
    translations: { en_US: { name: "Cheque", description: "Send a cheque within 7 days." } },
  },
});

export const updateForm = defineForm({
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  ...fields,
}, {
  // A PUT leaving them out unchecks `enabled` (Sylius' CheckboxType) and empties the channels; PATCH keeps them.
  // The position and the translations are kept: see docs/api/updates.md.
  cleared: { enabled: false, channels: [] },
});

documentForm(updateForm, {
  component: "PaymentMethodUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: { translations: "PUT replaces, PATCH merges by locale.", channels: "Replaces the old list." },
  example: { position: 5, enabled: false },
});
