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
import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { parseId } from "../../ids";
import { validateForm } from "../../form";
import { apiError, notFound } from "../../errors";
import { hashSecret } from "../../auth/crypto";
import { adminUsers } from "../../../data/schema";
import { namedBatch } from "../../../data/batch";
import { isUniqueViolationOf } from "../../../data/constraints";
import {
  adminUserById,
  adminUserByUsername,
  adminUserColumns,
  adminUsersTaking,
  canonical,
  deleteTokensOf,
} from "../../../data/queries/admin-users";
import { firstBatch } from "../../first-batch";
import { listPage } from "../../list-page";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpec } from "../../openapi/describe";
import { createForm, replaceForm, updateForm, USER_MESSAGES } from "./form";
import { serializeAdminUser, serializeAdminUserListItem } from "./serializer";
import { AdminUser, AdminUserPage } from "./schemas";

const PATH = "/api/v1/users/";
const CANNOT_DELETE_SELF = "Cannot remove currently logged in user.";

const missing = (id: string) => notFound(`Admin user with id "${id}" does not exist.`);

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

const docs = crudDocs({
  tag: "Admin users",
  noun: "admin user",
  plural: "admin users",
  idPrefix: "AdminUser",
  item: AdminUser,
  page: AdminUserPage,
  create: createForm,
  update: updateForm,
  list: listSpec(["id"], [], "id asc"),
  deleteConflict: false,
  putNote: "Sylius' form submitted whole: `username`, `email` and `localeCode` are required; a missing `enabled` is false and missing names are removed; a missing `plainPassword` keeps the password.",
});

export const adminUserRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, adminUsers, c.req.url, {
      sortable: { id: adminUsers.id },
      defaultSorting: { field: "id", direction: "asc" },
    });
    const { rows, counted } = await firstBatch(c, {
      rows: page.rows(db.select(adminUserColumns).from(adminUsers).$dynamic()),
      counted: page.count,
    });
    return c.json(page.envelope(PATH, counted, rows.map(serializeAdminUserListItem)));
  })
  .get("/:id", describeRoute(docs.get), async (c) => {
    const raw = c.req.param("id");
    const id = parseId(raw);
    if (id === null) throw missing(raw);
    const {
      rows: [row],
    } = await firstBatch(c, { rows: adminUserById(c.var.db, id) });
    if (!row) throw missing(raw);
    return c.json(serializeAdminUser(row));
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const usernameCanonical = values.username === undefined ? null : canonical(values.username);
    const emailCanonical = values.email === undefined ? null : canonical(values.email.trim());
    const { taken } = await firstBatch(c, { taken: adminUsersTaking(db, usernameCanonical ?? "", emailCanonical ?? "") });
    checkTaken(result, taken, usernameCanonical, emailCanonical);
    result.assertValid();
    const username = result.required("username");
    const byUsername = canonical(username);
    // A keyed create's record names the new user, which a replay re-renders.
    c.var.idempotency?.locate(sql`(SELECT id FROM admin_users WHERE username_canonical = ${byUsername})`);
    const passwordHash = await hashSecret(result.required("plainPassword"));
    const email = result.required("email").trim();
    try {
      const { rows } = await namedBatch(db, {
        user: db.insert(adminUsers).values({
          username,
          usernameCanonical: byUsername,
          passwordHash,
          enabled: values.enabled ?? false,
          email,
          emailCanonical: canonical(email),
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
          localeCode: result.required("localeCode"),
        }),
        rows: adminUserByUsername(db, byUsername),
      });
      const [row] = rows;
      if (!row) throw new Error(`Admin user "${byUsername}" was not read back after its insert.`);
      return c.json(serializeAdminUser(row), 201);
    } catch (error) {
      rethrowTaken(error, result);
    }
  })
  .on(["PUT", "PATCH"], "/:id", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const raw = c.req.param("id");
    const id = parseId(raw);
    const replace = c.req.method === "PUT";
    const result = replace ? validateForm(replaceForm, c.var.body) : validateForm(updateForm, c.var.body);
    if (id === null) throw missing(raw);
    const values = result.values;
    const usernameCanonical = values.username === undefined ? null : canonical(values.username);
    const emailCanonical = values.email === undefined ? null : canonical(values.email.trim());
    const {
      rows: [row],
      taken,
    } = await firstBatch(c, {
      rows: adminUserById(db, id),
      taken: adminUsersTaking(db, usernameCanonical ?? "", emailCanonical ?? "", id),
    });
    if (!row) throw missing(raw);
    checkTaken(result, taken, usernameCanonical, emailCanonical);
    result.assertValid();

    const passwordHash = values.plainPassword === undefined ? undefined : await hashSecret(values.plainPassword);
    const email = values.email?.trim();
    // PUT clears what it does not send (Symfony's clearMissing); PATCH keeps it.
    const kept = <T>(sent: T | undefined, current: T, cleared: T): T => (sent !== undefined ? sent : replace ? cleared : current);
    try {
      await namedBatch(db, { writes: [
        db
          .update(adminUsers)
          .set({
            username: values.username ?? row.username,
            usernameCanonical: usernameCanonical ?? row.usernameCanonical,
            email: email ?? row.email,
            emailCanonical: email === undefined ? row.emailCanonical : canonical(email),
            enabled: kept(values.enabled, row.enabled, false),
            firstName: kept(values.firstName, row.firstName, null),
            lastName: kept(values.lastName, row.lastName, null),
            localeCode: values.localeCode ?? row.localeCode,
            ...(passwordHash === undefined ? {} : { passwordHash }),
            updatedAt: nowIso(),
          })
          .where(eq(adminUsers.id, id)),
      ] });
    } catch (error) {
      rethrowTaken(error, result);
    }
    return c.body(null, 204);
  })
  .delete("/:id", describeRoute({ ...docs.delete, description: "422 for the caller's own user (Sylius: `Cannot remove currently logged in user.`).", errors: [404, 422] }), async (c) => {
    const db = c.var.db;
    const raw = c.req.param("id");
    const id = parseId(raw);
    if (id === null) throw missing(raw);
    const {
      rows: [row],
    } = await firstBatch(c, { rows: adminUserById(db, id) });
    if (!row) throw missing(raw);
    if (c.var.auth?.userId === id) throw apiError(422, CANNOT_DELETE_SELF);
    // The user's tokens go in the same atomic batch: none outlives it.
    await namedBatch(db, { writes: [...deleteTokensOf(db, id), db.delete(adminUsers).where(eq(adminUsers.id, id))] });
    return c.body(null, 204);
  });
