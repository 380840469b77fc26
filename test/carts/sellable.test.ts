/**
 * A cart takes adds and changes only while everything in it can be sold:
 * its channel enabled, every item's variant and product enabled and priced
 * in the channel. A variant that cannot be sold cannot be added. Removing
 * items and deleting the cart stay allowed, so a client can repair a cart.
 * Nothing is ever charged at a price the channel no longer has.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { addItem, cartFixture, newCart, type CartFixture, type DefaultPrices } from "../fixtures/carts";
import { validationFailed } from "../fixtures/sylius";

const INVALID = "This value is not valid.";

let fx: CartFixture<DefaultPrices>;
beforeEach(async () => {
  // A fresh channel and catalogue per test: these tests disable things.
  fx = await cartFixture();
});

const variantPath = (code: string) => `/api/v1/products/${fx.product}/variants/${code}`;

async function cartWith(...codes: string[]) {
  const id = await newCart(fx);
  const items: number[] = [];
  for (const code of codes) items.push(await addItem(id, code));
  return { id, items };
}

const read = async (cartId: number) => (await api("GET", `/api/v1/carts/${cartId}`)).body;

/** What a refused change must leave as it was: items, units, prices and totals (the embedded variant shows the catalogue as it is now). */
const money = async (cartId: number) => {
  const cart = await read(cartId);
  return {
    items: cart.items.map((i: Record<string, unknown>) => ({ id: i.id, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, units: i.units })),
    itemsTotal: cart.itemsTotal,
    adjustments: cart.adjustments,
    total: cart.total,
  };
};

const failed = validationFailed;

async function setVariant(code: string, body: Record<string, unknown>) {
  const res = await api("PATCH", variantPath(code), body);
  expect(res.status).toBe(204);
}

describe("a variant that cannot be sold", () => {
  it("cannot be added when disabled, and its enabled/shippingRequired are stored but not shown", async () => {
    const [a, b] = [fx.variants[0].code, fx.variants[1].code];
    await setVariant(a, { enabled: false, shippingRequired: false });
    const row = await env.DB.prepare("SELECT enabled, shipping_required FROM product_variants WHERE code = ?").bind(a).first();
    expect(row).toEqual({ enabled: 0, shipping_required: 0 });
    const shown = (await api("GET", variantPath(a))).body;
    expect(shown).not.toHaveProperty("enabled");
    expect(shown).not.toHaveProperty("shippingRequired");

    const cart = await cartWith(b);
    const res = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant: a, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed({ quantity: {}, variant: { errors: [INVALID] } }));
    expect((await read(cart.id)).items).toHaveLength(1);
  });

  it("cannot be added when its product is disabled", async () => {
    const cart = await cartWith();
    expect((await api("PATCH", `/api/v1/products/${fx.product}`, { enabled: false })).status).toBe(204);
    const res = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant: fx.variants[0].code, quantity: 1 });
    expect(res.body).toEqual(failed({ quantity: {}, variant: { errors: [INVALID] } }));
  });
});

describe("a cart holding an item whose price was removed", () => {
  it("refuses a quantity change of that item (quantity and form level), keeps the old totals, and allows its removal", async () => {
    const [a, b] = [fx.variants[0], fx.variants[1]];
    const cart = await cartWith(a.code, b.code);
    const before = await money(cart.id);
    const version = (await api("GET", variantPath(a.code))).body.version;
    expect((await api("PUT", variantPath(a.code), { version, channelPricings: [] })).status).toBe(204);

    const change = await api("PUT", `/api/v1/carts/${cart.id}/items/${cart.items[0]}`, { quantity: 3 });
    expect(change.status).toBe(400);
    expect(change.body).toEqual(failed({ quantity: { errors: [INVALID] } }, [INVALID]));
    // Every other add or change of the cart is refused too, form-level.
    const other = await api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items[1]}`, { quantity: 2 });
    expect(other.body).toEqual(failed({ quantity: {} }, [INVALID]));
    const add = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant: fx.variants[2].code, quantity: 1 });
    expect(add.body).toEqual(failed({ quantity: {}, variant: {} }, [INVALID]));
    expect(await money(cart.id)).toEqual(before);

    // Removing the unpriced item repairs the cart.
    expect((await api("DELETE", `/api/v1/carts/${cart.id}/items/${cart.items[0]}`)).status).toBe(204);
    const repaired = await read(cart.id);
    expect(repaired.items.map((i: { id: number }) => i.id)).toEqual([cart.items[1]]);
    expect(repaired.total).toBe(b.price);
    expect((await api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items[1]}`, { quantity: 2 })).status).toBe(204);
    expect((await read(cart.id)).total).toBe(2 * b.price);
  });

  it("refuses changes while an item's variant or product is disabled; deleting the cart stays allowed", async () => {
    const cart = await cartWith(fx.variants[0].code, fx.variants[1].code);
    await setVariant(fx.variants[0].code, { enabled: false });
    const change = await api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items[1]}`, { quantity: 2 });
    expect(change.body).toEqual(failed({ quantity: {} }, [INVALID]));
    await setVariant(fx.variants[0].code, { enabled: true });
    expect((await api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items[1]}`, { quantity: 2 })).status).toBe(204);

    expect((await api("PATCH", `/api/v1/products/${fx.product}`, { enabled: false })).status).toBe(204);
    const blocked = await api("PATCH", `/api/v1/carts/${cart.id}/items/${cart.items[1]}`, { quantity: 3 });
    expect(blocked.body).toEqual(failed({ quantity: {} }, [INVALID]));
    expect((await api("DELETE", `/api/v1/carts/${cart.id}`)).status).toBe(204);
  });
});

describe("a cart whose channel is disabled", () => {
  it("refuses adds and changes form-level; removing items and deleting the cart stay allowed", async () => {
    const cart = await cartWith(fx.variants[0].code, fx.variants[1].code);
    const before = await money(cart.id);
    expect((await api("PATCH", `/api/v1/channels/${fx.channel}`, { enabled: false })).status).toBe(204);

    const add = await api("POST", `/api/v1/carts/${cart.id}/items/`, { variant: fx.variants[2].code, quantity: 1 });
    expect(add.status).toBe(400);
    expect(add.body).toEqual(failed({ quantity: {}, variant: {} }, [INVALID]));
    const change = await api("PUT", `/api/v1/carts/${cart.id}/items/${cart.items[0]}`, { quantity: 2 });
    expect(change.body).toEqual(failed({ quantity: {} }, [INVALID]));
    expect(await money(cart.id)).toEqual(before);

    expect((await api("DELETE", `/api/v1/carts/${cart.id}/items/${cart.items[0]}`)).status).toBe(204);
    expect((await read(cart.id)).items).toHaveLength(1);
    expect((await api("DELETE", `/api/v1/carts/${cart.id}`)).status).toBe(204);
  });
});
