/** Admin users (the back office's accounts, which the token endpoint signs in) as `/api/v1/users/` reads them. */
import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { adminUsers, oauthAccessTokens, oauthRefreshTokens } from "../schema";

export interface AdminUserViewRow {
  id: number;
  username: string;
  usernameCanonical: string;
  email: string | null;
  emailCanonical: string | null;
  enabled: boolean;
  firstName: string | null;
  lastName: string | null;
  localeCode: string;
}

/** Every column but the password hash, which is never read back. */
export const adminUserColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  usernameCanonical: adminUsers.usernameCanonical,
  email: adminUsers.email,
  emailCanonical: adminUsers.emailCanonical,
  enabled: adminUsers.enabled,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  localeCode: adminUsers.localeCode,
};

/** Usernames and e-mails compare case-insensitively through their canonical (lower-case) form. */
export const canonical = (value: string) => value.toLowerCase();

export const adminUserById = (db: Database, id: number) => db.select(adminUserColumns).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);

export const adminUserByUsername = (db: Database, usernameCanonical: string) =>
  db.select(adminUserColumns).from(adminUsers).where(eq(adminUsers.usernameCanonical, usernameCanonical)).limit(1);

/**
 * Other users (not `exceptId`; 0: none) holding this canonical username or
 * e-mail: what the uniqueness checks read. Both columns are unique indexes.
 */
export const adminUsersTaking = (db: Database, usernameCanonical: string, emailCanonical: string, exceptId = 0) =>
  db
    .select({ id: adminUsers.id, usernameCanonical: adminUsers.usernameCanonical, emailCanonical: adminUsers.emailCanonical })
    .from(adminUsers)
    .where(and(or(eq(adminUsers.usernameCanonical, usernameCanonical), eq(adminUsers.emailCanonical, emailCanonical)), ne(adminUsers.id, exceptId)))
    .limit(2);

/** A user's access and refresh tokens, deleted with it (in the same batch). */
export const deleteTokensOf = (db: Database, userId: number) => [
  db.delete(oauthAccessTokens).where(eq(oauthAccessTokens.userId, userId)),
  db.delete(oauthRefreshTokens).where(eq(oauthRefreshTokens.userId, userId)),
];

/** An SQL scalar of the id of the admin user with the canonical username (an `Idempotency-Key`'s replay). */
export const adminUserIdOfUsername = (usernameCanonical: string): SQL => sql`(SELECT id FROM admin_users WHERE username_canonical = ${usernameCanonical})`;
