/**
 * A cart read answers the body and `ETag` it kept from the last read of the
 * same rows (src/http/resources/carts/read-cache.ts). Kept answers must stay
 * exact: any row the body shows, changed by anything (here raw SQL, behind
 * every cache's back) between two reads, shows in the second read; undoing
 * the change gives back the first bytes and tag.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_TOKEN } from "../fixtures/accounts";
import { addItem, newCart, twoItemCart, type CartFixture } from "../fixtures/carts";

interface Read {
  status: number;
  etag: string | null;
  text: string;
}

async function readCart(id: number, headers: Record<string, string> = {}): Promise<Read> {
  const res = await SELF.fetch(`https://example.com/api/v1/carts/${id}`, {
    headers: { Accept: "application/json", Authorization: `Bearer ${TEST_TOKEN}`, ...headers },
  });
  return { status: res.status, etag: res.headers.get("ETag"), text: await res.text() };
}

const run = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values).run();

let fixture: CartFixture<readonly [number, number]>;
let cartId: number;

beforeAll(async () => {
  ({ id: cartId, fixture } = await twoItemCart());
});

/**
 * Reads the cart (twice, so the second is answered from what the first kept),
 * applies `change`, reads it again, undoes the change and reads once more.
 */
async function throughChange(change: () => Promise<unknown>, undo: () => Promise<unknown>) {
  const before = await readCart(cartId);
  expect(await readCart(cartId)).toEqual(before);
  await change();
  const changed = await readCart(cartId);
  expect(await readCart(cartId)).toEqual(changed);
  await undo();
  const undone = await readCart(cartId);
  expect(undone).toEqual(before);
  return { before, changed: { ...changed, body: JSON.parse(changed.text) } };
}

describe("a cart read kept between reads", () => {
  it("answers the same bytes and tag while nothing changes, and 304 to the tag", async () => {
    const first = await readCart(cartId);
    expect(first.status).toBe(200);
    const second = await readCart(cartId);
    expect(second).toEqual(first);
    const notModified = await readCart(cartId, { "If-None-Match": first.etag ?? "" });
    expect(notModified).toEqual({ status: 304, etag: first.etag, text: "" });
  });

  it("writes the body of rows whose first answer was a 304", async () => {
    const other = await newCart(fixture);
    await addItem(other, fixture.variants[1].code, 3);
    const first = await readCart(other);
    // A change of the cart's own row that its tag does not count (the tag counts the rows' version, not raised here).
    await run("UPDATE orders SET checkout_state = 'addressed' WHERE id = ?", other);
    const notModified = await readCart(other, { "If-None-Match": first.etag ?? "" });
    expect(notModified).toEqual({ status: 304, etag: first.etag, text: "" });
    const read = await readCart(other);
    expect(read).toEqual({ ...first, text: first.text.replace('"checkoutState":"cart"', '"checkoutState":"addressed"') });
    expect(JSON.parse(read.text).checkoutState).toBe("addressed");
  });

  it("shows a customer's new name, with a new tag", async () => {
    const { before, changed } = await throughChange(
      () => run("UPDATE customers SET first_name = 'Jane' WHERE id = ?", fixture.customerId),
      () => run("UPDATE customers SET first_name = 'John' WHERE id = ?", fixture.customerId),
    );
    expect(changed.body.customer.firstName).toBe("Jane");
    expect(changed.etag).not.toBe(before.etag);
  });

  it("shows the account's new username, with a new tag", async () => {
    const { before, changed } = await throughChange(
      () => run("UPDATE shop_users SET username = 'renamed' WHERE customer_id = ?", fixture.customerId),
      () => run("UPDATE shop_users SET username = ?2 WHERE customer_id = ?1", fixture.customerId, fixture.customer),
    );
    expect(changed.body.customer.user.username).toBe("renamed");
    expect(changed.etag).not.toBe(before.etag);
  });

  it("shows a variant's new price and name, with a new tag", async () => {
    const variant = fixture.variants[0];
    const { before, changed } = await throughChange(
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE channel_pricings SET price = 4242 WHERE variant_id = ?").bind(variant.id),
          env.DB.prepare("INSERT INTO product_variant_translations (variant_id, locale, name) VALUES (?, 'en_US', 'Renamed mug')").bind(variant.id),
        ]),
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE channel_pricings SET price = ? WHERE variant_id = ?").bind(variant.price, variant.id),
          env.DB.prepare("DELETE FROM product_variant_translations WHERE variant_id = ?").bind(variant.id),
        ]),
    );
    const item = changed.body.items.find((i: { variant: { code: string } }) => i.variant.code === variant.code);
    expect(item.variant.channelPricings[fixture.channel].price).toBe(4242);
    expect(item.variant.translations.en_US.name).toBe("Renamed mug");
    expect(changed.etag).not.toBe(before.etag);
  });

  it("shows a variant's new code and its product's, with a new tag", async () => {
    const variant = fixture.variants[1];
    const { before, changed } = await throughChange(
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE product_variants SET code = code || '_X' WHERE id = ?").bind(variant.id),
          env.DB.prepare("UPDATE products SET code = code || '_P' WHERE code = ?").bind(fixture.product),
        ]),
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE product_variants SET code = ? WHERE id = ?").bind(variant.code, variant.id),
          env.DB.prepare("UPDATE products SET code = ? WHERE code = ?").bind(fixture.product, `${fixture.product}_P`),
        ]),
    );
    const item = changed.body.items.find((i: { variant: { id: number } }) => i.variant.id === variant.id);
    expect(item.variant.code).toBe(`${variant.code}_X`);
    expect(item._links.variant.href).toBe(`/api/v1/products/${fixture.product}_P/variants/${variant.code}_X`);
    expect(changed.etag).not.toBe(before.etag);
  });

  it("shows the cart's own rows changed without a new version: checkout state, totals, quantity, adjustments", async () => {
    const { changed: state } = await throughChange(
      () => run("UPDATE orders SET checkout_state = 'addressed', total = total + 1 WHERE id = ?", cartId),
      () => run("UPDATE orders SET checkout_state = 'cart', total = total - 1 WHERE id = ?", cartId),
    );
    expect(state.body.checkoutState).toBe("addressed");

    const { changed: quantity } = await throughChange(
      () => run("UPDATE order_items SET quantity = quantity + 5 WHERE order_id = ?", cartId),
      () => run("UPDATE order_items SET quantity = quantity - 5 WHERE order_id = ?", cartId),
    );
    expect(quantity.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([7, 6]);

    const { changed: adjusted } = await throughChange(
      () => run("INSERT INTO adjustments (order_id, type, label, amount, neutral) VALUES (?, 'order_promotion', 'Raw discount', -5, 0)", cartId),
      () => run("DELETE FROM adjustments WHERE order_id = ? AND label = 'Raw discount'", cartId),
    );
    expect(adjusted.body.adjustments).toEqual([expect.objectContaining({ label: "Raw discount", amount: -5 })]);
  });

  it("shows units rewritten under a new version, as every writer of units raises it", async () => {
    const before = await readCart(cartId);
    expect(await readCart(cartId)).toEqual(before);
    const taxed = `'"adjustments":[{"id":1,"type":"tax","label":"Raw","amount":1,"neutral":false}]'`;
    const rewrite = (from: string, to: string) =>
      env.DB.batch([
        env.DB.prepare(`UPDATE order_item_unit_chunks SET units = replace(units, ${from}, ${to}) WHERE item_id IN (SELECT id FROM order_items WHERE order_id = ?)`).bind(cartId),
        env.DB.prepare("UPDATE orders SET version = version + 1 WHERE id = ?").bind(cartId),
      ]);
    await rewrite(`'"adjustments":[]'`, taxed);
    const changed = await readCart(cartId);
    expect(JSON.parse(changed.text).items[0].units[0].adjustments[0].label).toBe("Raw");
    expect(changed.etag).not.toBe(before.etag);
    expect(await readCart(cartId)).toEqual(changed);
    await rewrite(taxed, `'"adjustments":[]'`);
    const undone = await readCart(cartId);
    expect(undone.text).toBe(before.text);
    expect(undone.etag).not.toBe(changed.etag);
  });

  it("reads a cart of several unit chunks the same, kept or not", async () => {
    const big = await newCart(fixture);
    // 600 units: three chunks of units' JSON (see unit-json.ts); the second read takes them from the first.
    await addItem(big, fixture.variants[0].code, 600);
    const first = await readCart(big);
    const second = await readCart(big);
    expect(second).toEqual(first);
    expect(JSON.parse(second.text).items[0].units).toHaveLength(600);
    await addItem(big, fixture.variants[0].code, 1);
    const grown = JSON.parse((await readCart(big)).text).items[0].units;
    expect(grown).toHaveLength(601);
    expect(JSON.parse((await readCart(big)).text).items[0].units).toEqual(grown);
  });

  it("answers 404 once the order is no longer a cart, and the cart again after", async () => {
    const before = await readCart(cartId);
    await run("UPDATE orders SET state = 'new' WHERE id = ?", cartId);
    expect((await readCart(cartId)).status).toBe(404);
    await run("UPDATE orders SET state = 'cart' WHERE id = ?", cartId);
    expect(await readCart(cartId)).toEqual(before);
  });
});
