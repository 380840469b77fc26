// The API's OAuth scopes for the accounts script: the list of
// src/domain/scopes.ts itself (Node 22 runs its TypeScript by stripping the
// types), so the script cannot drift from what the service checks.
import { SCOPES } from "../../src/domain/scopes.ts";

export { SCOPES };

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
