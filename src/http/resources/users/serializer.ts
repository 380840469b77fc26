/**
 * Admin users as Sylius 1.8 serializes them (UserBundle's Model.User.yml,
 * AdminApiBundle's Model.AdminUser.yml); JMS leaves nulls out, and the
 * password (hash or plain) is never part of any representation.
 * - `serializeAdminUser` (the detailed set: one user, a create's answer):
 *   {id, username, usernameCanonical, roles, email?, emailCanonical?, enabled, firstName?, lastName?}
 * - `serializeAdminUserListItem` (the default set, in a list): {id, username, email?, enabled}
 */
import type { AdminUserViewRow } from "../../../data/queries/admin-users";

/** Every admin user has Sylius' AdminUser default role (this service keeps no other roles). */
export const ADMIN_ROLES = ["ROLE_ADMINISTRATION_ACCESS"];

export function serializeAdminUser(row: AdminUserViewRow) {
  return {
    id: row.id,
    username: row.username,
    usernameCanonical: row.usernameCanonical,
    roles: [...ADMIN_ROLES],
    ...(row.email === null ? {} : { email: row.email }),
    ...(row.emailCanonical === null ? {} : { emailCanonical: row.emailCanonical }),
    enabled: row.enabled,
    ...(row.firstName === null ? {} : { firstName: row.firstName }),
    ...(row.lastName === null ? {} : { lastName: row.lastName }),
  };
}

export function serializeAdminUserListItem(row: AdminUserViewRow) {
  return {
    id: row.id,
    username: row.username,
    ...(row.email === null ? {} : { email: row.email }),
    enabled: row.enabled,
  };
}
