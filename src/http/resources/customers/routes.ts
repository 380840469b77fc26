/**
 * `/api/v1/customers/{id}`: customers (unique email, case-insensitively) and
 * their optional shop account (`user`: username = email, a hashed password,
 * enabled flag — disabled by default).
 *
 * List: default sorting `createdAt desc` (newest customers first, as Sylius'
 * customer grid); sortable `email`, `firstName`, `lastName`, `createdAt`,
 * `updatedAt`; `criteria[email|firstName|lastName]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 *
 * The form is Sylius 1.8's (CoreBundle's CustomerType over CustomerBundle's
 * CustomerType and CustomerProfileType; Customer.xml and User.xml,
 * CustomerBundle's and UserBundle's validators.en.yml): firstName, lastName,
 * email, birthday, gender, phoneNumber, subscribedToNewsletter, group, and
 * `user` {plainPassword, enabled} when one is sent. `group` is a customer
 * group's code (`/api/v1/customer-groups/`; null or "" for none).
 * `phoneNumber` (text; null or "" for none) and `subscribedToNewsletter` (a
 * checkbox) are stored and, as in Sylius' serializer, not shown.
 */
import { z } from "zod";
import { parseId } from "../../ids";
import { defineForm, rethrowUniqueViolation } from "../../form";
import { requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { hashSecret } from "../../auth/crypto";
import { customers, shopUsers } from "../../../data/schema";
import { groupBy, mustExist } from "../../../data/collections";
import { SEARCH_SCOPES, substring, type ListSpec } from "../../list-page";
import { resourceRoutes } from "../shared/resource";
import {
  canonicalEmail,
  customerByEmail,
  customerById,
  customerGroupIdByCode,
  customerColumns,
  customerIdOfEmail,
  customerIdsOfEmail,
  customerIdsOfId,
  customerInUse,
  emailTakenBy,
  insertShopUserOfEmail,
  usersOfCustomers,
  GENDERS,
  type CustomerRow,
  type ShopUserRow,
} from "../../../data/queries/customers";
import { serializeCustomer, serializeCustomerListItem } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { documentForm } from "../../openapi/form-docs";
import { Customer, CustomerPage } from "./schemas";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

/** CustomerBundle's and UserBundle's validators.en.yml. */
export const CUSTOMER_MESSAGES = {
  emailBlank: "Please enter your email.",
  emailInvalid: "This email is invalid.",
  emailTooLong: "Email must not be longer than 254 characters.",
  emailTaken: "This email is already used.",
  firstNameTooShort: "First name must be at least 2 characters long.",
  firstNameTooLong: "First name must not be longer than 255 characters.",
  lastNameTooShort: "Last name must be at least 2 characters long.",
  lastNameTooLong: "Last name must not be longer than 255 characters.",
  passwordBlank: "Please enter your password.",
  passwordTooShort: "Password must be at least 4 characters long.",
  passwordTooLong: "Password must not be longer than 254 characters.",
} as const;
const EMAIL_TAKEN = CUSTOMER_MESSAGES.emailTaken;
/** Symfony's loose e-mail check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = () =>
  requiredString(CUSTOMER_MESSAGES.emailBlank, Number.MAX_SAFE_INTEGER)
    .refine((value) => value.length <= 254, { error: CUSTOMER_MESSAGES.emailTooLong, abort: true })
    .refine((value) => EMAIL.test(value.trim()), { error: CUSTOMER_MESSAGES.emailInvalid });
/** A name: 2..255 characters when set; null or "" removes it. */
const personName = (tooShort: string, tooLong: string) =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value == null || value.length >= 2, { error: tooShort, abort: true })
    .refine((value) => value == null || value.length <= 255, { error: tooLong });
/** The shop account sub-form (ShopUserType: plainPassword, enabled), checked by `checkUser`. */
const user = () => z.record(z.string(), z.unknown(), { error: MSG.invalid }).optional();
const USER_FIELDS = ["plainPassword", "enabled"];
/** CustomerProfileType's phone number (TextType: "" is none) and newsletter checkbox (null: unchecked), with the values an unsent field takes. */
const contactFields = {
  phoneNumber: z
    .string({ error: MSG.invalid })
    .max(255, { error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: null })
    .transform((value) => (value === "" ? null : value)),
  subscribedToNewsletter: z
    .boolean({ error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: false })
    .transform((value) => (value === null ? false : value)),
};
export const CUSTOMER_DEFAULTS = { phoneNumber: null, subscribedToNewsletter: false } as const;
/** A customer group's code; null or "" for none (an unknown code: `This value is not valid.`). */
const group = () =>
  z
    .union([z.string(), z.null()], { error: MSG.invalid })
    .transform((value) => (value === "" ? null : value))
    .optional();
const GROUP = "A customer group's code (`/api/v1/customer-groups/`); `null` or `\"\"` for none. Unknown: `This value is not valid.`";
const PHONE_NUMBER = "Text up to 255 characters; `null` or `\"\"` for none. Stored, not shown (as Sylius' serializer).";
const NEWSLETTER = "Whether the customer subscribed to the newsletter (`null`: false). Stored, not shown (as Sylius' serializer).";

/** `Y-m-d` (Sylius' BirthdayType, single text); null or "" removes it. */
const birthday = () =>
  z
    .union([z.string(), z.null()], { error: MSG.invalid })
    .refine((value) => value === null || value === "" || isCalendarDate(value), { error: MSG.invalid })
    .transform((value) => (value === "" ? null : value))
    .optional();

/** `u`, `m` or `f` (Sylius' GenderType); null or "" is `u` (its empty data). */
const gender = () =>
  z
    .union([z.enum(GENDERS), z.literal(""), z.null()], { error: MSG.invalid })
    .transform((value) => (value === "" || value === null ? "u" : value))
    .optional();

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const BIRTHDAY_SHAPE = {
  schema: z.string().nullable().meta({ description: "`Y-m-d`; `null` or `\"\"` removes it. Shown as a date-time at midnight UTC." }),
  examples: ["1990-05-01", null, ""],
};
const GENDER_SHAPE = {
  schema: z.enum(["u", "m", "f"]).nullable().meta({ description: "`u` (unknown, the default), `m` or `f`; `null` or `\"\"` is `u`." }),
  examples: ["u", "m", "f", null],
};

const profileFields = {
  firstName: personName(CUSTOMER_MESSAGES.firstNameTooShort, CUSTOMER_MESSAGES.firstNameTooLong),
  lastName: personName(CUSTOMER_MESSAGES.lastNameTooShort, CUSTOMER_MESSAGES.lastNameTooLong),
};

/**
 * The customer form (Sylius' CustomerType with its shop user); only whether
 * `email` is required differs between create and update. A PUT clears what
 * it leaves out as Sylius' form does: names, birthday and group to none, the
 * gender to `u` (GenderType's empty data), the newsletter checkbox to false;
 * the shop account (`user`) is kept.
 */
const customerForm = <E extends z.ZodType>(emailField: E) =>
  defineForm(
    {
      ...profileFields,
      email: emailField,
      birthday: birthday(),
      gender: gender(),
      ...contactFields,
      group: group(),
      user: user(),
    },
    {
      quiet: ["user"],
      cleared: { firstName: null, lastName: null, birthday: null, gender: "u", phoneNumber: null, subscribedToNewsletter: false, group: null },
    },
  );

export const createForm = customerForm(email());

/** What Symfony's CheckboxType takes from JSON besides booleans (and null, unchecked). */
const CHECKBOX_VALUES = ["true", "1", "false", "0", ""] as const;

const USER_SHAPE = {
  schema: z
    .object({ plainPassword: z.string().min(4).max(254).optional(), enabled: z.union([z.boolean(), z.enum(CHECKBOX_VALUES), z.null()]).optional() })
    .meta({
      description:
        "The shop account (username = email): `plainPassword` (4..254) is required for a new one; `enabled` is a checkbox (`true`, `\"true\"` or `\"1\"` enables, `false`, `null`, `\"false\"`, `\"0\"` or `\"\"` does not) and defaults to false.",
    }),
  examples: [{ plainPassword: "secret-password", enabled: true }, { enabled: false }, { plainPassword: "secret-password", enabled: "true" }],
};

documentForm(createForm, {
  component: "CustomerCreate",
  shapes: { birthday: BIRTHDAY_SHAPE, gender: GENDER_SHAPE, user: USER_SHAPE },
  descriptions: {
    email: "Unique (case-insensitive).",
    user: "Creates a shop account (username = email); `plainPassword` is required.",
    phoneNumber: PHONE_NUMBER,
    subscribedToNewsletter: NEWSLETTER,
    group: GROUP,
  },
  example: {
    email: "jane@example.com",
    firstName: "Jane",
    lastName: "Doe",
    birthday: "1990-05-01",
    gender: "f",
    user: { plainPassword: "change-me", enabled: true },
  },
});

export const updateForm = customerForm(email().optional());

documentForm(updateForm, {
  component: "CustomerUpdate",
  shapes: { birthday: BIRTHDAY_SHAPE, gender: GENDER_SHAPE, user: USER_SHAPE },
  descriptions: {
    user: "Creates or updates the shop account; a new account needs `plainPassword`.",
    phoneNumber: PHONE_NUMBER,
    subscribedToNewsletter: NEWSLETTER,
    group: GROUP,
  },
  example: { firstName: "Janet" },
});

interface UserInput {
  plainPassword?: string;
  enabled?: boolean;
}

interface UserFormResult {
  shape(field: "user", tree: { children: Record<string, object> }): void;
  failAt(field: "user", path: readonly string[], message: string): void;
}

/** A CheckboxType's value: `true`, `"true"` or `"1"` checks it; `false`, `null`, `"false"`, `"0"` or `""` does not; anything else is invalid (undefined). */
function checkbox(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === null || value === "false" || value === "0" || value === "") return false;
  if (value === "true" || value === "1") return true;
  return undefined;
}

/**
 * The sent shop account sub-form, failures reported inside it
 * (`user.children.plainPassword`); `needsPassword` when the customer has no
 * account yet. Returns the valid input, or undefined when none was sent.
 */
function checkUser(result: UserFormResult, sent: Record<string, unknown> | undefined, needsPassword: boolean): UserInput | undefined {
  if (!sent) return undefined;
  result.shape("user", { children: { plainPassword: {}, enabled: {} } });
  if (Object.keys(sent).some((key) => !USER_FIELDS.includes(key))) result.failAt("user", [], MSG.extraFields);
  const { plainPassword, enabled } = sent;
  const input: UserInput = {};
  if (plainPassword === undefined || plainPassword === null || plainPassword === "") {
    if (needsPassword || plainPassword !== undefined) result.failAt("user", ["plainPassword"], CUSTOMER_MESSAGES.passwordBlank);
  } else if (typeof plainPassword !== "string") result.failAt("user", ["plainPassword"], MSG.invalid);
  else if (plainPassword.length < 4) result.failAt("user", ["plainPassword"], CUSTOMER_MESSAGES.passwordTooShort);
  else if (plainPassword.length > 254) result.failAt("user", ["plainPassword"], CUSTOMER_MESSAGES.passwordTooLong);
  else input.plainPassword = plainPassword;
  if (enabled !== undefined) {
    const checked = checkbox(enabled);
    if (checked === undefined) result.failAt("user", ["enabled"], MSG.invalid);
    else input.enabled = checked;
  }
  return input;
}

function representation(rows: CustomerRow[], users: ShopUserRow[], serialize: typeof serializeCustomer | typeof serializeCustomerListItem = serializeCustomer) {
  const userOf = groupBy(users, (u) => u.customerId);
  return rows.map((row) => serialize(row, userOf.get(row.id)?.[0] ?? null));
}

/** Newest first; email, first and last name filtered through their trigram postings. */
const LIST: ListSpec<"email" | "firstName" | "lastName" | "createdAt" | "updatedAt", "email" | "firstName" | "lastName"> = {
  sortable: { email: customers.emailCanonical, firstName: customers.firstName, lastName: customers.lastName, createdAt: customers.createdAt, updatedAt: customers.updatedAt },
  defaultSorting: { field: "createdAt", direction: "desc" },
  filters: {
    email: substring(SEARCH_SCOPES.customerEmail),
    firstName: substring(SEARCH_SCOPES.customerFirstName),
    lastName: substring(SEARCH_SCOPES.customerLastName),
  },
};

/** The ids of the customer of a URL's id: what its shop account is read through. */
const idsOf = customerIdsOfId;

export const customerRoutes = resourceRoutes({
  noun: "Customer",
  events: { resource: "customer" },
  table: customers,
  // Anything but digits names no customer (404).
  identifier: { param: "id", parse: (text) => parseId(text) ?? undefined, missing: (id) => `Customer with id "${id}" does not exist.` },
  byCode: customerById,
  docs: { path: "customers", tag: "Customers", area: "customers", plural: "customers", idPrefix: "Customer", item: Customer, page: CustomerPage },
  inUse: (row) => customerInUse(row.id),
  list: {
    spec: LIST,
    select: (db) => listRows(db, customers, customerColumns),
    parts: (db, ids) => ({ users: usersOfCustomers(db, ids) }),
    items: (rows, { users }) => representation(rows, users, serializeCustomerListItem),
  },
  one: {
    reads: (db, id) => ({ rows: customerById(db, id), users: usersOfCustomers(db, idsOf(db, id)) }),
    item: ({ rows, users }) => representation(rows, users)[0],
  },
  create: {
    form: createForm,
    reads: (db, values) => {
      const canonical = canonicalEmail(values.email ?? "");
      return { existing: customerByEmail(db, canonical), groups: values.group ? customerGroupIdByCode(db, values.group) : undefined };
    },
    check: async (result, { existing, groups }) => {
      const values = result.values;
      if (existing.length > 0) result.fail("email", EMAIL_TAKEN);
      if (values.group && !groups?.[0]) result.fail("group", MSG.invalid);
      const account = checkUser(result, values.user, true);
      result.assertValid();
      const email = result.required("email").trim();
      // A requested account without a password failed the form above.
      const passwordHash = account ? await hashSecret(mustExist(account.plainPassword, "The new account's password")) : null;
      return { email, canonical: canonicalEmail(values.email ?? ""), account, passwordHash, groupId: groups?.[0]?.id ?? null };
    },
    // A keyed create's record names the new customer, which a replay re-renders.
    locate: (_result, { canonical }) => customerIdOfEmail(canonical),
    writes: (db, _code, { email, canonical, account, passwordHash, groupId }, { values }) => ({
      customer: insertRow(db, customers, {
        email,
        emailCanonical: canonical,
        firstName: values.firstName ?? null,
        lastName: values.lastName ?? null,
        birthday: values.birthday ?? null,
        gender: values.gender ?? "u",
        phoneNumber: values.phoneNumber ?? CUSTOMER_DEFAULTS.phoneNumber,
        subscribedToNewsletter: values.subscribedToNewsletter ?? CUSTOMER_DEFAULTS.subscribedToNewsletter,
        groupId,
      }),
      // Shop account (when asked for): the new customer's id is looked up by its unique email.
      account: insertShopUserOfEmail(db, { email, canonical, passwordHash, enabled: account?.enabled === true, create: account !== undefined }),
    }),
    back: (db, { canonical }) => ({ rows: customerByEmail(db, canonical), users: usersOfCustomers(db, customerIdsOfEmail(db, canonical)) }),
    rethrow: (error, result) => rethrowUniqueViolation(error, result, "email", EMAIL_TAKEN),
  },
  update: {
    form: updateForm,
    reads: (db, id, values) => ({
      users: usersOfCustomers(db, idsOf(db, id)),
      taken: emailTakenBy(db, values.email === undefined ? "" : canonicalEmail(values.email), id),
      groups: values.group ? customerGroupIdByCode(db, values.group) : undefined,
    }),
    // A PUT without a body is the form submitted empty: Sylius' update form fails the email.
    emptyPut: { email: CUSTOMER_MESSAGES.emailBlank },
    check: async (result, { users, taken: [taken], groups }) => {
      const values = result.values;
      if (values.group && !groups?.[0]) result.fail("group", MSG.invalid);
      const account = users[0] ?? null;
      if (values.email !== undefined && taken) result.fail("email", EMAIL_TAKEN);
      // A new account needs a password; an existing one keeps its password unless a new one is sent.
      const sentUser = checkUser(result, values.user, !account);
      result.assertValid();
      const passwordHash = sentUser?.plainPassword ? await hashSecret(sentUser.plainPassword) : undefined;
      return { account, sentUser, passwordHash, groupId: groups?.[0]?.id ?? null };
    },
    writes: (db, customer, { account, sentUser, passwordHash, groupId }, { values }) => {
      const emailValue = values.email?.trim() ?? customer.email;
      const emailCanonical = values.email === undefined ? canonicalEmail(customer.email) : canonicalEmail(values.email);
      const now = nowIso();
      return [
        updateById(db, customers, customer.id, {
          email: emailValue,
          emailCanonical,
          firstName: values.firstName === undefined ? customer.firstName : values.firstName,
          lastName: values.lastName === undefined ? customer.lastName : values.lastName,
          birthday: values.birthday === undefined ? customer.birthday : values.birthday,
          gender: values.gender ?? customer.gender,
          ...(values.phoneNumber !== undefined ? { phoneNumber: values.phoneNumber } : {}),
          ...(values.subscribedToNewsletter !== undefined ? { subscribedToNewsletter: values.subscribedToNewsletter } : {}),
          ...(values.group !== undefined ? { groupId } : {}),
          updatedAt: now,
        }),
        ...(account
          ? [
              updateById(db, shopUsers, account.id, {
                username: emailValue,
                usernameCanonical: emailCanonical,
                enabled: sentUser?.enabled ?? account.enabled,
                ...(passwordHash ? { passwordHash } : {}),
                updatedAt: now,
              }),
            ]
          : sentUser
            ? [
                insertRow(db, shopUsers, {
                  customerId: customer.id,
                  username: emailValue,
                  usernameCanonical: emailCanonical,
                  passwordHash: passwordHash ?? null,
                  enabled: sentUser.enabled ?? false,
                }),
              ]
            : []),
      ];
    },
    rethrow: (error, result) => rethrowUniqueViolation(error, result, "email", EMAIL_TAKEN),
  },
});
