/**
 * The promotion rules and unit filters that read more than the cart, end to
 * end: configured through the API, applied (or not) by a cart's changes and
 * checkout steps, with what they read changed in between (taxons, placed
 * orders, the customer's group, the shipping address), so a copy kept by the
 * cart object can never answer with stale facts. Also: the configurations'
 * validation, and the cost of a change that reads the facts (no extra round
 * trip).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/data/schema";
import { api, d1RoundTrips } from "../fixtures/http";
import { addItem, newCart } from "../fixtures/carts";
import { address, step } from "../fixtures/checkout";
import { db } from "../fixtures/db";
import { channelPromotion, promotionRulesFixture, type PromotionRulesFixture } from "../fixtures/promotions";

type Adjustment = { type: string; label: string; amount: number };
type Unit = { adjustments: Adjustment[] };
type Item = { id: number; variant: { code: string }; units: Unit[] };

async function cart(id: number): Promise<{ items: Item[]; total: number }> {
  const res = await api("GET", `/api/v1/carts/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** What the promotion named `label` takes off the cart (a positive amount), over every unit. */
async function discount(cartId: number, label: string): Promise<number> {
  const body = await cart(cartId);
  return 0 - body.items.flatMap((i) => i.units.flatMap((u) => u.adjustments)).filter((a) => a.label === label).reduce((s, a) => s + a.amount, 0);
}

/** Per item (by variant code), the unit discounts of the promotion named `label`. */
async function unitDiscounts(cartId: number, label: string): Promise<Record<string, number[]>> {
  const body = await cart(cartId);
  return Object.fromEntries(
    body.items.map((i) => [i.variant.code, i.units.map((u) => 0 - u.adjustments.filter((a) => a.label === label).reduce((s, a) => s + a.amount, 0))]),
  );
}

async function setQuantity(cartId: number, itemId: number, quantity: number) {
  const res = await api("PUT", `/api/v1/carts/${cartId}/items/${itemId}`, { quantity });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return res;
}

async function placeOrder(f: PromotionRulesFixture, state: "new" | "cancelled" | "fulfilled") {
  await db().insert(schema.orders).values({ customerId: f.customerId, channelId: f.channelId, currencyCode: "USD", localeCode: "en_US", state, checkoutState: "completed" });
}

describe("promotion rules through carts", () => {
  it("has_taxon: an item whose product is in the taxon; a product taken out of it no longer counts", async () => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [{ type: "has_taxon", configuration: { taxons: [f.taxons.caps, f.taxons.mugs] } }]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    expect(await discount(cartId, promotion.name)).toBe(0);
    const item = await addItem(cartId, f.product2.variant);
    expect(await discount(cartId, promotion.name)).toBe(100);
    // A warm change that reads the products' taxons: still one read batch and one write batch.
    const res = await setQuantity(cartId, item, 2);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect(await discount(cartId, promotion.name)).toBe(100);
    await db().delete(schema.productTaxons).where(eq(schema.productTaxons.productId, f.product2.id));
    await setQuantity(cartId, item, 1);
    expect(await discount(cartId, promotion.name)).toBe(0);
  });

  it("total_of_items_from_taxon: the items of the taxon's products reach the channel's amount", async () => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [{ type: "total_of_items_from_taxon", configuration: { [f.channel]: { taxon: f.taxons.mugs, amount: 20 } } }]);
    const cartId = await newCart(f);
    // 20.00 of another product does not count.
    await addItem(cartId, f.variants[0].code);
    const item = await addItem(cartId, f.product2.variant);
    expect(await discount(cartId, promotion.name)).toBe(0);
    await setQuantity(cartId, item, 2);
    expect(await discount(cartId, promotion.name)).toBe(100);
  });

  it("nth_order: the customer's placed orders, cancelled ones left out (Sylius' countByCustomer)", async () => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [{ type: "nth_order", configuration: { nth: 2 } }]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0].code);
    expect(await discount(cartId, promotion.name)).toBe(0);
    // Another customer's placed order is not this customer's.
    const [other] = await db().insert(schema.customers).values({ email: `other-${f.customer}`, emailCanonical: `other-${f.customer}` }).returning({ id: schema.customers.id });
    await placeOrder({ ...f, customerId: other!.id }, "new");
    await placeOrder(f, "cancelled");
    await setQuantity(cartId, item, 2);
    expect(await discount(cartId, promotion.name)).toBe(0);
    await placeOrder(f, "new");
    await setQuantity(cartId, item, 1);
    expect(await discount(cartId, promotion.name)).toBe(100);
    await placeOrder(f, "fulfilled");
    await setQuantity(cartId, item, 2);
    expect(await discount(cartId, promotion.name)).toBe(0);
  });

  it("shipping_country: the checkout's shipping address, from the addressing step on", async () => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [{ type: "shipping_country", configuration: { country: f.countries.a2 } }]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0].code);
    expect(await discount(cartId, promotion.name)).toBe(0);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress: address(f.countries.a1) });
    expect(await discount(cartId, promotion.name)).toBe(0);
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress: address(f.countries.a2) });
    expect(await discount(cartId, promotion.name)).toBe(100);
    // An item change keeps it: the address is the cart's.
    await setQuantity(cartId, item, 2);
    expect(await discount(cartId, promotion.name)).toBe(100);
  });

  it("customer_group: the customer's group, set and cleared through the customer; a deleted group holds no more", async () => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [{ type: "customer_group", configuration: { group_code: f.group } }]);
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.variants[0].code);
    expect(await discount(cartId, promotion.name)).toBe(0);
    expect((await api("PATCH", `/api/v1/customers/${f.customerId}`, { group: f.group })).status).toBe(204);
    expect((await api("GET", `/api/v1/customers/${f.customerId}`)).body.group).toEqual({ id: expect.any(Number), code: f.group, name: "VIP customers" });
    await setQuantity(cartId, item, 2);
    expect(await discount(cartId, promotion.name)).toBe(100);
    // The checkout's steps read it too.
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress: address(f.countries.a1) });
    expect(await discount(cartId, promotion.name)).toBe(100);
    expect((await api("DELETE", `/api/v1/customer-groups/${f.group}`)).status).toBe(204);
    expect((await api("GET", `/api/v1/customers/${f.customerId}`)).body).not.toHaveProperty("group");
    await setQuantity(cartId, item, 1);
    expect(await discount(cartId, promotion.name)).toBe(0);
  });

  it("a rule added to the channel's promotions while the cart object holds the old ones applies at the next change", async () => {
    const f = await promotionRulesFixture();
    const cartId = await newCart(f);
    const item = await addItem(cartId, f.product2.variant);
    await setQuantity(cartId, item, 2);
    // The object now holds a context whose promotions read no facts; this one reads the products' taxons.
    const promotion = await channelPromotion(f, [{ type: "has_taxon", configuration: { taxons: [f.taxons.mugs] } }]);
    await setQuantity(cartId, item, 3);
    expect(await discount(cartId, promotion.name)).toBe(100);
  });
});

describe("unit discounts' filters through carts", () => {
  const cases: [string, (f: PromotionRulesFixture) => unknown, (f: PromotionRulesFixture) => Record<string, number[]>][] = [
    ["taxons_filter: the units of products in the taxon", (f) => ({ taxons_filter: { taxons: [f.taxons.mugs] } }), (f) => ({ [f.variants[0].code]: [0], [f.product2.variant]: [300, 300] })],
    ["products_filter: the units of those products", (f) => ({ products_filter: { products: f.product } }), (f) => ({ [f.variants[0].code]: [300], [f.product2.variant]: [0, 0] })],
    ["price_range_filter: units priced from min to max", () => ({ price_range_filter: { min: 15, max: 20 } }), (f) => ({ [f.variants[0].code]: [300], [f.product2.variant]: [0, 0] })],
  ];
  it.each(cases)("%s", async (_name, filters, expected) => {
    const f = await promotionRulesFixture();
    const promotion = await channelPromotion(f, [], [{ type: "unit_fixed_discount", configuration: { [f.channel]: { amount: 3, filters: filters(f) } } }]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0].code);
    await addItem(cartId, f.product2.variant, 2);
    expect(await unitDiscounts(cartId, promotion.name)).toEqual(expected(f));
  });
});

describe("the rules' and filters' validation", () => {
  const children = (field: "rules" | "actions") => expect.objectContaining({ [field]: { errors: ["This value is not valid."] } });
  it("refuses unknown taxons, products, countries and customer groups, and malformed filters (400, nothing stored)", async () => {
    const f = await promotionRulesFixture();
    const ch = f.channel;
    const cases: { field: "rules" | "actions"; part: unknown }[] = [
      { field: "rules", part: { type: "has_taxon", configuration: { taxons: [f.taxons.mugs, "NOPE_TAXON"] } } },
      { field: "rules", part: { type: "total_of_items_from_taxon", configuration: { [ch]: { taxon: "NOPE_TAXON", amount: 100 } } } },
      { field: "rules", part: { type: "total_of_items_from_taxon", configuration: { NOPE_CH: { taxon: f.taxons.mugs, amount: 100 } } } },
      { field: "rules", part: { type: "total_of_items_from_taxon", configuration: { [ch]: { taxon: f.taxons.mugs } } } },
      { field: "rules", part: { type: "nth_order", configuration: { nth: "x" } } },
      { field: "rules", part: { type: "nth_order", configuration: {} } },
      { field: "rules", part: { type: "shipping_country", configuration: { country: "XX_NOPE" } } },
      { field: "rules", part: { type: "customer_group", configuration: { group_code: "NOPE_GROUP" } } },
      { field: "rules", part: { type: "customer_group", configuration: { group_code: "" } } },
      { field: "actions", part: { type: "unit_fixed_discount", configuration: { [ch]: { amount: 1, filters: { taxons_filter: { taxons: "NOPE_TAXON" } } } } } },
      { field: "actions", part: { type: "unit_fixed_discount", configuration: { [ch]: { amount: 1, filters: { products_filter: { products: ["NOPE_PRODUCT"] } } } } } },
      { field: "actions", part: { type: "unit_percentage_discount", configuration: { [ch]: { percentage: 0.1, filters: { price_range_filter: { min: -1 } } } } } },
      { field: "actions", part: { type: "unit_percentage_discount", configuration: { [ch]: { percentage: 0.1, filters: { colour_filter: {} } } } } },
    ];
    for (const { field, part } of cases) {
      const code = `BAD_${Math.random().toString(36).slice(2, 10)}`;
      const res = await api("POST", "/api/v1/promotions/", { code, name: "Bad rules", [field]: [part] });
      expect(res.status, JSON.stringify(part)).toBe(400);
      expect(res.body.errors.children, JSON.stringify(part)).toEqual(children(field));
      expect((await api("GET", `/api/v1/promotions/${code}`)).status).toBe(404);
    }
    // The same with known codes is accepted.
    const good = await api("POST", "/api/v1/promotions/", {
      code: `GOOD_${Math.random().toString(36).slice(2, 10)}`,
      name: "Good rules",
      rules: [
        { type: "has_taxon", configuration: { taxons: `${f.taxons.mugs},${f.taxons.caps}` } },
        { type: "shipping_country", configuration: { country: f.countries.a1 } },
        { type: "customer_group", configuration: { group_code: f.group } },
      ],
      actions: [{ type: "unit_fixed_discount", configuration: { [ch]: { amount: 1, filters: { products_filter: { products: f.product } } } } }],
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body.rules[0].configuration).toEqual({ taxons: [f.taxons.mugs, f.taxons.caps] });
  });
});

describe("a customer's group", () => {
  it("is a group's code; unknown → 400 on group; null or \"\" removes it", async () => {
    const f = await promotionRulesFixture();
    const path = `/api/v1/customers/${f.customerId}`;
    const bad = await api("PATCH", path, { group: "NOPE_GROUP" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children.group).toEqual({ errors: ["This value is not valid."] });
    expect((await api("PATCH", path, { group: f.group })).status).toBe(204);
    expect((await api("GET", path)).body.group.code).toBe(f.group);
    expect((await api("PATCH", path, { firstName: "Janet" })).status).toBe(204);
    expect((await api("GET", path)).body.group.code).toBe(f.group);
    expect((await api("PATCH", path, { group: "" })).status).toBe(204);
    expect((await api("GET", path)).body).not.toHaveProperty("group");
    const rows = await db().select({ groupId: schema.customers.groupId }).from(schema.customers).where(and(eq(schema.customers.id, f.customerId)));
    expect(rows[0]!.groupId).toBeNull();
  });
});
