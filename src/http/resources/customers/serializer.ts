/**
 * Customers. `firstName`/`lastName` are omitted when not set and `user` when
 * the customer has no shop account (Sylius/JMS leaves nulls out).
 * - `serializeCustomer` (one customer: Sylius 1.8's detailed set, CustomerBundle's,
 *   UserBundle's and AdminApiBundle's Model.*.yml): {id, user?: {id, username,
 *   usernameCanonical, roles, enabled}, email, emailCanonical, firstName?, lastName?,
 *   birthday? (`1990-05-01T00:00:00+00:00`), gender (`u`, `m`, `f`), group? {id, code, name}, _links.self}
 * - `serializeCustomerListItem` (a customer in a list, and the customer of a cart
 *   in a list: the default set): {id, user?: {id, username, enabled}, email,
 *   firstName?, lastName?, _links.self}
 * - the customer of an order: the order serializer (resources/orders/serializer.ts)
 * - `serializeCustomerForCart` (the customer of a single cart, `GET /api/v1/carts/{id}`):
 *   {id, email, firstName, lastName, user?: {id, username, usernameCanonical}, _links.self}
 */
import { href } from "../../serializers/links";
import type { CustomerRow } from "../../../data/queries/customers";

export interface CustomerRefRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
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

/** A shop account's roles: every shop user is a `ROLE_USER` (Sylius' ShopUser default). */
const SHOP_USER_ROLES = ["ROLE_USER"];

export function serializeCustomer(row: CustomerRow, user: CustomerUserRow | null) {
  return {
    id: row.id,
    user: user
      ? { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical, roles: SHOP_USER_ROLES, enabled: user.enabled }
      : undefined,
    email: row.email,
    emailCanonical: row.emailCanonical,
    firstName: row.firstName ?? undefined,
    lastName: row.lastName ?? undefined,
    birthday: birthdayDateTime(row.birthday),
    gender: row.gender,
    group:
      row.groupId != null && row.groupCode != null ? { id: row.groupId, code: row.groupCode, name: row.groupName ?? row.groupCode } : undefined,
    _links: customerLinks(row.id),
  };
}

export function serializeCustomerListItem(row: CustomerRefRow, user: CustomerUserRow | null) {
  return {
    id: row.id,
    user: user ? { id: user.id, username: user.username, enabled: user.enabled } : undefined,
    email: row.email,
    firstName: row.firstName ?? undefined,
    lastName: row.lastName ?? undefined,
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

/** A cart in a list shows its customer in the default set. */
export const serializeCustomerForCartList = serializeCustomerListItem;
