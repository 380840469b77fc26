/**
 * Server-Timing carries D1's own row counts of a request (`rows_read`, and
 * `rows` written when it wrote), the cart object's work included: the
 * measured inputs of the capacity model in the README.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, ok } from "../fixtures/http";
import { apiCatalog } from "../fixtures/catalog";

const metric = (headers: Headers, name: string): number | null => {
  const match = new RegExp(`\\b${name};desc="(\\d+)"`).exec(headers.get("Server-Timing") ?? "");
  return match ? Number(match[1]) : null;
};

let catalog: Awaited<ReturnType<typeof apiCatalog>>;

beforeAll(async () => {
  catalog = await apiCatalog();
});

describe("rows read and written per request", () => {
  it("are reported for reads, for writes, and for the cart object's changes", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer: catalog.customer, channel: catalog.channel, localeCode: "en_US" });
    const small = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant: catalog.variantA, quantity: 1 });
    const large = await api("PATCH", `/api/v1/carts/${cart.id}/items/${small.body.id}`, { quantity: 40 });
    const read = await api("GET", `/api/v1/carts/${cart.id}`);

    // The cart object's change: rows read by its batch, and written (40 units and their adjustments).
    expect(metric(small.headers, "rows_read")).toBeGreaterThan(0);
    expect(metric(small.headers, "rows")).toBeGreaterThan(0);
    expect(metric(large.headers, "rows")).toBeGreaterThan(2 * 39);
    // A read reports the rows it read (its units are JSON chunks, its variant's view one stored row), and writes none.
    expect(metric(read.headers, "rows_read")).toBeGreaterThan(0);
    expect(metric(read.headers, "rows")).toBeNull();
    const list = await api("GET", "/api/v1/locales/");
    expect(metric(list.headers, "rows_read")).toBeGreaterThan(0);
    expect(metric(list.headers, "rows")).toBeNull();
  });
});
