/**
 * The pricing context's version (its sources declared in
 * src/data/triggers/pricing-context.ts) rises with every write a cart's price
 * could see, and not with the usage count orders move: an update naming any
 * column of a promotion but `used` raises it, whatever columns later
 * migrations add; an update of `used` alone raises it only when it changes
 * whether the promotion is still under its usage limit, the one thing pricing
 * reads of `used`. Every declared source raises it once per row inserted,
 * updated (whichever column) or deleted in SQL, and with the API's writes of
 * its resource.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PRICING_CONTEXT_SOURCES } from "../../src/data/triggers/pricing-context";
import { tableName } from "../../src/data/triggers/trigger";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";
import { ok, uniqueCode } from "../fixtures/http";
import { createChannel, createProvince, insertChannel } from "../fixtures/references";
import { firstRow } from "../fixtures/db";

const version = async () => (await firstRow<{ version: number }>(env.DB.prepare("SELECT version FROM pricing_context_version WHERE id = 1"))).version;

/** How far `write` moved the version. */
async function moved(write: () => Promise<unknown>): Promise<number> {
  const before = await version();
  await write();
  return (await version()) - before;
}

const run = (sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).run();

/** Runs `sql` (bound to the promotion's id) and tells whether the version rose. */
const raises = async (sql: string, id: number): Promise<boolean> => (await moved(() => run(sql, id))) > 0;

async function newPromotion(usageLimit: number | null, used: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO promotions (code, name, usage_limit, used) VALUES (?1, 'Usage', ?2, ?3) RETURNING id")
    .bind(uniqueCode("USAGE"), usageLimit, used)
    .first<{ id: number }>();
  return row!.id;
}

describe("the pricing context's version and a promotion's usage", () => {
  it("rises with an update of any promotion column but `used`", async () => {
    const id = await newPromotion(5, 0);
    const { results } = await env.DB.prepare("SELECT name, type FROM pragma_table_info('promotions')").all<{ name: string; type: string }>();
    const columns = results.filter((c) => c.name !== "used");
    expect(columns.map((c) => c.name)).toContain("usage_limit");
    for (const { name } of columns) {
      // The value itself: naming the column is what counts (an admin update names every column).
      expect([name, await raises(`UPDATE promotions SET "${name}" = "${name}" WHERE id = ?1`, id)]).toEqual([name, true]);
    }
  });

  it("rises with `used` only when the promotion reaches its limit or falls back under it", async () => {
    const limited = await newPromotion(2, 0);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(false);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(true);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(false);
    // A cancelled order gives its usage back: 3 → 2 stays at the limit, 2 → 1 is under it again.
    expect(await raises("UPDATE promotions SET used = used - 1 WHERE id = ?1", limited)).toBe(false);
    expect(await raises("UPDATE promotions SET used = used - 1 WHERE id = ?1", limited)).toBe(true);

    const unlimited = await newPromotion(null, 0);
    for (let i = 0; i < 3; i++) expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", unlimited)).toBe(false);
  });
});

/** Rows the fresh rows of the SQL cases hang from, inserted in SQL. */
interface Parents {
  zone: number;
  taxCategory: number;
  shippingMethod: number;
  paymentMethod: number;
  promotion: number;
  country: number;
}

const idOf = async (sql: string, ...params: unknown[]) => (await firstRow<{ id: number }>(env.DB.prepare(`${sql} RETURNING id`).bind(...params))).id;

async function insertParents(): Promise<Parents> {
  const zone = await idOf("INSERT INTO zones (code, name) VALUES (?, 'Parent zone')", uniqueCode("Z"));
  return {
    zone,
    taxCategory: await idOf("INSERT INTO tax_categories (code, name) VALUES (?, 'Parent')", uniqueCode("TC")),
    shippingMethod: await idOf("INSERT INTO shipping_methods (code, zone_id, calculator, configuration) VALUES (?, ?, 'flat_rate', '{}')", uniqueCode("SM"), zone),
    paymentMethod: await idOf("INSERT INTO payment_methods (code) VALUES (?)", uniqueCode("PM")),
    promotion: await idOf("INSERT INTO promotions (code, name) VALUES (?, 'Parent')", uniqueCode("PR")),
    country: await idOf("INSERT INTO countries (code) VALUES (?)", uniqueCode("C")),
  };
}

/** A fresh row of each source table (no row refers to it), as an INSERT and its parameters. */
const FRESH_ROWS: Record<string, (p: Parents) => Promise<[string, ...unknown[]]>> = {
  channels: async () => {
    await insertChannel(); // en_US and USD exist
    return [
      "INSERT INTO channels (code, name, base_currency_id, default_locale_id) VALUES (?, 'Fresh', (SELECT id FROM currencies WHERE code = 'USD'), (SELECT id FROM locales WHERE code = 'en_US'))",
      uniqueCode("CH"),
    ];
  },
  zones: async () => ["INSERT INTO zones (code, name) VALUES (?, 'Fresh')", uniqueCode("Z")],
  zone_members: async (p) => ["INSERT INTO zone_members (zone_id, code) VALUES (?, ?)", p.zone, uniqueCode("M")],
  tax_categories: async () => ["INSERT INTO tax_categories (code, name) VALUES (?, 'Fresh')", uniqueCode("TC")],
  tax_rates: async (p) => ["INSERT INTO tax_rates (code, name, amount, category_id, zone_id) VALUES (?, 'Fresh', 0.1, ?, ?)", uniqueCode("TR"), p.taxCategory, p.zone],
  shipping_categories: async () => ["INSERT INTO shipping_categories (code, name) VALUES (?, 'Fresh')", uniqueCode("SC")],
  shipping_methods: async (p) => ["INSERT INTO shipping_methods (code, zone_id, calculator, configuration) VALUES (?, ?, 'flat_rate', '{}')", uniqueCode("SM"), p.zone],
  shipping_method_translations: async (p) => ["INSERT INTO shipping_method_translations (method_id, locale, name) VALUES (?, ?, 'Fresh')", p.shippingMethod, uniqueCode("l")],
  shipping_method_channels: async (p) => ["INSERT INTO shipping_method_channels (method_id, channel_id) VALUES (?, ?)", p.shippingMethod, (await insertChannel()).id],
  payment_methods: async () => ["INSERT INTO payment_methods (code) VALUES (?)", uniqueCode("PM")],
  payment_method_translations: async (p) => ["INSERT INTO payment_method_translations (method_id, locale, name) VALUES (?, ?, 'Fresh')", p.paymentMethod, uniqueCode("l")],
  payment_method_channels: async (p) => ["INSERT INTO payment_method_channels (method_id, channel_id) VALUES (?, ?)", p.paymentMethod, (await insertChannel()).id],
  promotions: async () => ["INSERT INTO promotions (code, name, usage_limit) VALUES (?, 'Fresh', 5)", uniqueCode("PR")],
  promotion_channels: async (p) => ["INSERT INTO promotion_channels (promotion_id, channel_id) VALUES (?, ?)", p.promotion, (await insertChannel()).id],
  promotion_actions: async (p) => ["INSERT INTO promotion_actions (promotion_id, type, configuration) VALUES (?, 'order_fixed_discount', '{}')", p.promotion],
  promotion_rules: async (p) => ["INSERT INTO promotion_rules (promotion_id, type, configuration) VALUES (?, 'item_total', '{}')", p.promotion],
  provinces: async (p) => ["INSERT INTO provinces (country_id, code, name) VALUES (?, ?, 'Fresh')", p.country, uniqueCode("P")],
};

/** What the API writes of each source's resource: a catalogue through the API, a payment method and a country with a province. */
interface Shop extends ApiCatalog {
  paymentMethod: string;
  country: string;
}

const patch = (path: string, body: unknown) => () => ok("PATCH", path, body);
const THROUGH_API: Record<string, (s: Shop) => () => Promise<unknown>> = {
  channels: (s) => patch(`/api/v1/channels/${s.channel}`, { name: uniqueCode("Channel") }),
  zones: (s) => patch(`/api/v1/zones/${s.zone}`, { name: uniqueCode("Zone") }),
  zone_members: (s) => patch(`/api/v1/zones/${s.zone}`, { members: [{ code: "US" }, { code: "CA" }] }),
  tax_categories: (s) => patch(`/api/v1/tax-categories/${s.taxCategory}`, { name: uniqueCode("Tax") }),
  tax_rates: (s) => patch(`/api/v1/tax-rates/${s.taxRate}`, { name: uniqueCode("Rate") }),
  shipping_categories: (s) => patch(`/api/v1/shipping-categories/${s.shippingCategory}`, { name: uniqueCode("Ship") }),
  shipping_methods: (s) => patch(`/api/v1/shipping-methods/${s.shippingMethod}`, { position: 3 }),
  shipping_method_translations: (s) => patch(`/api/v1/shipping-methods/${s.shippingMethod}`, { translations: { en_US: { name: uniqueCode("Courier") } } }),
  shipping_method_channels: (s) => async () => {
    const other = await createChannel();
    await ok("PATCH", `/api/v1/shipping-methods/${s.shippingMethod}`, {
      channels: [s.channel, other.code],
      configuration: { [s.channel]: { amount: 500 }, [other.code]: { amount: 700 } },
    });
  },
  payment_methods: (s) => patch(`/api/v1/payment-methods/${s.paymentMethod}`, { position: 2 }),
  payment_method_translations: (s) => patch(`/api/v1/payment-methods/${s.paymentMethod}`, { translations: { en_US: { name: uniqueCode("Cash") } } }),
  payment_method_channels: (s) => patch(`/api/v1/payment-methods/${s.paymentMethod}`, { channels: [] }),
  promotions: (s) => patch(`/api/v1/promotions/${s.promotion}`, { name: uniqueCode("Promo") }),
  promotion_channels: (s) => patch(`/api/v1/promotions/${s.promotion}`, { channels: [] }),
  promotion_rules: (s) => patch(`/api/v1/promotions/${s.promotion}`, { rules: [{ type: "item_total", configuration: { [s.channel]: { amount: 3000 } } }] }),
  promotion_actions: (s) => patch(`/api/v1/promotions/${s.promotion}`, { actions: [{ type: "order_fixed_discount", configuration: { [s.channel]: { amount: 200 } } }] }),
  provinces: (s) => patch(`/api/v1/countries/${s.country}`, { provinces: [{ code: `${s.country}-${uniqueCode("P").replace(/[^A-Za-z0-9]/g, "").toUpperCase()}`, name: "Added" }] }),
};

const SOURCES = PRICING_CONTEXT_SOURCES.map((source) => ({ table: tableName(source.table), usage: source.usage }));

describe("the pricing context's version and its sources", () => {
  let parents: Parents;
  let shop: Shop;

  beforeAll(async () => {
    parents = await insertParents();
    const catalog = await apiCatalog();
    const paymentMethod = uniqueCode("PM");
    await ok("POST", "/api/v1/payment-methods/", { code: paymentMethod, enabled: true, channels: [catalog.channel], translations: { en_US: { name: "Cash" } } });
    const { country } = await createProvince();
    shop = { ...catalog, paymentMethod, country: country.code };
  });

  it("has a case through SQL and one through the API for every declared source", () => {
    const tables = SOURCES.map((s) => s.table).sort();
    expect(Object.keys(FRESH_ROWS).sort()).toEqual(tables);
    expect(Object.keys(THROUGH_API).sort()).toEqual(tables);
  });

  it.each(SOURCES)("rises once with each insert, update of a column and delete of a $table row in SQL", async ({ table, usage }) => {
    const [insert, ...params] = await FRESH_ROWS[table]!(parents);
    let rowid = 0;
    expect(
      await moved(async () => {
        rowid = (await firstRow<{ r: number }>(env.DB.prepare(`${insert} RETURNING rowid AS r`).bind(...params))).r;
      }),
    ).toBe(1);
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(table).all<{ name: string }>();
    expect(results.length).toBeGreaterThan(1);
    for (const { name } of results) {
      // Naming the column is what counts; a usage count alone only when it crosses the limit (above).
      const expected = name === usage?.used.name ? 0 : 1;
      expect([name, await moved(() => run(`UPDATE "${table}" SET "${name}" = "${name}" WHERE rowid = ?`, rowid))]).toEqual([name, expected]);
    }
    expect(await moved(() => run(`DELETE FROM "${table}" WHERE rowid = ?`, rowid))).toBe(1);
  });

  it.each(SOURCES)("rises with the API's write of a $table row", async ({ table }) => {
    expect(await moved(THROUGH_API[table]!(shop))).toBeGreaterThan(0);
  });
});
