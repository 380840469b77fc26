// Manages API accounts without any HTTP endpoint: admin users, OAuth2 clients
// and (for automation) long-lived access tokens.
//
//   npm run accounts -- create-user   --username EMAIL --password PW [--disabled]
//   npm run accounts -- create-client --id PUBLIC_ID --secret SECRET [--grants password,refresh_token,client_credentials]
//   npm run accounts -- create-token  --client PUBLIC_ID [--username EMAIL] [--ttl SECONDS] [--token VALUE]
//   npm run accounts -- disable-user  --username EMAIL      (its tokens stop working at once)
//   npm run accounts -- enable-user   --username EMAIL
//   npm run accounts -- revoke-tokens --username EMAIL | --client PUBLIC_ID
//
// Target: the local D1 by default; `--persist-to DIR` for another local
// state directory; `--remote` for the deployed database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashSecret, randomToken, sha256Hex } from "./lib/credentials.mjs";
import { sqlString, targetFlags, wrangler } from "./lib/wrangler.mjs";

const GRANTS = ["password", "refresh_token", "client_credentials"];

export function accountSql(command, o) {
  const need = (name) => {
    if (!o[name]) throw new Error(`--${name} is required for ${command}`);
    return o[name];
  };
  switch (command) {
    case "create-user": {
      const username = need("username");
      return {
        sql: `INSERT INTO admin_users (username, username_canonical, password_hash, enabled) VALUES (${sqlString(username)}, ${sqlString(username.toLowerCase())}, ${sqlString(hashSecret(need("password")))}, ${o.disabled ? 0 : 1});`,
        message: `Created admin user ${username}.`,
      };
    }
    case "create-client": {
      const grants = (o.grants ?? GRANTS.join(",")).split(",").map((g) => g.trim()).filter(Boolean);
      const unknown = grants.filter((g) => !GRANTS.includes(g));
      if (unknown.length) throw new Error(`Unknown grant type(s): ${unknown.join(", ")}`);
      return {
        sql: `INSERT INTO oauth_clients (public_id, secret_hash, allowed_grant_types) VALUES (${sqlString(need("id"))}, ${sqlString(hashSecret(need("secret")))}, ${sqlString(JSON.stringify(grants))});`,
        message: `Created client ${o.id} (grants: ${grants.join(", ")}).`,
      };
    }
    case "create-token": {
      const token = o.token ?? randomToken();
      const ttl = Number(o.ttl ?? 3600);
      if (!Number.isInteger(ttl) || ttl < 1) throw new Error("--ttl must be a positive number of seconds");
      const expiresAt = Math.floor(Date.now() / 1000) + ttl;
      const user = o.username
        ? `(SELECT id FROM admin_users WHERE username_canonical = ${sqlString(o.username.toLowerCase())})`
        : "NULL";
      return {
        sql: `INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, expires_at) SELECT ${sqlString(sha256Hex(token))}, id, ${user}, ${expiresAt} FROM oauth_clients WHERE public_id = ${sqlString(need("client"))};`,
        message: `Access token (shown once, valid ${ttl} s): ${token}`,
      };
    }
    case "disable-user":
    case "enable-user":
      return {
        sql: `UPDATE admin_users SET enabled = ${command === "enable-user" ? 1 : 0} WHERE username_canonical = ${sqlString(need("username").toLowerCase())};`,
        message: `${command === "enable-user" ? "Enabled" : "Disabled"} ${o.username}.`,
      };
    case "revoke-tokens": {
      const where = o.username
        ? `user_id = (SELECT id FROM admin_users WHERE username_canonical = ${sqlString(o.username.toLowerCase())})`
        : `client_id = (SELECT id FROM oauth_clients WHERE public_id = ${sqlString(need("client"))})`;
      return {
        sql: `DELETE FROM oauth_access_tokens WHERE ${where}; DELETE FROM oauth_refresh_tokens WHERE ${where};`,
        message: "Revoked the tokens.",
      };
    }
    default:
      throw new Error(`Unknown command "${command}". Commands: create-user, create-client, create-token, disable-user, enable-user, revoke-tokens.`);
  }
}

async function main() {
  const { flags, rest } = targetFlags(process.argv.slice(2));
  const { positionals, values } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      username: { type: "string" },
      password: { type: "string" },
      disabled: { type: "boolean" },
      id: { type: "string" },
      secret: { type: "string" },
      grants: { type: "string" },
      client: { type: "string" },
      ttl: { type: "string" },
      token: { type: "string" },
    },
  });
  const { sql, message } = accountSql(positionals[0], values);
  const dir = mkdtempSync(path.join(tmpdir(), "accounts-"));
  const file = path.join(dir, "account.sql");
  writeFileSync(file, sql, { mode: 0o600 });
  try {
    await wrangler(["d1", "execute", "DB", ...flags, "--file", file, "--yes"], { stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(message);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
