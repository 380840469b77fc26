import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { db } from "../fixtures/db";
import { address, checkoutFixture, orderRow, paymentsOf, shipmentsOf, step, variantRow, type CheckoutFixture } from "../fixtures/checkout";
import * as schema from "../../src/data/schema";
import { eq } from "drizzle-orm";

/** A cart with `quantity` of `variant`, addressed in zone B, shipping and payment selected. */
async function readyCart(f: CheckoutFixture, variant: string, quantity = 1): Promise<number> {
  const cartId = await newCart(f);
  await addItem(cartId, variant, quantity);
  await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
  await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
  await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] });
  return cartId;
}

describe("complete", () => {
  it("20 simultaneous completions for 5 units: exactly 5 placed, the others get the stock error, onHold never above onHand", async () => {
    const f = await checkoutFixture();
    const carts: number[] = [];
    for (let i = 0; i < 20; i++) carts.push(await readyCart(f, f.tracked.code));
    const answers = await Promise.all(carts.map((id) => api("PUT", `/api/v1/checkouts/complete/${id}`)));
    const placed = answers.filter((a) => a.status === 204).length;
    const refused = answers.filter((a) => a.status === 400);
    expect(placed).toBe(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.body).toEqual({
        code: 400,
        message: "Validation Failed",
        errors: { errors: ["Theme mug does not have sufficient stock."], children: { notes: {} } },
      });
    }
    const variant = await variantRow(f.tracked.id);
    expect([variant.onHand, variant.onHold]).toEqual([5, 5]);
    // The losers are still carts, in their checkout state.
    const states = await Promise.all(carts.map(async (id) => (await orderRow(id)).state));
    expect(states.filter((s) => s === "new")).toHaveLength(5);
    expect(states.filter((s) => s === "cart")).toHaveLength(15);
  });

  it("holds tracked stock, leaves untracked alone, numbers orders in sequence, and refuses a second completion with 409", async () => {
    const f = await checkoutFixture();
    const first = await readyCart(f, f.tracked.code, 2);
    const second = await readyCart(f, f.variants[0].code, 3);
    await step("PUT", `/api/v1/checkouts/complete/${first}`);
    await step("PUT", `/api/v1/checkouts/complete/${second}`);
    expect(await variantRow(f.tracked.id)).toMatchObject({ onHand: 5, onHold: 2 });
    expect(await variantRow(f.variants[0].id)).toMatchObject({ onHand: 0, onHold: 0 });
    const [a, b] = [await orderRow(first), await orderRow(second)];
    expect(Number(b.number) - Number(a.number)).toBe(1);
    const again = await api("PUT", `/api/v1/checkouts/complete/${first}`);
    expect(again).toMatchObject({ status: 409, body: { code: 409, message: 'Transition "complete" cannot be applied on checkout state "completed".' } });
    expect(await variantRow(f.tracked.id)).toMatchObject({ onHand: 5, onHold: 2 });
  });

  it("answers Sylius' completion messages: disabled product, disabled payment method, stock", async () => {
    const f = await checkoutFixture();
    const cartId = await readyCart(f, f.tracked.code, 3);
    const d = db();
    await d.update(schema.productVariants).set({ onHand: 2 }).where(eq(schema.productVariants.id, f.tracked.id));
    await d.update(schema.products).set({ enabled: false }).where(eq(schema.products.code, f.product));
    await d.update(schema.paymentMethods).set({ enabled: false }).where(eq(schema.paymentMethods.id, f.payment.first.id));
    const res = await api("PUT", `/api/v1/checkouts/complete/${cartId}`, { notes: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: [
          "This payment method Cash on delivery has been disabled. Please reselect your payment method.",
          "This product Theme mug has been disabled.",
          "Theme mug does not have sufficient stock.",
        ],
        children: { notes: {} },
      },
    });
    expect((await orderRow(cartId)).state).toBe("cart");
  });

  it("refuses complete before payment is selected (409) and after checks the body first (400)", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
    const res = await api("PUT", `/api/v1/checkouts/complete/${cartId}`);
    expect(res).toMatchObject({ status: 409, body: { code: 409, message: 'Transition "complete" cannot be applied on checkout state "shipping_selected".' } });
    const bad = await api("PUT", `/api/v1/checkouts/complete/${cartId}`, { notes: "a", other: 1 });
    expect(bad).toMatchObject({ status: 400, body: { errors: { errors: ["This form should not contain extra fields."], children: { notes: {} } } } });
    expect((await api("PUT", "/api/v1/checkouts/complete/999999999")).status).toBe(404);
  });

  it("an empty cart is addressed, skips shipping and payment, and is placed fulfilled at once", async () => {
    const f = await checkoutFixture();
    const cartId = await newCart(f);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.a1) });
    expect((await orderRow(cartId)).checkoutState).toBe("payment_skipped");
    expect(await paymentsOf(cartId)).toEqual([]);
    expect(await shipmentsOf(cartId)).toEqual([]);
    await step("PUT", `/api/v1/checkouts/complete/${cartId}`);
    expect(await orderRow(cartId)).toMatchObject({ state: "fulfilled", paymentState: "paid", shippingState: "shipped", checkoutState: "completed" });
  });

  it("a retried completion with the same Idempotency-Key replays 204 without holding twice", async () => {
    const f = await checkoutFixture();
    const cartId = await readyCart(f, f.tracked.code, 1);
    const headers = { "Idempotency-Key": `complete-${cartId}` };
    const first = await api("PUT", `/api/v1/checkouts/complete/${cartId}`, { notes: "n" }, { headers });
    const retry = await api("PUT", `/api/v1/checkouts/complete/${cartId}`, { notes: "n" }, { headers });
    expect([first.status, retry.status]).toEqual([204, 204]);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await variantRow(f.tracked.id)).toMatchObject({ onHand: 5, onHold: 1 });
  });
});
