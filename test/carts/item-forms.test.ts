/**
 * The item forms answer what Sylius answers: a missing or null quantity is
 * "below 1" (its item quantity defaults to 0), and a change body that sends
 * other fields fails on those, form-level, with `quantity` passing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { addItem, cartFixture, newCart, type CartFixture, type DefaultPrices } from "../fixtures/carts";
import { validationFailed } from "../fixtures/sylius";

let fx: CartFixture<DefaultPrices>;
beforeAll(async () => {
  fx = await cartFixture();
});

const LOW = "Quantity of an order item cannot be lower than 1.";
const BLANK = "This value should not be blank.";
const EXTRA = "This form should not contain extra fields.";

async function cartWithItem() {
  const cartId = await newCart(fx);
  return { cartId, itemId: await addItem(cartId, fx.variants[0].code, 2) };
}

const failed = validationFailed;

describe("add item without a quantity", () => {
  it.each([
    ["missing", { variant: "V" }],
    ["null", { variant: "V", quantity: null }],
  ])("reports the below-1 message when quantity is %s; variant keeps the blank message", async (_, body) => {
    const { cartId } = await cartWithItem();
    const withVariant = { ...body, variant: fx.variants[1].code };
    const res = await api("POST", `/api/v1/carts/${cartId}/items/`, withVariant);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ quantity: { errors: [LOW] }, variant: {} }));
    const blank = await api("POST", `/api/v1/carts/${cartId}/items/`, { quantity: null });
    expect(blank.body).toEqual(failed({ quantity: { errors: [LOW] }, variant: { errors: [BLANK] } }));
  });
});

describe("change item", () => {
  for (const method of ["PUT", "PATCH"] as const) {
    it(`${method} without quantity reports the below-1 message and changes nothing`, async () => {
      const { cartId, itemId } = await cartWithItem();
      for (const body of [{}, { quantity: null }]) {
        const res = await api(method, `/api/v1/carts/${cartId}/items/${itemId}`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(failed({ quantity: { errors: [LOW] } }));
      }
      const cart = await api("GET", `/api/v1/carts/${cartId}`);
      expect(cart.body.items[0].quantity).toBe(2);
    });

    it(`${method} with only another field reports the extra field, form-level, and quantity passes`, async () => {
      const { cartId, itemId } = await cartWithItem();
      const res = await api(method, `/api/v1/carts/${cartId}/items/${itemId}`, { variant: fx.variants[1].code });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed({ quantity: {} }, [EXTRA]));
      const cart = await api("GET", `/api/v1/carts/${cartId}`);
      expect(cart.body.items[0].quantity).toBe(2);
    });

    it(`${method} with another field and a bad quantity reports both`, async () => {
      const { cartId, itemId } = await cartWithItem();
      const res = await api(method, `/api/v1/carts/${cartId}/items/${itemId}`, { variant: fx.variants[1].code, quantity: 0 });
      expect(res.body).toEqual(failed({ quantity: { errors: [LOW] } }, [EXTRA]));
      const missing = await api(method, `/api/v1/carts/${cartId}/items/${itemId}`, { variant: fx.variants[1].code, quantity: null });
      expect(missing.body).toEqual(failed({ quantity: { errors: [LOW] } }, [EXTRA]));
    });
  }
});
