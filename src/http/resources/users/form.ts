/**
 * The admin user forms: Sylius 1.8's CoreBundle AdminUserType over
 * UserBundle's UserType (username, email, plainPassword, enabled, firstName,
 * lastName, localeCode, avatar), AdminUser.xml and User.xml, CoreBundle's and
 * UserBundle's validators.en.yml.
 *
 * - `createForm` (POST): username, email, plainPassword and localeCode required.
 * - `updateForm` (PATCH): every field optional; what is not sent is kept. A PUT
 *   (Symfony's form submitted with missing fields cleared, see routes.ts)
 *   requires username, email and localeCode; a missing plainPassword keeps the
 *   password; a missing enabled is false; missing names are removed.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { documentForm } from "../../openapi/form-docs";

/** CoreBundle's and UserBundle's validators.en.yml (the password bounds: this service's, see docs/api/users.md). */
export const USER_MESSAGES = {
  usernameBlank: "Please enter your name.",
  usernameTaken: "This username is already used.",
  emailBlank: "Please enter your email.",
  emailInvalid: "This email is invalid.",
  emailTaken: "This email is already used.",
  passwordBlank: "Please enter your password.",
  passwordTooShort: "Password must be at least 8 characters long.",
  passwordTooLong: "Password must not be longer than 254 characters.",
  localeBlank: "Please choose a locale.",
} as const;

/** The accounts CLI's minimum, so that both ways of making a user accept the same passwords. */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 254;
/** Symfony's loose e-mail check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An ICU locale id as Symfony's LocaleType lists them: `en`, `en_US`, `zh_Hant_TW`, `es_419`. */
const LOCALE = /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_(?:[A-Z]{2}|\d{3}))?$/;

const username = () => requiredString(USER_MESSAGES.usernameBlank);
const email = () =>
  requiredString(USER_MESSAGES.emailBlank, 254).refine((value) => EMAIL.test(value.trim()), { error: USER_MESSAGES.emailInvalid });
const password = () =>
  requiredString(USER_MESSAGES.passwordBlank, Number.MAX_SAFE_INTEGER)
    .refine((value) => [...value].length >= MIN_PASSWORD_LENGTH, { error: USER_MESSAGES.passwordTooShort, abort: true })
    .refine((value) => [...value].length <= MAX_PASSWORD_LENGTH, { error: USER_MESSAGES.passwordTooLong });
/** On an update: null or "" keeps the password (Sylius only hashes a sent plainPassword). */
const newPassword = () =>
  z
    .union([z.null(), z.literal(""), password()], { error: MSG.invalid })
    .transform((value) => (value === null || value === "" ? undefined : value))
    .optional();
/** Symfony's CheckboxType as FOSRest submits JSON: true, "true" or "1" checks it; false, null, "false", "0" or "" does not. */
const enabled = () =>
  z
    .union([z.boolean(), z.enum(["true", "1", "false", "0", ""]), z.null()], { error: MSG.invalid })
    .transform((value) => value === true || value === "true" || value === "1")
    .optional();
const personName = () =>
  z
    .string({ error: MSG.invalid })
    .max(255, { error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));
const localeCode = () =>
  requiredString(USER_MESSAGES.localeBlank, 12).refine((value) => LOCALE.test(value), { error: MSG.invalid });
/** Sylius' AvatarImageType ({file}): this service stores no avatar, so only an empty one is accepted. */
const avatar = () =>
  z
    .union([z.null(), z.strictObject({ file: z.null().optional() })], { error: MSG.invalid })
    .optional();

export const createForm = defineForm({
  username: username(),
  email: email(),
  plainPassword: password(),
  enabled: enabled(),
  firstName: personName(),
  lastName: personName(),
  localeCode: localeCode(),
  avatar: avatar(),
});

export const updateForm = defineForm({
  username: username().optional(),
  email: email().optional(),
  plainPassword: newPassword(),
  enabled: enabled(),
  firstName: personName(),
  lastName: personName(),
  localeCode: localeCode().optional(),
  avatar: avatar(),
}, {
  cleared: { enabled: false, firstName: null, lastName: null, avatar: null },
});

const shapes = {
  enabled: {
    schema: z.union([z.boolean(), z.enum(["true", "1", "false", "0", ""]), z.null()]).meta({ description: "A checkbox: `true`, `\"true\"` or `\"1\"` enables the user; anything else accepted disables it." }),
    examples: [true, false, "true"],
  },
  avatar: {
    schema: z.object({ file: z.null().optional() }).nullable().meta({ description: "Sylius' avatar upload; this service stores no avatar: only an empty value is accepted." }),
    examples: [null],
  },
};
const descriptions = {
  username: "Unique (case-insensitive): the name the token endpoint's password grant signs in with.",
  email: "Unique (case-insensitive).",
  localeCode: "An ICU locale id (`en_US`): the back office's language for this user.",
  firstName: "`null` or `\"\"` removes it.",
  lastName: "`null` or `\"\"` removes it.",
};

documentForm(createForm, {
  component: "AdminUserCreate",
  shapes,
  descriptions: {
    ...descriptions,
    plainPassword: `${MIN_PASSWORD_LENGTH}..${MAX_PASSWORD_LENGTH} characters; stored hashed (PBKDF2-SHA256), never shown.`,
    enabled: "Defaults to false (Sylius' unchecked checkbox).",
  },
  example: { username: "jane", email: "jane@example.com", plainPassword: "change-me-now", localeCode: "en_US", enabled: true },
});

documentForm(updateForm, {
  component: "AdminUserUpdate",
  shapes,
  descriptions: {
    ...descriptions,
    plainPassword: `A new password (${MIN_PASSWORD_LENGTH}..${MAX_PASSWORD_LENGTH} characters); absent, \`null\` or \`""\` keeps the current one.`,
    enabled: "false disables the user: its tokens are refused at once.",
  },
  example: { firstName: "Jane", enabled: false },
});
