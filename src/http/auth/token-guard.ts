/**
 * The token check as a request's guard: the one statement and its reading
 * that the request's first batch carries (src/http/first-batch.ts), whether
 * the worker runs it or the cart object it was handed to.
 */
import type { Guard } from "../../data/metered-d1";
import { TOKEN_CHECK_SQL, verifyTokenCheck, type Principal } from "./token-check";

/** The guard of a request whose access token hashes to `tokenHash`; `onPass` gets the principal. */
export function tokenGuard(tokenHash: string, nowSeconds: number, onPass: (principal: Principal) => void): Guard {
  return {
    query: { sql: TOKEN_CHECK_SQL, params: [tokenHash] },
    verify: (result) => onPass(verifyTokenCheck(result, nowSeconds)),
    delegable: { tokenHash },
  };
}
