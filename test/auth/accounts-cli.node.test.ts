/** The accounts CLI's usage rules (the parts that need no database). */
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script (no types).
import { AccountError, COMMANDS, MIN_PASSWORD_LENGTH, UsageError, accountSql, commandHelp, generalHelp, main } from "../../scripts/accounts.mjs";

type Sql = { sql: string; message: (results: unknown[][]) => string };
const build = (command: string | undefined, options: Record<string, string | boolean>) => accountSql(command, options) as Sql;

describe("accounts CLI", () => {
  it("has help for the tool and for every command", () => {
    const names = Object.keys(COMMANDS);
    expect(names).toEqual(["create-user", "create-client", "create-token", "disable-user", "enable-user", "revoke-tokens"]);
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

  it("refuses unknown options before touching any database", async () => {
    await expect(main(["create-user", "--username", "a@b.c", "--pasword", "12345678"])).rejects.toThrow(UsageError);
    await expect(main(["create-user", "extra", "--username", "a@b.c"])).rejects.toThrow(UsageError);
  });
});
