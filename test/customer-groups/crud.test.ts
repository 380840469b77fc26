/**
 * `/api/v1/customer-groups/` (an extension: Sylius 1.8's admin API has no
 * route for customer groups): CustomerGroupType's fields and the messages of
 * CustomerBundle's CustomerGroup.xml, keyed by code, counted lists.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";

const PATH = "/api/v1/customer-groups/";

describe("customer groups", () => {
  it("create, show, list, update and delete", async () => {
    const code = uniqueCode("retail");
    const created = await api("POST", PATH, { code, name: "Retail" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), code, name: "Retail", _links: { self: { href: `${PATH}${code}` } } });
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(created.body);
    const list = await api("GET", `${PATH}?criteria[code]=${code}`);
    expect(list.body).toMatchObject({ total: 1, _embedded: { items: [created.body] } });
    expect((await api("PATCH", `${PATH}${code}`, { name: "Retail customers", code: "ignored" })).status).toBe(204);
    expect((await api("GET", `${PATH}${code}`)).body.name).toBe("Retail customers");
    expect((await api("PUT", `${PATH}${code}`, { name: "Retail" })).status).toBe(204);
    expect((await api("DELETE", `${PATH}${code}`)).status).toBe(204);
    const gone = await api("GET", `${PATH}${code}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(`Customer group with code "${code}" does not exist.`);
  });

  it("the unfiltered list's total is counted, and follows creates and deletes", async () => {
    const before = (await api("GET", PATH)).body.total as number;
    const code = uniqueCode("counted");
    await api("POST", PATH, { code, name: "Counted" });
    expect((await api("GET", PATH)).body.total).toBe(before + 1);
    await api("DELETE", `${PATH}${code}`);
    expect((await api("GET", PATH)).body.total).toBe(before);
  });

  it("validates as Sylius' CustomerGroup.xml: blank, pattern, length, unique; an empty PUT fails the name", async () => {
    expect((await api("POST", PATH, {})).body).toEqual(
      validationFailed({ name: { errors: ["Please enter a customer group name."] }, code: { errors: ["Please enter a customer group code."] } }),
    );
    const bad = await api("POST", PATH, { code: "a b", name: "x" });
    expect(bad.body).toEqual(
      validationFailed({
        name: { errors: ["Customer group name must be at least 2 characters long."] },
        code: { errors: ["Customer group code can only be comprised of letters, numbers, dashes and underscores."] },
      }),
    );
    expect((await api("POST", PATH, { code: uniqueCode("long"), name: "n".repeat(256) })).body.errors.children.name).toEqual({
      errors: ["Customer group name must not be longer than 255 characters."],
    });
    const code = uniqueCode("taken");
    expect((await api("POST", PATH, { code, name: "First" })).status).toBe(201);
    expect((await api("POST", PATH, { code, name: "Second" })).body.errors.children.code).toEqual({ errors: ["Customer group code has to be unique."] });
    const empty = await api("PUT", `${PATH}${code}`);
    expect(empty.status).toBe(400);
    expect(empty.body.errors.children.name).toEqual({ errors: ["Please enter a customer group name."] });
    expect((await api("GET", `${PATH}${code}`)).body.name).toBe("First");
  });

  it("deleting a group leaves its customers in none", async () => {
    const code = uniqueCode("gone");
    await api("POST", PATH, { code, name: "Gone soon" });
    const customer = await api("POST", "/api/v1/customers/", { email: `${code.toLowerCase()}@example.com`, group: code });
    expect(customer.status).toBe(201);
    expect(customer.body.group).toEqual({ id: expect.any(Number), code, name: "Gone soon" });
    expect((await api("DELETE", `${PATH}${code}`)).status).toBe(204);
    expect((await api("GET", `/api/v1/customers/${customer.body.id}`)).body).not.toHaveProperty("group");
  });
});
