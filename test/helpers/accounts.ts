import { env } from "cloudflare:test";
import { hashSecret, sha256Hex } from "../../src/http/auth/crypto";

export const TEST_TOKEN = "TestToken";
export const TEST_CLIENT = { id: "test_client", secret: "test_secret" };
export const TEST_USER = { username: "admin@example.com", password: "admin-password" };

/** A client, an admin user and a long-lived access token for the tests. */
export async function seedTestAccounts(): Promise<void> {
  const existing = await env.DB.prepare("SELECT id FROM oauth_clients WHERE public_id = ?").bind(TEST_CLIENT.id).first();
  if (existing) return;
  const [secretHash, passwordHash, tokenHash] = await Promise.all([
    hashSecret(TEST_CLIENT.secret, 1000),
    hashSecret(TEST_USER.password, 1000),
    sha256Hex(TEST_TOKEN),
  ]);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO oauth_clients (public_id, secret_hash, allowed_grant_types) VALUES (?, ?, ?)",
    ).bind(TEST_CLIENT.id, secretHash, JSON.stringify(["password", "refresh_token", "client_credentials"])),
    env.DB.prepare(
      "INSERT OR IGNORE INTO admin_users (username, username_canonical, password_hash, enabled) VALUES (?, ?, ?, 1)",
    ).bind(TEST_USER.username, TEST_USER.username, passwordHash),
    env.DB.prepare(
      `INSERT OR IGNORE INTO oauth_access_tokens (token_hash, client_id, user_id, expires_at)
       SELECT ?, c.id, u.id, 4102444800 FROM oauth_clients c, admin_users u
       WHERE c.public_id = ? AND u.username_canonical = ?`,
    ).bind(tokenHash, TEST_CLIENT.id, TEST_USER.username),
  ]);
}
