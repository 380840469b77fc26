/**
 * The customer group form: Sylius 1.8's CustomerGroupType (`name`, then the
 * code) and its messages (CustomerBundle's CustomerGroup.xml and
 * validators.en.yml).
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, requiredString } from "../../fields";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";
import { boundedName } from "../shared/name-field";

export const CUSTOMER_GROUP_MESSAGES = {
  codeBlank: "Please enter a customer group code.",
  codePattern: "Customer group code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "Customer group code has to be unique.",
  nameBlank: "Please enter a customer group name.",
  nameTooShort: "Customer group name must be at least 2 characters long.",
  nameTooLong: "Customer group name must not be longer than 255 characters.",
} as const;

const groupName = () => boundedName(CUSTOMER_GROUP_MESSAGES);

export const createForm = defineForm({
  name: groupName(),
  code: requiredString(CUSTOMER_GROUP_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: CUSTOMER_GROUP_MESSAGES.codePattern }),
});

documentForm(createForm, {
  component: "CustomerGroupCreate",
  descriptions: { code: CODE_DESCRIPTION, name: "2 to 255 characters." },
  example: { code: "retail", name: "Retail" },
});

export const updateForm = defineForm({
  name: groupName().optional(),
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
});

documentForm(updateForm, { component: "CustomerGroupUpdate", shapes: { code: IGNORED_CODE }, example: { name: "Wholesale" } });
