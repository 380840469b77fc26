/**
 * `/api/v1/users/{id}`: admin users, the back office's own accounts (the ones
 * the token endpoint's password grant signs in), as Sylius 1.8's AdminApiBundle
 * serves them (routing/admin_user.yml: a plain resource API).
 *
 * List: by id (creation order), as Sylius' unsorted resource index; no
 * sorting or criteria (Sylius declares none). Cost: GET one/list 1 D1 round
 * trip; create/update/delete 2.
 *
 * Passwords are hashed as the accounts CLI hashes them (PBKDF2-SHA256,
 * `hashSecret`) and never read back. A disabled user's tokens are refused by
 * the bearer check at once (it joins the user's `enabled`); a deleted user's
 * tokens are deleted in the batch that deletes it. As in Sylius, the caller
 * cannot delete its own user (422).
 */
import { parseId } from "../../ids";
import { apiError } from "../../errors";
import { hashSecret } from "../../auth/crypto";
import { adminUsers } from "../../../data/schema";
import { isUniqueViolationOf } from "../../../data/constraints";
import {
  adminUserById,
  adminUserByUsername,
  adminUserColumns,
  adminUserIdOfUsername,
  adminUsersTaking,
  canonical,
  deleteTokensOf,
} from "../../../data/queries/admin-users";
import { nowIso } from "../../serializers/timestamps";
import { resourceRoutes } from "../shared/resource";
import { createForm, updateForm, USER_MESSAGES } from "./form";
import { serializeAdminUser, serializeAdminUserListItem } from "./serializer";
import { AdminUser, AdminUserPage } from "./schemas";
import { insertRow, listRows, updateById, deleteById } from "../../../data/queries/table-writes";

const CANNOT_DELETE_SELF = "Cannot remove currently logged in user.";

/** What the checks below need of any of the three forms' results. */
interface UserFormResult {
  fail(field: "username" | "email", message: string): void;
  nest(field: "avatar", names: readonly string[]): void;
  assertValid(): void;
}

/**
 * Sylius' avatar sub-form renders as `{children: {file: {}}}`; other users
 * holding the username or e-mail fail them. (A PUT without a body is Sylius'
 * form submitted empty: `replaceForm` fails its required fields.)
 */
function checkTaken(
  result: UserFormResult,
  taken: readonly { usernameCanonical: string; emailCanonical: string | null }[],
  usernameCanonical: string | null,
  emailCanonical: string | null,
): void {
  result.nest("avatar", ["file"]);
  if (usernameCanonical !== null && taken.some((row) => row.usernameCanonical === usernameCanonical)) result.fail("username", USER_MESSAGES.usernameTaken);
  if (emailCanonical !== null && taken.some((row) => row.emailCanonical === emailCanonical)) result.fail("email", USER_MESSAGES.emailTaken);
}

/** A concurrent write took the username or the e-mail after the read batch checked them: the form's 400. */
function rethrowTaken(error: unknown, result: UserFormResult): never {
  if (isUniqueViolationOf(error, "admin_users.email_canonical")) result.fail("email", USER_MESSAGES.emailTaken);
  else if (isUniqueViolationOf(error, "admin_users.username_canonical")) result.fail("username", USER_MESSAGES.usernameTaken);
  result.assertValid();
  throw error;
}

/** The canonical username and e-mail a form sends (null when it sends none). */
const canonicals = (values: { username?: string; email?: string }) => ({
  usernameCanonical: values.username === undefined ? null : canonical(values.username),
  emailCanonical: values.email === undefined ? null : canonical(values.email.trim()),
});

export const adminUserRoutes = resourceRoutes({
  noun: "Admin user",
  events: { resource: "admin_user" },
  table: adminUsers,
  identifier: { param: "id", parse: (text) => parseId(text) ?? undefined, missing: (id) => `Admin user with id "${id}" does not exist.` },
  byCode: adminUserById,
  docs: {
    area: "users:manage",
    path: "users",
    tag: "Admin users",
    plural: "admin users",
    idPrefix: "AdminUser",
    item: AdminUser,
    page: AdminUserPage,
    putNote: "Sylius' form submitted whole: `username`, `email` and `localeCode` are required; a missing `enabled` is false and missing names are removed; a missing `plainPassword` keeps the password.",
  },
  list: {
    // Sylius' grid's sortable fields (admin users: a small table, sorted without an index).
    spec: {
      sortable: {
        id: adminUsers.id,
        username: adminUsers.username,
        email: adminUsers.email,
        firstName: adminUsers.firstName,
        lastName: adminUsers.lastName,
        enabled: adminUsers.enabled,
        createdAt: adminUsers.createdAt,
      },
      defaultSorting: { field: "id", direction: "asc" },
    },
    select: (db) => listRows(db, adminUsers, adminUserColumns),
    oneBatch: true,
    items: (rows) => rows.map(serializeAdminUserListItem),
  },
  one: {
    reads: (db, id) => ({ rows: adminUserById(db, id) }),
    item: ({ rows: [row] }) => (row === undefined ? undefined : serializeAdminUser(row)),
  },
  create: {
    form: createForm,
    reads: (db, values) => {
      const { usernameCanonical, emailCanonical } = canonicals(values);
      return { taken: adminUsersTaking(db, usernameCanonical ?? "", emailCanonical ?? "") };
    },
    check: async (result, { taken }) => {
      const { usernameCanonical, emailCanonical } = canonicals(result.values);
      checkTaken(result, taken, usernameCanonical, emailCanonical);
      result.assertValid();
      const username = result.required("username");
      return { username, usernameCanonical: canonical(username), passwordHash: await hashSecret(result.required("plainPassword")) };
    },
    // A keyed create's record names the new user, which a replay re-renders.
    locate: (_result, { usernameCanonical }) => adminUserIdOfUsername(usernameCanonical),
    writes: (db, _code, { username, usernameCanonical, passwordHash }, result) => {
      const email = result.required("email").trim();
      return {
        user: insertRow(db, adminUsers, {
          username,
          usernameCanonical,
          passwordHash,
          enabled: result.values.enabled ?? false,
          email,
          emailCanonical: canonical(email),
          firstName: result.values.firstName ?? null,
          lastName: result.values.lastName ?? null,
          localeCode: result.required("localeCode"),
        }),
      };
    },
    back: (db, { usernameCanonical }) => ({ rows: adminUserByUsername(db, usernameCanonical) }),
    rethrow: rethrowTaken,
  },
  update: {
    form: updateForm,
    reads: (db, id, values) => {
      const { usernameCanonical, emailCanonical } = canonicals(values);
      return { taken: adminUsersTaking(db, usernameCanonical ?? "", emailCanonical ?? "", id) };
    },
    // PUT is Sylius' form submitted whole (Symfony's clearMissing): these are required.
    putRequires: { username: USER_MESSAGES.usernameBlank, email: USER_MESSAGES.emailBlank, localeCode: USER_MESSAGES.localeBlank },
    check: async (result, { taken }) => {
      const { usernameCanonical, emailCanonical } = canonicals(result.values);
      checkTaken(result, taken, usernameCanonical, emailCanonical);
      result.assertValid();
      const password = result.values.plainPassword;
      return password === undefined ? undefined : await hashSecret(password);
    },
    // A PUT's unsent `enabled` and names are cleared by the form (`updateForm`'s `cleared`); PATCH keeps them.
    writes: (db, row, passwordHash, { values }) => {
      const { usernameCanonical } = canonicals(values);
      const email = values.email?.trim();
      return [
        updateById(db, adminUsers, row.id, {
          username: values.username ?? row.username,
          usernameCanonical: usernameCanonical ?? row.usernameCanonical,
          email: email ?? row.email,
          emailCanonical: email === undefined ? row.emailCanonical : canonical(email),
          enabled: values.enabled ?? row.enabled,
          firstName: values.firstName === undefined ? row.firstName : values.firstName,
          lastName: values.lastName === undefined ? row.lastName : values.lastName,
          localeCode: values.localeCode ?? row.localeCode,
          ...(passwordHash === undefined ? {} : { passwordHash }),
          updatedAt: nowIso(),
        }),
      ];
    },
    rethrow: rethrowTaken,
  },
  // The user's tokens go in the same atomic batch: none outlives it.
  deletes: (db, row) => [...deleteTokensOf(db, row.id), deleteById(db, adminUsers, row.id)],
  guardDelete: {
    refuse: (row, c) => {
      if (c.var.auth?.userId === row.id) throw apiError(422, CANNOT_DELETE_SELF);
    },
    docs: (meta) => ({ ...meta, description: "422 for the caller's own user (Sylius: `Cannot remove currently logged in user.`).", errors: [404, 422] }),
  },
});
