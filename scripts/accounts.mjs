// Manages API accounts without any HTTP endpoint: admin users, OAuth2 clients
// and (for automation) long-lived access tokens. `npm run accounts -- --help`
// lists the commands; `npm run accounts -- COMMAND --help` describes one.
//
// Exit codes: 0 done; 1 the database refused (duplicate, unknown user or
// client, wrangler failed); 2 wrong usage (unknown command or option, missing
// or invalid argument).
//
// Target: the local D1 by default; `--persist-to DIR` for another local
// state directory; `--remote` for the deployed database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashSecret, randomToken, sha256Hex } from "./lib/credentials.mjs";
import { parseScopeList, SCOPES } from "./lib/scopes.mjs";
import { sqlString, targetFlags, wrangler } from "./lib/wrangler.mjs";

const GRANTS = ["password", "refresh_token", "client_credentials"];
/** NIST SP 800-63B: memorized secrets of at least 8 characters (no composition rules). */
export const MIN_PASSWORD_LENGTH = 8;

/** Wrong usage: the command line, not the database. */
export class UsageError extends Error {}
/** The database refused or does not hold what the command names. */
export class AccountError extends Error {}

const TARGET_HELP = `Target (any command):
  (default)          the local D1 of \`npm start\` / \`npm run dev\` (.wrangler/state)
  --persist-to DIR   another local state directory
  --remote           the deployed database (wrangler must be logged in)`;

export const COMMANDS = {
  "create-user": {
    usage: "create-user --username EMAIL --password PASSWORD [--email EMAIL] [--disabled] [--no-api-access]",
    summary: "Create an admin user (who gets tokens with the password grant).",
    details: `  --username EMAIL     the login (compared case-insensitively); must be new
  --password PASSWORD  at least ${MIN_PASSWORD_LENGTH} characters; stored as a salted PBKDF2-SHA256 hash
  --email EMAIL        the user's e-mail (compared case-insensitively); must be new; default: the
                       username, which must then be an e-mail address
  --disabled           create the user disabled (enable it later with enable-user)
  --no-api-access      create the user without API access (no token; grant-api-access later)`,
  },
  "set-email": {
    usage: "set-email --username NAME --email EMAIL",
    summary: "Set an admin user's e-mail (one made without it, whose username is not an address).",
    details: `  --username NAME  an existing admin user
  --email EMAIL    an e-mail address no other user has`,
  },
  "create-client": {
    usage: 'create-client --id PUBLIC_ID --secret SECRET [--grants LIST] [--scopes "LIST"]',
    summary: "Create an OAuth2 API client.",
    details: `  --id PUBLIC_ID   the client_id; must be new
  --secret SECRET  the client_secret; stored as a salted PBKDF2-SHA256 hash
  --grants LIST    comma-separated, among ${GRANTS.join(", ")} (default: all)
  --scopes LIST    the scopes its tokens may hold, separated by spaces or commas, among
                   ${SCOPES.join(" ")}
                   (default: none configured, which is full access, every scope)`,
  },
  "set-scopes": {
    usage: 'set-scopes --client PUBLIC_ID (--scopes "LIST" | --all)',
    summary: "Set the scopes a client's tokens may hold: its live tokens change at once.",
    details: `  --client PUBLIC_ID  an existing client
  --scopes LIST       separated by spaces or commas, among ${SCOPES.join(" ")}
  --all               no scopes configured: full access, every scope (those to come included)`,
  },
  "create-token": {
    usage: 'create-token --client PUBLIC_ID [--username EMAIL] [--ttl SECONDS] [--token VALUE] [--scopes "LIST"]',
    summary: "Issue a long-lived access token (printed once) for automation.",
    details: `  --client PUBLIC_ID  the client the token belongs to (must exist)
  --username EMAIL    act as this admin user (must exist and have API access); without it, a client token
  --ttl SECONDS       lifetime, default 3600
  --token VALUE       use this value instead of 256 random bits
  --scopes LIST       the token's scopes, separated by spaces or commas: some of its client's
                      (default: all of its client's)`,
  },
  "grant-api-access": {
    usage: "grant-api-access --username EMAIL",
    summary: "Give an admin user API access (Sylius' ROLE_API_ACCESS): it may get tokens.",
    details: "  --username EMAIL  an existing admin user",
  },
  "revoke-api-access": {
    usage: "revoke-api-access --username EMAIL",
    summary: "Take API access away from an admin user: no new token, and its tokens stop working at once.",
    details: "  --username EMAIL  an existing admin user",
  },
  "disable-user": {
    usage: "disable-user --username EMAIL",
    summary: "Disable an admin user: its tokens stop working at once.",
    details: "  --username EMAIL  an existing admin user",
  },
  "enable-user": {
    usage: "enable-user --username EMAIL",
    summary: "Enable a disabled admin user again.",
    details: "  --username EMAIL  an existing admin user",
  },
  "revoke-tokens": {
    usage: "revoke-tokens --username EMAIL | --client PUBLIC_ID",
    summary: "Delete every access and refresh token of a user or of a client.",
    details: `  --username EMAIL    the tokens of this admin user
  --client PUBLIC_ID  the tokens of this client`,
  },
};

export function generalHelp() {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Usage: npm run accounts -- COMMAND [options]

Commands:
${lines.join("\n")}

\`npm run accounts -- COMMAND --help\` describes a command.

${TARGET_HELP}

Exit codes: 0 done, 1 refused by the database (duplicate, unknown user or client), 2 wrong usage.`;
}

export function commandHelp(name) {
  const c = COMMANDS[name];
  return `Usage: npm run accounts -- ${c.usage}

${c.summary}

${c.details}

${TARGET_HELP}`;
}

const canonical = (username) => username.toLowerCase();

/** The user form's e-mail check (Symfony's loose one): one "@", something before it, a dot inside what follows, no whitespace. */
export const isEmailAddress = (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The message of a UNIQUE failure: the e-mail's or the username's. */
const takenBy = (username, email) => (output) =>
  /admin_users\.email_canonical/.test(output) ? `An admin user with the e-mail "${email}" already exists.` : `An admin user "${username}" already exists.`;

/**
 * The SQL of a command and how to read its results (one result set per
 * statement, from `wrangler d1 execute --json`) into a message.
 */
export function accountSql(command, o) {
  const need = (name) => {
    const value = o[name];
    if (value === undefined || value.trim() === "") throw new UsageError(`--${name} is required for ${command} (see \`npm run accounts -- ${command} --help\`).`);
    return value;
  };
  const userExists = (username) => `SELECT id FROM admin_users WHERE username_canonical = ${sqlString(canonical(username))};`;
  const clientExists = (id) => `SELECT id FROM oauth_clients WHERE public_id = ${sqlString(id)};`;
  const noUser = (username) => new AccountError(`No admin user "${username}".`);
  const noClient = (id) => new AccountError(`No client "${id}".`);
  /** Without --email: the username, when it is an address (Sylius' admin user form requires an e-mail). */
  const defaultEmail = (username) => {
    if (!isEmailAddress(username)) {
      throw new UsageError(`--email is required for create-user when the username is not an e-mail address ("${username}").`);
    }
    return username;
  };
  /** --scopes as stored: known scopes only, at least one. */
  const scopeList = (value) => {
    const { names, unknown, stored } = parseScopeList(value);
    if (unknown.length) throw new UsageError(`Unknown scope(s): ${unknown.join(", ")}. Known: ${SCOPES.join(" ")}.`);
    if (names.length === 0) throw new UsageError("--scopes must name at least one scope (without --scopes: full access).");
    return stored;
  };
  const sentEmail = (value) => {
    const email = value.trim();
    if (!isEmailAddress(email)) throw new UsageError(`--email must be an e-mail address ("${value}").`);
    return email;
  };
  switch (command) {
    case "create-user": {
      const username = need("username").trim();
      const password = need("password");
      if ([...password].length < MIN_PASSWORD_LENGTH) {
        throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
      }
      const email = o.email === undefined ? defaultEmail(username) : sentEmail(o.email);
      return {
        // API access by the column's default unless --no-api-access.
        sql: o["no-api-access"]
          ? `INSERT INTO admin_users (username, username_canonical, password_hash, enabled, email, email_canonical, api_access) VALUES (${sqlString(username)}, ${sqlString(canonical(username))}, ${sqlString(hashSecret(password))}, ${o.disabled ? 0 : 1}, ${sqlString(email)}, ${sqlString(canonical(email))}, 0);`
          : `INSERT INTO admin_users (username, username_canonical, password_hash, enabled, email, email_canonical) VALUES (${sqlString(username)}, ${sqlString(canonical(username))}, ${sqlString(hashSecret(password))}, ${o.disabled ? 0 : 1}, ${sqlString(email)}, ${sqlString(canonical(email))});`,
        duplicate: takenBy(username, email),
        message: () => `Created admin user ${username} <${email}>${o.disabled ? " (disabled)" : ""}${o["no-api-access"] ? " without API access" : ""}.`,
      };
    }
    case "set-email": {
      const username = need("username");
      const email = sentEmail(need("email"));
      return {
        sql: `UPDATE admin_users SET email = ${sqlString(email)}, email_canonical = ${sqlString(canonical(email))}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE username_canonical = ${sqlString(canonical(username))} RETURNING id;`,
        duplicate: takenBy(username, email),
        message: ([updated]) => {
          if (updated.length === 0) throw noUser(username);
          return `Set the e-mail of ${username} to ${email}.`;
        },
      };
    }
    case "create-client": {
      const id = need("id").trim();
      const secret = need("secret");
      const grants = (o.grants ?? GRANTS.join(",")).split(",").map((g) => g.trim()).filter(Boolean);
      const unknown = grants.filter((g) => !GRANTS.includes(g));
      if (unknown.length) throw new UsageError(`Unknown grant type(s): ${unknown.join(", ")}. Known: ${GRANTS.join(", ")}.`);
      if (grants.length === 0) throw new UsageError("--grants must name at least one grant type.");
      const scopes = o.scopes === undefined ? null : scopeList(o.scopes);
      return {
        sql: `INSERT INTO oauth_clients (public_id, secret_hash, allowed_grant_types, scopes) VALUES (${sqlString(id)}, ${sqlString(hashSecret(secret))}, ${sqlString(JSON.stringify(grants))}, ${scopes === null ? "NULL" : sqlString(scopes)});`,
        duplicate: `A client "${id}" already exists.`,
        message: () => `Created client ${id} (grants: ${grants.join(", ")}; scopes: ${scopes ?? "all"}).`,
      };
    }
    case "set-scopes": {
      const client = need("client");
      if (o.all && o.scopes !== undefined) throw new UsageError("set-scopes takes --scopes or --all, not both.");
      if (!o.all && o.scopes === undefined) throw new UsageError("set-scopes needs --scopes LIST or --all (see `npm run accounts -- set-scopes --help`).");
      const scopes = o.all ? null : scopeList(o.scopes);
      return {
        sql: `UPDATE oauth_clients SET scopes = ${scopes === null ? "NULL" : sqlString(scopes)} WHERE public_id = ${sqlString(client)} RETURNING id;`,
        message: ([updated]) => {
          if (updated.length === 0) throw noClient(client);
          return `Set the scopes of client ${client} to ${scopes ?? "all (none configured)"}; its live tokens hold at most these now.`;
        },
      };
    }
    case "grant-api-access":
    case "revoke-api-access": {
      const username = need("username");
      const grant = command === "grant-api-access";
      return {
        sql: `UPDATE admin_users SET api_access = ${grant ? 1 : 0} WHERE username_canonical = ${sqlString(canonical(username))} RETURNING id;`,
        message: ([updated]) => {
          if (updated.length === 0) throw noUser(username);
          return grant ? `Granted API access to ${username}.` : `Revoked the API access of ${username}: no new token, and its tokens stop working now.`;
        },
      };
    }
    case "create-token": {
      const client = need("client");
      const token = o.token ?? randomToken();
      if (token.trim() === "") throw new UsageError("--token must not be empty.");
      const ttl = Number(o.ttl ?? 3600);
      if (!Number.isInteger(ttl) || ttl < 1) throw new UsageError("--ttl must be a positive whole number of seconds.");
      const expiresAt = Math.floor(Date.now() / 1000) + ttl;
      const user = o.username === undefined ? "NULL" : `(SELECT id FROM admin_users WHERE username_canonical = ${sqlString(canonical(o.username))})`;
      const userCheck = o.username === undefined ? "" : ` AND ${user} IS NOT NULL AND (SELECT api_access FROM admin_users WHERE username_canonical = ${sqlString(canonical(o.username))}) = 1`;
      // Some of the client's scopes (a client without scopes configured has them all); without --scopes, the client's.
      const scopes = o.scopes === undefined ? null : scopeList(o.scopes);
      const withinClient = scopes === null ? "" : scopes.split(" ").map((scope) => ` AND (scopes IS NULL OR instr(' ' || scopes || ' ', ${sqlString(` ${scope} `)}) > 0)`).join("");
      return {
        sql: [
          `SELECT id, scopes FROM oauth_clients WHERE public_id = ${sqlString(client)};`,
          o.username === undefined ? "SELECT 1 AS api_access;" : `SELECT id, api_access FROM admin_users WHERE username_canonical = ${sqlString(canonical(o.username))};`,
          `INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, expires_at, scopes) SELECT ${sqlString(sha256Hex(token))}, id, ${user}, ${expiresAt}, ${scopes === null ? "scopes" : sqlString(scopes)} FROM oauth_clients WHERE public_id = ${sqlString(client)}${userCheck}${withinClient} RETURNING scopes;`,
        ].join("\n"),
        duplicate: "That token value is already in use.",
        message: ([clients, users, inserted]) => {
          if (clients.length === 0) throw noClient(client);
          if (users.length === 0) throw noUser(o.username);
          if (users[0].api_access !== 1) throw new AccountError(`The admin user "${o.username}" has no API access (grant-api-access gives it).`);
          if (inserted.length === 0) {
            throw new AccountError(`The client "${client}" may not hold every scope asked for: it holds ${clients[0].scopes ?? "all"}.`);
          }
          return `Access token (shown once, valid ${ttl} s; scopes: ${inserted[0].scopes ?? "all"}): ${token}`;
        },
      };
    }
    case "disable-user":
    case "enable-user": {
      const username = need("username");
      return {
        sql: `UPDATE admin_users SET enabled = ${command === "enable-user" ? 1 : 0} WHERE username_canonical = ${sqlString(canonical(username))} RETURNING id;`,
        message: ([updated]) => {
          if (updated.length === 0) throw noUser(username);
          return `${command === "enable-user" ? "Enabled" : "Disabled"} ${username}.`;
        },
      };
    }
    case "revoke-tokens": {
      if (o.username !== undefined && o.client !== undefined) throw new UsageError("revoke-tokens takes --username or --client, not both.");
      if (o.username === undefined && o.client === undefined) {
        throw new UsageError("revoke-tokens needs --username EMAIL or --client PUBLIC_ID (see `npm run accounts -- revoke-tokens --help`).");
      }
      const where = o.username !== undefined
        ? `user_id = (SELECT id FROM admin_users WHERE username_canonical = ${sqlString(canonical(o.username))})`
        : `client_id = (SELECT id FROM oauth_clients WHERE public_id = ${sqlString(o.client)})`;
      return {
        sql: [
          o.username !== undefined ? userExists(o.username) : clientExists(o.client),
          `DELETE FROM oauth_access_tokens WHERE ${where} RETURNING id;`,
          `DELETE FROM oauth_refresh_tokens WHERE ${where} RETURNING id;`,
        ].join("\n"),
        message: ([owners, access, refresh]) => {
          if (owners.length === 0) throw o.username !== undefined ? noUser(o.username) : noClient(o.client);
          return `Revoked ${access.length} access and ${refresh.length} refresh token(s).`;
        },
      };
    }
    default:
      throw new UsageError(
        command === undefined
          ? `A command is required.\n\n${generalHelp()}`
          : `Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(", ")} (see \`npm run accounts -- --help\`).`,
      );
  }
}

const OPTIONS = {
  username: { type: "string" },
  password: { type: "string" },
  email: { type: "string" },
  disabled: { type: "boolean" },
  id: { type: "string" },
  secret: { type: "string" },
  grants: { type: "string" },
  client: { type: "string" },
  ttl: { type: "string" },
  token: { type: "string" },
  scopes: { type: "string" },
  all: { type: "boolean" },
  "no-api-access": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** Runs SQL with wrangler and returns one row list per statement. */
async function execute(flags, sql) {
  const dir = mkdtempSync(path.join(tmpdir(), "accounts-"));
  const file = path.join(dir, "account.sql");
  // Through a file readable only by this user: hashes never appear in a process list.
  writeFileSync(file, sql, { mode: 0o600 });
  const output = { stdout: "", stderr: "" };
  try {
    await wrangler(["d1", "execute", "DB", ...flags, "--file", file, "--yes", "--json"], { stdio: ["ignore", "pipe", "pipe"], output });
  } catch (error) {
    error.output = `${output.stdout}\n${output.stderr}`;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const parsed = JSON.parse(output.stdout.slice(output.stdout.indexOf("[")));
  return parsed.map((statement) => statement.results ?? []);
}

export async function main(argv) {
  const { flags, rest } = targetFlags(argv);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError(`${error.message} (see \`npm run accounts -- --help\`).`);
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  if (values.help) {
    console.log(command && COMMANDS[command] ? commandHelp(command) : generalHelp());
    return;
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}" (options start with --).`);
  const { sql, duplicate, message } = accountSql(command, values);
  let results;
  try {
    results = await execute(flags, sql);
  } catch (error) {
    if (duplicate && /UNIQUE constraint failed/.test(error.output ?? "")) {
      throw new AccountError(typeof duplicate === "function" ? duplicate(error.output) : duplicate);
    }
    // A database that was never migrated (a new --persist-to directory, a new remote database).
    if (/no such table/.test(error.output ?? "")) {
      const where = flags.filter((flag) => flag !== "--local").join(" ");
      throw new AccountError(`The database has no tables yet: run \`npm run db:migrate${where ? ` -- ${where}` : ""}\` first.`);
    }
    throw new AccountError(`${error.message}\n${(error.output ?? "").trim()}`);
  }
  console.log(message(results));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`accounts: ${error.message}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
