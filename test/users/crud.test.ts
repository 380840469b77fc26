/**
 * Admin users beyond Sylius' replay: sign-in of a user made over HTTP, tokens
 * refused once it is disabled or deleted, passwords never shown, uniqueness,
 * validation and cost.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { TEST_CLIENT } from "../fixtures/accounts";
import { insertToken, testClientId, tokenJson } from "../fixtures/tokens";
import { firstRow } from "../fixtures/db";

const PATH = "/api/v1/users/";

async function createUser(extra: Record<string, unknown> = {}) {
  const username = uniqueCode("Jane");
  const password = "correct-horse";
  const res = await api("POST", PATH, {
    username,
    email: `${username}@example.com`,
    plainPassword: password,
    localeCode: "en_US",
    enabled: true,
    ...extra,
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, username, password, body: res.body };
}

const signIn = (username: string, password: string) =>
  tokenJson({ grant_type: "password", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, username, password });

describe("admin users", () => {
  it("a user created over HTTP signs in with its password, which no answer shows", async () => {
    const user = await createUser();
    expect(JSON.stringify(user.body)).not.toContain(user.password);
    expect(JSON.stringify(user.body)).not.toContain("pbkdf2");
    const signed = await signIn(user.username.toUpperCase(), user.password);
    expect(signed.status).toBe(200);
    const token = signed.body.access_token as string;
    expect((await api("GET", `${PATH}${user.id}`, undefined, { token })).status).toBe(200);
    expect((await signIn(user.username, "wrong-password")).status).toBe(400);
    const row = await env.DB.prepare("SELECT password_hash FROM admin_users WHERE id = ?").bind(user.id).first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2_sha256\$100000\$/);
  });

  it("a new password replaces the old one; an empty one keeps it", async () => {
    const user = await createUser();
    expect((await api("PATCH", `${PATH}${user.id}`, { plainPassword: "" })).status).toBe(204);
    expect((await signIn(user.username, user.password)).status).toBe(200);
    expect((await api("PATCH", `${PATH}${user.id}`, { plainPassword: "a-new-password" })).status).toBe(204);
    expect((await signIn(user.username, user.password)).status).toBe(400);
    expect((await signIn(user.username, "a-new-password")).status).toBe(200);
  });

  it("disabling a user refuses its tokens at once; enabling it again accepts them", async () => {
    const user = await createUser();
    const token = (await signIn(user.username, user.password)).body.access_token as string;
    expect((await api("PATCH", `${PATH}${user.id}`, { enabled: false })).status).toBe(204);
    expect((await api("GET", PATH, undefined, { token })).status).toBe(401);
    expect((await signIn(user.username, user.password)).status).toBe(400);
    expect((await api("PATCH", `${PATH}${user.id}`, { enabled: true })).status).toBe(204);
    expect((await api("GET", PATH, undefined, { token })).status).toBe(200);
  });

  it("deleting a user deletes its access and refresh tokens in the same batch", async () => {
    const user = await createUser();
    const signed = await signIn(user.username, user.password);
    const refresh = await insertToken("oauth_refresh_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 3600 });
    const del = await api("DELETE", `${PATH}${user.id}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", PATH, undefined, { token: signed.body.access_token as string })).status).toBe(401);
    const left = await firstRow<{ n: number }>(env.DB.prepare(
      "SELECT (SELECT count(*) FROM oauth_access_tokens WHERE user_id = ?1) + (SELECT count(*) FROM oauth_refresh_tokens WHERE user_id = ?1) AS n",
    )
      .bind(user.id));
    expect(left.n).toBe(0);
    expect(refresh).toBeTruthy();
  });

  it("usernames and e-mails are unique, case-insensitively", async () => {
    const user = await createUser();
    const res = await api("POST", PATH, {
      username: user.username.toUpperCase(),
      email: `${user.username.toUpperCase()}@EXAMPLE.com`,
      plainPassword: "another-password",
      localeCode: "en_US",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.username).toEqual({ errors: ["This username is already used."] });
    expect(res.body.errors.children.email).toEqual({ errors: ["This email is already used."] });
    const other = await createUser();
    const patch = await api("PATCH", `${PATH}${other.id}`, { username: user.username });
    expect(patch.status).toBe(400);
    expect(patch.body.errors.children.username).toEqual({ errors: ["This username is already used."] });
    // Its own username is not "taken".
    expect((await api("PATCH", `${PATH}${other.id}`, { username: other.username })).status).toBe(204);
  });

  it("refuses bad input with the field's message", async () => {
    const res = await api("POST", PATH, {
      username: "  ",
      email: "not-an-email",
      plainPassword: "short",
      localeCode: "xx-nope",
      enabled: 7,
      avatar: { file: "x" },
      firstName: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      username: { errors: ["Please enter your name."] },
      email: { errors: ["This email is invalid."] },
      plainPassword: { errors: ["Password must be at least 8 characters long."] },
      enabled: { errors: ["This value is not valid."] },
      firstName: { errors: ["This value is not valid."] },
      lastName: {},
      localeCode: { errors: ["This value is not valid."] },
      avatar: { errors: ["This value is not valid."] },
    });
    const extra = await api("POST", PATH, { password: "x" });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
    expect((await api("PATCH", `${PATH}abc`, {})).status).toBe(404);
  });

  it("PUT clears what it does not send (names, enabled) and keeps the password", async () => {
    const user = await createUser({ firstName: "Jane", lastName: "Doe" });
    const put = await api("PUT", `${PATH}${user.id}`, { username: user.username, email: `${user.username}@example.com`, localeCode: "de_DE" });
    expect(put.status).toBe(204);
    const res = await api("GET", `${PATH}${user.id}`);
    expect(res.body.enabled).toBe(false);
    expect(res.body).not.toHaveProperty("firstName");
    expect(res.body).not.toHaveProperty("lastName");
    const row = await env.DB.prepare("SELECT locale_code FROM admin_users WHERE id = ?").bind(user.id).first<{ locale_code: string }>();
    expect(row!.locale_code).toBe("de_DE");
  });

  it("costs 1 round trip to read and 2 to write; the list total follows creates and deletes", async () => {
    const before = (await api("GET", PATH)).body.total as number;
    const user = await createUser();
    const list = await api("GET", PATH);
    expect(d1RoundTrips(list.headers)).toBe(1);
    expect(list.body.total).toBe(before + 1);
    expect(d1RoundTrips((await api("GET", `${PATH}${user.id}`)).headers)).toBe(1);
    expect(d1RoundTrips((await api("PATCH", `${PATH}${user.id}`, { firstName: "Janet" })).headers)).toBe(2);
    await api("DELETE", `${PATH}${user.id}`);
    expect((await api("GET", PATH)).body.total).toBe(before);
  });
});
