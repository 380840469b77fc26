/** The accounts CLI's usage rules (the parts that need no database). */
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script (no types).
import { AccountError, COMMANDS, MIN_PASSWORD_LENGTH, UsageError, accountSql, commandHelp, generalHelp, isEmailAddress, main } from "../../scripts/accounts.mjs";

type Sql = { sql: string; message: (results: unknown[][]) => string };
const build = (command: string | undefined, options: Record<string, string | boolean>) => accountSql(command, options) as Sql;

describe("accounts CLI", () => {
  it("has help for the tool and for every command", () => {
    const names = Object.keys(COMMANDS);
    expect(names).toEqual([
      "create-user",
      "set-email",
      "create-client",
      "set-scopes",
      "create-token",
      "grant-api-access",
      "revoke-api-access",
      "disable-user",
      "enable-user",
      "revoke-tokens",
    ]);
    for (const name of names) {
      expect(generalHelp()).toContain(name);
      expect(commandHelp(name)).toContain(`npm run accounts -- ${name}`);
    }
  });

  it("refuses a password shorter than 8 characters (counted as characters, not bytes)", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(() => build("create-user", { username: "a@b.c", password: "1234567" })).toThrow(UsageError);
    expect(() => build("create-user", { username: "a@b.c", password: "ééééééé" })).toThrow("at least 8 characters");
    expect(build("create-user", { username: "a@b.c", password: "12345678" }).sql).toContain("INSERT INTO admin_users");
  });

  it("names a missing argument as a usage error", () => {
    expect(() => build("create-user", { username: "a@b.c" })).toThrow("--password is required for create-user");
    expect(() => build("enable-user", {})).toThrow("--username is required for enable-user");
    expect(() => build("create-client", { id: "x" })).toThrow("--secret is required for create-client");
    expect(() => build("revoke-tokens", {})).toThrow(UsageError);
    expect(() => build("nope", {})).toThrow('Unknown command "nope"');
    expect(() => build(undefined, {})).toThrow("A command is required");
  });

  it("reports an unknown user or client from the statements' results", () => {
    expect(() => build("enable-user", { username: "ghost@b.c" }).message([[]])).toThrow(AccountError);
    expect(build("enable-user", { username: "x@b.c" }).message([[{ id: 1 }]])).toBe("Enabled x@b.c.");
    expect(() => build("create-token", { client: "c", username: "ghost@b.c" }).message([[{ id: 1 }], [], []])).toThrow('No admin user "ghost@b.c".');
    expect(() => build("create-token", { client: "c" }).message([[], [{ 1: 1 }], []])).toThrow('No client "c".');
    expect(() => build("revoke-tokens", { client: "c" }).message([[], [], []])).toThrow('No client "c".');
  });

  it("it_allows_to_get_an_admin_users_list: create-user gives every user an e-mail, the username's by default", () => {
    const byDefault = build("create-user", { username: "Admin@Shop.example", password: "12345678" });
    expect(byDefault.sql).toMatch(/, 'Admin@Shop\.example', 'admin@shop\.example'\);$/);
    expect(byDefault.sql).toContain("(username, username_canonical, password_hash, enabled, email, email_canonical)");
    expect(byDefault.message([[]])).toBe("Created admin user Admin@Shop.example <Admin@Shop.example>.");
    const given = build("create-user", { username: "ops", email: " Ops@Shop.example ", password: "12345678" });
    expect(given.sql).toMatch(/, 'Ops@Shop\.example', 'ops@shop\.example'\);$/);
    // A username that is not an address needs --email; a sent --email must be an address.
    expect(() => build("create-user", { username: "ops", password: "12345678" })).toThrow(UsageError);
    expect(() => build("create-user", { username: "ops", password: "12345678" })).toThrow("--email is required for create-user when the username is not an e-mail address");
    for (const email of ["", "ops", "ops@shop", "a@b@c.d", "jane doe@shop.example", "@shop.example"]) {
      expect(() => build("create-user", { username: "ops", email, password: "12345678" }), email).toThrow(UsageError);
    }
    expect(isEmailAddress("a@b.c")).toBe(true);
  });

  it("names the e-mail or the username a UNIQUE failure is about", async () => {
    const { duplicate } = accountSql("create-user", { username: "ops", email: "ops@shop.example", password: "12345678" }) as { duplicate: (output: string) => string };
    expect(duplicate("UNIQUE constraint failed: admin_users.email_canonical: SQLITE_CONSTRAINT")).toBe('An admin user with the e-mail "ops@shop.example" already exists.');
    expect(duplicate("UNIQUE constraint failed: admin_users.username_canonical: SQLITE_CONSTRAINT")).toBe('An admin user "ops" already exists.');
  });

  it("set-email sets a user's e-mail by the same rules", () => {
    const set = build("set-email", { username: "Ops", email: "Ops@Shop.example" });
    expect(set.sql).toContain("UPDATE admin_users SET email = 'Ops@Shop.example', email_canonical = 'ops@shop.example'");
    expect(set.sql).toContain("WHERE username_canonical = 'ops' RETURNING id;");
    expect(set.message([[{ id: 3 }]])).toBe("Set the e-mail of Ops to Ops@Shop.example.");
    expect(() => set.message([[]])).toThrow('No admin user "Ops".');
    expect(() => build("set-email", { username: "ops" })).toThrow("--email is required for set-email");
    expect(() => build("set-email", { username: "ops", email: "not an address" })).toThrow(UsageError);
  });

  it("refuses unknown options before touching any database", async () => {
    await expect(main(["create-user", "--username", "a@b.c", "--pasword", "12345678"])).rejects.toThrow(UsageError);
    await expect(main(["create-user", "extra", "--username", "a@b.c"])).rejects.toThrow(UsageError);
  });
});
