/**
 * The OAuth2 token endpoint's grants (RFC 6749): password, refresh_token
 * (rotating) and client_credentials, with FOSOAuthServerBundle's wording.
 *
 * Scopes (RFC 6749 §3.3): a request may ask for fewer than it may hold
 * (`scope`, space-separated): its client's scopes, or for a refresh the
 * refreshed token's. A scope outside those, or no scope at all, is
 * `invalid_scope`; without `scope` the token gets all it may hold. The
 * answer's `scope` lists what the token holds (within its client's).
 */
import { parseScopes, scopeText, storedScopes, type Scope } from "../../domain/scopes";
import { HttpError, oauthError } from "../errors";
import type { OAuthStore } from "../../data/oauth-store";
import { burnVerification, randomToken, sha256Hex, verifySecret } from "./crypto";

export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 14 * 24 * 3600;

export const GRANT_TYPES = ["password", "refresh_token", "client_credentials"] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: "bearer";
  /** The scopes the token holds, space-separated. */
  scope: string;
  refresh_token?: string;
}

type Params = Record<string, string | undefined>;

/**
 * A counter of sign-in attempts: a Workers rate-limiting binding
 * (`limit({ key })` → `{ success }`), and the period it counts over.
 */
export interface AttemptCounter {
  limiter: { limit(options: { key: string }): Promise<{ success: boolean }> };
  /** Seconds: the binding's `period`, which is also what `Retry-After` says once it refuses. */
  period: number;
}

/** The counters every grant attempt goes through before any credential is checked. */
export interface SignInLimits {
  /** Password grants, per canonical (lower-case) username. */
  username: AttemptCounter;
  /** Password grants, per client address (an IPv6 address counts as its /64). */
  address: AttemptCounter;
  /** client_credentials and refresh_token grants, per client id. */
  client: AttemptCounter;
}

/**
 * The period of each rate-limiting binding of wrangler.toml, by binding name.
 * A binding does not tell its period, so it is repeated here;
 * test/throttling/throttle.test.ts fails when the two differ.
 */
export const SIGN_IN_PERIODS = {
  SIGNIN_USER_LIMITER: 60,
  SIGNIN_IP_LIMITER: 60,
  CLIENT_LIMITER: 60,
} as const satisfies Record<string, 10 | 60>;

/** Who is asking: the counters, and the client's address (`CF-Connecting-IP`) when the platform gives one. */
export interface AttemptSource {
  limits: SignInLimits;
  address: string | undefined;
}

const now = () => Math.floor(Date.now() / 1000);

const isGrantType = (value: string): value is GrantType => GRANT_TYPES.some((type) => type === value);

export async function grantToken(store: OAuthStore, params: Params, source: AttemptSource): Promise<TokenResponse> {
  const grantType = params.grant_type;
  if (!grantType) throw oauthError("invalid_request", "Invalid grant_type parameter or parameter missing");
  if (!isGrantType(grantType)) {
    throw oauthError("unsupported_grant_type", "Invalid grant_type parameter or parameter missing");
  }
  // Before anything is read or verified: a refused attempt costs neither a
  // D1 read nor a password hash, and a wrong client does not dodge the count.
  await countAttempt(grantType, params, source);
  const clientId = params.client_id;
  if (!clientId) throw oauthError("invalid_client", "Client id was not found in the headers or body");

  const refreshToken = grantType === "refresh_token" ? params.refresh_token : undefined;
  const loaded = await store.loadForGrant(clientId, {
    username: grantType === "password" ? params.username : undefined,
    refreshHash: refreshToken ? await sha256Hex(refreshToken) : undefined,
  });

  const client = loaded.client;
  const clientOk = await verifySecret(params.client_secret ?? "", client?.secretHash);
  if (!client || !clientOk) throw oauthError("invalid_client", "The client credentials are invalid");
  if (!client.allowedGrantTypes.includes(grantType)) {
    throw oauthError("unauthorized_client", "The grant type is unauthorized for this client_id");
  }

  switch (grantType) {
    case "password": {
      if (!params.username || !params.password) {
        throw oauthError("invalid_request", 'Missing parameters. "username" and "password" required');
      }
      const user = loaded.user;
      if (!user) {
        await burnVerification(params.password);
        throw oauthError("invalid_grant", "Invalid username and password combination");
      }
      const passwordOk = await verifySecret(params.password, user.passwordHash);
      // Without API access (Sylius' ROLE_API_ACCESS) no token, and the same answer as a wrong password.
      if (!passwordOk || !user.enabled || !user.apiAccess) throw oauthError("invalid_grant", "Invalid username and password combination");
      return issue(store, client.id, user.id, true, granted(params.scope, client.scopes, client.scopes));
    }
    case "client_credentials":
      return issue(store, client.id, null, false, granted(params.scope, client.scopes, client.scopes));
    case "refresh_token": {
      if (!refreshToken) throw oauthError("invalid_request", 'No "refresh_token" parameter found');
      const row = loaded.refreshToken;
      if (!row || row.clientId !== client.id) throw oauthError("invalid_grant", "Invalid refresh token");
      if (row.expiresAt <= now()) throw oauthError("invalid_grant", "Refresh token has expired");
      // A disabled (or deleted) user's tokens stop working, refresh tokens included.
      if (row.userId !== null && (!loaded.user || loaded.user.id !== row.userId || !loaded.user.enabled || !loaded.user.apiAccess)) {
        throw oauthError("invalid_grant", "Invalid refresh token");
      }
      // The refreshed token's scopes (within its client's current ones), or fewer: never more.
      const scopes = granted(params.scope, row.scopes, client.scopes);
      const tokens = await newTokens(true, scopes);
      const { accessHash, accessExpiresAt, refreshHash, refreshExpiresAt } = tokens.hashes;
      if (refreshHash === undefined || refreshExpiresAt === undefined) throw new Error("newTokens(true) made no refresh token.");
      const rotated = await store.rotate(row.tokenHash, client.id, { scopes: scopes.stored, accessHash, accessExpiresAt, refreshHash, refreshExpiresAt });
      if (!rotated) throw oauthError("invalid_grant", "Invalid refresh token");
      return tokens.response;
    }
  }
}

/**
 * Counts the attempt on each counter it concerns (all of them, even when one
 * already refuses, so that every attempt counts everywhere) and refuses it
 * with 429 when one of them is over its limit, naming the longest wait.
 * Keys are SHA-256 digests: bounded in length whatever was sent, and no
 * username or address is handed to the counters as such.
 */
async function countAttempt(grantType: GrantType, params: Params, { limits, address }: AttemptSource): Promise<void> {
  const counts: { counter: AttemptCounter; key: string }[] = [];
  if (grantType === "password") {
    // The store compares usernames in lower case: so does the counter.
    if (params.username) counts.push({ counter: limits.username, key: params.username.toLowerCase() });
    if (address) counts.push({ counter: limits.address, key: addressKey(address) });
  } else if (params.client_id) {
    counts.push({ counter: limits.client, key: params.client_id });
  }
  const refused = await Promise.all(
    counts.map(async ({ counter, key }) => ((await counter.limiter.limit({ key: await sha256Hex(key) })).success ? 0 : counter.period)),
  );
  const wait = Math.max(0, ...refused);
  if (wait > 0) {
    throw new HttpError(
      429,
      { error: "invalid_request", error_description: `Too many attempts; retry after ${wait} s.` },
      { "Retry-After": String(wait) },
    );
  }
}

/**
 * What an address counts as: an IPv4 address itself, an IPv6 address its /64
 * prefix, since one subscriber usually holds a whole /64 and could otherwise
 * change address at every attempt.
 */
export function addressKey(address: string): string {
  if (!address.includes(":")) return address;
  // An IPv4 client seen through an IPv6 socket (`::ffff:192.0.2.1`) is that IPv4 client.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 (`64:ff9b::192.0.2.1`) takes two groups; only the first four matter anyway.
  const groups = right.reduce((n, group) => n + (group.includes(".") ? 2 : 1), left.length);
  const full = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - groups)).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** What a grant gives: the scopes to store on the tokens (null: all of the client's) and the ones the answer lists. */
interface Granted {
  stored: string | null;
  holds: readonly Scope[];
}

/**
 * The scopes a grant gives. `held`: what the token may hold as stored (the
 * client's for a new token, the refreshed token's for a refresh; null: all);
 * `client`: the client's current scopes (null: none configured, all).
 * Without `requested` the token gets `held`; with it, those scopes, each of
 * which must be known and within `held` and `client`.
 */
function granted(requested: string | undefined, held: string | null, client: string | null): Granted {
  const clientScopes = new Set(storedScopes(client));
  const within = (scopes: readonly Scope[]) => scopes.filter((scope) => clientScopes.has(scope));
  if (requested === undefined || requested.trim() === "") return { stored: held, holds: within(storedScopes(held)) };
  const parsed = parseScopes(requested);
  if (!parsed.ok) throw oauthError("invalid_scope", `An unsupported scope was requested: ${parsed.unknown.map((name) => `"${name}"`).join(", ")}.`);
  const allowed = new Set(within(storedScopes(held)));
  const refused = parsed.scopes.filter((scope) => !allowed.has(scope));
  if (refused.length > 0) throw oauthError("invalid_scope", `The requested scope exceeds what may be granted here: ${refused.map((s) => `"${s}"`).join(", ")}.`);
  const stored = scopeText(parsed.scopes);
  return { stored, holds: storedScopes(stored) };
}

async function newTokens(withRefresh: boolean, scopes: Granted) {
  const access = randomToken();
  const refresh = withRefresh ? randomToken() : undefined;
  const issuedAt = now();
  return {
    response: {
      access_token: access,
      expires_in: ACCESS_TOKEN_TTL,
      token_type: "bearer",
      scope: scopeText(scopes.holds),
      ...(refresh ? { refresh_token: refresh } : {}),
    } satisfies TokenResponse,
    hashes: {
      scopes: scopes.stored,
      accessHash: await sha256Hex(access),
      accessExpiresAt: issuedAt + ACCESS_TOKEN_TTL,
      refreshHash: refresh ? await sha256Hex(refresh) : undefined,
      refreshExpiresAt: refresh ? issuedAt + REFRESH_TOKEN_TTL : undefined,
    },
  };
}

async function issue(store: OAuthStore, clientId: number, userId: number | null, withRefresh: boolean, scopes: Granted) {
  const tokens = await newTokens(withRefresh, scopes);
  await store.issue(clientId, userId, tokens.hashes);
  return tokens.response;
}
