/**
 * List totals come from `list_counts`, kept by SQLite triggers (migration
 * 0010). They must equal a count of the rows whatever writes them: the
 * service under concurrent creates, deletes, expiry and checkout, and SQL
 * run outside it (as `wrangler d1 execute`, an import or the bench's loader).
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CartGateway } from "../../src/http/cart-gateway";
import { cartTtlSeconds } from "../../src/cart/cart-ttl";
import { api } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { address, checkoutFixture, step, type CheckoutFixture } from "../fixtures/checkout";
import { firstRow } from "../fixtures/db";

interface Drift {
  scope: string;
  owner: number;
  counted: number;
  actual: number;
}

/** Every counter row against a count of its rows (and every owner with rows but no counter row): the drifts, none when exact. */
async function drifts(): Promise<Drift[]> {
  const whole = [
    ...["tax_categories", "shipping_categories", "channels", "customers", "product_options", "tax_rates", "payment_methods", "promotions", "shipping_methods", "products", "zones"],
    ...["taxons", "product_attributes", "product_association_types", "admin_users", "exchange_rates"],
  ];
  const actual = [
    ...whole.map((t) => `SELECT '${t}' AS scope, 0 AS owner, count(*) AS n FROM ${t}`),
    "SELECT 'carts' AS scope, 0 AS owner, count(*) AS n FROM orders WHERE state = 'cart'",
    "SELECT 'orders' AS scope, 0 AS owner, count(*) AS n FROM orders WHERE state <> 'cart'",
    "SELECT 'payments' AS scope, 0 AS owner, count(*) AS n FROM payments WHERE state <> 'cart'",
    "SELECT 'shipments' AS scope, 0 AS owner, count(*) AS n FROM shipments WHERE state <> 'cart'",
    "SELECT 'product_variants' AS scope, product_id AS owner, count(*) AS n FROM product_variants GROUP BY product_id",
    "SELECT 'promotion_coupons' AS scope, promotion_id AS owner, count(*) AS n FROM promotion_coupons GROUP BY promotion_id",
    "SELECT 'product_reviews' AS scope, product_id AS owner, count(*) AS n FROM product_reviews GROUP BY product_id",
  ];
  // D1 allows few terms in a compound SELECT: one statement per scope, in one batch.
  const answers = await env.DB.batch<{ scope: string; owner: number; n: number }>(actual.map((q) => env.DB.prepare(q)));
  const counts = await env.DB.prepare("SELECT scope, owner, total FROM list_counts").all<{ scope: string; owner: number; total: number }>();
  const key = (scope: string, owner: number) => `${scope}/${owner}`;
  const counted = new Map(counts.results.map((c) => [key(c.scope, c.owner), c.total]));
  const found = new Map(answers.flatMap((a) => a.results).map((a) => [key(a.scope, a.owner), a]));
  const out: Drift[] = [];
  for (const a of found.values()) {
    const c = counted.get(key(a.scope, a.owner)) ?? 0;
    if (c !== a.n) out.push({ scope: a.scope, owner: a.owner, counted: c, actual: a.n });
  }
  for (const c of counts.results) if (c.total !== 0 && !found.has(key(c.scope, c.owner))) out.push({ scope: c.scope, owner: c.owner, counted: c.total, actual: 0 });
  return out;
}

const count = async (sql: string) => (await firstRow<{ n: number }>(env.DB.prepare(sql))).n;
const listTotal = async (path: string) => {
  const res = await api("GET", path);
  expect(res.status).toBe(200);
  return (res.body as { total: number }).total;
};

/** A cart with one item, addressed, shipping and payment selected (ready to complete). */
async function readyCart(f: CheckoutFixture<readonly [number, number]>): Promise<number> {
  const cartId = await newCart(f);
  await addItem(cartId, f.variants[0].code, 1);
  await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
  await step("PUT", `/api/v1/checkouts/select-shipping/${cartId}`, { shipments: [{ method: f.shipping.b.code }] });
  await step("PUT", `/api/v1/checkouts/select-payment/${cartId}`, { payments: [{ method: f.payment.first.code }] });
  return cartId;
}

describe("list counters", () => {
  it("start exact: the migration counted what was stored", async () => {
    expect(await drifts()).toEqual([]);
  });

  it("stay exact under concurrent creates, deletes, expiry and checkout, and the lists show them", async () => {
    const f = await checkoutFixture();
    const ready = await Promise.all(Array.from({ length: 4 }, () => readyCart(f)));
    const doomed = await Promise.all(Array.from({ length: 6 }, () => newCart(f)));
    const expiring = await newCart(f);
    // Expiry: the cart's last change moved back past the period, then its alarm rings (as the object would).
    const ttlMs = cartTtlSeconds(env.CART_TTL) * 1000;
    await env.DB.prepare("UPDATE orders SET updated_at = ?2 WHERE id = ?1").bind(expiring, new Date(Date.now() - ttlMs - 3_600_000).toISOString()).run();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => newCart(f).then(() => 201)),
      ...doomed.map(async (id) => (await api("DELETE", `/api/v1/carts/${id}`)).status),
      ...ready.map(async (id) => (await api("PUT", `/api/v1/checkouts/complete/${id}`)).status),
      runDurableObjectAlarm(new CartGateway(env.CARTS).stub(expiring)).then(() => 200),
    ]);
    expect(answers.filter((s) => s >= 300)).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM orders WHERE id = ${expiring}`)).toBe(0);
    expect(await drifts()).toEqual([]);
    expect(await listTotal("/api/v1/carts/")).toBe(await count("SELECT count(*) AS n FROM orders WHERE state = 'cart'"));
    expect(await listTotal("/api/v1/orders/")).toBe(await count("SELECT count(*) AS n FROM orders WHERE state <> 'cart'"));
    expect(await listTotal("/api/v1/payments/")).toBe(await count("SELECT count(*) AS n FROM payments WHERE state <> 'cart'"));
    expect(await listTotal("/api/v1/shipments/")).toBe(await count("SELECT count(*) AS n FROM shipments WHERE state <> 'cart'"));
  });

  it("stay exact under SQL run outside the service: inserts, state changes, moves, deletes, cascades", async () => {
    const tag = `SQL${Date.now().toString(36)}`;
    const product = async (code: string) =>
      (await firstRow<{ id: number }>(env.DB.prepare("INSERT INTO products (code) VALUES (?1) RETURNING id").bind(code))).id;
    const a = await product(`${tag}_A`);
    const b = await product(`${tag}_B`);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 29)
       INSERT INTO product_variants (product_id, code, position) SELECT ?1, ?2 || '_' || i, i FROM n`,
    ).bind(a, tag).run();
    expect(await listTotal(`/api/v1/products/${tag}_A/variants/`)).toBe(30);
    await env.DB.batch([
      env.DB.prepare("UPDATE product_variants SET product_id = ?2 WHERE product_id = ?1 AND position < 10").bind(a, b),
      env.DB.prepare("DELETE FROM product_variants WHERE product_id = ?1 AND position >= 25").bind(a),
    ]);
    expect(await listTotal(`/api/v1/products/${tag}_A/variants/`)).toBe(15);
    expect(await listTotal(`/api/v1/products/${tag}_B/variants/`)).toBe(10);
    expect(await drifts()).toEqual([]);
    // Orders straight into D1, placed by SQL, then deleted (payments and shipments cascade).
    const customer = (await firstRow<{ id: number }>(env.DB.prepare("INSERT INTO customers (email, email_canonical) VALUES (?1, ?1) RETURNING id").bind(`${tag}@example.com`.toLowerCase()))).id;
    const channel = (await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM channels LIMIT 1"))).id;
    const { results } = await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9)
       INSERT INTO orders (customer_id, channel_id, currency_code, locale_code) SELECT ?1, ?2, 'USD', 'en_US' FROM n RETURNING id`,
    ).bind(customer, channel).all<{ id: number }>();
    const ids = JSON.stringify(results.map((r) => r.id));
    await env.DB.batch([
      env.DB.prepare("INSERT INTO payments (order_id, currency_code, amount) SELECT value, 'USD', 100 FROM json_each(?1)").bind(ids),
      env.DB.prepare("INSERT INTO shipments (order_id) SELECT value FROM json_each(?1)").bind(ids),
    ]);
    expect(await drifts()).toEqual([]);
    await env.DB.batch([
      env.DB.prepare(
        `UPDATE orders SET state = 'new', number = 'S' || id || ?2 WHERE id IN (SELECT value FROM json_each(?1) LIMIT 6)`,
      ).bind(ids, tag),
      env.DB.prepare("UPDATE payments SET state = 'new' WHERE order_id IN (SELECT value FROM json_each(?1) LIMIT 6)").bind(ids),
      env.DB.prepare("UPDATE shipments SET state = 'ready' WHERE order_id IN (SELECT value FROM json_each(?1) LIMIT 6)").bind(ids),
      // A state change that stays on the same side counts nothing.
      env.DB.prepare("UPDATE orders SET state = 'cancelled' WHERE id IN (SELECT value FROM json_each(?1) LIMIT 2)").bind(ids),
    ]);
    expect(await drifts()).toEqual([]);
    await env.DB.prepare("DELETE FROM orders WHERE id IN (SELECT value FROM json_each(?1) LIMIT 4 OFFSET 3)").bind(ids).run();
    expect(await drifts()).toEqual([]);
    // Deleting a product takes its variants (FK cascade) and its counter row.
    await env.DB.prepare("DELETE FROM products WHERE id = ?1").bind(b).run();
    expect(await count(`SELECT count(*) AS n FROM list_counts WHERE scope = 'product_variants' AND owner = ${b}`)).toBe(0);
    expect(await drifts()).toEqual([]);
  });
});
