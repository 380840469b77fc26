/**
 * Catalogue fixtures for the variant tests, inserted straight into D1 (the
 * routes of products, channels, options and categories are not used here).
 * Every code is unique per call, so tests never collide on shared storage.
 */
import { env } from "cloudflare:test";
import { api, uniqueCode } from "../../helpers/http";

export const CATEGORY_CREATED = "2026-01-02T03:04:05.000Z";
export const CATEGORY_UPDATED = "2026-01-03T04:05:06.000Z";
export const CATEGORY_CREATED_ATOM = "2026-01-02T03:04:05+00:00";
export const CATEGORY_UPDATED_ATOM = "2026-01-03T04:05:06+00:00";

export interface OptionFixture {
  id: number;
  code: string;
  values: { id: number; code: string; translationIds: Record<string, number> }[];
}

export interface Catalog {
  product: { id: number; code: string };
  /** Enabled channel. */
  channel: string;
  /** A second enabled channel. */
  channel2: string;
  disabledChannel: string;
  /** Assigned to the product; translated en_US "Mug type" and pl_PL "Typ kubka"; values `small`, `large`. */
  option: OptionFixture;
  /** Assigned to the product; translated pl_PL only ("Kolor"); one value. */
  option2: OptionFixture;
  /** Not assigned to the product; one value. */
  foreignOption: OptionFixture;
  taxCategory: { id: number; code: string; name: string; description: string };
  shippingCategory: { id: number; code: string; name: string; description: string };
}

async function insert<T = { id: number }>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await env.DB.prepare(`${sql} RETURNING *`).bind(...params).first<T>();
  if (!row) throw new Error(`fixture insert returned nothing: ${sql}`);
  return row;
}

/** Locales en_US and pl_PL and currency USD exist (idempotent). */
export async function ensureLocalesAndCurrency(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO locales (code) VALUES ('en_US'), ('pl_PL')"),
    env.DB.prepare("INSERT OR IGNORE INTO currencies (code) VALUES ('USD')"),
  ]);
}

export async function insertChannel(enabled = true): Promise<string> {
  const code = uniqueCode("CH");
  await insert(
    `INSERT INTO channels (code, name, enabled, base_currency_id, default_locale_id)
     VALUES (?, ?, ?, (SELECT id FROM currencies WHERE code = 'USD'), (SELECT id FROM locales WHERE code = 'en_US'))`,
    code,
    `Channel ${code}`,
    enabled ? 1 : 0,
  );
  return code;
}

export async function insertProduct(): Promise<{ id: number; code: string }> {
  const code = uniqueCode("PROD");
  const row = await insert("INSERT INTO products (code) VALUES (?)", code);
  return { id: row.id, code };
}

async function insertOption(
  position: number,
  names: Record<string, string>,
  values: { suffix: string; translations: Record<string, string> }[],
): Promise<OptionFixture> {
  const code = uniqueCode("OPT");
  const option = await insert("INSERT INTO product_options (code, position) VALUES (?, ?)", code, position);
  for (const [locale, name] of Object.entries(names)) {
    await insert("INSERT INTO product_option_translations (option_id, locale, name) VALUES (?, ?, ?)", option.id, locale, name);
  }
  const fixtures: OptionFixture["values"] = [];
  for (const value of values) {
    const valueCode = `${code}_${value.suffix}`;
    const row = await insert("INSERT INTO product_option_values (option_id, code) VALUES (?, ?)", option.id, valueCode);
    const translationIds: Record<string, number> = {};
    for (const [locale, text] of Object.entries(value.translations)) {
      const t = await insert(
        "INSERT INTO product_option_value_translations (value_id, locale, value) VALUES (?, ?, ?)",
        row.id,
        locale,
        text,
      );
      translationIds[locale] = t.id;
    }
    fixtures.push({ id: row.id, code: valueCode, translationIds });
  }
  return { id: option.id, code, values: fixtures };
}

async function insertCategory(table: "tax_categories" | "shipping_categories", prefix: string) {
  const code = uniqueCode(prefix);
  const name = `${prefix} ${code}`;
  const description = `About ${code}`;
  const row = await insert(
    `INSERT INTO ${table} (code, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
    code,
    name,
    description,
    CATEGORY_CREATED,
    CATEGORY_UPDATED,
  );
  return { id: row.id, code, name, description };
}

/** A fresh product with two options (and a third, foreign one), channels and categories. */
export async function setupCatalog(): Promise<Catalog> {
  await ensureLocalesAndCurrency();
  const product = await insertProduct();
  const [channel, channel2, disabledChannel] = [await insertChannel(), await insertChannel(), await insertChannel(false)];
  // option2 has a lower position: it is listed first among a variant's option values.
  const option = await insertOption(5, { pl_PL: "Typ kubka", en_US: "Mug type" }, [
    { suffix: "small", translations: { en_US: "Small mug", pl_PL: "Mały kubek" } },
    { suffix: "large", translations: { en_US: "Large mug" } },
  ]);
  const option2 = await insertOption(1, { pl_PL: "Kolor" }, [{ suffix: "red", translations: { pl_PL: "Czerwony" } }]);
  const foreignOption = await insertOption(0, { en_US: "Size" }, [{ suffix: "xl", translations: { en_US: "XL" } }]);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO product_option_assignments (product_id, option_id, position) VALUES (?, ?, 0), (?, ?, 1)").bind(
      product.id,
      option.id,
      product.id,
      option2.id,
    ),
  ]);
  const taxCategory = await insertCategory("tax_categories", "TAX");
  const shippingCategory = await insertCategory("shipping_categories", "SHIP");
  return { product, channel, channel2, disabledChannel, option, option2, foreignOption, taxCategory, shippingCategory };
}

export const variantsPath = (productCode: string) => `/api/v1/products/${productCode}/variants/`;
export const variantPath = (productCode: string, code: string) => `/api/v1/products/${productCode}/variants/${code}`;

/** Creates a variant through the API and fails loudly when that does not work. */
export async function createVariant(productCode: string, body: Record<string, unknown>) {
  const res = await api("POST", variantsPath(productCode), body);
  if (res.status !== 201) throw new Error(`variant create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; code: string; version: number; position: number };
}

/** Makes the variant used by an order item (a cart of a fresh customer in `channel`). */
export async function useInOrder(variantId: number, channel: string): Promise<void> {
  const email = `${uniqueCode("c")}@example.com`.toLowerCase();
  const customer = await insert("INSERT INTO customers (email, email_canonical) VALUES (?, ?)", email, email);
  const order = await insert(
    `INSERT INTO orders (customer_id, channel_id, currency_code, locale_code)
     VALUES (?, (SELECT id FROM channels WHERE code = ?), 'USD', 'en_US')`,
    customer.id,
    channel,
  );
  await insert(
    "INSERT INTO order_items (order_id, variant_id, quantity, unit_price, units_total, total) VALUES (?, ?, 1, 100, 100, 100)",
    order.id,
    variantId,
  );
}

/**
 * Every field of the variant form, passing (`{}`), with the given failures,
 * as the service lists them: `position` and `onHand` only when they fail;
 * a passing `optionValues` has one `{}` child per option of the product.
 */
export function children(fields: readonly string[], failures: Record<string, string[]>, optionCodes: readonly string[] = []) {
  const entries: [string, object][] = [];
  for (const field of fields) {
    const errors = failures[field];
    if (errors) entries.push([field, { errors }]);
    else if (field === "optionValues" && optionCodes.length > 0) entries.push([field, { children: Object.fromEntries(optionCodes.map((c) => [c, {}])) }]);
    else if (!QUIET_FIELDS.includes(field)) entries.push([field, {}]);
  }
  return Object.fromEntries(entries);
}

/** Accepted, but not fields of Sylius' variant form: listed only when they fail. */
const QUIET_FIELDS: readonly string[] = ["position", "onHand"];

/** The variant form's fields in Sylius 1.8's order (`position` and `onHand` last, quiet). */
export const CREATE_FIELDS = [
  "enabled",
  "translations",
  "version",
  "tracked",
  "width",
  "height",
  "depth",
  "weight",
  "taxCategory",
  "shippingRequired",
  "shippingCategory",
  "channelPricings",
  "code",
  "optionValues",
  "position",
  "onHand",
] as const;

export const UPDATE_FIELDS = CREATE_FIELDS;
