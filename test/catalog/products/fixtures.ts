/** Fixtures for the catalog tests: locales through the API, other rows straight into D1. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api, uniqueCode } from "../../helpers/http";

/** Creates the locales (through the API) unless they exist. */
export async function ensureLocales(...codes: string[]): Promise<void> {
  for (const code of codes) {
    const res = await api("POST", "/api/v1/locales/", { code });
    if (res.status !== 201) expect(res.body.errors.children.code.errors).toEqual(["Locale code must be unique."]);
  }
}

export async function ensureCurrency(code = "USD"): Promise<void> {
  const res = await api("POST", "/api/v1/currencies/", { code });
  if (res.status !== 201) expect(res.status).toBe(400);
}

/** A channel row (USD, en_US), inserted directly; returns its code and id. */
export async function createChannel(prefix = "CH"): Promise<{ code: string; id: number }> {
  await ensureLocales("en_US");
  await ensureCurrency("USD");
  const code = uniqueCode(prefix);
  const row = await env.DB.prepare(
    `INSERT INTO channels (code, name, base_currency_id, default_locale_id)
     SELECT ?, ?, c.id, l.id FROM currencies c, locales l WHERE c.code = 'USD' AND l.code = 'en_US'
     RETURNING id`,
  )
    .bind(code, `Channel ${code}`)
    .first<{ id: number }>();
  return { code, id: row!.id };
}

/** A variant row of product `productCode`, optionally linked to option values (by code). */
export async function createVariant(productCode: string, valueCodes: string[] = []): Promise<{ code: string; id: number }> {
  const code = uniqueCode("V");
  const row = await env.DB.prepare(
    "INSERT INTO product_variants (product_id, code) SELECT id, ? FROM products WHERE code = ? RETURNING id",
  )
    .bind(code, productCode)
    .first<{ id: number }>();
  for (const valueCode of valueCodes) {
    await env.DB.prepare(
      "INSERT INTO product_variant_option_values (variant_id, option_value_id) SELECT ?, id FROM product_option_values WHERE code = ?",
    )
      .bind(row!.id, valueCode)
      .run();
  }
  return { code, id: row!.id };
}

/** A cart (order) with one item of variant `variantId`. */
export async function createOrderItem(variantId: number): Promise<void> {
  const channel = await createChannel();
  const email = `${uniqueCode("c").toLowerCase()}@example.com`;
  const customer = await env.DB.prepare(
    "INSERT INTO customers (email, email_canonical) VALUES (?, ?) RETURNING id",
  )
    .bind(email, email)
    .first<{ id: number }>();
  const order = await env.DB.prepare(
    "INSERT INTO orders (customer_id, channel_id, currency_code, locale_code) VALUES (?, ?, 'USD', 'en_US') RETURNING id",
  )
    .bind(customer!.id, channel.id)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO order_items (order_id, variant_id, quantity, unit_price, units_total, total) VALUES (?, ?, 1, 100, 100, 100)",
  )
    .bind(order!.id, variantId)
    .run();
}

/** A channel as a product or a promotion shows it: Sylius' detailed channel set (the fixture's channel has no description, hostname or color). */
export const shownChannel = (channel: { id: number; code: string }) => ({
  id: channel.id,
  code: channel.code,
  name: expect.any(String),
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
  updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
  enabled: true,
  taxCalculationStrategy: "order_items_based",
  _links: { self: { href: `/api/v1/channels/${channel.code}` } },
});
