/**
 * The SQL conditions "this access token lets its caller in" and "...for this
 * scope": known, unexpired, its user (if it has one) enabled and with API
 * access, and the scope (if the operation needs one) among the token's
 * effective scopes, which is what the bearer check (`verifyTokenCheck`)
 * accepts. Writes that ride the same batch as the token check carry it in
 * their own `WHERE`, so a refused caller writes nothing even though the
 * check's refusal is only read after the batch committed.
 *
 * A token's effective scopes are its own (NULL: all) within its client's
 * current ones (NULL: none configured, all): narrowing a client narrows its
 * live tokens at once. The token row holds a copy of its client's
 * (`client_scopes`, kept by triggers: src/data/triggers/token-scopes.ts), so
 * the check reads no client row. Both lists are stored space-separated
 * (src/domain/scopes.ts), so "holds the scope" is a padded `instr`.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";

/**
 * Whether the list column `list` (NULL: every scope) holds `scope`, as SQL
 * text; `scope` is an SQL expression (a placeholder).
 */
const listHolds = (list: string, scope: string) => `(${list} IS NULL OR instr(' ' || ${list} || ' ', ' ' || ${scope} || ' ') > 0)`;

/**
 * SQL text: the token `t` holds the scope `scope` (an SQL expression; NULL:
 * no scope needed) within its client's.
 */
export const inScopeSql = (scope: string) => `(${scope} IS NULL OR (${listHolds("t.client_scopes", scope)} AND ${listHolds("t.scopes", scope)}))`;

export function tokenLive(tokenHash: Placeholder | string, nowSeconds: Placeholder | SQL, scope: Placeholder | string | null = null): SQL {
  return sql`EXISTS (SELECT 1 FROM oauth_access_tokens t
  LEFT JOIN admin_users u ON u.id = t.user_id
  WHERE t.token_hash = ${tokenHash} AND t.expires_at > ${nowSeconds} AND (t.user_id IS NULL OR (u.enabled = 1 AND u.api_access = 1))
    AND (${scope} IS NULL OR ((t.client_scopes IS NULL OR instr(' ' || t.client_scopes || ' ', ' ' || ${scope} || ' ') > 0)
      AND (t.scopes IS NULL OR instr(' ' || t.scopes || ' ', ' ' || ${scope} || ' ') > 0))))`;
}
