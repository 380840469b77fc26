/**
 * Customers. `firstName`/`lastName` are omitted when not set and `user` when
 * the customer has no shop account (Sylius/JMS leaves nulls out).
 * - `serializeCustomer` (the customer resource): {id, email, firstName, lastName,
 *   user?: {id, username, usernameCanonical, enabled}, createdAt, updatedAt, _links.self}
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

export function serializeCustomer(row: CustomerResourceRow, user: CustomerUserRow | null) {
  return {
    ...identity(row),
    user: user
      ? { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical, enabled: user.enabled }
      : undefined,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: customerLinks(row.id),
  };
}

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
