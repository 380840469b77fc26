import { describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { address, checkoutFixture, orderRow, paymentsOf, shipmentsOf } from "../fixtures/checkout";

describe("checkout walk-through", () => {
  it("address → select shipping → select payment → complete, two D1 round trips per step", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code, 1);
    // Before addressing: the shipment takes the channel's first method (no default tax zone: any zone), the payment the first method.
    expect((await shipmentsOf(cartId)).map((s) => [s.state, s.methodId])).toEqual([["cart", f.shipping.a.id]]);
    expect((await paymentsOf(cartId)).map((p) => [p.state, p.methodId, p.amount])).toEqual([["cart", f.payment.first.id, 3000]]);

    const trips: Record<string, [number, number]> = {};
    const record = async (name: string, method: string, path: string, body?: unknown) => {
      const res = await api(method, path, body);
      trips[name] = [res.status, d1RoundTrips(res.headers)];
      return res;
    };
    await record("address", "PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    expect((await orderRow(cartId)).checkoutState).toBe("addressed");
    const list = await record("shipping methods", "GET", `/api/v1/checkouts/select-shipping/${cartId}`);
    expect(list.body).toEqual({ shipments: [{ methods: [{ id: f.shipping.b.id, code: f.shipping.b.code, name: "Courier B", price: 500 }] }] });
    await record("select shipping", "PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    const payments = await record("payment methods", "GET", `/api/v1/checkouts/select-payment/${cartId}`);
    expect(payments.body).toEqual({
      payments: [
        {
          methods: [
            { id: f.payment.first.id, code: f.payment.first.code, name: "Cash on delivery", description: "Pay the courier" },
            { id: f.payment.second.id, code: f.payment.second.code, name: "Bank transfer" },
          ],
        },
      ],
    });
    await record("select payment", "PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.second.code }] });
    expect((await paymentsOf(cartId)).map((p) => [p.state, p.methodId, p.amount])).toEqual([["cart", f.payment.second.id, 2500]]);
    await record("complete", "PUT", `/api/v1/checkouts/complete/${cartId}`, { notes: "Ring twice" });
    expect(trips).toEqual({
      address: [204, 2],
      "shipping methods": [200, 1],
      "select shipping": [204, 2],
      "payment methods": [200, 1],
      "select payment": [204, 2],
      complete: [204, 2],
    });
    const order = await orderRow(cartId);
    expect(order).toMatchObject({ state: "new", checkoutState: "completed", paymentState: "awaiting_payment", shippingState: "ready", notes: "Ring twice", total: 2500 });
    expect(order.number).toMatch(/^\d{9}$/);
    expect(order.checkoutCompletedAt).not.toBeNull();
    expect((await paymentsOf(cartId)).map((p) => p.state)).toEqual(["new"]);
    expect((await shipmentsOf(cartId)).map((s) => [s.state, s.methodId])).toEqual([["ready", f.shipping.b.id]]);

    // Placed: no longer a cart.
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(404);
    expect((await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.variants[1].code, quantity: 1 })).status).toBe(404);
    const again = await api("PUT", `/api/v1/checkouts/complete/${cartId}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 409, message: 'Transition "complete" cannot be applied on checkout state "completed".' });
    // The steps of a placed order: the method lists are for carts (404), the writes meet the machine (409).
    expect((await api("GET", `/api/v1/checkouts/select-shipping/${cartId}`)).status).toBe(404);
    expect((await api("GET", `/api/v1/checkouts/select-payment/${cartId}`)).status).toBe(404);
    expect((await api("GET", "/api/v1/checkouts/select-payment/999999999")).status).toBe(404);
    const readdress = await api("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    expect(readdress.body).toEqual({ code: 409, message: 'Transition "address" cannot be applied on checkout state "completed".' });
    expect((await orderRow(cartId)).shippingState).toBe("ready");
  });
});
