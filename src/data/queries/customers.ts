/** Customers and their shop accounts (shop_users, username = email). */
import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db";
import { customerGroups, customers, shopUsers } from "../schema";

export interface CustomerRow {
  id: number;
  email: string;
  emailCanonical: string;
  firstName: string | null;
  lastName: string | null;
  /** `Y-m-d`, or null. */
  birthday: string | null;
  /** `u`, `m` or `f`. */
  gender: string;
  createdAt: string;
  updatedAt: string;
  /** The customer's group (one customer's reads only). */
  groupId?: number | null;
  groupCode?: string | null;
  groupName?: string | null;
}

/** Sylius' CustomerInterface genders: unknown (the default), male, female. */
export const GENDERS = ["u", "m", "f"] as const;

export interface ShopUserRow {
  id: number;
  customerId: number;
  username: string;
  usernameCanonical: string;
  enabled: boolean;
}

export const customerColumns = {
  id: customers.id,
  email: customers.email,
  emailCanonical: customers.emailCanonical,
  firstName: customers.firstName,
  lastName: customers.lastName,
  birthday: customers.birthday,
  gender: customers.gender,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

export const shopUserColumns = {
  id: shopUsers.id,
  customerId: shopUsers.customerId,
  username: shopUsers.username,
  usernameCanonical: shopUsers.usernameCanonical,
  enabled: shopUsers.enabled,
};

/** Emails compare case-insensitively through their canonical (lowercased) form. */
export const canonicalEmail = (email: string) => email.trim().toLowerCase();

/** One customer's columns: the list's, and its group. */
const customerDetailColumns = {
  ...customerColumns,
  groupId: customers.groupId,
  groupCode: sql<string | null>`(SELECT g.code FROM ${customerGroups} g WHERE g.id = ${customers.groupId})`.as("group_code"),
  groupName: sql<string | null>`(SELECT g.name FROM ${customerGroups} g WHERE g.id = ${customers.groupId})`.as("group_name"),
};

export const customerById = (db: Database, id: number) =>
  db.select(customerDetailColumns).from(customers).where(eq(customers.id, id)).limit(1);

export const customerByEmail = (db: Database, canonical: string) =>
  db.select(customerDetailColumns).from(customers).where(eq(customers.emailCanonical, canonical)).limit(1);

/** The customer group of a code (a customer form's `group`). */
export const customerGroupIdByCode = (db: Database, code: string) =>
  db.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.code, code)).limit(1);

/** Another customer (not `exceptId`) that has this canonical email. */
export const emailTakenBy = (db: Database, canonical: string, exceptId: number) =>
  db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.emailCanonical, canonical), ne(customers.id, exceptId)))
    .limit(1);

/** Shop users of the customers whose ids `customerIds` selects. */
export const usersOfCustomers = (db: Database, customerIds: SQLWrapper) =>
  db.select(shopUserColumns).from(shopUsers).where(inArray(shopUsers.customerId, customerIds));

export const customerIdsOfEmail = (db: Database, canonical: string) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.emailCanonical, canonical));

/** True when an order (cart or not) belongs to the customer. */
export const customerInUse = (customerId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM orders WHERE customer_id = ${customerId})`;

/** The ids of the customer `id` (a subquery: what its shop account is read through). */
export const customerIdsOfId = (db: Database, id: number) => db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));

/** An SQL scalar of the id of the customer with the canonical email (an `Idempotency-Key`'s replay). */
export const customerIdOfEmail = (canonical: string): SQL => sql`(SELECT id FROM customers WHERE email_canonical = ${canonical})`;

/**
 * The shop account of the new customer with the canonical email, when `create`
 * (looked up by its unique email, so it runs in the same batch as the
 * customer's insert).
 */
export const insertShopUserOfEmail = (db: Database, account: { email: string; canonical: string; passwordHash: string | null; enabled: boolean; create: boolean }) =>
  db.insert(shopUsers).select(
    sql`SELECT NULL, c.id, ${account.email}, ${account.canonical}, ${account.passwordHash}, ${account.enabled ? 1 : 0},
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            FROM customers c WHERE c.email_canonical = ${account.canonical} AND ${account.create ? 1 : 0} = 1`,
  );
