/** Cart creation: one batch of reads (customer, account, channel), one insert. */
import type { CartRecord, CustomerRow, ShopUserRow } from "./cart-views";

export interface CartCreateInputs {
  customer: CustomerRow | null;
  user: ShopUserRow | null;
  channel: { id: number; code: string; currencyCode: string; locales: string[] } | null;
}

export function cartCreateReads(db: D1Database, values: { customer?: string; channel?: string }): D1PreparedStatement[] {
  const email = (values.customer ?? "").trim().toLowerCase();
  const channel = values.channel ?? "";
  return [
    db.prepare("SELECT id, email, first_name, last_name FROM customers WHERE email_canonical = ?1").bind(email),
    db
      .prepare(
        `SELECT u.id, u.customer_id, u.username, u.username_canonical, u.enabled FROM shop_users u
         JOIN customers c ON c.id = u.customer_id WHERE c.email_canonical = ?1`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT ch.id, ch.code, cu.code AS currency_code FROM channels ch JOIN currencies cu ON cu.id = ch.base_currency_id
         WHERE ch.code = ?1 AND ch.enabled = 1`,
      )
      .bind(channel),
    db
      .prepare(
        `SELECT l.code FROM locales l WHERE l.id IN (
           SELECT locale_id FROM channel_locales WHERE channel_id = (SELECT id FROM channels WHERE code = ?1)
           UNION SELECT default_locale_id FROM channels WHERE code = ?1)`,
      )
      .bind(channel),
  ];
}

export function cartCreateInputsFrom(results: D1Result[]): CartCreateInputs {
  const [customers, users, channels, locales] = results.map((r) => r.results as any[]);
  const c = customers?.[0];
  const u = users?.[0];
  const ch = channels?.[0];
  return {
    customer: c ? { id: c.id, email: c.email, firstName: c.first_name, lastName: c.last_name } : null,
    user: u
      ? { id: u.id, customerId: u.customer_id, username: u.username, usernameCanonical: u.username_canonical, enabled: u.enabled === 1 }
      : null,
    channel: ch ? { id: ch.id, code: ch.code, currencyCode: ch.currency_code, locales: (locales ?? []).map((l) => l.code) } : null,
  };
}

/** Inserts the cart (currency from the channel, contract §5) and returns it, empty. */
export async function insertCart(db: D1Database, inputs: CartCreateInputs, localeCode: string): Promise<CartRecord> {
  const { customer, user, channel } = inputs;
  if (!customer || !channel) throw new Error("insertCart needs a validated customer and channel");
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO orders (customer_id, channel_id, currency_code, locale_code, state, checkout_state)
         VALUES (?1, ?2, ?3, ?4, 'cart', 'cart') RETURNING id, created_at`,
      )
      .bind(customer.id, channel.id, channel.currencyCode, localeCode),
  ]);
  const row = inserted!.results[0] as { id: number; created_at: string };
  return {
    cart: {
      id: row.id,
      channelId: channel.id,
      channelCode: channel.code,
      currencyCode: channel.currencyCode,
      localeCode,
      itemsTotal: 0,
      adjustmentsTotal: 0,
      total: 0,
      items: [],
      adjustments: [],
      state: "cart",
      checkoutState: "cart",
      customerId: customer.id,
      createdAt: row.created_at,
    },
    customer,
    user,
    channel: { id: channel.id, code: channel.code },
  };
}
