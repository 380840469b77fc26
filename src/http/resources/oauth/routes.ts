import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { grantToken } from "../../auth/token-service";
import { OAuthStore } from "../../../data/oauth-store";
import { readBodyText } from "../../middleware/json-body";
import { oauthError } from "../../errors";
import { z } from "zod";
import { describeRoute, type Json } from "../../openapi/describe";
import { COMMON_HEADERS, CORS_HEADERS, json, ref, responseRef, tidy } from "../../openapi/refs";
import { TokenRequest } from "./schemas";

/** The token endpoint's answers carry the CORS headers of an allowed origin, as /api/v1's do. */
const TOKEN_HEADERS = { ...COMMON_HEADERS, ...CORS_HEADERS };

const tokenResponses = () => ({
  "200": {
    description: "Tokens (access tokens live 3600 s, refresh tokens 14 days).",
    headers: { ...TOKEN_HEADERS, "Cache-Control": { schema: { type: "string", const: "no-store" } } },
    content: json(ref("TokenResponse")),
  },
  "400": { description: "invalid_request, invalid_grant, unsupported_grant_type, unauthorized_client or invalid_scope (a scope unknown or beyond the client's or the refreshed token's).", headers: TOKEN_HEADERS, content: json(ref("TokenError")) },
  "401": { description: "invalid_client: unknown client or wrong secret.", headers: TOKEN_HEADERS, content: json(ref("TokenError")) },
  "429": responseRef("TooManyRequests"),
  "500": responseRef("InternalError"),
});

/** A password grant with the local demo data's client and user (`npm start`). */
const DEMO_PASSWORD_GRANT = {
  grant_type: "password",
  client_id: "demo_client",
  client_secret: "secret_demo_client",
  username: "api@example.com",
  password: "sylius-api",
};

const tokenDescription =
  "Parameters may come as JSON, `application/x-www-form-urlencoded` or a query string (body values win). Grants: `password` (client_id, client_secret, username, password), `refresh_token` (client_id, client_secret, refresh_token; rotates), `client_credentials` (client_id, client_secret; no refresh token).\n\n" +
  "Attempts are counted before any credential is checked: each `password` attempt per username and per client address, each `client_credentials` or `refresh_token` attempt per client id. Beyond a limit the attempt is refused with `429` and `Retry-After` (seconds), whatever the credentials; other usernames, addresses and clients are not affected. The counts are kept per Cloudflare location.";

const tokenQuery = () =>
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The keys of the schema's shape (Object.keys types them string).
  (Object.keys(TokenRequest.shape) as (keyof typeof TokenRequest.shape)[]).map((name) => ({
    name,
    in: "query",
    required: name === "grant_type" || name === "client_id" || name === "client_secret",
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- zod's JSON Schema output is plain JSON.
    schema: tidy(z.toJSONSchema(TokenRequest.shape[name], { target: "draft-2020-12", io: "input" }) as Json),
    // The one grant that needs nothing but the (required) client parameters.
    ...(name === "grant_type" ? { example: "client_credentials" } : {}),
  }));

const docs = describeRoute(
  {
    method: "post",
    operation: () => ({
      tags: ["Authentication"],
      operationId: "issueToken",
      summary: "Get an access token",
      description: tokenDescription,
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": { schema: ref("TokenRequest"), example: DEMO_PASSWORD_GRANT },
          "application/json": { schema: ref("TokenRequest"), example: DEMO_PASSWORD_GRANT },
        },
      },
      responses: { ...tokenResponses(), "413": responseRef("PayloadTooLarge") },
    }),
  },
  {
    method: "get",
    operation: () => ({
      tags: ["Authentication"],
      operationId: "issueTokenWithQuery",
      summary: "Get an access token (query string)",
      description: tokenDescription,
      security: [],
      parameters: tokenQuery(),
      responses: tokenResponses(),
    }),
  },
);

/**
 * `POST|GET /api/oauth/v2/token`. Parameters may come as a query string,
 * a form-encoded body or a JSON body (later sources win); client credentials
 * also as HTTP Basic (RFC 6749 §2.3.1), which parameters override.
 */
export const oauthRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/token", docs, async (c) => {
  // RFC 6749 §5.1: token responses must not be cached (errors included).
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  // Spreads define properties: a parameter named `__proto__` stays an ordinary (ignored) key.
  const params: Record<string, string | undefined> = {
    ...basicClientCredentials(c.req.header("Authorization")),
    ...c.req.query(),
    ...(c.req.method === "POST" ? await readBodyParams(c.req.raw) : {}),
  };
  if (Object.values(params).some((value) => value !== undefined && LONE_SURROGATE.test(value))) {
    throw oauthError("invalid_request", "Parameters must be well-formed Unicode strings");
  }
  // Cloudflare sets CF-Connecting-IP on every request it forwards (a client cannot choose it);
  // without it (a request that did not come through Cloudflare) only the other counters apply.
  const response = await grantToken(new OAuthStore(c.var.db), params, {
    limits: c.var.signInLimits,
    address: c.req.header("CF-Connecting-IP") || undefined,
  });
  return c.json(response);
});

const LONE_SURROGATE = /\p{Cs}/u;

async function readBodyParams(request: Request): Promise<Record<string, string>> {
  const text = await readBodyText(request);
  const trimmed = text.trim();
  if (trimmed === "") return {};
  if (trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed !== "object" || parsed === null) return {};
      return Object.fromEntries(
        Object.entries(parsed).filter(([, v]) => typeof v === "string" || typeof v === "number").map(([k, v]) => [k, String(v)]),
      );
    } catch {
      // The endpoint's errors are RFC 6749 §5.2 objects, this one too.
      throw oauthError("invalid_request", "The request body is not valid JSON");
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

/** `Authorization: Basic base64(urlencoded(id):urlencoded(secret))`, when present and well formed. */
function basicClientCredentials(header: string | undefined): Record<string, string> {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return {};
  try {
    const decoded = atob(match[1]);
    const colon = decoded.indexOf(":");
    if (colon < 0) return {};
    return {
      client_id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      client_secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return {};
  }
}
