/**
 * Stored variant views (migration 0023, docs/performance/variant-views.md):
 * what a variant shows from other rows is read from `variant_views` while
 * its `view_version` is current. Every source of that view, changed through
 * the API where there is a route for it and with raw SQL (as `wrangler d1
 * execute` would), must show in the next GET of the variant and of a cart
 * holding it, byte for byte as a read that builds the view afresh; a warm
 * read answers exactly as a cold one (bodies and tags), reading fewer rows.
 * Each source declared in src/data/triggers/variant-views.ts raises the
 * variant's `view_version` once per row inserted, updated (each column it
 * watches, and no other) or deleted in SQL.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { namedBatch } from "../../src/data/batch";
import { ViewRefills } from "../../src/data/queries/product-variants";
import { tableName } from "../../src/data/triggers/trigger";
import { VARIANT_VIEW_COLUMNS, VARIANT_VIEW_SOURCES } from "../../src/data/triggers/variant-views";
import { TEST_TOKEN } from "../fixtures/accounts";
import { variantPath } from "../fixtures/catalog";
import { addItem, newCart } from "../fixtures/carts";
import { api, uniqueCode } from "../fixtures/http";
import { createCustomer } from "../fixtures/references";
import { setupCatalog, type Catalog } from "../fixtures/variants";
import { firstRow } from "../fixtures/db";

let catalog: Catalog;
let variant: { id: number; code: string };
let cartId: number;

/** A GET as a client sees it: the body's exact text, the entity tag and the rows D1 read. */
async function get(path: string) {
  const res = await SELF.fetch(`https://example.com${path}`, { headers: { Authorization: `Bearer ${TEST_TOKEN}`, Accept: "application/json" } });
  const timing = res.headers.get("Server-Timing") ?? "";
  return {
    status: res.status,
    text: await res.text(),
    etag: res.headers.get("ETag"),
    rowsRead: Number(/rows_read;desc="(\d+)"/.exec(timing)?.[1]),
    roundTrips: Number(/d1;[^,]*desc="(\d+)"/.exec(timing)?.[1]),
  };
}

/** What the variant and the cart holding it show now. */
async function shown() {
  const [v, c] = [await get(variantPath(catalog.product.code, variant.code)), await get(`/api/v1/carts/${cartId}`)];
  expect(v.status).toBe(200);
  expect(c.status).toBe(200);
  return { variant: v.text, variantTag: v.etag, cart: c.text, cartTag: c.etag };
}

/** Whether `variant_views` holds the variant's view for its current version. */
async function stored(id = variant.id): Promise<boolean> {
  const row = await env.DB.prepare(
    "SELECT vv.view_version = pv.view_version AS current FROM product_variants pv JOIN variant_views vv ON vv.variant_id = pv.id WHERE pv.id = ?",
  )
    .bind(id)
    .first<{ current: number }>();
  return row?.current === 1;
}

/** Waits for the refill a read scheduled after its response (`waitUntil`). */
async function storedSoon(id = variant.id): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await stored(id)) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const forget = () => env.DB.prepare("DELETE FROM variant_views WHERE variant_id = ?").bind(variant.id).run();
const run = (sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).run();
const ok204 = async (method: string, path: string, body: unknown) => {
  const res = await api(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

beforeAll(async () => {
  catalog = await setupCatalog();
  await env.DB.prepare("UPDATE channels SET enabled = 1 WHERE code = ?").bind(catalog.channel).run();
  const code = uniqueCode("SV");
  const created = await api("POST", `/api/v1/products/${catalog.product.code}/variants/`, {
    code,
    translations: { en_US: { name: "Stored mug" }, pl_PL: { name: "Kubek" } },
    channelPricings: { [catalog.channel]: { price: "12.00" }, [catalog.channel2]: { price: "13.00" } },
    optionValues: { [catalog.option.code]: catalog.option.values[0].code, [catalog.option2.code]: catalog.option2.values[0].code },
    taxCategory: catalog.taxCategory.code,
    shippingCategory: catalog.shippingCategory.code,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  variant = { id: created.body.id, code };
  const customer = await createCustomer();
  cartId = await newCart({ customer: customer.email, channel: catalog.channel });
  await addItem(cartId, code);
});

describe("a stored variant view", () => {
  it("answers byte for byte as the read that built it, tags included, reading fewer rows in as many round trips", async () => {
    await forget();
    const coldVariant = await get(variantPath(catalog.product.code, variant.code));
    expect(await storedSoon()).toBe(true);
    const warmVariant = await get(variantPath(catalog.product.code, variant.code));
    expect(warmVariant.text).toBe(coldVariant.text);
    expect(warmVariant.etag).toBe(coldVariant.etag);
    expect(warmVariant.roundTrips).toBe(coldVariant.roundTrips);
    expect(warmVariant.rowsRead).toBeLessThan(coldVariant.rowsRead);

    await forget();
    const coldCart = await get(`/api/v1/carts/${cartId}`);
    expect(await storedSoon()).toBe(true);
    const warmCart = await get(`/api/v1/carts/${cartId}`);
    expect(warmCart.text).toBe(coldCart.text);
    expect(warmCart.etag).toBe(coldCart.etag);
    expect(warmCart.roundTrips).toBe(coldCart.roundTrips);
    expect(warmCart.rowsRead).toBeLessThan(coldCart.rowsRead);

    await forget();
    const list = `/api/v1/products/${catalog.product.code}/variants/?limit=50`;
    const coldList = await get(list);
    expect(await storedSoon()).toBe(true);
    const warmList = await get(list);
    expect(warmList.text).toBe(coldList.text);
    expect(warmList.rowsRead).toBeLessThan(coldList.rowsRead);
  });

  it("is not stored when the variant changed after the read that built it", async () => {
    await forget();
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const version = await env.DB.prepare("SELECT view_version AS v FROM product_variants WHERE id = ?").bind(variant.id).first<{ v: number }>();
    const refills = new ViewRefills();
    refills.note(variant.id, version!.v, '{"stale":true}');
    // A change between the read and the refill raises the version.
    await run("UPDATE product_variant_translations SET name = name || '!' WHERE variant_id = ? AND locale = 'pl_PL'", variant.id);
    await namedBatch(db, { views: refills.statements(db) });
    expect(await env.DB.prepare("SELECT 1 FROM variant_views WHERE variant_id = ?").bind(variant.id).first()).toBeNull();
    // Built from the current version, it is stored.
    const current = await env.DB.prepare("SELECT view_version AS v FROM product_variants WHERE id = ?").bind(variant.id).first<{ v: number }>();
    refills.note(variant.id, current!.v, "{}");
    await namedBatch(db, { views: refills.statements(db) });
    expect(await stored()).toBe(true);
    await forget();
  });

  it("is dropped with its variant", async () => {
    const code = uniqueCode("SVD");
    const created = await api("POST", `/api/v1/products/${catalog.product.code}/variants/`, { code, translations: { en_US: { name: "Gone" } } });
    expect(created.status).toBe(201);
    await get(variantPath(catalog.product.code, code));
    expect(await storedSoon(created.body.id)).toBe(true);
    expect((await api("DELETE", variantPath(catalog.product.code, code))).status).toBe(204);
    expect(await env.DB.prepare("SELECT 1 FROM variant_views WHERE variant_id = ?").bind(created.body.id).first()).toBeNull();
  });
});

/**
 * Each source of the stored view (what `variantViewFields` builds), changed:
 * `cart` tells whether a cart's item shows that part of the variant (it
 * embeds the variant in Sylius' default set: no option value translations
 * but the current locale's, no category).
 */
const value = () => catalog.option.values[0];
const sources: { name: string; change: () => Promise<unknown> }[] = [
  // The variant's translations.
  { name: "a translation, through the API", change: () => ok204("PATCH", variantPath(catalog.product.code, variant.code), { translations: { en_US: { name: uniqueCode("Name") } } }) },
  { name: "a translation, updated in SQL", change: () => run("UPDATE product_variant_translations SET name = ? WHERE variant_id = ? AND locale = 'en_US'", uniqueCode("Raw"), variant.id) },
  { name: "a translation, inserted in SQL", change: () => run("INSERT INTO product_variant_translations (variant_id, locale, name) VALUES (?, 'fr_FR', 'Tasse')", variant.id) },
  { name: "a translation, deleted in SQL", change: () => run("DELETE FROM product_variant_translations WHERE variant_id = ? AND locale = 'fr_FR'", variant.id) },
  // Its channel pricings.
  { name: "a price, through the API", change: () => ok204("PATCH", variantPath(catalog.product.code, variant.code), { channelPricings: { [catalog.channel2]: { price: "14.50" } } }) },
  { name: "a price, updated in SQL", change: () => run("UPDATE channel_pricings SET price = price + 1 WHERE variant_id = ? AND channel_code = ?", variant.id, catalog.channel) },
  { name: "a price, deleted in SQL", change: () => run("DELETE FROM channel_pricings WHERE variant_id = ? AND channel_code = ?", variant.id, catalog.channel2) },
  { name: "a price, inserted in SQL", change: () => run("INSERT INTO channel_pricings (variant_id, channel_code, price) VALUES (?, ?, 777)", variant.id, catalog.channel2) },
  // Its option values.
  {
    name: "its option values, through the API",
    change: () => ok204("PATCH", variantPath(catalog.product.code, variant.code), { optionValues: { [catalog.option.code]: catalog.option.values[1].code, [catalog.option2.code]: catalog.option2.values[0].code } }),
  },
  { name: "an option value link, deleted in SQL", change: () => run("DELETE FROM product_variant_option_values WHERE variant_id = ? AND option_value_id = ?", variant.id, catalog.option2.values[0].id) },
  { name: "an option value link, inserted in SQL", change: () => run("INSERT INTO product_variant_option_values (variant_id, option_value_id) VALUES (?, ?)", variant.id, catalog.option2.values[0].id) },
  {
    name: "an option value link, updated in SQL",
    change: () => run("UPDATE product_variant_option_values SET option_value_id = ? WHERE variant_id = ? AND option_value_id = ?", value().id, variant.id, catalog.option.values[1].id),
  },
  // The option values' codes and translations.
  { name: "an option value's code, in SQL", change: () => run("UPDATE product_option_values SET code = code || '_X' WHERE id = ?", value().id) },
  {
    name: "an option value's translation, through the API",
    change: () =>
      ok204("PATCH", `/api/v1/product-options/${catalog.option.code}`, {
        values: catalog.option.values.map((v, i) => ({ code: i === 0 ? `${v.code}_X` : v.code, translations: { en_US: { value: uniqueCode("Value") } } })),
      }),
  },
  { name: "an option value's translation, updated in SQL", change: () => run("UPDATE product_option_value_translations SET value = ? WHERE value_id = ? AND locale = 'en_US'", uniqueCode("V"), value().id) },
  { name: "an option value's translation, inserted in SQL", change: () => run("INSERT INTO product_option_value_translations (value_id, locale, value) VALUES (?, 'fr_FR', 'Petite')", value().id) },
  { name: "an option value's translation, deleted in SQL", change: () => run("DELETE FROM product_option_value_translations WHERE value_id = ? AND locale = 'fr_FR'", value().id) },
  // The options' names and positions.
  { name: "an option's name, through the API", change: () => ok204("PATCH", `/api/v1/product-options/${catalog.option.code}`, { translations: { en_US: { name: uniqueCode("Option") } } }) },
  { name: "an option's name, updated in SQL", change: () => run("UPDATE product_option_translations SET name = ? WHERE option_id = ? AND locale = 'en_US'", uniqueCode("O"), catalog.option.id) },
  { name: "an option's name, deleted in SQL", change: () => run("DELETE FROM product_option_translations WHERE option_id = ? AND locale = 'en_US'", catalog.option.id) },
  { name: "an option's name, inserted in SQL", change: () => run("INSERT INTO product_option_translations (option_id, locale, name) VALUES (?, 'en_US', 'Back')", catalog.option.id) },
  { name: "an option's position, through the API", change: () => ok204("PATCH", `/api/v1/product-options/${catalog.option.code}`, { position: 0 }) },
  { name: "an option's position, in SQL", change: () => run("UPDATE product_options SET position = 50 WHERE id = ?", catalog.option.id) },
  // The categories.
  { name: "its tax category, through the API", change: () => ok204("PATCH", `/api/v1/tax-categories/${catalog.taxCategory.code}`, { name: uniqueCode("Tax") }) },
  { name: "its tax category, in SQL", change: () => run("UPDATE tax_categories SET description = ? WHERE id = ?", uniqueCode("D"), catalog.taxCategory.id) },
  { name: "its shipping category, through the API", change: () => ok204("PATCH", `/api/v1/shipping-categories/${catalog.shippingCategory.code}`, { name: uniqueCode("Ship") }) },
  { name: "its shipping category, in SQL", change: () => run("UPDATE shipping_categories SET description = ? WHERE id = ?", uniqueCode("D"), catalog.shippingCategory.id) },
  // Which categories it has.
  { name: "which tax category it has, through the API", change: () => ok204("PATCH", variantPath(catalog.product.code, variant.code), { taxCategory: null }) },
  { name: "which tax category it has, in SQL", change: () => run("UPDATE product_variants SET tax_category_id = ? WHERE id = ?", catalog.taxCategory.id, variant.id) },
  { name: "which shipping category it has, in SQL", change: () => run("UPDATE product_variants SET shipping_category_id = NULL WHERE id = ?", variant.id) },
  { name: "which shipping category it has, through the API", change: () => ok204("PATCH", variantPath(catalog.product.code, variant.code), { shippingCategory: catalog.shippingCategory.code }) },
];

describe("a change to a source of the view shows in the next read", () => {
  it.each(sources)("$name", async ({ change }) => {
    const before = await shown();
    expect(await storedSoon()).toBe(true);
    await change();
    expect(await stored()).toBe(false);
    const after = await shown();
    expect(after.variant).not.toBe(before.variant);
    // Exactly as a read that builds the view afresh.
    await storedSoon();
    await forget();
    expect(await shown()).toEqual(after);
  });

  it("and a change of the variant's own columns stores nothing new", async () => {
    await shown();
    expect(await storedSoon()).toBe(true);
    await ok204("PATCH", variantPath(catalog.product.code, variant.code), { onHand: 42 });
    expect(await stored()).toBe(true);
    expect((await shown()).variant).toContain('"onHand":42');
  });
});

/**
 * Each declared source of the view, in SQL: a fresh row that shows in the
 * variant's view (for a source whose inserts and deletes count), or the row
 * the variant shows now (a source only updates reach: an option value, an
 * option, a category). Through the API, every source is changed by the cases
 * above but option values: the API never updates an option value's row and
 * refuses to remove one a variant uses.
 */
const viewVersion = async () => (await firstRow<{ v: number }>(env.DB.prepare("SELECT view_version AS v FROM product_variants WHERE id = ?").bind(variant.id))).v;

/** How far `write` moved the variant's `view_version`. */
async function movedView(write: () => Promise<unknown>): Promise<number> {
  const before = await viewVersion();
  await write();
  return (await viewVersion()) - before;
}

const shownValue = () => env.DB.prepare("SELECT option_value_id AS id FROM product_variant_option_values WHERE variant_id = ? ORDER BY option_value_id LIMIT 1").bind(variant.id).first<{ id: number }>();

/** For each source (by its declared name): the INSERT of a fresh row it shows, or the SELECT of the rowid of the row it shows now. */
const VIEW_ROWS: Record<string, { insert: () => Promise<[string, ...unknown[]]> } | { shown: [string, ...unknown[]] | (() => [string, ...unknown[]]) }> = {
  translations: { insert: async () => ["INSERT INTO product_variant_translations (variant_id, locale, name) VALUES (?, ?, 'Fresh')", variant.id, uniqueCode("l")] },
  channel_pricings: { insert: async () => ["INSERT INTO channel_pricings (variant_id, channel_code, price) VALUES (?, ?, 100)", variant.id, uniqueCode("CH")] },
  option_value_links: {
    insert: async () => {
      const value = await env.DB.prepare("INSERT INTO product_option_values (option_id, code) VALUES (?, ?) RETURNING id").bind(catalog.option.id, uniqueCode("v")).first<{ id: number }>();
      return ["INSERT INTO product_variant_option_values (variant_id, option_value_id) VALUES (?, ?)", variant.id, value!.id];
    },
  },
  option_value_translations: {
    insert: async () => ["INSERT INTO product_option_value_translations (value_id, locale, value) VALUES (?, ?, 'Fresh')", (await shownValue())!.id, uniqueCode("l")],
  },
  option_translations: { insert: async () => ["INSERT INTO product_option_translations (option_id, locale, name) VALUES (?, ?, 'Fresh')", catalog.option.id, uniqueCode("l")] },
  option_values: { shown: () => ["SELECT option_value_id FROM product_variant_option_values WHERE variant_id = ? ORDER BY option_value_id LIMIT 1", variant.id] },
  options: { shown: () => ["SELECT v.option_id FROM product_variant_option_values l JOIN product_option_values v ON v.id = l.option_value_id WHERE l.variant_id = ? LIMIT 1", variant.id] },
  tax_categories: { shown: () => ["SELECT tax_category_id FROM product_variants WHERE id = ?", variant.id] },
  shipping_categories: { shown: () => ["SELECT shipping_category_id FROM product_variants WHERE id = ?", variant.id] },
};

describe("each declared source of the view, written in SQL, raises the variant's view version once", () => {
  it("has a case for every declared source", () => {
    expect(Object.keys(VIEW_ROWS).sort()).toEqual(VARIANT_VIEW_SOURCES.map((s) => s.name).sort());
  });

  it.each(VARIANT_VIEW_SOURCES)("$name", async ({ name, table, events, updateOf }) => {
    const t = tableName(table);
    const rows = VIEW_ROWS[name]!;
    let rowid: number;
    if ("insert" in rows) {
      expect(events).toEqual(expect.arrayContaining(["insert", "delete"]));
      const [insert, ...params] = await rows.insert();
      let inserted = 0;
      expect(
        await movedView(async () => {
          inserted = (await firstRow<{ r: number }>(env.DB.prepare(`${insert} RETURNING rowid AS r`).bind(...params))).r;
        }),
      ).toBe(1);
      rowid = inserted;
    } else {
      expect(events).toEqual(["update"]);
      const [select, ...params] = typeof rows.shown === "function" ? rows.shown() : rows.shown;
      const found = await env.DB.prepare(select).bind(...params).raw<[number | null]>();
      expect(found[0]?.[0], `${name}: the row the variant shows`).toEqual(expect.any(Number));
      rowid = found[0]![0]!;
    }
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(t).all<{ name: string }>();
    const watched = updateOf?.map((c) => c.name);
    for (const { name: column } of results) {
      const expected = !watched || watched.includes(column) ? 1 : 0;
      expect([column, await movedView(() => run(`UPDATE "${t}" SET "${column}" = "${column}" WHERE rowid = ?`, rowid))]).toEqual([column, expected]);
    }
    if ("insert" in rows) expect(await movedView(() => run(`DELETE FROM "${t}" WHERE rowid = ?`, rowid))).toBe(1);
  });

  it.each(VARIANT_VIEW_COLUMNS.map((c) => ({ column: c.name })))("the variant's own $column, when its value changes", async ({ column }) => {
    const { held } = (await firstRow<{ held: number | null }>(env.DB.prepare(`SELECT "${column}" AS held FROM product_variants WHERE id = ?`).bind(variant.id)));
    expect(held).toEqual(expect.any(Number));
    expect(await movedView(() => run(`UPDATE product_variants SET "${column}" = "${column}" WHERE id = ?`, variant.id))).toBe(0);
    expect(await movedView(() => run(`UPDATE product_variants SET "${column}" = NULL WHERE id = ?`, variant.id))).toBe(1);
    expect(await movedView(() => run(`UPDATE product_variants SET "${column}" = ? WHERE id = ?`, held, variant.id))).toBe(1);
  });
});
