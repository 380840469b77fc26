/**
 * Conditional requests: strong `ETag`s on the reads of a variant, a cart and
 * an order; `If-None-Match` → 304; `If-Match` on variant writes and cart item
 * changes → 412 when stale, with nothing changed, before any 400 or 409.
 * Every answer is checked against the OpenAPI document (`call`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../fixtures/contract";
import { api, d1RoundTrips, uniqueCode, ok } from "../fixtures/http";
import { apiCatalog, type ApiCatalog } from "../fixtures/catalog";

const VARIANT = "/api/v1/products/{productCode}/variants/{code}";
const VARIANTS = "/api/v1/products/{productCode}/variants/";
const CART = "/api/v1/carts/{id}";
const ITEMS = "/api/v1/carts/{cartId}/items/";
const ITEM = "/api/v1/carts/{cartId}/items/{itemId}";

let cat: ApiCatalog;
beforeAll(async () => {
  cat = await apiCatalog();
});

const STRONG_TAG = /^"[A-Za-z0-9_-]{22}"$/;

/** A fresh variant of the catalogue's product, priced in its channel, with a tax category. */
async function newVariant(): Promise<{ params: { productCode: string; code: string }; etag: string }> {
  const code = uniqueCode("V");
  const res = await call("POST", VARIANTS, {
    params: { productCode: cat.product },
    body: { code, translations: { en_US: { name: "Mug" } }, channelPricings: { [cat.channel]: { price: "10.00" } }, taxCategory: cat.taxCategory },
  });
  expect(res.status).toBe(201);
  return { params: { productCode: cat.product, code }, etag: res.headers.get("ETag") ?? "" };
}

const getVariant = (params: { productCode: string; code: string }, headers: Record<string, string> = {}) =>
  call("GET", VARIANT, { params, headers });

describe("variant: ETag and If-None-Match", () => {
  it("answers a strong ETag, the same on every read and on the create, and 304 with no body when it matches", async () => {
    const { params, etag: created } = await newVariant();
    const first = await getVariant(params);
    const second = await getVariant(params);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(STRONG_TAG);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(created).toBe(etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await getVariant(params, { "If-None-Match": header });
      expect(res.status, header).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get("ETag")).toBe(etag);
      expect(d1RoundTrips(res.headers)).toBe(1);
    }
    const other = await getVariant(params, { "If-None-Match": '"other"' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
    expect(d1RoundTrips(first.headers)).toBe(1);
  });

  it("changes with the variant's price and translations, and with an embedded category's name", async () => {
    const { params, etag: v0 } = await newVariant();
    const tag = async () => (await getVariant(params)).headers.get("ETag");
    await ok("PATCH", `/api/v1/products/${params.productCode}/variants/${params.code}`, { channelPricings: { [cat.channel]: { price: "11.00" } } });
    const v1 = await tag();
    await ok("PATCH", `/api/v1/products/${params.productCode}/variants/${params.code}`, { translations: { en_US: { name: "Big mug" } } });
    const v2 = await tag();
    // The tax category is another resource: the variant's version stays, its body (the category's name) does not.
    const before = await getVariant(params);
    await ok("PATCH", `/api/v1/tax-categories/${cat.taxCategory}`, { name: `Standard ${uniqueCode("n")}` });
    const after = await getVariant(params);
    expect(after.body.version).toBe(before.body.version);
    const v3 = after.headers.get("ETag");
    expect(new Set([v0, v1, v2, v3]).size).toBe(4);
    // The old tag no longer answers 304.
    expect((await getVariant(params, { "If-None-Match": v2 ?? "" })).status).toBe(200);
  });
});

describe("variant: If-Match", () => {
  it("PUT: a stale tag is a 412 and changes nothing; the current one succeeds; 412 comes before the version's 409", async () => {
    const { params, etag } = await newVariant();
    await ok("PATCH", `/api/v1/products/${params.productCode}/variants/${params.code}`, { onHand: 3 });
    const current = await getVariant(params);
    const fresh = current.headers.get("ETag") ?? "";

    const stale = await call("PUT", VARIANT, { params, headers: { "If-Match": etag }, body: { version: current.body.version, onHand: 7 } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ code: 412, message: expect.stringMatching(/If-Match/) });
    expect(d1RoundTrips(stale.headers)).toBe(1);
    // Stale tag and stale version: the precondition first.
    const both = await call("PUT", VARIANT, { params, headers: { "If-Match": etag }, body: { version: 1, onHand: 7 } });
    expect(both.status).toBe(412);
    // Stale tag and an invalid body: the precondition first, too.
    expect((await call("PUT", VARIANT, { params, headers: { "If-Match": etag }, body: { version: current.body.version, onHand: -1 } })).status).toBe(412);
    // A weak tag never matches If-Match (strong comparison).
    expect((await call("PUT", VARIANT, { params, headers: { "If-Match": `W/${fresh}` }, body: { version: current.body.version, onHand: 7 } })).status).toBe(412);
    const unchanged = await getVariant(params);
    expect(unchanged.body).toEqual(current.body);
    expect(unchanged.headers.get("ETag")).toBe(fresh);

    // The current tag, with a stale version: the tag holds, the version rule answers.
    expect((await call("PUT", VARIANT, { params, headers: { "If-Match": fresh }, body: { version: 1, onHand: 7 } })).status).toBe(409);
    const done = await call("PUT", VARIANT, { params, headers: { "If-Match": `"other", ${fresh}` }, body: { version: current.body.version, onHand: 7 } });
    expect(done.status).toBe(204);
    expect(d1RoundTrips(done.headers)).toBe(2);
    const after = await getVariant(params);
    expect(after.body.onHand).toBe(7);
    expect(after.headers.get("ETag")).not.toBe(fresh);
  });

  it("PATCH: If-Match alone (no version) guards the write; `*` matches any current variant", async () => {
    const { params, etag } = await newVariant();
    expect((await call("PATCH", VARIANT, { params, headers: { "If-Match": etag }, body: { onHand: 2 } })).status).toBe(204);
    // The tag is now stale.
    expect((await call("PATCH", VARIANT, { params, headers: { "If-Match": etag }, body: { onHand: 5 } })).status).toBe(412);
    expect((await getVariant(params)).body.onHand).toBe(2);
    expect((await call("PATCH", VARIANT, { params, headers: { "If-Match": "*" }, body: { onHand: 5 } })).status).toBe(204);
    expect((await getVariant(params)).body.onHand).toBe(5);
    // An unknown variant is a 404, whatever If-Match says.
    expect((await call("PATCH", VARIANT, { params: { ...params, code: "NOPE" }, headers: { "If-Match": etag }, body: {} })).status).toBe(404);
  });

  it("a change to an embedded category makes the variant's tag stale for its writes", async () => {
    const { params, etag } = await newVariant();
    await ok("PATCH", `/api/v1/tax-categories/${cat.taxCategory}`, { name: `Standard ${uniqueCode("n")}` });
    expect((await call("PATCH", VARIANT, { params, headers: { "If-Match": etag }, body: { onHand: 9 } })).status).toBe(412);
    expect((await getVariant(params)).body.onHand).toBe(0);
  });

  it("DELETE: a stale tag is a 412 and the variant stays; the current one deletes it", async () => {
    const { params, etag } = await newVariant();
    await ok("PATCH", `/api/v1/products/${params.productCode}/variants/${params.code}`, { onHand: 1 });
    const stale = await call("DELETE", VARIANT, { params, headers: { "If-Match": etag } });
    expect(stale.status).toBe(412);
    const current = await getVariant(params);
    expect(current.status).toBe(200);
    const done = await call("DELETE", VARIANT, { params, headers: { "If-Match": current.headers.get("ETag") ?? "" } });
    expect(done.status).toBe(204);
    expect(d1RoundTrips(done.headers)).toBe(2);
    expect((await api("GET", `/api/v1/products/${params.productCode}/variants/${params.code}`)).status).toBe(404);
  });
});

// ------------------------------------------------------------------ carts

async function newCart(): Promise<{ id: number; etag: string }> {
  const res = await call("POST", "/api/v1/carts/", { body: { customer: cat.customer, channel: cat.channel, localeCode: "en_US" } });
  expect(res.status).toBe(201);
  return { id: res.body.id, etag: res.headers.get("ETag") ?? "" };
}

const getCart = (id: number, headers: Record<string, string> = {}) => call("GET", CART, { params: { id }, headers });
const cartTag = async (id: number) => (await getCart(id)).headers.get("ETag") ?? "";

describe("cart: ETag and If-None-Match", () => {
  it("answers a strong ETag, stable across reads and the create's (the order has its own), and 304 when it matches", async () => {
    const { id, etag: created } = await newCart();
    const first = await getCart(id);
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(STRONG_TAG);
    expect(created).toBe(etag);
    expect(await cartTag(id)).toBe(etag);
    // The order shows the cart in another representation (the order's): its own tag, which 304s for itself only.
    const order = await call("GET", "/api/v1/orders/{id}", { params: { id } });
    const orderTag = order.headers.get("ETag") ?? "";
    expect(orderTag).toMatch(STRONG_TAG);
    expect(orderTag).not.toBe(etag);
    expect((await call("GET", "/api/v1/orders/{id}", { params: { id }, headers: { "If-None-Match": orderTag } })).status).toBe(304);
    expect((await call("GET", "/api/v1/orders/{id}", { params: { id }, headers: { "If-None-Match": etag } })).status).toBe(200);

    const notModified = await getCart(id, { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(d1RoundTrips(notModified.headers)).toBe(1);
    expect(d1RoundTrips(first.headers)).toBe(1);
  });

  it("changes with the cart, its variants' prices and translations, and its customer", async () => {
    const { id, etag: empty } = await newCart();
    expect((await call("POST", ITEMS, { params: { cartId: id }, body: { variant: cat.variantA, quantity: 2 } })).status).toBe(201);
    const withItem = await cartTag(id);
    const variant = `/api/v1/products/${cat.product}/variants/${cat.variantA}`;
    const current = (await api("GET", variant)).body;
    await ok("PATCH", variant, { channelPricings: { [cat.channel]: { price: "10.50" } } });
    const repriced = await cartTag(id);
    await ok("PATCH", variant, { translations: { en_US: { name: `Mug ${uniqueCode("n")}` } } });
    const renamed = await cartTag(id);
    await ok("PATCH", `/api/v1/customers/${cat.customerId}`, { firstName: `Ada ${uniqueCode("n")}` });
    const customer = await cartTag(id);
    expect(new Set([empty, withItem, repriced, renamed, customer]).size).toBe(5);
    // Restore the shared variant's price for the other tests.
    await ok("PATCH", variant, { channelPricings: { [cat.channel]: { price: current.channelPricings[cat.channel].price / 100 } } });
  });

  it("follows the body on a channel change: the cart shows only the channel's code, which cannot change", async () => {
    const { id } = await newCart();
    const before = await getCart(id);
    await ok("PATCH", `/api/v1/channels/${cat.channel}`, { name: `Channel ${uniqueCode("n")}` });
    const after = await getCart(id);
    expect(after.body).toEqual(before.body);
    expect(after.headers.get("ETag")).toBe(before.headers.get("ETag"));
  });
});

describe("cart items: If-Match", () => {
  it("a stale tag is a 412 and changes nothing, for add, change and remove; the current one succeeds", async () => {
    const { id, etag: empty } = await newCart();
    const add = await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": empty }, body: { variant: cat.variantA, quantity: 1 } });
    expect(add.status).toBe(201);
    const itemId: number = add.body.id;
    const one = await getCart(id);
    const tag = one.headers.get("ETag") ?? "";
    expect(tag).not.toBe(empty);

    // The empty cart's tag is stale now: nothing of these happens.
    expect((await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": empty }, body: { variant: cat.variantB, quantity: 1 } })).status).toBe(412);
    expect((await call("PUT", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": empty }, body: { quantity: 3 } })).status).toBe(412);
    expect((await call("PATCH", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": empty }, body: { quantity: 3 } })).status).toBe(412);
    const removed = await call("DELETE", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": empty } });
    expect(removed.status).toBe(412);
    expect(removed.body).toEqual({ code: 412, message: expect.stringMatching(/If-Match/) });
    // Before the body's own checks (a 400 for this quantity).
    expect((await call("PUT", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": empty }, body: { quantity: 0 } })).status).toBe(412);
    // An unknown item stays a 404.
    expect((await call("DELETE", ITEM, { params: { cartId: id, itemId: 999_999_999 }, headers: { "If-Match": empty } })).status).toBe(404);
    const unchanged = await getCart(id);
    expect(unchanged.body).toEqual(one.body);
    expect(unchanged.headers.get("ETag")).toBe(tag);

    const changed = await call("PUT", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": tag }, body: { quantity: 3 } });
    expect(changed.status).toBe(204);
    const three = await cartTag(id);
    expect((await getCart(id)).body.items[0].quantity).toBe(3);
    expect((await call("DELETE", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": `W/${three}` } })).status).toBe(412);
    expect((await call("DELETE", ITEM, { params: { cartId: id, itemId }, headers: { "If-Match": three } })).status).toBe(204);
    expect((await getCart(id)).body.items).toEqual([]);
  });

  it("a change to an embedded variant makes the cart's tag stale", async () => {
    const { id } = await newCart();
    await ok("POST", `/api/v1/carts/${id}/items`, { variant: cat.variantB, quantity: 1 });
    const tag = await cartTag(id);
    const variant = `/api/v1/products/${cat.product}/variants/${cat.variantB}`;
    await ok("PATCH", variant, { translations: { en_US: { name: `Mug ${uniqueCode("n")}` } } });
    expect((await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": tag }, body: { variant: cat.variantB, quantity: 1 } })).status).toBe(412);
    expect((await getCart(id)).body.items[0].quantity).toBe(1);
    expect((await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": await cartTag(id) }, body: { variant: cat.variantB, quantity: 1 } })).status).toBe(201);
  });

  it("costs no extra D1 round trip", async () => {
    const { id, etag } = await newCart();
    const plain = await call("POST", ITEMS, { params: { cartId: id }, body: { variant: cat.variantA, quantity: 1 } });
    const tagged = await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": await cartTag(id) }, body: { variant: cat.variantB, quantity: 1 } });
    expect([plain.status, tagged.status]).toEqual([201, 201]);
    expect(d1RoundTrips(tagged.headers)).toBe(d1RoundTrips(plain.headers));
    const refused = await call("POST", ITEMS, { params: { cartId: id }, headers: { "If-Match": etag }, body: { variant: cat.variantB, quantity: 1 } });
    expect(refused.status).toBe(412);
    expect(d1RoundTrips(refused.headers)).toBe(1);
  });
});
