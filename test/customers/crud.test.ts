import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createChannel, createCustomer } from "../fixtures/references";
import { newCart } from "../fixtures/carts";
import { verifySecret } from "../../src/http/auth/crypto";
import { serializeCustomerForCart, serializeCustomerForCartList } from "../../src/http/resources/customers/serializer";

const freshEmail = (prefix = "c") => `${uniqueCode(prefix).toLowerCase()}@example.com`;

const storedUser = (customerId: number) =>
  env.DB.prepare("SELECT username, username_canonical, password_hash, enabled FROM shop_users WHERE customer_id = ?")
    .bind(customerId)
    .first<{ username: string; username_canonical: string; password_hash: string; enabled: number }>();

describe("customers", () => {
  it("creates a customer without an account (201, 2 round trips) and reads it (1 round trip)", async () => {
    const email = freshEmail();
    const created = await api("POST", "/api/v1/customers/", { email });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    // Sylius' detailed set: no timestamps, the canonical e-mail.
    const expected = {
      id: expect.any(Number),
      email,
      emailCanonical: email,
      gender: "u",
      _links: { self: { href: `/api/v1/customers/${created.body.id}` } },
    };
    expect(created.body).toEqual(expected);
    const read = await api("GET", `/api/v1/customers/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("creates a customer with a shop account (username = email, hashed password)", async () => {
    const email = `${uniqueCode("Mixed")}@Example.com`;
    const created = await api("POST", "/api/v1/customers/", {
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      user: { plainPassword: "s3cret!", enabled: true },
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    expect(created.body).toEqual({
      id: expect.any(Number),
      user: { id: expect.any(Number), username: email, usernameCanonical: email.toLowerCase(), roles: ["ROLE_USER"], enabled: true },
      email,
      emailCanonical: email.toLowerCase(),
      firstName: "Ada",
      lastName: "Lovelace",
      gender: "u",
      _links: { self: { href: `/api/v1/customers/${created.body.id}` } },
    });
    const user = await storedUser(created.body.id);
    expect(user?.password_hash).toMatch(/^pbkdf2_sha256\$/);
    expect(await verifySecret("s3cret!", user?.password_hash)).toBe(true);

    const disabled = await api("POST", "/api/v1/customers/", { email: freshEmail(), user: { plainPassword: "pw-1234" } });
    expect(disabled.body.user.enabled).toBe(false);
  });

  it("keeps emails unique, case-insensitively", async () => {
    const email = freshEmail();
    await createCustomer({ email });
    const dup = await api("POST", "/api/v1/customers/", { email: email.toUpperCase() });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          firstName: {},
          lastName: {},
          email: { errors: ["This email is already used."] },
          birthday: {},
          gender: {},
          phoneNumber: {},
          subscribedToNewsletter: {},
          group: {},
        },
      },
    });
  });

  it("reports every failing field at once, in Sylius' CustomerType order, with Sylius' messages", async () => {
    const res = await api("POST", "/api/v1/customers/", { email: "not-an-email", firstName: 5, lastName: ["x"], user: { enabled: "yes" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          firstName: { errors: ["This value is not valid."] },
          lastName: { errors: ["This value is not valid."] },
          email: { errors: ["This email is invalid."] },
          birthday: {},
          gender: {},
          phoneNumber: {},
          subscribedToNewsletter: {},
          group: {},
          user: { children: { plainPassword: { errors: ["Please enter your password."] }, enabled: { errors: ["This value is not valid."] } } },
        },
      },
    });
    const blank = await api("POST", "/api/v1/customers/", { user: { enabled: true } });
    expect(blank.body.errors.children).toEqual({
          firstName: {},
          lastName: {},
          email: { errors: ["Please enter your email."] },
          birthday: {},
          gender: {},
          phoneNumber: {},
          subscribedToNewsletter: {},
          group: {},
      user: { children: { plainPassword: { errors: ["Please enter your password."] }, enabled: {} } },
    });
    // A phone number is text, the newsletter flag a checkbox (both stored: ./new-fields.test.ts).
    const wrongTypes = await api("POST", "/api/v1/customers/", { email: freshEmail(), phoneNumber: 123, subscribedToNewsletter: "yes", group: "retail" });
    expect(wrongTypes.body.errors.children).toMatchObject({
      phoneNumber: { errors: ["This value is not valid."] },
      subscribedToNewsletter: { errors: ["This value is not valid."] },
      group: { errors: ["This value is not valid."] },
    });
    const empty = await api("POST", "/api/v1/customers/", { email: freshEmail(), phoneNumber: "", subscribedToNewsletter: false, group: null });
    expect(empty.status).toBe(201);
    const extra = await api("POST", "/api/v1/customers/", { email: freshEmail(), phone: "123" });
    expect(extra.body.errors.errors).toEqual(["This form should not contain extra fields."]);
  });

  it("lists customers newest first with their accounts, in one round trip", async () => {
    const tag = uniqueCode("list").toLowerCase();
    const first = await createCustomer({ email: `a.${tag}@example.com` });
    const second = await createCustomer({ email: `b.${tag}@example.com`, user: { plainPassword: "pw-1234", enabled: true } });
    const third = await createCustomer({ email: `c.${tag}@example.com` });
    const res = await api("GET", `/api/v1/customers/?criteria[email]=${tag}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 3 });
    expect(res.body._embedded.items.map((c: { id: number }) => c.id)).toEqual([third.id, second.id, first.id]);
    // Sylius' default set in lists.
    expect(res.body._embedded.items[1]).toEqual({
      id: second.id,
      user: { id: second.user.id, username: second.email, enabled: true },
      email: second.email,
      _links: second._links,
    });
    expect(res.body._embedded.items[0]).not.toHaveProperty("user");
    const byEmail = await api("GET", `/api/v1/customers/?criteria[email]=${tag}&sorting[email]=asc&limit=2&page=2`);
    expect(byEmail.body._embedded.items.map((c: { id: number }) => c.id)).toEqual([third.id]);
    expect(byEmail.body._links.self.href).toBe(`/api/v1/customers/?criteria%5Bemail%5D=${tag}&sorting%5Bemail%5D=asc&page=2&limit=2`);
  });

  it("PUT clears fields not sent but keeps the account; a new email renames the account; PATCH updates the account", async () => {
    const customer = await createCustomer({ firstName: "Ann", lastName: "Lee", user: { plainPassword: "old-pw" } });
    const email = freshEmail("Renamed");
    // A PUT is Sylius' form submitted whole: the last name it leaves out is removed; the shop account stays.
    const put = await api("PUT", `/api/v1/customers/${customer.id}`, { email: email.toUpperCase(), firstName: "Ann" });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({
      email: email.toUpperCase(),
      firstName: "Ann",
      user: { id: customer.user.id, username: email.toUpperCase(), usernameCanonical: email, roles: ["ROLE_USER"], enabled: false },
    });
    expect(read.body).not.toHaveProperty("lastName");

    const patch = await api("PATCH", `/api/v1/customers/${customer.id}`, { lastName: "Lee", user: { enabled: true, plainPassword: "new-pw" } });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body.firstName).toBe("Ann");
    expect(read.body.lastName).toBe("Lee");
    expect(read.body.user.enabled).toBe(true);
    expect(await verifySecret("new-pw", (await storedUser(customer.id))?.password_hash)).toBe(true);

    const other = await createCustomer();
    const taken = await api("PATCH", `/api/v1/customers/${customer.id}`, { email: other.email.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.children.email).toEqual({ errors: ["This email is already used."] });
    const same = await api("PATCH", `/api/v1/customers/${customer.id}`, { email: email });
    expect(same.status).toBe(204);
  });

  it("creates an account on update only with a password", async () => {
    const customer = await createCustomer();
    const noPassword = await api("PATCH", `/api/v1/customers/${customer.id}`, { user: { enabled: true } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors.children.user).toEqual({ children: { plainPassword: { errors: ["Please enter your password."] }, enabled: {} } });
    const withPassword = await api("PATCH", `/api/v1/customers/${customer.id}`, { user: { plainPassword: "pw-1234", enabled: true } });
    expect(withPassword.status).toBe(204);
    const read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body.user).toEqual({ id: expect.any(Number), username: customer.email, usernameCanonical: customer.email, roles: ["ROLE_USER"], enabled: true });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999999", "abc"]) {
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        const res = await api(method, `/api/v1/customers/${id}`, method === "PUT" || method === "PATCH" ? { firstName: "x" } : undefined);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 404, message: `Customer with id "${id}" does not exist.` });
      }
    }
  });

  it("deletes a customer without orders (and its account), refuses one with an order (409)", async () => {
    const customer = await createCustomer({ user: { plainPassword: "pw-1234" } });
    const del = await api("DELETE", `/api/v1/customers/${customer.id}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/customers/${customer.id}`)).status).toBe(404);
    expect(await storedUser(customer.id)).toBeNull();

    const buyer = await createCustomer();
    const channel = await createChannel();
    await newCart({ customer: buyer.email, channel: channel.code });
    const refused = await api("DELETE", `/api/v1/customers/${buyer.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: "Cannot delete, the customer is in use." });
    expect((await api("GET", `/api/v1/customers/${buyer.id}`)).status).toBe(200);
  });

  it("serializes the cart views of a customer", () => {
    const customer = { id: 3, email: "Shop@Example.com", firstName: "Sam", lastName: null };
    const user = { id: 9, username: "Shop@Example.com", usernameCanonical: "shop@example.com", enabled: true };
    const links = { self: { href: "/api/v1/customers/3" } };
    expect(serializeCustomerForCart(customer, user)).toEqual({
      id: 3,
      email: "Shop@Example.com",
      firstName: "Sam",
      user: { id: 9, username: "Shop@Example.com", usernameCanonical: "shop@example.com" },
      _links: links,
    });
    expect(serializeCustomerForCartList(customer, user)).toEqual({
      id: 3,
      email: "Shop@Example.com",
      firstName: "Sam",
      user: { id: 9, username: "Shop@Example.com", enabled: true },
      _links: links,
    });
    expect(JSON.parse(JSON.stringify(serializeCustomerForCart(customer, null)))).toEqual({
      id: 3,
      email: "Shop@Example.com",
      firstName: "Sam",
      _links: links,
    });
  });
});
