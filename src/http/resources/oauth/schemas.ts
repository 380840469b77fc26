/** The token endpoint (src/http/auth/token-service.ts). */
import { z } from "zod";
import type { TokenResponse as TokenResponseType } from "../../auth/token-service";
import { component, int } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const TokenResponse = component(
  "TokenResponse",
  z.object({
    access_token: z.string(),
    expires_in: int().meta({ examples: [3600] }),
    token_type: z.literal("bearer"),
    scope: z.string().meta({
      description: "The scopes the token holds, space-separated (all of them for a client with no scopes configured).",
      examples: ["catalog:read carts:read carts:write"],
    }),
    refresh_token: z.string().optional().meta({ description: "Omitted for client_credentials." }),
  }),
  "Tokens issued by the token endpoint (RFC 6749 §5.1).",
);

export const TokenError = component(
  "TokenError",
  z.object({
    error: z.enum(["invalid_request", "invalid_grant", "unsupported_grant_type", "invalid_client", "unauthorized_client", "invalid_scope"]),
    error_description: z.string(),
  }),
  "A token endpoint error (RFC 6749 §5.2).",
);

export const TokenRequest = component(
  "TokenRequest",
  z.object({
    // The examples are the local demo data's client and user (`npm start`).
    grant_type: z.enum(["password", "refresh_token", "client_credentials"]).meta({ examples: ["password"] }),
    client_id: z.string().meta({ examples: ["demo_client"] }),
    client_secret: z.string().meta({ examples: ["secret_demo_client"] }),
    username: z.string().optional().meta({ description: "grant_type=password.", examples: ["api@example.com"] }),
    password: z.string().optional().meta({ description: "grant_type=password.", examples: ["sylius-api"] }),
    refresh_token: z.string().optional().meta({ description: "grant_type=refresh_token (rotates)." }),
    scope: z
      .string()
      .optional()
      .meta({
        description:
          "The scopes asked for, space-separated: at most the client's (for `refresh_token`, the refreshed token's). Without it, all of them. Unknown or not allowed: `invalid_scope`.",
        examples: ["catalog:read"],
      }),
  }),
  "Token request parameters (JSON, form-encoded body or query string).",
);


type _Token = Expect<Conforms<TokenResponseType, typeof TokenResponse>>;
