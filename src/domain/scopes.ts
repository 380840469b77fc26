/**
 * The API's OAuth scopes: what an access token may do, by area and verb.
 * One list, in the order the documentation, the OpenAPI document and a
 * token answer's `scope` show them. Stored as text: the scopes separated by
 * one space in this order (`scopeText`); no list at all (NULL) on a client
 * means "no scopes configured": every scope, those added later included.
 */

/** The areas whose operations split into reading and writing. */
export const AREAS = ["catalog", "carts", "orders", "customers", "config"] as const;
export type Area = (typeof AREAS)[number];

export const SCOPES = [
  "catalog:read",
  "catalog:write",
  "carts:read",
  "carts:write",
  "orders:read",
  "orders:write",
  "customers:read",
  "customers:write",
  "config:read",
  "config:write",
  "users:manage",
  "events:read",
  "webhooks:manage",
] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope lets a token do (the OpenAPI flows' scope descriptions, the accounts guide's table). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  "catalog:read": "Read products, variants, options, taxons, attributes, association types, reviews and images.",
  "catalog:write": "Create, change and delete products, variants, options, taxons, attributes, association types, reviews and images.",
  "carts:read": "Read carts and checkouts.",
  "carts:write": "Create, change and delete carts and their items; go through the checkout.",
  "orders:read": "Read orders, payments and shipments.",
  "orders:write": "Cancel orders, complete payments, ship shipments.",
  "customers:read": "Read customers and customer groups.",
  "customers:write": "Create, change and delete customers and customer groups.",
  "config:read":
    "Read channels, locales, currencies, countries, provinces, zones, tax and shipping categories, tax rates, shipping and payment methods, promotions, coupons and exchange rates.",
  "config:write":
    "Create, change and delete channels, locales, currencies, countries, provinces, zones, tax and shipping categories, tax rates, shipping and payment methods, promotions, coupons and exchange rates.",
  "users:manage": "Read, create, change and delete admin users.",
  "events:read": "Read the event feed.",
  "webhooks:manage": "Manage webhook subscriptions.",
};

export const isScope = (value: string): value is Scope => SCOPES.some((scope) => scope === value);

/** Who may use a resource's operations: an area (`<area>:read` to read, `<area>:write` to change), or one scope for all of them. */
export type Access = Area | Scope;

export const readScope = (access: Access): Scope => (isScope(access) ? access : `${access}:read`);
export const writeScope = (access: Access): Scope => (isScope(access) ? access : `${access}:write`);

/** The scopes in the list's order, each once, separated by one space (the stored and the answered form). */
export function scopeText(scopes: Iterable<Scope>): string {
  const set = new Set(scopes);
  return SCOPES.filter((scope) => set.has(scope)).join(" ");
}

/**
 * A space-separated list (RFC 6749 §3.3) read: its scopes, or the names in
 * it that are no scope. Any run of spaces separates; an empty list is none.
 */
export function parseScopes(text: string): { ok: true; scopes: Scope[] } | { ok: false; unknown: string[] } {
  const names = text.split(" ").filter((name) => name !== "");
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, scopes: names.filter(isScope) };
}

/** A stored list (NULL: every scope) as scopes. Names no longer known are ignored. */
export function storedScopes(stored: string | null): readonly Scope[] {
  if (stored === null) return SCOPES;
  return stored.split(" ").filter(isScope);
}
