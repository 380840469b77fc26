// The demo credentials the README and the API documentation show. They exist only in local demo data:
// nothing else in the project creates them.
import { hashSecret, sha256Hex } from "../lib/credentials.mjs";
import { sqlString } from "../lib/wrangler.mjs";

export const DEMO = {
  client: { id: "demo_client", secret: "secret_demo_client" },
  user: { username: "api@example.com", password: "sylius-api" },
  token: "SampleToken",
  shopUser: { email: "shop@example.com", password: "sylius" },
};

/** INSERT OR IGNORE statements: loading them twice changes nothing. */
export function demoAccountsSql() {
  const { client, user, token, shopUser } = DEMO;
  return `
INSERT OR IGNORE INTO oauth_clients (public_id, secret_hash, allowed_grant_types)
  VALUES (${sqlString(client.id)}, ${sqlString(hashSecret(client.secret))}, '["password","refresh_token","client_credentials"]');
INSERT OR IGNORE INTO admin_users (username, username_canonical, password_hash, enabled, email, email_canonical)
  VALUES (${sqlString(user.username)}, ${sqlString(user.username)}, ${sqlString(hashSecret(user.password))}, 1, ${sqlString(user.username)}, ${sqlString(user.username)});
INSERT OR IGNORE INTO oauth_access_tokens (token_hash, client_id, user_id, expires_at)
  SELECT ${sqlString(sha256Hex(token))}, c.id, u.id, 4102444800 FROM oauth_clients c, admin_users u
  WHERE c.public_id = ${sqlString(client.id)} AND u.username_canonical = ${sqlString(user.username)};
INSERT OR IGNORE INTO shop_users (customer_id, username, username_canonical, password_hash, enabled)
  SELECT id, email, email_canonical, ${sqlString(hashSecret(shopUser.password))}, 1 FROM customers
  WHERE email_canonical = ${sqlString(shopUser.email)};
`;
}
