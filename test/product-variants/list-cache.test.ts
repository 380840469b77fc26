/**
 * The variant list answers the body it kept for a URL while its rows are the
 * same (src/http/resources/product-variants/list-cache.ts). Kept bodies must
 * stay exact: any row the page shows, changed by anything (here raw SQL)
 * between two reads, shows in the second read; undoing it gives back the
 * first bytes.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_TOKEN } from "../fixtures/accounts";
import { cartFixture, type CartFixture, type DefaultPrices } from "../fixtures/carts";

async function list(query: string): Promise<{ status: number; text: string }> {
  const res = await SELF.fetch(`https://example.com/api/v1/products/${fixture.product}/variants/${query}`, {
    headers: { Accept: "application/json", Authorization: `Bearer ${TEST_TOKEN}` },
  });
  return { status: res.status, text: await res.text() };
}

const run = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values).run();

let fixture: CartFixture<DefaultPrices>;

beforeAll(async () => {
  fixture = await cartFixture([1299, 1599, 1999]);
});

async function throughChange(query: string, change: () => Promise<unknown>, undo: () => Promise<unknown>) {
  const before = await list(query);
  expect(before.status).toBe(200);
  expect(await list(query)).toEqual(before);
  await change();
  const changed = await list(query);
  expect(await list(query)).toEqual(changed);
  expect(changed.text).not.toBe(before.text);
  await undo();
  expect(await list(query)).toEqual(before);
  return JSON.parse(changed.text);
}

describe("a variant list page kept between reads", () => {
  it("answers each URL its own page", async () => {
    const all = JSON.parse((await list("?limit=10")).text);
    const two = JSON.parse((await list("?limit=2&sorting[position]=asc")).text);
    expect(all._embedded.items).toHaveLength(5);
    expect(two._embedded.items.map((v: { code: string }) => v.code)).toEqual([fixture.variants[0].code, fixture.variants[1].code]);
    expect(JSON.parse((await list("?limit=2&sorting[position]=asc&page=2")).text)._embedded.items[0].code).toBe(fixture.variants[2].code);
    expect((await list("?limit=10")).text).toBe(JSON.stringify(all));
  });

  it("shows a variant's new price, name and code", async () => {
    const variant = fixture.variants[0];
    const page = await throughChange(
      "?limit=10&sorting[position]=asc",
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE channel_pricings SET price = 4242 WHERE variant_id = ?").bind(variant.id),
          env.DB.prepare("INSERT INTO product_variant_translations (variant_id, locale, name) VALUES (?, 'en_US', 'Renamed')").bind(variant.id),
          env.DB.prepare("UPDATE product_variants SET code = code || '_X' WHERE id = ?").bind(variant.id),
        ]),
      () =>
        env.DB.batch([
          env.DB.prepare("UPDATE channel_pricings SET price = ? WHERE variant_id = ?").bind(variant.price, variant.id),
          env.DB.prepare("DELETE FROM product_variant_translations WHERE variant_id = ?").bind(variant.id),
          env.DB.prepare("UPDATE product_variants SET code = ? WHERE id = ?").bind(variant.code, variant.id),
        ]),
    );
    const [first] = page._embedded.items;
    expect(first.code).toBe(`${variant.code}_X`);
    expect(first.channelPricings[fixture.channel].price).toBe(4242);
    expect(first.translations.en_US.name).toBe("Renamed");
  });

  it("shows a new total and a variant moved to another page", async () => {
    const page = await throughChange(
      "?limit=2&sorting[position]=asc",
      () => run("UPDATE product_variants SET position = position + 100 WHERE id = ?", fixture.variants[0].id),
      () => run("UPDATE product_variants SET position = position - 100 WHERE id = ?", fixture.variants[0].id),
    );
    expect(page._embedded.items.map((v: { code: string }) => v.code)).toEqual([fixture.variants[1].code, fixture.variants[2].code]);

    const counted = await throughChange(
      "?limit=2",
      () => run("UPDATE list_counts SET total = total + 1 WHERE scope = 'product_variants' AND owner = (SELECT id FROM products WHERE code = ?)", fixture.product),
      () => run("UPDATE list_counts SET total = total - 1 WHERE scope = 'product_variants' AND owner = (SELECT id FROM products WHERE code = ?)", fixture.product),
    );
    expect(counted.total).toBe(6);
    expect(counted.pages).toBe(3);
  });
});
