import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { grantToken } from "../auth/token-service";
import { OAuthStore } from "../data/oauth-store";
import { readBodyText } from "../http/json-body";
import { apiError } from "../http/errors";

/**
 * `POST|GET /api/oauth/v2/token`. Parameters may come as a query string,
 * a form-encoded body or a JSON body (later sources win).
 */
export const oauthRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/token", async (c) => {
  // RFC 6749 §5.1: token responses must not be cached (errors included).
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  const params: Record<string, string | undefined> = { ...c.req.query() };
  if (c.req.method === "POST") Object.assign(params, await readBodyParams(c.req.raw));
  const response = await grantToken(new OAuthStore(c.var.db), params);
  return c.json(response);
});

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
      throw apiError(400, "Invalid JSON body.");
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}
