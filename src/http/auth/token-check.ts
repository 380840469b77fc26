/**
 * The bearer token check as one D1 statement and its reading. Its own module
 * so that the cart Durable Object can run it in its own first batch without
 * importing the request middleware (which depends on the app's context).
 *
 * The statement also tells whether the token holds the scope the operation
 * needs (its effective scopes: its own within its client's current ones,
 * src/data/auth/token-live.ts), so the scope costs no round trip and no
 * statement of its own: a token outside it is refused (403) where an
 * unknown one is (401), before any row of the request is handed back and
 * before anything is written.
 */
import type { Scope } from "../../domain/scopes";
import { inScopeSql } from "../../data/auth/token-live";
import { authError, type HttpError } from "../errors";

/** The token check, shared with the cart Durable Object: `?1` the token's hash, `?2` the scope needed (NULL: none). */
export const TOKEN_CHECK_SQL =
  "SELECT t.client_id, t.user_id, t.expires_at, (u.enabled = 1 AND u.api_access = 1) AS user_enabled, " +
  `${inScopeSql("?2")} AS in_scope, ` +
  // The client's public id only for a refusal's log line: a CASE reads its row only then (no row on a pass).
  `CASE WHEN NOT (${inScopeSql("?2")}) OR t.expires_at <= unixepoch() OR (t.user_id IS NOT NULL AND (u.enabled IS NOT 1 OR u.api_access IS NOT 1)) ` +
  "THEN (SELECT c.public_id FROM oauth_clients c WHERE c.id = t.client_id) END AS client " +
  "FROM oauth_access_tokens t LEFT JOIN admin_users u ON u.id = t.user_id WHERE t.token_hash = ?1";

/** The check's parameters, in the order of TOKEN_CHECK_SQL's. */
export const tokenCheckParams = (tokenHash: string, scope: Scope | null): [string, Scope | null] => [tokenHash, scope];

interface TokenRow {
  /** Only when the check refuses the token (see the CASE above). */
  client: string | null;
  client_id: number;
  user_id: number | null;
  expires_at: number;
  user_enabled: number | null;
  in_scope: number;
}

export interface Principal {
  clientId: number;
  userId: number | null;
}

/**
 * Reads the token check's result (the request's guard, see token-guard.ts,
 * run in the request's or the cart object's first batch); throws the 401
 * when it does not authenticate, the 403 when the token lacks `scope`.
 * `onClient` learns the token's client (its public id) when the token is
 * refused, for the access log of the refusal.
 */
export function verifyTokenCheck(result: D1Result, nowSeconds: number, scope: Scope | null, onClient?: (client: string) => void): Principal {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The raw D1 rows of the token SELECT above, whose columns are TokenRow's.
  const row = (result.results as TokenRow[])[0];
  if (!row) throw authError.invalid();
  const client = row.client;
  if (client !== null) onClient?.(client);
  // The refusal names the client for the access log (the cart object hands it back with its reply).
  const refused = (error: HttpError) => (client === null ? error : Object.assign(error, { client }));
  if (row.user_id !== null && row.user_enabled !== 1) throw refused(authError.invalid());
  if (row.expires_at <= nowSeconds) throw refused(authError.expired());
  if (scope !== null && row.in_scope !== 1) throw refused(authError.insufficientScope(scope));
  return { clientId: row.client_id, userId: row.user_id };
}
