/**
 * The SQL condition "this access token lets its caller in": known, unexpired,
 * and its user (if it has one) enabled, which is what the bearer check
 * (`verifyTokenCheck`) accepts. Writes that ride the same batch as the token
 * check carry it in their own `WHERE`, so a refused caller writes nothing
 * even though the check's refusal is only read after the batch committed.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";

export function tokenLive(tokenHash: Placeholder | string, nowSeconds: Placeholder | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM oauth_access_tokens t
  LEFT JOIN admin_users u ON u.id = t.user_id
  WHERE t.token_hash = ${tokenHash} AND t.expires_at > ${nowSeconds} AND (t.user_id IS NULL OR u.enabled = 1))`;
}
