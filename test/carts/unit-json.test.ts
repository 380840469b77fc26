/**
 * A cart read embeds its units as the JSON text kept in D1 (data/carts/unit-json.ts),
 * the cart object renders an item it just wrote from its objects: both must be
 * the same document, adjustments included, also past one chunk of units; and
 * the migration that rendered the units of carts stored before (in SQL) must
 * write that same text.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, ok } from "../fixtures/http";
import { apiCatalog } from "../fixtures/catalog";
import { UNITS_PER_CHUNK } from "../../src/data/carts/unit-json";

let catalog: Awaited<ReturnType<typeof apiCatalog>>;

beforeAll(async () => {
  catalog = await apiCatalog();
});

describe("units rendered by D1", () => {
  it("equal the cart object's rendering of the same item, over several chunks", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const quantity = 2 * UNITS_PER_CHUNK + 7;
    const added = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantA, quantity });
    // The promotion and the tax rate give every unit two adjustments.
    expect(added.units).toHaveLength(quantity);
    expect(added.units[0].adjustments.map((a: { type: string }) => a.type).sort()).toEqual(["order_promotion", "tax"]);

    const read = await api("GET", `/api/v1/carts/${cart.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("Content-Type")).toBe("application/json");
    const item = read.body.items.find((i: { id: number }) => i.id === added.id);
    // Same keys in the same order, not only equal values.
    expect(JSON.stringify(item.units)).toBe(JSON.stringify(added.units));
    const ids = item.units.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("are written whole when a change renders more units than one statement carries (9,999 units, two adjustments each)", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const added = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantA, quantity: 9999 });
    // About 2 MB of units' JSON: the writer splits it over several statements of one batch.
    expect(JSON.stringify(added.units).length).toBeGreaterThan(1_000_000);
    const read = await api("GET", `/api/v1/carts/${cart.id}`);
    const item = read.body.items.find((i: { id: number }) => i.id === added.id);
    expect(JSON.stringify(item.units)).toBe(JSON.stringify(added.units));
    const chunks = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_item_unit_chunks WHERE item_id = ?1").bind(added.id).first<{ n: number }>();
    expect(chunks?.n).toBe(new Set(added.units.map((u: { id: number }) => Math.floor(u.id / UNITS_PER_CHUNK))).size);
  });

  it("render an item without units' adjustments as empty lists, and carts in a list alike", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    // 3.33 is below the promotion's threshold; the tax rate still applies.
    const added = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantB, quantity: 2 });
    const single = (await api("GET", `/api/v1/carts/${cart.id}`)).body;
    expect(JSON.stringify(single.items[0].units)).toBe(JSON.stringify(added.units));
    const list = await api("GET", "/api/v1/carts/?limit=100");
    const listed = list.body._embedded.items.find((c: { id: number }) => c.id === cart.id);
    expect(listed?.items[0].units).toEqual(added.units);
    const order = (await api("GET", `/api/v1/orders/${cart.id}`)).body;
    expect(order.items[0].units).toEqual(added.units);
  });

  it("are rendered by the migration's backfill (SQLite's JSON) to the same text", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const added = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantA, quantity: UNITS_PER_CHUNK + 3 });
    const chunks = () =>
      env.DB.prepare("SELECT chunk, units FROM order_item_unit_chunks WHERE item_id = ?1 ORDER BY chunk").bind(added.id).all<{ chunk: number; units: string }>();
    const written = (await chunks()).results;
    expect(written.length).toBeGreaterThan(1);

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("unit_chunks"));
    const backfill = migration?.queries.find((q) => q.includes("INSERT OR IGNORE INTO `order_item_unit_chunks`"));
    expect(backfill).toBeDefined();
    await env.DB.prepare("DELETE FROM order_item_unit_chunks WHERE item_id = ?1").bind(added.id).run();
    await env.DB.prepare(backfill ?? "").run();
    expect((await chunks()).results).toEqual(written);
  });

  it("follow quantity changes: chunks emptied are deleted, the others rendered again", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const added = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantA, quantity: 2 * UNITS_PER_CHUNK + 7 });
    const chunkCount = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_item_unit_chunks WHERE item_id = ?1").bind(added.id).first<{ n: number }>())?.n;
    const before = await chunkCount();
    expect((await api("PATCH", `/api/v1/carts/${cart.id}/items/${added.id}`, { quantity: 5 })).status).toBe(204);
    const item = (await api("GET", `/api/v1/carts/${cart.id}`)).body.items[0];
    expect(item.units).toHaveLength(5);
    expect(item.units.map((u: { id: number }) => u.id)).toEqual(added.units.slice(0, 5).map((u: { id: number }) => u.id));
    // Every unit's total is its adjustments' sum, and the item's units add up: the text follows the repricing.
    for (const unit of item.units) {
      expect(unit.adjustmentsTotal).toBe(unit.adjustments.reduce((sum: number, a: { amount: number; neutral: boolean }) => sum + (a.neutral ? 0 : a.amount), 0));
    }
    expect(item.unitsTotal).toBe(item.units.reduce((sum: number, u: { adjustmentsTotal: number }) => sum + item.unitPrice + u.adjustmentsTotal, 0));
    expect(await chunkCount()).toBeLessThan(before ?? 0);
    expect((await api("DELETE", `/api/v1/carts/${cart.id}/items/${added.id}`)).status).toBe(204);
    expect(await chunkCount()).toBe(0);
  });
});
