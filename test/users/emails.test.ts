/**
 * Every admin user has an e-mail, as Sylius' AdminUserApiTest lists them
 * (`it_allows_to_get_an_admin_users_list`: `{id, username, email, enabled}`
 * for every user): the accounts CLI makes users with one, and the migration
 * that came with it gave the users the CLI made before theirs, by the CLI's
 * rule (the username, when it is an address no other user holds).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { listAll } from "../fixtures/sylius";
import { firstRow } from "../fixtures/db";

const PATH = "/api/v1/users/";

/** A user as the accounts CLI made one before it took an e-mail: its id. */
async function userWithoutEmail(username: string): Promise<number> {
  const row = await firstRow<{ id: number }>(env.DB.prepare("INSERT INTO admin_users (username, username_canonical, password_hash, enabled) VALUES (?, ?, 'x', 1) RETURNING id")
    .bind(username, username.toLowerCase()));
  return row.id;
}

/** The migration's backfill, run again over the rows made above. */
async function backfill(): Promise<void> {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("admin_user_emails"));
  const update = migration?.queries.find((q) => q.includes("UPDATE `admin_users`"));
  expect(update).toBeDefined();
  await env.DB.prepare(update ?? "").run();
}

describe("AdminUserApiTest: every admin user has an e-mail", () => {
  it("it_allows_to_get_an_admin_users_list: every listed user has an e-mail", async () => {
    const all = await listAll(PATH);
    expect(all.length).toBeGreaterThan(0);
    for (const user of all) expect(user, JSON.stringify(user)).toEqual({ id: expect.any(Number), username: expect.any(String), email: expect.any(String), enabled: expect.any(Boolean) });
  });

  it("gives a user the CLI made without an e-mail its username when that is an address no other user holds", async () => {
    const tag = uniqueCode("m").toLowerCase();
    const address = await userWithoutEmail(`Old.${tag}@Example.com`);
    const notAnAddress = await userWithoutEmail(`ops-${tag}`);
    const twoAts = await userWithoutEmail(`a@b@${tag}.com`);
    const noDot = await userWithoutEmail(`x${tag}@localhost`);
    const spaced = await userWithoutEmail(`jane ${tag}@example.com`);
    // Another user already has this address as its e-mail: the e-mail stays unique.
    const held = `held-${tag}@example.com`;
    const holder = await api("POST", PATH, { username: `holder-${tag}`, email: held.toUpperCase(), plainPassword: "12345678", localeCode: "en_US" });
    expect(holder.status).toBe(201);
    const clash = await userWithoutEmail(held);
    // An e-mail set before is kept.
    const kept = await api("POST", PATH, { username: `kept-${tag}@example.com`, email: `other-${tag}@example.com`, plainPassword: "12345678", localeCode: "en_US" });

    await backfill();

    expect((await api("GET", `${PATH}${address}`)).body).toMatchObject({ email: `Old.${tag}@Example.com`, emailCanonical: `old.${tag}@example.com` });
    for (const id of [notAnAddress, twoAts, noDot, spaced, clash]) {
      const user = (await api("GET", `${PATH}${id}`)).body;
      expect(user, user.username).not.toHaveProperty("email");
      expect(user, user.username).not.toHaveProperty("emailCanonical");
    }
    expect((await api("GET", `${PATH}${kept.body.id}`)).body.email).toBe(`other-${tag}@example.com`);

    // A user left without one gets it as any other (PATCH), and a PUT needs it.
    expect((await api("PUT", `${PATH}${notAnAddress}`, { username: `ops-${tag}`, localeCode: "en_US" })).body.errors.children.email).toEqual({
      errors: ["Please enter your email."],
    });
    expect((await api("PATCH", `${PATH}${notAnAddress}`, { email: `ops-${tag}@example.com` })).status).toBe(204);
    expect((await api("GET", `${PATH}${notAnAddress}`)).body).toMatchObject({ email: `ops-${tag}@example.com`, emailCanonical: `ops-${tag}@example.com` });
  });
});
