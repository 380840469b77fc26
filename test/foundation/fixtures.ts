/** Fixtures of the foundation tests, inserted straight into D1. */
import { env, SELF } from "cloudflare:test";
import { hashSecret, sha256Hex } from "../../src/http/auth/crypto";
import { api, uniqueCode } from "../helpers/http";

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

export interface CodeResource {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
  _links: { self: { href: string } };
}

/** A random script subtag (`Abcd`), to group locale codes of one test. */
export const randomScript = () => pick(UPPER, 1) + pick(LOWER, 3);

/** A valid, (practically) unique locale code such as `qzx_Abcd_123`. */
export function uniqueLocaleCode(script = randomScript(), region?: number): string {
  const digits = region ?? Math.floor(Math.random() * 1000);
  return `${pick(LOWER, 3)}_${script}_${String(digits).padStart(3, "0")}`;
}

export async function createLocale(code = uniqueLocaleCode()) {
  const res = await api("POST", "/api/v1/locales/", { code });
  if (res.status !== 201) throw new Error(`locale ${code}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CodeResource;
}

/** Creates a currency with a random ISO-like code not used yet. */
export async function createCurrency(): Promise<CodeResource> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = pick(UPPER, 3);
    const res = await api("POST", "/api/v1/currencies/", { code });
    if (res.status === 201) return res.body;
  }
  throw new Error("no free currency code");
}

/** A currency code no currency has (checked), for create tests. */
export async function freeCurrencyCode(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = pick(UPPER, 3);
    const row = await env.DB.prepare("SELECT 1 FROM currencies WHERE code = ?").bind(code).first();
    if (!row) return code;
  }
  throw new Error("no free currency code");
}

/** A channel row referencing a locale and a currency (by id). */
export async function insertChannel(opts: {
  defaultLocaleId: number;
  baseCurrencyId: number;
  localeIds?: number[];
  currencyIds?: number[];
}): Promise<number> {
  const code = uniqueCode("CH");
  const row = await env.DB.prepare(
    "INSERT INTO channels (code, name, enabled, base_currency_id, default_locale_id) VALUES (?, ?, 1, ?, ?) RETURNING id",
  )
    .bind(code, code, opts.baseCurrencyId, opts.defaultLocaleId)
    .first<{ id: number }>();
  const id = row!.id;
  const statements = [
    ...(opts.localeIds ?? []).map((l) =>
      env.DB.prepare("INSERT INTO channel_locales (channel_id, locale_id) VALUES (?, ?)").bind(id, l),
    ),
    ...(opts.currencyIds ?? []).map((cur) =>
      env.DB.prepare("INSERT INTO channel_currencies (channel_id, currency_id) VALUES (?, ?)").bind(id, cur),
    ),
  ];
  if (statements.length) await env.DB.batch(statements);
  return id;
}

// ------------------------------------------------------------------ accounts

export async function insertClient(grants: string[], secret = "fixture_secret") {
  const publicId = uniqueCode("client");
  const secretHash = await hashSecret(secret, 1000);
  const row = await env.DB.prepare(
    "INSERT INTO oauth_clients (public_id, secret_hash, allowed_grant_types) VALUES (?, ?, ?) RETURNING id",
  )
    .bind(publicId, secretHash, JSON.stringify(grants))
    .first<{ id: number }>();
  return { id: row!.id, publicId, secret };
}

export async function insertUser(opts: { enabled: boolean; password?: string }) {
  const username = `${uniqueCode("user").toLowerCase()}@example.com`;
  const password = opts.password ?? "fixture-password";
  const passwordHash = await hashSecret(password, 1000);
  const row = await env.DB.prepare(
    "INSERT INTO admin_users (username, username_canonical, password_hash, enabled) VALUES (?, ?, ?, ?) RETURNING id",
  )
    .bind(username, username, passwordHash, opts.enabled ? 1 : 0)
    .first<{ id: number }>();
  return { id: row!.id, username, password };
}

export async function testClientId(): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM oauth_clients WHERE public_id = 'test_client'").first<{ id: number }>();
  return row!.id;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Inserts a token row (access or refresh) and returns the plain token. */
export async function insertToken(
  table: "oauth_access_tokens" | "oauth_refresh_tokens",
  opts: { clientId: number; userId: number | null; expiresIn: number },
): Promise<string> {
  const token = uniqueCode("tok");
  await env.DB.prepare(`INSERT INTO ${table} (token_hash, client_id, user_id, expires_at) VALUES (?, ?, ?, ?)`)
    .bind(await sha256Hex(token), opts.clientId, opts.userId, nowSeconds() + opts.expiresIn)
    .run();
  return token;
}

// ------------------------------------------------------------ token endpoint

export interface TokenCall {
  status: number;
  headers: Headers;
  body: any;
}

async function toCall(response: Response): Promise<TokenCall> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, headers: response.headers, body };
}

const TOKEN_URL = "https://example.com/api/oauth/v2/token";

export async function tokenJson(params: Record<string, unknown>): Promise<TokenCall> {
  return toCall(
    await SELF.fetch(TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
    }),
  );
}

export async function tokenForm(params: Record<string, string>): Promise<TokenCall> {
  return toCall(
    await SELF.fetch(TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    }),
  );
}

export async function tokenQuery(method: "GET" | "POST", params: Record<string, string>): Promise<TokenCall> {
  return toCall(await SELF.fetch(`${TOKEN_URL}?${new URLSearchParams(params).toString()}`, { method }));
}
