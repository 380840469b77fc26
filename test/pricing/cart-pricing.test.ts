/**
 * End to end: a channel configured only through the HTTP API (zone, tax
 * rate, shipping method, promotion, product, variants), then a cart's
 * numbers after add, change and remove — exact, and adding up.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, ok } from "../fixtures/http";
import { apiCatalog } from "../fixtures/catalog";

let ch: string;
let variantA: string;
let variantB: string;
let customer: string;

beforeAll(async () => {
  const catalog = await apiCatalog();
  ({ channel: ch, variantA, variantB, customer } = catalog);
});

type Adj = { type: string; label: string; amount: number; neutral: boolean };
const amounts = (adjustments: Adj[], type: string) => adjustments.filter((a) => a.type === type).map((a) => a.amount);

/** Every total adds up: units → items → cart (README, pricing). */
function expectConsistent(cart: any) {
  let itemsTotal = 0;
  for (const item of cart.items) {
    let unitsTotal = 0;
    for (const unit of item.units) {
      const adjustmentsTotal = unit.adjustments.filter((a: Adj) => !a.neutral).reduce((s: number, a: Adj) => s + a.amount, 0);
      expect(unit.adjustmentsTotal).toBe(adjustmentsTotal);
      unitsTotal += item.unitPrice + adjustmentsTotal;
    }
    expect(item.units).toHaveLength(item.quantity);
    expect(item.unitsTotal).toBe(unitsTotal);
    expect(item.total).toBe(item.unitsTotal + item.adjustmentsTotal);
    itemsTotal += item.total;
  }
  expect(cart.itemsTotal).toBe(itemsTotal);
  const adjustmentsTotal = cart.adjustments.filter((a: Adj) => !a.neutral).reduce((s: number, a: Adj) => s + a.amount, 0);
  expect(cart.adjustmentsTotal).toBe(adjustmentsTotal);
  expect(cart.total).toBe(Math.max(0, itemsTotal + adjustmentsTotal));
}

describe("cart pricing through the API", () => {
  it("recomputes shipping, promotion and taxes after add, change and remove", async () => {
    const cart = await ok("POST", "/api/v1/carts/", { customer, channel: ch, localeCode: "en_US" });
    const read = async () => (await api("GET", `/api/v1/carts/${cart.id}`)).body;

    // 1 × 10.00: below the promotion's 20.00; 10% tax on the item and on 5.00 shipping.
    const a = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: variantA, quantity: 1 });
    expect(a.units[0].adjustments).toEqual([{ id: expect.any(Number), type: "tax", label: "Sales tax (10%)", amount: 100, neutral: false }]);
    let c = await read();
    expectConsistent(c);
    expect(c.adjustments.map((x: Adj) => [x.type, x.label, x.amount])).toEqual([
      ["shipping", "Courier", 500],
      ["tax", "Sales tax (10%)", 50],
    ]);
    expect([c.itemsTotal, c.adjustmentsTotal, c.total]).toEqual([1100, 550, 1650]);

    // 3 × 10.00 = 30.00 ≥ 20.00: one dollar off, spread 34/33/33 over the units; tax on 29.00 = 2.90 → 97/97/96.
    await ok("PUT", `/api/v1/carts/${cart.id}/items/${a.id}`, { quantity: 3 });
    c = await read();
    expectConsistent(c);
    const units = c.items[0].units;
    expect(units.map((u: any) => amounts(u.adjustments, "order_promotion"))).toEqual([[-34], [-33], [-33]]);
    expect(units.map((u: any) => amounts(u.adjustments, "tax"))).toEqual([[97], [97], [96]]);
    expect(units[0].adjustments.find((x: Adj) => x.type === "order_promotion").label).toBe("One dollar off");
    expect([c.itemsTotal, c.adjustmentsTotal, c.total]).toEqual([3190, 550, 3740]);

    // + 1 × 3.33: the dollar is split 90/10 by item totals (largest remainder); taxes 97×3 and 32.
    const b = await ok("POST", `/api/v1/carts/${cart.id}/items/`, { variant: variantB, quantity: 1 });
    c = await read();
    expectConsistent(c);
    const itemA = c.items.find((i: any) => i.id === a.id);
    const itemB = c.items.find((i: any) => i.id === b.id);
    expect(itemA.units.map((u: any) => amounts(u.adjustments, "order_promotion"))).toEqual([[-30], [-30], [-30]]);
    expect(itemA.units.map((u: any) => amounts(u.adjustments, "tax"))).toEqual([[97], [97], [97]]);
    expect(amounts(itemB.units[0].adjustments, "order_promotion")).toEqual([-10]);
    expect(amounts(itemB.units[0].adjustments, "tax")).toEqual([32]);
    expect([itemA.total, itemB.total]).toEqual([3201, 355]);
    expect([c.itemsTotal, c.adjustmentsTotal, c.total]).toEqual([3556, 550, 4106]);

    // Remove the mugs: 3.33 alone is below the threshold again, so the promotion goes away.
    await ok("DELETE", `/api/v1/carts/${cart.id}/items/${a.id}`, undefined);
    c = await read();
    expectConsistent(c);
    expect(c.items).toHaveLength(1);
    expect(c.items[0].units[0].adjustments.map((x: Adj) => [x.type, x.amount])).toEqual([["tax", 33]]);
    expect([c.itemsTotal, c.adjustmentsTotal, c.total]).toEqual([366, 550, 916]);
  });
});
