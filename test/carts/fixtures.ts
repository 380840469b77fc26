import { env } from "cloudflare:test";
import { uniqueCode } from "../helpers/http";

export interface CartFixture {
  channel: string;
  customer: string;
  customerId: number;
  product: string;
  /** Variant codes with their prices (minor units) in the channel. */
  variants: { code: string; price: number; id: number }[];
  tracked: { code: string; onHand: number; id: number };
  unpriced: string;
}

/**
 * A channel (USD, en_US, no tax zone), a customer with an account, a product
 * with priced variants, a tracked variant and one without a price — all with
 * unique codes, straight into D1.
 */
export async function cartFixture(prices: number[] = [1299, 1599, 1999]): Promise<CartFixture> {
  const channel = uniqueCode("CH");
  const product = uniqueCode("PROD");
  const customer = `${uniqueCode("cust").toLowerCase()}@example.com`;
  const db = env.DB;
  await db.batch([
    db.prepare("INSERT OR IGNORE INTO locales (code) VALUES ('en_US')"),
    db.prepare("INSERT OR IGNORE INTO currencies (code) VALUES ('USD')"),
    db
      .prepare(
        `INSERT INTO channels (code, name, enabled, base_currency_id, default_locale_id)
         SELECT ?1, 'Test channel', 1, c.id, l.id FROM currencies c, locales l WHERE c.code = 'USD' AND l.code = 'en_US'`,
      )
      .bind(channel),
    db.prepare("INSERT INTO channel_locales (channel_id, locale_id) SELECT ch.id, l.id FROM channels ch, locales l WHERE ch.code = ?1 AND l.code = 'en_US'").bind(channel),
    db.prepare("INSERT INTO customers (email, email_canonical, first_name, last_name) VALUES (?1, ?1, 'John', 'Doe')").bind(customer),
    db
      .prepare("INSERT INTO shop_users (customer_id, username, username_canonical, enabled) SELECT id, email, email, 1 FROM customers WHERE email_canonical = ?1")
      .bind(customer),
    db.prepare("INSERT INTO products (code) VALUES (?1)").bind(product),
    db.prepare("INSERT INTO product_translations (product_id, locale, name, slug) SELECT id, 'en_US', 'Theme mug', ?1 FROM products WHERE code = ?1").bind(product),
  ]);
  const codes = prices.map((_, i) => `${product}_V${i}`);
  const trackedCode = `${product}_TRACKED`;
  const unpriced = `${product}_UNPRICED`;
  const inserts = [...codes, trackedCode, unpriced].map((code, position) =>
    db
      .prepare(
        `INSERT INTO product_variants (product_id, code, position, tracked, on_hand)
         SELECT id, ?2, ?3, ?4, ?5 FROM products WHERE code = ?1 RETURNING id`,
      )
      .bind(product, code, position, code === trackedCode ? 1 : 0, code === trackedCode ? 5 : 0),
  );
  const rows = await db.batch<{ id: number }>(inserts);
  const ids = rows.map((r) => r.results[0]!.id);
  await db.batch([
    ...codes.map((code, i) =>
      db.prepare("INSERT INTO channel_pricings (variant_id, channel_code, price) VALUES (?1, ?2, ?3)").bind(ids[i], channel, prices[i]),
    ),
    db.prepare("INSERT INTO channel_pricings (variant_id, channel_code, price) VALUES (?1, ?2, 500)").bind(ids[codes.length], channel),
    db.prepare("INSERT INTO product_variant_translations (variant_id, locale, name) VALUES (?1, 'en_US', 'Tracked mug')").bind(ids[codes.length]),
  ]);
  const customerRow = await db.prepare("SELECT id FROM customers WHERE email_canonical = ?1").bind(customer).first<{ id: number }>();
  return {
    channel,
    customer,
    customerId: customerRow!.id,
    product,
    variants: codes.map((code, i) => ({ code, price: prices[i]!, id: ids[i]! })),
    tracked: { code: trackedCode, onHand: 5, id: ids[codes.length]! },
    unpriced,
  };
}
