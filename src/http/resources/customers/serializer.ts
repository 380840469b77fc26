/**
 * Customers. `firstName`/`lastName` are omitted when not set and `user` when
 * the customer has no shop account (Sylius/JMS leaves nulls out).
 * - `serializeCustomer` (the customer resource): {id, email, firstName, lastName,
 *   birthday? (`1990-05-01T00:00:00+00:00`), gender (`u`, `m`, `f`), user?: {id, username, usernameCanonical, enabled}, createdAt, updatedAt, _links.self}
 * - the customer of an order: the order serializer (resources/orders/serializer.ts)
 * - `serializeCustomerForCart` (the customer of a single cart, `GET /api/v1/carts/{id}`):
 *   {id, email, firstName, lastName, user?: {id, username, usernameCanonical}, _links.self}
 * - `serializeCustomerForCartList` (carts in a list): same, user = {id, username, enabled}
 */
import { href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export interface CustomerRefRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface CustomerResourceRow extends CustomerRefRow {
  /** `Y-m-d`, or null. */
  birthday: string | null;
  gender: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerUserRow {
  id: number;
  username: string;
  usernameCanonical: string;
  enabled: boolean;
}

export const customerLinks = (id: number) => ({ self: href(`/customers/${id}`) });

const identity = (row: CustomerRefRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName ?? undefined,
  lastName: row.lastName ?? undefined,
});

/** A stored `Y-m-d` birthday as Sylius shows it: a date-time at midnight UTC (`1990-05-01T00:00:00+00:00`). */
export const birthdayDateTime = (birthday: string | null): string | undefined =>
  birthday && /^\d{4}-\d\d-\d\d$/.test(birthday) ? `${birthday}T00:00:00+00:00` : undefined;

export function serializeCustomer(row: CustomerResourceRow, user: CustomerUserRow | null) {
  return {
    ...identity(row),
    birthday: birthdayDateTime(row.birthday),
    gender: row.gender,
    user: user
      ? { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical, enabled: user.enabled }
      : undefined,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: customerLinks(row.id),
  };
}

/**
 * The customer of an order (Sylius' "Detailed" group): {id, user?: {id,
 * username, usernameCanonical, roles, enabled}, email, emailCanonical,
 * firstName?, lastName?, birthday?, gender, _links.self}.
 */
export function serializeCustomerForCart(row: CustomerRefRow, user: CustomerUserRow | null) {
  return {
    ...identity(row),
    user: user ? { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical } : undefined,
    _links: customerLinks(row.id),
  };
}

export function serializeCustomerForCartList(row: CustomerRefRow, user: CustomerUserRow | null) {
  return {
    ...identity(row),
    user: user ? { id: user.id, username: user.username, enabled: user.enabled } : undefined,
    _links: customerLinks(row.id),
  };
}
