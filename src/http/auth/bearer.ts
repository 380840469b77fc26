/**
 * Bearer-token authentication for `/api/v1/*`.
 *
 * The token check is registered as a guard on the request's D1 connection,
 * so it rides along with the handler's first batch of reads (one round trip
 * for an authenticated GET). Whatever the handler does, the guard is verified
 * before any write and before the response leaves.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { authError, HttpError } from "../errors";
import { sha256Hex } from "./crypto";

const BEARER = /^Bearer\s+([\x21-\x7e]+)\s*$/i;

/**
 * The token check as the request's guard runs it: prepended to the first D1
 * batch below drizzle (see metered-d1.ts). The cart Durable Object runs the
 * same check as a drizzle query of its own first batch (`tokenCheckQuery`).
 */
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

/** Reads the token check's result; throws the contract's 401 when it does not authenticate. */
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

export const bearerAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1]) throw authError.missing();
  const tokenHash = await sha256Hex(match[1]);
  const now = Math.floor(Date.now() / 1000);
  c.set("auth", null);

  c.var.d1.setGuard({
    statement: (db) => db.prepare(TOKEN_CHECK_SQL).bind(tokenHash),
    verify: (result) => c.set("auth", verifyTokenCheck(result, now)),
    delegable: { tokenHash },
  });

  await next();

  // The handler may have answered without touching D1 (a 400, a 404 on a
  // malformed id...): the caller must still be authenticated to see that.
  if (c.var.d1.hasPendingGuard) {
    try {
      await c.var.d1.verifyGuard();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      c.res = undefined;
      c.res = c.json(error.body as object, error.status, error.headers);
    }
  }
});
