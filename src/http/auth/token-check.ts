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
  "SELECT c.public_id AS client, t.client_id, t.user_id, t.expires_at, (u.enabled = 1 AND u.api_access = 1) AS user_enabled, " +
  `${inScopeSql("?2")} AS in_scope ` +
  "FROM oauth_access_tokens t JOIN oauth_clients c ON c.id = t.client_id LEFT JOIN admin_users u ON u.id = t.user_id WHERE t.token_hash = ?1";

/** The check's parameters, in the order of TOKEN_CHECK_SQL's. */
export const tokenCheckParams = (tokenHash: string, scope: Scope | null): [string, Scope | null] => [tokenHash, scope];

interface TokenRow {
  client: string;
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
 * `onClient` learns the token's client (its public id) once the token is
 * known, for the access log of a refusal.
 */
export function verifyTokenCheck(result: D1Result, nowSeconds: number, scope: Scope | null, onClient?: (client: string) => void): Principal {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The raw D1 rows of the token SELECT above, whose columns are TokenRow's.
  const row = (result.results as TokenRow[])[0];
  if (!row) throw authError.invalid();
  onClient?.(row.client);
  // The refusal names the client for the access log (the cart object hands it back with its reply).
  const refused = (error: HttpError) => Object.assign(error, { client: row.client });
  if (row.user_id !== null && row.user_enabled !== 1) throw refused(authError.invalid());
  if (row.expires_at <= nowSeconds) throw refused(authError.expired());
  if (scope !== null && row.in_scope !== 1) throw refused(authError.insufficientScope(scope));
  return { clientId: row.client_id, userId: row.user_id };
}
