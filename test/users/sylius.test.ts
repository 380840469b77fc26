/**
 * Admin users as Sylius 1.8's AdminUserApiTest drives them (tests/Responses/admin_user/*.json):
 * UserBundle's Model.User.yml and AdminApiBundle's Model.AdminUser.yml (the detailed set with
 * `usernameCanonical`, `roles`, `emailCanonical`; `{id, username, email, enabled}` in lists),
 * CoreBundle's AdminUserType over UserBundle's UserType, AdminUser.xml, User.xml and the
 * bundles' validators.en.yml. Sylius' fixtures (admin_users.yml) are made through the API.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TEST_USER } from "../fixtures/accounts";
import { listAll, validationFailed } from "../fixtures/sylius";
import { firstRow } from "../fixtures/db";

const PATH = "/api/v1/users/";
const MISSING = { error: "access_denied", error_description: "OAuth2 authentication required" };
const ROLES = ["ROLE_ADMINISTRATION_ACCESS"];
const AVATAR = { children: { file: {} } };

/** Sylius' admin1 of admin_users.yml, with a username and e-mail unique to the call. */
async function createAdmin1() {
  const name = uniqueCode("ExemplaryUser");
  const email = `${name}@example.com`;
  const res = await api("POST", PATH, { username: name, email, plainPassword: "12345678", enabled: "true", localeCode: "en_US" });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, username: name, email };
}

describe("admin users (Sylius 1.8)", () => {
  it("denies every operation to a caller without a token (access_denied_response)", async () => {
    for (const [method, path] of [
      ["POST", PATH],
      ["GET", PATH],
      ["GET", `${PATH}1`],
      ["PUT", `${PATH}1`],
      ["DELETE", `${PATH}1`],
    ] as const) {
      const res = await api(method, path, undefined, { token: null });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual(MISSING);
    }
  });

  it("create_validation_fail_response: POST without data", async () => {
    for (const body of [undefined, {}]) {
      const res = await api("POST", PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({
          username: { errors: ["Please enter your name."] },
          email: { errors: ["Please enter your email."] },
          plainPassword: { errors: ["Please enter your password."] },
          enabled: {},
          firstName: {},
          lastName: {},
          localeCode: { errors: ["Please choose a locale."] },
          avatar: AVATAR,
        }),
      );
    }
  });

  it("create_response: a user with the required fields (disabled by default)", async () => {
    const username = uniqueCode("Balrog");
    const email = `${uniqueCode("teamEvil")}@middleearth.com`;
    const res = await api("POST", PATH, { username, email, plainPassword: "youShallNotPass", localeCode: "en_US" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      usernameCanonical: username.toLowerCase(),
      roles: ROLES,
      email,
      emailCanonical: email.toLowerCase(),
      enabled: false,
    });
  });

  it("create_with_additional_fields_response", async () => {
    const username = uniqueCode("Nenene");
    const email = `${uniqueCode("orange")}@fruits.com`;
    const res = await api("POST", PATH, {
      firstName: "Orange",
      lastName: "Annoying",
      username,
      email,
      plainPassword: "hejPear!",
      localeCode: "en_US",
      enabled: "true",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      usernameCanonical: username.toLowerCase(),
      roles: ROLES,
      email,
      emailCanonical: email.toLowerCase(),
      enabled: true,
      firstName: "Orange",
      lastName: "Annoying",
    });
  });

  it("index_response: the list in Sylius' default set, in creation order", async () => {
    const admin1 = await createAdmin1();
    const res = await api("GET", PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      page: 1,
      limit: 10,
      total: expect.any(Number),
      _links: { self: { href: "/api/v1/users/?page=1&limit=10" }, first: { href: "/api/v1/users/?page=1&limit=10" } },
    });
    const all = await listAll(PATH);
    expect(all.length).toBe(res.body.total);
    expect(all.find((item) => item.id === admin1.id)).toEqual({ id: admin1.id, username: admin1.username, email: admin1.email, enabled: true });
    // The seeded test user (made as the accounts CLI makes one: its e-mail is its username) comes first.
    expect(all[0]).toEqual({ id: expect.any(Number), username: TEST_USER.username, email: TEST_USER.username, enabled: true });
    const ids = all.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("not_found_response for GET, PUT, PATCH and DELETE of /users/-1", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${PATH}-1`);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Admin user with id "-1" does not exist.' });
    }
  });

  it("show_response", async () => {
    const admin1 = await createAdmin1();
    const res = await api("GET", `${PATH}${admin1.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: admin1.id,
      username: admin1.username,
      usernameCanonical: admin1.username.toLowerCase(),
      roles: ROLES,
      email: admin1.email,
      emailCanonical: admin1.email.toLowerCase(),
      enabled: true,
    });
  });

  it("update_validation_fail_response: PUT without data", async () => {
    const admin1 = await createAdmin1();
    const res = await api("PUT", `${PATH}${admin1.id}`, undefined, { headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed({
        username: { errors: ["Please enter your name."] },
        email: { errors: ["Please enter your email."] },
        plainPassword: {},
        enabled: {},
        firstName: {},
        lastName: {},
        localeCode: { errors: ["Please choose a locale."] },
        avatar: AVATAR,
      }),
    );
  });

  it("update_response: a full update", async () => {
    const admin1 = await createAdmin1();
    const username = uniqueCode("Nenene");
    const email = `${uniqueCode("orange")}@fruits.com`;
    const put = await api("PUT", `${PATH}${admin1.id}`, {
      firstName: "Orange",
      lastName: "Annoying",
      username,
      email,
      plainPassword: "hejPear!",
      localeCode: "fr_FR",
      enabled: "true",
    });
    expect(put.status).toBe(204);
    const res = await api("GET", `${PATH}${admin1.id}`);
    expect(res.body).toEqual({
      id: admin1.id,
      username,
      usernameCanonical: username.toLowerCase(),
      roles: ROLES,
      email,
      emailCanonical: email.toLowerCase(),
      enabled: true,
      firstName: "Orange",
      lastName: "Annoying",
    });
  });

  it("partial_update_response", async () => {
    const admin1 = await createAdmin1();
    const patch = await api("PATCH", `${PATH}${admin1.id}`, { firstName: "John", lastName: "Doe" });
    expect(patch.status).toBe(204);
    const res = await api("GET", `${PATH}${admin1.id}`);
    expect(res.body).toEqual({
      id: admin1.id,
      username: admin1.username,
      usernameCanonical: admin1.username.toLowerCase(),
      roles: ROLES,
      email: admin1.email,
      emailCanonical: admin1.email.toLowerCase(),
      enabled: true,
      firstName: "John",
      lastName: "Doe",
    });
  });

  it("deletes an admin user; it is then not found", async () => {
    const admin1 = await createAdmin1();
    expect((await api("DELETE", `${PATH}${admin1.id}`)).status).toBe(204);
    expect((await api("GET", `${PATH}${admin1.id}`)).status).toBe(404);
  });

  it("deletion_fail_response: the caller cannot delete its own user", async () => {
    const me = await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM admin_users WHERE username_canonical = ?").bind(TEST_USER.username));
    const res = await api("DELETE", `${PATH}${me.id}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 422, message: "Cannot remove currently logged in user." });
    expect((await api("GET", `${PATH}${me.id}`)).status).toBe(200);
  });
});
