/**
 * Tokens with scopes, straight into D1, and the operations of the OpenAPI
 * document with the scope each one needs (its oauth2 security requirement):
 * the table the scope tests walk, never written by hand.
 */
import { env, SELF } from "cloudflare:test";
import { createApp } from "../../src/http/app";
import { sha256Hex } from "../../src/http/auth/crypto";
import { openApiDocument } from "../../src/http/openapi/document";
import { uniqueCode } from "../fixtures/http";
import { probeBody } from "./probe-body";

export interface ScopedOperation {
  method: string;
  /** The document's path (`/api/v1/products/{code}`). */
  path: string;
  /** The scopes of its oauth2 security requirement (one, unless the document is wrong). */
  scopes: string[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Requirement = Record<string, string[]>;
type DocumentOperation = { security?: Requirement[] };

/** Every operation of the document whose security requirements name an oauth2 scope, or none (the public ones have `security: []`). */
export function documentedOperations(): { operations: ScopedOperation[]; unscoped: string[] } {
  const document = openApiDocument(createApp(async (_c, next) => next()).routes) as { paths: Record<string, Record<string, DocumentOperation>> };
  const operations: ScopedOperation[] = [];
  const unscoped: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      // An explicit empty list: a public operation (the token endpoint, /health, the documentation).
      if (operation.security?.length === 0) continue;
      const scopes = (operation.security ?? []).flatMap((requirement) => requirement.oauth2 ?? []);
      if (scopes.length === 0) unscoped.push(`${method.toUpperCase()} ${path}`);
      else operations.push({ method: method.toUpperCase(), path, scopes });
    }
  }
  return { operations, unscoped };
}

/** An access token of the client `clientId` with `scopes` (null: all of its client's), valid for an hour. */
export async function insertScopedToken(clientId: number, scopes: string | null, userId: number | null = null): Promise<string> {
  const token = uniqueCode("scoped");
  await env.DB.prepare("INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, expires_at, scopes) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256Hex(token), clientId, userId, Math.floor(Date.now() / 1000) + 3600, scopes)
    .run();
  return token;
}

/** Sets a client's scopes (null: none configured, full access), as `npm run accounts -- set-scopes` does. */
export async function setClientScopes(clientId: number, scopes: string | null): Promise<void> {
  await env.DB.prepare("UPDATE oauth_clients SET scopes = ? WHERE id = ?").bind(scopes, clientId).run();
}

/** What fills a path's parameters: real ids and codes where there are some, anything else elsewhere. */
export interface PathValues {
  cartId: number;
  itemId: number;
  productCode: string;
  variantCode: string;
}

/** The document's path with its parameters filled. */
export function concretePath(path: string, values: PathValues): string {
  return path
    .replace(/\{(cartId|id|orderId)\}/g, String(values.cartId))
    .replace(/\{itemId\}/g, String(values.itemId))
    .replace(/\{productCode\}/g, values.productCode)
    .replace(/\/products\/\{code\}/g, `/products/${values.productCode}`)
    .replace(/\/variants\/\{code\}/g, `/variants/${values.variantCode}`)
    .replace(/\{[A-Za-z]+\}/g, "ANY_CODE");
}

/** The routes that take `multipart/form-data` with image files. */
const takesUploads = (method: string, path: string): boolean => method !== "GET" && method !== "DELETE" && /^\/api\/v1\/(products|taxons)(\/\{code\})?$/.test(path);

/** Calls an operation with a body where it takes one (image files included), as the token `token`. */
export function callOperation(operation: { method: string; path: string }, values: PathValues, token: string): Promise<Response> {
  const { method, path } = operation;
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  const { body, contentType } = probeBody(method, takesUploads(method, path), values.variantCode);
  if (contentType) headers["Content-Type"] = contentType;
  return SELF.fetch(`https://example.com${concretePath(path, values)}`, { method, headers, body });
}
