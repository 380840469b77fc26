/**
 * The OAuth2 token endpoint's grants (RFC 6749): password, refresh_token
 * (rotating) and client_credentials, with FOSOAuthServerBundle's wording.
 */
import { oauthError } from "../errors";
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
  scope: null;
  refresh_token?: string;
}

type Params = Record<string, string | undefined>;

const now = () => Math.floor(Date.now() / 1000);

export async function grantToken(store: OAuthStore, params: Params): Promise<TokenResponse> {
  const grantType = params.grant_type;
  if (!grantType) throw oauthError("invalid_request", "Invalid grant_type parameter or parameter missing");
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw oauthError("unsupported_grant_type", "Invalid grant_type parameter or parameter missing");
  }
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

  switch (grantType as GrantType) {
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
      if (!passwordOk || !user.enabled) throw oauthError("invalid_grant", "Invalid username and password combination");
      return issue(store, client.id, user.id, true);
    }
    case "client_credentials":
      return issue(store, client.id, null, false);
    case "refresh_token": {
      if (!refreshToken) throw oauthError("invalid_request", 'No "refresh_token" parameter found');
      const row = loaded.refreshToken;
      if (!row || row.clientId !== client.id) throw oauthError("invalid_grant", "Invalid refresh token");
      if (row.expiresAt <= now()) throw oauthError("invalid_grant", "Refresh token has expired");
      // A disabled (or deleted) user's tokens stop working, refresh tokens included.
      if (row.userId !== null && (!loaded.user || loaded.user.id !== row.userId || !loaded.user.enabled)) {
        throw oauthError("invalid_grant", "Invalid refresh token");
      }
      const tokens = await newTokens(true);
      const { accessHash, accessExpiresAt, refreshHash, refreshExpiresAt } = tokens.hashes;
      if (refreshHash === undefined || refreshExpiresAt === undefined) throw new Error("newTokens(true) made no refresh token.");
      const rotated = await store.rotate(row.tokenHash, client.id, { accessHash, accessExpiresAt, refreshHash, refreshExpiresAt });
      if (!rotated) throw oauthError("invalid_grant", "Invalid refresh token");
      return tokens.response;
    }
  }
}

async function newTokens(withRefresh: boolean) {
  const access = randomToken();
  const refresh = withRefresh ? randomToken() : undefined;
  const issuedAt = now();
  return {
    response: {
      access_token: access,
      expires_in: ACCESS_TOKEN_TTL,
      token_type: "bearer",
      scope: null,
      ...(refresh ? { refresh_token: refresh } : {}),
    } satisfies TokenResponse as TokenResponse,
    hashes: {
      accessHash: await sha256Hex(access),
      accessExpiresAt: issuedAt + ACCESS_TOKEN_TTL,
      refreshHash: refresh ? await sha256Hex(refresh) : undefined,
      refreshExpiresAt: refresh ? issuedAt + REFRESH_TOKEN_TTL : undefined,
    },
  };
}

async function issue(store: OAuthStore, clientId: number, userId: number | null, withRefresh: boolean) {
  const tokens = await newTokens(withRefresh);
  await store.issue(clientId, userId, tokens.hashes);
  return tokens.response;
}
