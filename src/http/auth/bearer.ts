/**
 * Bearer-token authentication for `/api/v1/*`.
 *
 * The token check is registered as the request's guard on its D1
 * connection (`tokenGuard`); `firstBatch` runs it ahead of the handler's
 * first reads, in the same batch (one round trip for an authenticated GET),
 * and the cart gateway hands it to the cart object's first batch. Whatever
 * the handler does, the check runs before any write, before any row is
 * handed back, and before the response leaves (below, for a handler that
 * touched no D1).
 *
 * The check also holds the token to the scope the routed operation declares
 * (its `describeRoute()` metadata): a token outside it is refused with a 403
 * by the same statement, so the scope costs nothing more and is refused
 * before anything about the resource is answered or changed.
 */
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { IsolateMemory } from "../../data/isolate-cache";
import type { AppEnv } from "../context";
import { operationScope } from "../openapi/describe";
import { authError, errorResponse, HttpError } from "../errors";
import { sha256Hex } from "./crypto";
import { tokenGuard } from "./token-guard";

const BEARER = /^Bearer\s+([\x21-\x7e]+)\s*$/i;

const RECENT_HASHES = 1_000;
/** Hashes of the tokens seen lately in this isolate: a client sends the same token request after request. */
const recentHashes = new IsolateMemory<string, string>({
  name: "token hashes",
  file: "src/http/auth/bearer.ts",
  key: "bearer token",
  bound: { entries: RECENT_HASHES, evict: "all" },
  kind: "derived",
  readBehind: "the token itself (its SHA-256); whether the token is valid is read from D1 on every request (the token check)",
});

/** The token's SHA-256 (hex), digested once per token while it stays among the recent ones. */
async function tokenHashOf(token: string): Promise<string> {
  const known = recentHashes.get(token);
  if (known !== undefined) return known;
  const hash = await sha256Hex(token);
  recentHashes.set(token, hash);
  return hash;
}

export const bearerAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1]) {
    // For the access log of the refusal: which operation it was.
    c.set("scopeNeeded", operationScope(matchedRoutes(c), c.req.method));
    throw authError.missing();
  }
  const tokenHash = await tokenHashOf(match[1]);
  const now = Math.floor(Date.now() / 1000);
  const scope = operationScope(matchedRoutes(c), c.req.method);
  c.set("auth", null);
  c.set("tokenHash", tokenHash);
  c.set("scopeNeeded", scope);

  c.get("d1").setGuard(
    tokenGuard(
      tokenHash,
      scope,
      now,
      (principal) => c.set("auth", principal),
      (client) => c.set("authClient", client),
    ),
  );

  await next();

  // The handler may have answered without touching D1 (a 400, a 404 on a
  // malformed id...): the caller must still be authenticated to see that.
  if (c.get("d1").hasPendingGuard) {
    try {
      await c.get("d1").verifyGuard();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      c.res = undefined;
      c.res = errorResponse(c, error);
    }
  }
});
