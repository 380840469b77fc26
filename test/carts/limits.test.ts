import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { cartFixture, newCart, type CartFixture, type DefaultPrices } from "../fixtures/carts";

let fx: CartFixture<DefaultPrices>;
beforeAll(async () => {
  fx = await cartFixture();
});

describe("cart limits", () => {
  it("refuses a merge that would take an item past 9999 units", async () => {
    const cartId = await newCart(fx);
    const first = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 9999 });
    expect(first.status).toBe(201);
    expect(first.body.units).toHaveLength(9999);
    const more = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 1 });
    expect(more.status).toBe(400);
    expect(more.body.errors.children).toEqual({
      quantity: { errors: ["Quantity of an order item cannot be greater than 9999."] },
      variant: {},
    });
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items[0].quantity).toBe(9999);
    expect(read.body.total).toBe(9999 * fx.variants[0].price);
  });

  it("holds at most 500 distinct items", async () => {
    const cartId = await newCart(fx);
    const db = env.DB;
    // 501 priced variants; the first 500 go straight into the cart's rows (the object loads them cold).
    await db.batch([
      db
        .prepare(
          `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 500)
           INSERT INTO product_variants (product_id, code, position)
           SELECT p.id, ?2 || '_BULK_' || n, 100 + n FROM seq, products p WHERE p.code = ?1`,
        )
        .bind(fx.product, fx.product),
      db
        .prepare(
          `INSERT INTO channel_pricings (variant_id, channel_code, price)
           SELECT id, ?2, 100 FROM product_variants WHERE code LIKE ?1 || '_BULK_%'`,
        )
        .bind(fx.product, fx.channel),
      db
        .prepare(
          `INSERT INTO order_items (order_id, variant_id, quantity, unit_price, units_total, total)
           SELECT ?1, id, 1, 100, 100, 100 FROM product_variants
           WHERE code LIKE ?2 || '_BULK_%' AND code != ?2 || '_BULK_500'`,
        )
        .bind(cartId, fx.product),
      db
        .prepare("INSERT INTO order_item_units (item_id) SELECT id FROM order_items WHERE order_id = ?1")
        .bind(cartId),
      db.prepare("UPDATE orders SET items_total = 50000, total = 50000 WHERE id = ?1").bind(cartId),
    ]);
    const full = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: `${fx.product}_BULK_500`, quantity: 1 });
    expect(full.status).toBe(400);
    expect(full.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { errors: ["The cart cannot hold more than 500 items."], children: { quantity: {}, variant: {} } },
    });
    // Raising the quantity of an item already there is still fine.
    const merged = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: `${fx.product}_BULK_0`, quantity: 2 });
    expect(merged.status).toBe(201);
    expect(merged.body.quantity).toBe(3);
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items).toHaveLength(500);
    expect(read.body.itemsTotal).toBe(50000 + 200);
  });
});
