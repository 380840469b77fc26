/**
 * The association type form: Sylius 1.8's ProductAssociationTypeType
 * (translations: one ProductAssociationTypeTranslationType per locale with
 * `name`; then the code, added on PRE_SET_DATA), its messages
 * (ProductBundle's ProductAssociationType*.xml and validators.en.yml) and
 * its documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";
import { reported } from "../shared/fields";

export const ASSOCIATION_TYPE_MESSAGES = {
  codeBlank: "Please enter association type code.",
  // Sylius names `sylius.association.code.regex`, a key its translations lack: the text of `association_type.code.regex`.
  codePattern: "Association type code can only be comprised of letters, numbers, dashes and underscores.",
  // Sylius' Length(min: 2) names a key its translations lack: this service words it.
  codeTooShort: "Association type code must be at least 2 characters long.",
  unique: "The association type with given code already exists.",
  nameBlank: "Please enter association type name.",
  nameTooShort: "Association name must be at least 2 characters long.",
  nameTooLong: "Association name must not be longer than 255 characters.",
} as const;

export const NAME_LENGTH = { min: 2, tooShort: ASSOCIATION_TYPE_MESSAGES.nameTooShort, max: 255, tooLong: ASSOCIATION_TYPE_MESSAGES.nameTooLong };

const translationsShape: InputShape = {
  schema: z.record(z.string(), z.object({ name: z.string() })).meta({ description: "Name per locale code (2 to 255 characters)." }),
  examples: [{ en_US: { name: "Cross sell" } }],
};

const typeCode = () =>
  requiredString(ASSOCIATION_TYPE_MESSAGES.codeBlank)
    .refine((s) => CODE_PATTERN.test(s), { error: ASSOCIATION_TYPE_MESSAGES.codePattern })
    .refine((s) => s.length >= 2, { error: ASSOCIATION_TYPE_MESSAGES.codeTooShort });

export const createForm = defineForm({
  translations: reported(z.record(z.string(), z.unknown())),
  code: typeCode(),
});

documentForm(createForm, {
  component: "ProductAssociationTypeCreate",
  shapes: { translations: translationsShape },
  descriptions: { code: CODE_DESCRIPTION },
  example: { code: "cross_sell", translations: { en_US: { name: "Cross sell" } } },
});

export const updateForm = defineForm({
  translations: createForm.shape.translations,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
});

documentForm(updateForm, {
  component: "ProductAssociationTypeUpdate",
  shapes: { code: IGNORED_CODE, translations: translationsShape },
  example: { translations: { en_US: { name: "Cross sell (old)" } } },
});
