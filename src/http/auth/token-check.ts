/**
 * The bearer token check as one D1 statement and its reading. Its own module
 * so that the cart Durable Object can run it in its own first batch without
 * importing the request middleware (which depends on the app's context).
 */
import { authError } from "../errors";

/** The token check, shared with the cart Durable Object (which runs it in its own first batch). */
export const TOKEN_CHECK_SQL =
  "SELECT t.client_id, t.user_id, t.expires_at, u.enabled AS user_enabled " +
  "FROM oauth_access_tokens t LEFT JOIN admin_users u ON u.id = t.user_id WHERE t.token_hash = ?";

interface TokenRow {
  client_id: number;
  user_id: number | null;
  expires_at: number;
  user_enabled: number | null;
}

export interface Principal {
  clientId: number;
  userId: number | null;
}

/**
 * Reads the token check's result (the request's guard, see token-guard.ts,
 * run in the request's or the cart object's first batch); throws the 401
 * when it does not authenticate.
 */
export function verifyTokenCheck(result: D1Result, nowSeconds: number): Principal {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The raw D1 rows of the token SELECT above, whose columns are TokenRow's.
  const row = (result.results as TokenRow[])[0];
  if (!row) throw authError.invalid();
  if (row.user_id !== null && row.user_enabled !== 1) throw authError.invalid();
  if (row.expires_at <= nowSeconds) throw authError.expired();
  return { clientId: row.client_id, userId: row.user_id };
}
