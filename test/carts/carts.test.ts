import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { cartFixture, newCart, type CartFixture, type DefaultPrices } from "../fixtures/carts";
import { firstRow } from "../fixtures/db";

let fx: CartFixture<DefaultPrices>;
beforeAll(async () => {
  fx = await cartFixture();
});

describe("cart creation", () => {
  it("creates an empty cart with the channel's currency", async () => {
    const res = await api("POST", "/api/v1/carts/", { customer: fx.customer, channel: fx.channel, localeCode: "en_US" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      items: [],
      itemsTotal: 0,
      adjustments: [],
      adjustmentsTotal: 0,
      total: 0,
      customer: {
        id: fx.customerId,
        email: fx.customer,
        firstName: "John",
        lastName: "Doe",
        user: { id: expect.any(Number), username: fx.customer, usernameCanonical: fx.customer },
        _links: { self: { href: `/api/v1/customers/${fx.customerId}` } },
      },
      channel: { code: fx.channel, _links: { self: { href: `/api/v1/channels/${fx.channel}` } } },
      currencyCode: "USD",
      localeCode: "en_US",
      checkoutState: "cart",
    });
    expect(d1RoundTrips(res.headers)).toBe(2);
  });

  it("reports every blank field, in form order", async () => {
    const res = await api("POST", "/api/v1/carts/", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          customer: { errors: ["This value should not be blank."] },
          localeCode: { errors: ["This value should not be blank."] },
          channel: { errors: ["This value should not be blank."] },
        },
      },
    });
  });

  it("rejects unknown references and a locale the channel lacks", async () => {
    const res = await api("POST", "/api/v1/carts/", { customer: "nobody@example.com", channel: fx.channel, localeCode: "xx_XX" });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual({
      customer: { errors: ["This value is not valid."] },
      localeCode: { errors: ["This value is not valid."] },
      channel: {},
    });
    const unknownChannel = await api("POST", "/api/v1/carts/", { customer: fx.customer, channel: "NOPE_CHANNEL", localeCode: "en_US" });
    expect(unknownChannel.body.errors.children.channel).toEqual({ errors: ["This value is not valid."] });
  });
});

describe("reading carts", () => {
  it("gets one cart in one D1 round trip, and 404s for unknown or malformed ids", async () => {
    const cartId = await newCart(fx);
    const res = await api("GET", `/api/v1/carts/${cartId}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(cartId);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect((await api("GET", "/api/v1/carts/999999999")).status).toBe(404);
    const malformed = await api("GET", "/api/v1/carts/abc");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ code: 404, message: expect.any(String) });
  });

  it("lists carts newest first with paginate or limit", async () => {
    const a = await newCart(fx);
    const b = await newCart(fx);
    const res = await api("GET", "/api/v1/carts/?paginate=1");
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(1);
    expect(res.body._embedded.items).toHaveLength(1);
    expect(res.body._embedded.items[0].id).toBe(b);
    expect(res.body._embedded.items[0].channel).toEqual({ id: expect.any(Number), code: fx.channel, _links: { self: { href: `/api/v1/channels/${fx.channel}` } } });
    expect(res.body._embedded.items[0].customer.user).toEqual({ id: expect.any(Number), username: fx.customer, enabled: true });
    expect(res.body._links.self.href).toBe("/api/v1/carts/?page=1&limit=1");
    expect(d1RoundTrips(res.headers)).toBe(1);
    const second = await api("GET", "/api/v1/carts/?page=2&limit=1");
    expect(second.body._embedded.items[0].id).toBe(a);
    expect(second.body._links.previous.href).toBe("/api/v1/carts/?page=1&limit=1");
    const defaults = await api("GET", "/api/v1/carts/");
    expect(defaults.body.page).toBe(1);
    expect(defaults.body.limit).toBe(10);
  });

  it("serves the order link target", async () => {
    const cartId = await newCart(fx);
    const res = await api("GET", `/api/v1/orders/${cartId}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(cartId);
  });
});

describe("cart items", () => {
  it("adds an item with one unit per quantity and the variant's default data", async () => {
    const cartId = await newCart(fx);
    const [v] = fx.variants;
    const res = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: v.code, quantity: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      quantity: 3,
      unitPrice: v.price,
      total: 3 * v.price,
      units: [0, 1, 2].map(() => ({ id: expect.any(Number), adjustments: [], adjustmentsTotal: 0 })),
      unitsTotal: 3 * v.price,
      adjustments: [],
      adjustmentsTotal: 0,
      variant: {
        id: v.id,
        code: v.code,
        optionValues: [],
        position: 0,
        translations: [],
        tracked: false,
        channelPricings: { [fx.channel]: { channelCode: fx.channel, price: v.price } },
        version: 1,
        _links: { self: { href: `/api/v1/products/${fx.product}/variants/${v.code}` } },
      },
      _links: {
        order: { href: `/api/v1/orders/${cartId}` },
        product: { href: `/api/v1/products/${fx.product}` },
        variant: { href: `/api/v1/products/${fx.product}/variants/${v.code}` },
      },
    });
    expect(d1RoundTrips(res.headers)).toBe(2);
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.itemsTotal).toBe(3 * v.price);
    expect(read.body.total).toBe(3 * v.price);
    expect(read.body.items[0].units).toHaveLength(3);
  });

  it("merges a variant already in the cart into its item, keeping unit ids", async () => {
    const cartId = await newCart(fx);
    const [v] = fx.variants;
    const first = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: v.code, quantity: 2 });
    const second = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: v.code, quantity: 1 });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.quantity).toBe(3);
    const firstIds = first.body.units.map((u: { id: number }) => u.id);
    expect(second.body.units.slice(0, 2).map((u: { id: number }) => u.id)).toEqual(firstIds);
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items).toHaveLength(1);
  });

  it("validates quantity and variant together", async () => {
    const cartId = await newCart(fx);
    const empty = await api("POST", `/api/v1/carts/${cartId}/items/`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          quantity: { errors: ["Quantity of an order item cannot be lower than 1."] },
          variant: { errors: ["This value should not be blank."] },
        },
      },
    });
    const low = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: "NO_SUCH_VARIANT", quantity: 0 });
    expect(low.body.errors.children).toEqual({
      quantity: { errors: ["Quantity of an order item cannot be lower than 1."] },
      variant: { errors: ["This value is not valid."] },
    });
    const high = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 10000 });
    expect(high.body.errors.children).toEqual({
      quantity: { errors: ["Quantity of an order item cannot be greater than 9999."] },
      variant: {},
    });
    const unpriced = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.unpriced, quantity: 1 });
    expect(unpriced.body.errors.children.variant).toEqual({ errors: ["This value is not valid."] });
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items).toEqual([]);
  });

  it("refuses more than the stock of a tracked variant, on add and on change, naming the product", async () => {
    const cartId = await newCart(fx);
    const tooMany = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.tracked.code, quantity: 6 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { errors: ["Theme mug does not have sufficient stock."], children: { quantity: {}, variant: {} } },
    });
    const ok = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.tracked.code, quantity: 4 });
    expect(ok.status).toBe(201);
    const more = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.tracked.code, quantity: 2 });
    expect(more.body.errors.errors).toEqual(["Theme mug does not have sufficient stock."]);
    const change = await api("PUT", `/api/v1/carts/${cartId}/items/${ok.body.id}`, { quantity: 6 });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { errors: ["Theme mug does not have sufficient stock."], children: { quantity: {} } },
    });
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${ok.body.id}`, { quantity: 5 })).status).toBe(204);
  });

  it("changes quantity with PUT and PATCH, recomputing units and totals", async () => {
    const cartId = await newCart(fx);
    const [v, w] = fx.variants;
    const item = (await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: v.code, quantity: 3 })).body;
    await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: w.code, quantity: 1 });
    const put = await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 5 });
    expect(put.status).toBe(204);
    expect(put.body).toBeNull();
    // The object holds the cart and its variants after the adds: one guarded write.
    expect(d1RoundTrips(put.headers)).toBe(1);
    let read = await api("GET", `/api/v1/carts/${cartId}`);
    let changed = read.body.items.find((i: { id: number }) => i.id === item.id);
    expect(changed.quantity).toBe(5);
    expect(changed.units).toHaveLength(5);
    expect(changed.units.slice(0, 3).map((u: { id: number }) => u.id)).toEqual(item.units.map((u: { id: number }) => u.id));
    expect(changed.unitsTotal).toBe(5 * v.price);
    expect(read.body.itemsTotal).toBe(5 * v.price + w.price);
    expect(read.body.total).toBe(5 * v.price + w.price);

    const patch = await api("PATCH", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 2 });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/carts/${cartId}`);
    changed = read.body.items.find((i: { id: number }) => i.id === item.id);
    // A decrease removes the newest units.
    expect(changed.units.map((u: { id: number }) => u.id)).toEqual(item.units.slice(0, 2).map((u: { id: number }) => u.id));
    expect(read.body.total).toBe(2 * v.price + w.price);
    const rows = await firstRow<{ n: number }>(env.DB.prepare("SELECT COUNT(*) AS n FROM order_item_units WHERE item_id = ?1").bind(item.id));
    expect(rows.n).toBe(2);
  });

  it("rejects other fields and bad quantities on change", async () => {
    const cartId = await newCart(fx);
    const item = (await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 1 })).body;
    const extra = await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 2, variant: fx.variants[1].code });
    expect(extra.status).toBe(400);
    expect(extra.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: { errors: ["This form should not contain extra fields."], children: { quantity: {} } },
    });
    const zero = await api("PATCH", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 0 });
    expect(zero.body.errors.children.quantity).toEqual({ errors: ["Quantity of an order item cannot be lower than 1."] });
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items[0].quantity).toBe(1);
  });

  it("404s for unknown items and items of another cart", async () => {
    const cartId = await newCart(fx);
    const other = await newCart(fx);
    const item = (await api("POST", `/api/v1/carts/${other}/items/`, { variant: fx.variants[0].code, quantity: 1 })).body;
    expect((await api("PUT", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: 2 })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/carts/${cartId}/items/${item.id}`)).status).toBe(404);
    expect((await api("DELETE", `/api/v1/carts/${cartId}/items/99999999`)).status).toBe(404);
    expect((await api("POST", "/api/v1/carts/99999999/items/", { variant: fx.variants[0].code, quantity: 1 })).status).toBe(404);
    const read = await api("GET", `/api/v1/carts/${other}`);
    expect(read.body.items[0].quantity).toBe(1);
  });

  it("removes an item and recomputes the cart", async () => {
    const cartId = await newCart(fx);
    const [v, w] = fx.variants;
    const a = (await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: v.code, quantity: 2 })).body;
    await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: w.code, quantity: 1 });
    const res = await api("DELETE", `/api/v1/carts/${cartId}/items/${a.id}`);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(1);
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items).toHaveLength(1);
    expect(read.body.total).toBe(w.price);
    const units = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_item_units WHERE item_id = ?1").bind(a.id).first<{ n: number }>();
    expect(units!.n).toBe(0);
  });

  it("deletes a cart with its items, units and adjustments", async () => {
    const cartId = await newCart(fx);
    await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 2 });
    const res = await api("DELETE", `/api/v1/carts/${cartId}`);
    expect(res.status).toBe(204);
    expect((await api("GET", `/api/v1/carts/${cartId}`)).status).toBe(404);
    expect((await api("DELETE", `/api/v1/carts/${cartId}`)).status).toBe(404);
    expect((await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 1 })).status).toBe(404);
    const left = await firstRow<{ n: number }>(env.DB.prepare("SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?1").bind(cartId));
    expect(left.n).toBe(0);
  });

  it("requires authentication for cart changes, and changes nothing without it", async () => {
    const cartId = await newCart(fx);
    const res = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: fx.variants[0].code, quantity: 1 }, { token: "nope" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "The access token provided is invalid." });
    const read = await api("GET", `/api/v1/carts/${cartId}`);
    expect(read.body.items).toEqual([]);
  });
});
