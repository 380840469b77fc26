/**
 * A cart read renders its units from D1 as JSON text (data/carts/unit-json.ts),
 * the cart object renders an item it just wrote from memory: both must be
 * the same document, adjustments included, also past one chunk of units.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { apiCatalog, ok } from "../helpers/catalog";
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
});
