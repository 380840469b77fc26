// The API's OAuth scopes, for the accounts script (plain Node, no TypeScript):
// the same list, in the same order, as src/domain/scopes.ts, which
// test/auth/accounts-cli.node.test.ts holds it to.
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
];

/**
 * A list of scopes as given on the command line (separated by spaces or
 * commas) in the stored form: known scopes, each once, in SCOPES' order,
 * separated by one space. Unknown names: `unknown`.
 */
export function parseScopeList(text) {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((name) => !SCOPES.includes(name));
  const stored = SCOPES.filter((scope) => names.includes(scope)).join(" ");
  return { names, unknown, stored };
}
