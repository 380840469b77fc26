/** The accounts CLI's scope and API-access commands (the parts that need no database). */
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script (no types).
import { AccountError, UsageError, accountSql } from "../../scripts/accounts.mjs";
import { SCOPES } from "../../src/domain/scopes";

type Sql = { sql: string; message: (results: unknown[][]) => string };
const build = (command: string, options: Record<string, string | boolean>) => accountSql(command, options) as Sql;

describe("accounts CLI: scopes", () => {
  it("knows the scopes the API knows, in the same order", () => {
    // Given in reverse, every scope is taken and stored in the API's order; one the API lacks is refused.
    const all = build("create-client", { id: "all", secret: "s3cret", scopes: [...SCOPES].reverse().join(" ") });
    expect(all.sql).toContain(`'${SCOPES.join(" ")}');`);
    expect(() => build("create-client", { id: "odd", secret: "s3cret", scopes: "catalog:read catalog:peek" })).toThrow(/catalog:peek/);
  });

  it("creates a client with scopes (stored in the list's order), or with none configured (full access)", () => {
    const scoped = build("create-client", { id: "shop", secret: "s3cret", scopes: "carts:write catalog:read" });
    expect(scoped.sql).toContain("'catalog:read carts:write');");
    expect(scoped.message([[]])).toBe("Created client shop (grants: password, refresh_token, client_credentials; scopes: catalog:read carts:write).");
    expect(build("create-client", { id: "full", secret: "s3cret" }).sql).toMatch(/, NULL\);$/);
    expect(() => build("create-client", { id: "x", secret: "s", scopes: "catalog:read catalog:delete" })).toThrow("Unknown scope(s): catalog:delete");
    expect(() => build("create-client", { id: "x", secret: "s", scopes: " " })).toThrow(UsageError);
  });

  it("sets a client's scopes, or back to full access, and names an unknown client", () => {
    expect(build("set-scopes", { client: "shop", scopes: "orders:read,orders:write" }).sql).toBe(
      "UPDATE oauth_clients SET scopes = 'orders:read orders:write' WHERE public_id = 'shop' RETURNING id;",
    );
    expect(build("set-scopes", { client: "shop", all: true }).sql).toContain("SET scopes = NULL");
    expect(() => build("set-scopes", { client: "shop" })).toThrow(UsageError);
    expect(() => build("set-scopes", { client: "shop", all: true, scopes: "catalog:read" })).toThrow("not both");
    expect(() => build("set-scopes", { client: "ghost", all: true }).message([[]])).toThrow('No client "ghost".');
  });

  it("issues a token with some of its client's scopes, and refuses more than the client holds", () => {
    const token = build("create-token", { client: "shop", scopes: "catalog:read", token: "T" });
    expect(token.sql).toContain("instr(' ' || scopes || ' ', ' catalog:read ') > 0");
    expect(token.message([[{ id: 1, scopes: "catalog:read carts:write" }], [{ api_access: 1 }], [{ scopes: "catalog:read" }]])).toBe(
      "Access token (shown once, valid 3600 s; scopes: catalog:read): T",
    );
    // Nothing inserted: the client lacks a scope asked for.
    expect(() => build("create-token", { client: "shop", scopes: "users:manage" }).message([[{ id: 1, scopes: "catalog:read" }], [{ api_access: 1 }], []])).toThrow(
      'The client "shop" may not hold every scope asked for: it holds catalog:read.',
    );
    expect(() => build("create-token", { client: "shop", scopes: "root" })).toThrow(UsageError);
  });

  it("grants and revokes a user's API access, and refuses a token for a user without it", () => {
    expect(build("grant-api-access", { username: "Ops@Shop.example" }).sql).toBe("UPDATE admin_users SET api_access = 1 WHERE username_canonical = 'ops@shop.example' RETURNING id;");
    expect(build("revoke-api-access", { username: "ops@shop.example" }).sql).toContain("SET api_access = 0");
    expect(() => build("revoke-api-access", { username: "ghost@b.c" }).message([[]])).toThrow(AccountError);
    expect(build("create-user", { username: "a@b.c", password: "12345678", "no-api-access": true }).sql).toMatch(/, api_access\) VALUES .*, 0\);$/);
    expect(() => build("create-token", { client: "c", username: "a@b.c" }).message([[{ id: 1, scopes: null }], [{ id: 2, api_access: 0 }], []])).toThrow(
      'The admin user "a@b.c" has no API access',
    );
  });
});
