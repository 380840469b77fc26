/**
 * The token check as a request's guard: the one statement and its reading
 * that the request's first batch carries (src/http/first-batch.ts), whether
 * the worker runs it or the cart object it was handed to.
 */
import type { Scope } from "../../domain/scopes";
import type { Guard } from "../../data/metered-d1";
import { TOKEN_CHECK_SQL, tokenCheckParams, verifyTokenCheck, type Principal } from "./token-check";

/**
 * The guard of a request whose access token hashes to `tokenHash`, for an
 * operation that needs `scope` (null: none); `onPass` gets the principal,
 * `onClient` the token's client (public id) when the check refuses a known token.
 */
export function tokenGuard(
  tokenHash: string,
  scope: Scope | null,
  nowSeconds: number,
  onPass: (principal: Principal) => void,
  onClient?: (client: string) => void,
): Guard {
  return {
    query: { sql: TOKEN_CHECK_SQL, params: tokenCheckParams(tokenHash, scope) },
    verify: (result) => onPass(verifyTokenCheck(result, nowSeconds, scope, onClient)),
    delegable: { tokenHash, scope },
  };
}
