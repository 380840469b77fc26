import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { cartFixture } from "../fixtures/carts";
import { createCustomer } from "../fixtures/references";

describe("customer birthday and gender", () => {
  it("birthday `Y-m-d` in, a midnight UTC date-time out; gender `u` by default", async () => {
    const customer = await createCustomer({ firstName: "Barry", birthday: "1990-05-01", gender: "m" });
    expect(customer).toMatchObject({ birthday: "1990-05-01T00:00:00+00:00", gender: "m" });
    const keys = Object.keys(customer);
    expect(keys.slice(keys.indexOf("firstName"), keys.indexOf("firstName") + 3)).toEqual(["firstName", "birthday", "gender"]);
    expect((await api("GET", `/api/v1/customers/${customer.id}`)).body).toEqual(customer);
    const plain = await createCustomer();
    expect(plain.gender).toBe("u");
    expect(plain).not.toHaveProperty("birthday");
  });

  it("PUT clears them when not sent (no birthday, gender `u`); PATCH changes them; null or \"\" clears the birthday and resets the gender to `u`", async () => {
    const customer = await createCustomer({ birthday: "2000-02-29", gender: "f" });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { firstName: "Ann" })).status).toBe(204);
    let read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({ firstName: "Ann", birthday: "2000-02-29T00:00:00+00:00", gender: "f" });
    // A PUT is Sylius' form submitted whole: the birthday it leaves out is removed, the gender is GenderType's empty data.
    expect((await api("PUT", `/api/v1/customers/${customer.id}`, { firstName: "Ann" })).status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({ firstName: "Ann", gender: "u" });
    expect(read.body).not.toHaveProperty("birthday");
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: "1980-12-31", gender: "m" })).status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).toMatchObject({ birthday: "1980-12-31T00:00:00+00:00", gender: "m" });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: null, gender: "" })).status).toBe(204);
    read = await api("GET", `/api/v1/customers/${customer.id}`);
    expect(read.body).not.toHaveProperty("birthday");
    expect(read.body.gender).toBe("u");
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { birthday: "", gender: null })).status).toBe(204);
  });

  it("refuses other genders and malformed or impossible dates (`This value is not valid.`)", async () => {
    for (const [birthday, gender] of [
      ["1990-02-30", "x"],
      ["01/05/1990", "male"],
      ["1990-5-1", 1],
      ["1990-05-01T00:00:00+00:00", "M"],
      [19900501, true],
    ] as const) {
      const res = await api("POST", "/api/v1/customers/", { email: `${uniqueCode("c").toLowerCase()}@example.com`, birthday, gender });
      expect(res.status).toBe(400);
      expect(res.body.errors.children.birthday, String(birthday)).toEqual({ errors: ["This value is not valid."] });
      expect(res.body.errors.children.gender, String(gender)).toEqual({ errors: ["This value is not valid."] });
    }
  });

  it("an order shows its customer's birthday as a date-time and gender", async () => {
    const fixture = await cartFixture();
    expect((await api("PATCH", `/api/v1/customers/${fixture.customerId}`, { birthday: "1990-05-01", gender: "f" })).status).toBe(204);
    const cart = await api("POST", "/api/v1/carts/", { customer: fixture.customer, channel: fixture.channel, localeCode: "en_US" });
    const order = await api("GET", `/api/v1/orders/${cart.body.id}`);
    expect(order.body.customer).toMatchObject({ id: fixture.customerId, birthday: "1990-05-01T00:00:00+00:00", gender: "f" });
  });
});

/** What the customer's row keeps of the two fields Sylius' serializer does not show. */
const contact = (id: number) =>
  env.DB.prepare("SELECT phone_number, subscribed_to_newsletter FROM customers WHERE id = ?").bind(id).first<{ phone_number: string | null; subscribed_to_newsletter: number }>();

describe("CustomerApiTest", () => {
  it("it_allows_to_create_customer_without_user_account: with phoneNumber and subscribedToNewsletter, stored and (as Sylius' serializer) not shown", async () => {
    const email = `${uniqueCode("john").toLowerCase()}@yahoo.com`;
    const res = await api("POST", "/api/v1/customers/", { firstName: "John", lastName: "Diggle", email, gender: "m", phoneNumber: "+48 123 456 789", subscribedToNewsletter: true });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["id", "email", "emailCanonical", "firstName", "lastName", "gender", "_links"]);
    expect(await contact(res.body.id)).toEqual({ phone_number: "+48 123 456 789", subscribed_to_newsletter: 1 });
    const plain = await createCustomer();
    expect(await contact(plain.id)).toEqual({ phone_number: null, subscribed_to_newsletter: 0 });
  });

  it("it_allows_to_update_customer_partially: PATCH changes what it sends; \"\" or null is no phone number, null an unchecked box", async () => {
    const customer = await createCustomer({ phoneNumber: "123", subscribedToNewsletter: true });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { firstName: "Ann" })).status).toBe(204);
    expect(await contact(customer.id)).toEqual({ phone_number: "123", subscribed_to_newsletter: 1 });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { phoneNumber: "456", subscribedToNewsletter: false })).status).toBe(204);
    expect(await contact(customer.id)).toEqual({ phone_number: "456", subscribed_to_newsletter: 0 });
    expect((await api("PATCH", `/api/v1/customers/${customer.id}`, { phoneNumber: "", subscribedToNewsletter: null })).status).toBe(204);
    expect(await contact(customer.id)).toEqual({ phone_number: null, subscribed_to_newsletter: 0 });
    const refused = await api("PATCH", `/api/v1/customers/${customer.id}`, { phoneNumber: "9".repeat(256), subscribedToNewsletter: "yes" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.children).toMatchObject({
      phoneNumber: { errors: ["This value is not valid."] },
      subscribedToNewsletter: { errors: ["This value is not valid."] },
    });
    expect(await contact(customer.id)).toEqual({ phone_number: null, subscribed_to_newsletter: 0 });
  });
});
