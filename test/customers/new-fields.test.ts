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
