/**
 * The bearer token check as one D1 statement and its reading. Its own module
 * so that the cart Durable Object can run it in its own batch without
 * importing the request middleware (which depends on the app's context).
 */
import { authError } from "../errors";

/** The token check, shared with the cart Durable Object (which runs it in its own batch). */
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
 * The token check as the request's guard runs it: prepended to the first D1
 * batch below drizzle (see metered-d1.ts). The cart Durable Object runs the
 * same check as a drizzle query of its own first batch (`tokenCheckQuery`).
 * Reads the check's result; throws the 401 when it does not authenticate.
 */
export function verifyTokenCheck(result: D1Result, nowSeconds: number): Principal {
  const row = (result.results as TokenRow[])[0];
  return verifyTokenRow(
    row && { clientId: row.client_id, userId: row.user_id, expiresAt: row.expires_at, userEnabled: row.user_enabled === 1 },
    nowSeconds,
  );
}

/** The same check on the typed row of the cart object's token query (`tokenCheckQuery`). */
export function verifyTokenRow(
  row: { clientId: number; userId: number | null; expiresAt: number; userEnabled: boolean | null } | undefined,
  nowSeconds: number,
): Principal {
  if (!row) throw authError.invalid();
  if (row.userId !== null && !row.userEnabled) throw authError.invalid();
  if (row.expiresAt <= nowSeconds) throw authError.expired();
  return { clientId: row.clientId, userId: row.userId };
}
