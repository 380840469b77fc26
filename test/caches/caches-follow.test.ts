/**
 * Every cache docs/performance/caches.md lists follows its source: for each
 * one, the source is changed between two requests (through the API, and by
 * raw SQL on D1 where the cache guards against other writers, as a writer
 * that knows nothing of it would) and the next answer shows the change, as
 * an isolate without the cache would answer. A derived cache's source is its
 * key (a token, a SQL text, a configured value) or the code: the next answer
 * of another key is its own, and the code's are checked against what they
 * are derived from. Each describe is named after the cache's row.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_TOKEN } from "../fixtures/accounts";
import { api, uniqueCode } from "../fixtures/http";
import { addItem, cartFixture, newCart, type CartFixture } from "../fixtures/carts";
import { address, checkoutFixture, step, type CheckoutFixture } from "../fixtures/checkout";
import { variantPath, variantsPath } from "../fixtures/catalog";
import { insertToken, insertUser, testClientId } from "../fixtures/tokens";
import { allowedOrigins } from "../../src/http/middleware/cors";
import { sha256Hex } from "../../src/http/auth/crypto";

const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values).run();

interface CartBody {
  id: number;
  total: number;
  customer: { firstName: string };
  items: { id: number; quantity: number; total: number; variant: { code: string; name?: string; channelPricings: Record<string, { price: number }> } }[];
}

/** The cart as `GET /carts/{id}` answers it, read twice: the second answer (from what the first kept) must be the same bytes. */
async function readCart(id: number): Promise<CartBody> {
  const read = async () => {
    const res = await SELF.fetch(`https://example.com/api/v1/carts/${id}`, { headers: { Accept: "application/json", Authorization: `Bearer ${TEST_TOKEN}` } });
    expect(res.status).toBe(200);
    return { etag: res.headers.get("ETag"), text: await res.text() };
  };
  const first = await read();
  expect(await read()).toEqual(first);
  return JSON.parse(first.text) as CartBody;
}

interface ListedVariant {
  code: string;
  tracked: boolean;
  channelPricings: Record<string, { price: number }>;
}

/** A variant list page, read twice (the second from what the first kept: the same bytes). */
async function listPage(product: string, query: string): Promise<ListedVariant[]> {
  const read = async () => {
    const res = await api("GET", `${variantsPath(product)}${query}`);
    expect(res.status).toBe(200);
    return JSON.stringify(res.body);
  };
  const first = await read();
  expect(await read()).toBe(first);
  return (JSON.parse(first) as { _embedded: { items: ListedVariant[] } })._embedded.items;
}

/** Changes the quantity of an item through its cart's object. */
async function changeQuantity(cartId: number, itemId: number, quantity: number): Promise<void> {
  expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${itemId}`, { quantity })).status).toBe(204);
}

/** A new cart of `quantity` of the fixture's first variant, through a new object (which holds no copy of anything yet), billed in `country` when given: its total. */
async function freshTotal(f: CartFixture, quantity: number, country?: string): Promise<number> {
  const cartId = await newCart(f);
  await addItem(cartId, f.variants[0]!.code, quantity);
  if (country) await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(country) });
  return (await readCart(cartId)).total;
}

/** A cart of one item of the fixture's first variant whose object holds it (one change made after the add). */
async function warmCart(f: CartFixture, country?: string): Promise<{ cartId: number; itemId: number }> {
  const cartId = await newCart(f);
  const itemId = await addItem(cartId, f.variants[0]!.code);
  if (country) await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(country) });
  await changeQuantity(cartId, itemId, 2);
  return { cartId, itemId };
}

describe("cart reads", () => {
  it("shows the customer's name changed through the API, and by SQL behind the cart's back", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code);
    expect((await readCart(cartId)).customer.firstName).toBe("John");

    expect((await api("PATCH", `/api/v1/customers/${f.customerId}`, { firstName: "Jane" })).status).toBe(204);
    expect((await readCart(cartId)).customer.firstName).toBe("Jane");

    await sql("UPDATE customers SET first_name = 'Joan' WHERE id = ?", f.customerId);
    expect((await readCart(cartId)).customer.firstName).toBe("Joan");
  });

  it("shows an item's quantity written by SQL without raising the order's version (every row of the read is compared)", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    const itemId = await addItem(cartId, f.variants[0]!.code);
    expect((await readCart(cartId)).items[0]!.quantity).toBe(1);
    await sql("UPDATE order_items SET quantity = 7 WHERE id = ?", itemId);
    expect((await readCart(cartId)).items[0]!.quantity).toBe(7);
  });
});

describe("variant views", () => {
  it("shows a variant's stock changed through the API, and by SQL", async () => {
    const f = await cartFixture([1000]);
    const path = variantPath(f.product, f.variants[0]!.code);
    const read = async () => ((await api("GET", path)).body as { onHand: number }).onHand;
    expect(await read()).toBe(0);
    expect((await api("PATCH", path, { onHand: 3 })).status).toBe(204);
    expect(await read()).toBe(3);
    await sql("UPDATE product_variants SET on_hand = 9 WHERE id = ?", f.variants[0]!.id);
    expect(await read()).toBe(9);
  });
});

describe("variant default JSON", () => {
  it("embeds a cart's variant with its name changed through the API, and its price changed by SQL", async () => {
    const f = await cartFixture([1000]);
    const cartId = await newCart(f);
    await addItem(cartId, f.variants[0]!.code);
    const variant = async () => (await readCart(cartId)).items[0]!.variant;
    expect((await variant()).channelPricings[f.channel]!.price).toBe(1000);

    const name = uniqueCode("Name");
    expect((await api("PATCH", variantPath(f.product, f.variants[0]!.code), { translations: { en_US: { name } } })).status).toBe(204);
    expect(JSON.stringify(await variant())).toContain(name);

    await sql("UPDATE channel_pricings SET price = 1234 WHERE variant_id = ?", f.variants[0]!.id);
    expect((await variant()).channelPricings[f.channel]!.price).toBe(1234);
  });
});

describe("variant list pages", () => {
  it("shows a variant tracked through the API, and its price and the list's counter changed by SQL", async () => {
    const f = await cartFixture([1000, 2000]);
    const query = "?limit=10&sorting[position]=asc";
    expect((await listPage(f.product, query))[0]!.tracked).toBe(false);

    expect((await api("PATCH", variantPath(f.product, f.variants[0]!.code), { tracked: true })).status).toBe(204);
    expect((await listPage(f.product, query))[0]!.tracked).toBe(true);

    await sql("UPDATE channel_pricings SET price = 4321 WHERE variant_id = ?", f.variants[1]!.id);
    expect((await listPage(f.product, query))[1]!.channelPricings[f.channel]!.price).toBe(4321);

    const total = async () => ((await api("GET", `${variantsPath(f.product)}${query}`)).body as { total: number }).total;
    const counted = await total();
    await sql("UPDATE list_counts SET total = total + 1 WHERE scope = 'product_variants' AND owner = (SELECT id FROM products WHERE code = ?)", f.product);
    expect(await total()).toBe(counted + 1);
  });
});

describe("pricing contexts", () => {
  it("prices the next change with a tax rate changed by SQL and a promotion created through the API", async () => {
    const f: CheckoutFixture = await checkoutFixture([2000]);
    const { cartId, itemId } = await warmCart(f, f.countries.a1);
    // 2 × (2000 + 20 % tax) + zone A's shipping 1000.
    expect((await readCart(cartId)).total).toBe(5800);

    await sql("UPDATE tax_rates SET amount = '0.1' WHERE code = ?", `TR${f.taxCategory.slice(2)}`);
    await changeQuantity(cartId, itemId, 1);
    expect((await readCart(cartId)).total).toBe(2200 + 1000);
    expect((await readCart(cartId)).total).toBe(await freshTotal(f, 1, f.countries.a1));

    const created = await api("POST", "/api/v1/promotions/", {
      code: uniqueCode("PROMO"),
      name: "One dollar off",
      channels: [f.channel],
      actions: [{ type: "order_fixed_discount", configuration: { [f.channel]: { amount: 1 } } }],
    });
    expect(created.status).toBe(201);
    await changeQuantity(cartId, itemId, 2);
    const total = (await readCart(cartId)).total;
    expect(total).toBeLessThan(2 * 2200 + 1000);
    expect(total).toBe(await freshTotal(f, 2, f.countries.a1));
  });
});

describe("cart variants", () => {
  it("prices every warm cart's next change with a price changed through the API, and by SQL", async () => {
    const f = await cartFixture([1000]);
    const carts = [await warmCart(f), await warmCart(f)];
    for (const { cartId } of carts) expect((await readCart(cartId)).total).toBe(2000);

    expect((await api("PATCH", variantPath(f.product, f.variants[0]!.code), { channelPricings: { [f.channel]: { price: "15.00" } } })).status).toBe(204);
    for (const { cartId, itemId } of carts) {
      await changeQuantity(cartId, itemId, 3);
      expect((await readCart(cartId)).total).toBe(3 * 1500);
    }

    await sql("UPDATE channel_pricings SET price = 1700 WHERE variant_id = ?", f.variants[0]!.id);
    for (const { cartId, itemId } of carts) {
      await changeQuantity(cartId, itemId, 2);
      expect((await readCart(cartId)).total).toBe(2 * 1700);
      expect((await readCart(cartId)).total).toBe(await freshTotal(f, 2));
    }
  });
});

describe("the held cart (per cart object)", () => {
  it("changes the cart as another writer left it (by SQL, the version raised), and as the API left it", async () => {
    const f = await checkoutFixture([1000, 2000]);
    const { cartId, itemId } = await warmCart(f);
    const second = await addItem(cartId, f.variants[1]!.code);

    // Another writer removes the first item and raises the order's version, as every writer of a cart must.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM order_items WHERE id = ?").bind(itemId),
      env.DB.prepare("UPDATE orders SET version = version + 1 WHERE id = ?").bind(cartId),
    ]);
    expect((await api("PATCH", `/api/v1/carts/${cartId}/items/${itemId}`, { quantity: 5 })).status).toBe(404);
    await changeQuantity(cartId, second, 2);
    const cart = await readCart(cartId);
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([[second, 2]]);
    expect(cart.items[0]!.total).toBe(4000);

    // Through the API, outside the item routes: the cart addressed (zone B: shipping 500), then changed from what the step wrote.
    await step("PUT", `/api/v1/checkouts/addressing/${cartId}`, { billingAddress: address(f.countries.b) });
    await changeQuantity(cartId, second, 1);
    const addressed = await readCart(cartId);
    expect(addressed.items.map((i) => [i.id, i.quantity])).toEqual([[second, 1]]);
    expect(addressed.total).toBe(2000 + 500);
  });
});

describe("token hashes", () => {
  it("refuses a kept token's hash once the token expired (by SQL) or its user was disabled (through the API)", async () => {
    const clientId = await testClientId();
    const expiring = await insertToken("oauth_access_tokens", { clientId, userId: null, expiresIn: 3600 });
    expect((await api("GET", "/api/v1/locales/", undefined, { token: expiring })).status).toBe(200);
    await sql("UPDATE oauth_access_tokens SET expires_at = 0 WHERE token_hash = ?", await sha256Hex(expiring));
    expect((await api("GET", "/api/v1/locales/", undefined, { token: expiring })).status).toBe(401);

    const user = await insertUser({ enabled: true });
    const token = await insertToken("oauth_access_tokens", { clientId, userId: user.id, expiresIn: 3600 });
    expect((await api("GET", "/api/v1/locales/", undefined, { token })).status).toBe(200);
    expect((await api("PATCH", `/api/v1/users/${user.id}`, { enabled: false })).status).toBe(204);
    expect((await api("GET", "/api/v1/locales/", undefined, { token })).status).toBe(401);
  });
});

describe("LIMIT slots", () => {
  it("writes each run's LIMIT into the one SQL text the slots are kept by", async () => {
    const f = await cartFixture([1000, 2000, 3000]);
    for (const limit of [1, 3, 2]) expect(await listPage(f.product, `?limit=${limit}&sorting[code]=asc`)).toHaveLength(limit);
  });
});

describe("plain variant page statements", () => {
  it("reads each sorting and page with its own statement, the values bound per use", async () => {
    const f = await cartFixture([1000, 2000, 3000]);
    const codes = async (query: string) => (await listPage(f.product, query)).map((v) => v.code);
    const all = [...f.variants.map((v) => v.code), f.tracked.code, f.unpriced];
    expect(await codes("?limit=10&sorting[position]=asc")).toEqual(all);
    expect(await codes("?limit=10&sorting[position]=desc")).toEqual([...all].reverse());
    expect(await codes("?limit=2&page=2&sorting[position]=asc")).toEqual(all.slice(2, 4));
    const other = await cartFixture([1000]);
    expect(await codes("?limit=10&sorting[position]=asc")).not.toContain(other.variants[0]!.code);
  });
});

describe("prepared statements", () => {
  it("binds each use's values: two carts read with the same statements show their own rows", async () => {
    const f = await cartFixture([1000, 2000]);
    const a = await newCart(f);
    const b = await newCart(f);
    await addItem(a, f.variants[0]!.code);
    await addItem(b, f.variants[1]!.code, 2);
    const [cartA, cartB] = [await readCart(a), await readCart(b)];
    expect([cartA.id, cartA.total, cartA.items[0]!.variant.code]).toEqual([a, 1000, f.variants[0]!.code]);
    expect([cartB.id, cartB.total, cartB.items[0]!.variant.code]).toEqual([b, 4000, f.variants[1]!.code]);
  });
});

describe("CORS origins", () => {
  it("parses each configured value to its own origins, and answers the configured ones", async () => {
    expect([...allowedOrigins("https://A.example/, https://b.example")]).toEqual(["https://a.example", "https://b.example"]);
    expect([...allowedOrigins("https://c.example")]).toEqual(["https://c.example"]);
    expect([...allowedOrigins("https://A.example/, https://b.example")]).toEqual(["https://a.example", "https://b.example"]);
    const res = await api("GET", "/api/v1/locales/", undefined, { headers: { Origin: "https://admin.example.test" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://admin.example.test");
  });
});

/** The served OpenAPI document's text. */
async function openApiText(): Promise<string> {
  const res = await SELF.fetch("https://example.com/api/v1/openapi.json");
  expect(res.status).toBe(200);
  return res.text();
}

describe("OpenAPI document", () => {
  it("serves the one document built from the routes, the same bytes each time", async () => {
    const text = await openApiText();
    expect(await openApiText()).toBe(text);
    const document = JSON.parse(text) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/v1/carts/{id}", "/api/v1/products/{productCode}/variants/"]));
  });
});

describe("OpenAPI form error components", () => {
  it("registers one component per form, each the 400 of its form's operations", async () => {
    const text = await openApiText();
    const document = JSON.parse(text) as { components: { schemas: Record<string, unknown> } };
    const components = Object.keys(document.components.schemas).filter((name) => name.endsWith("ValidationFailed"));
    expect(components.length).toBeGreaterThan(10);
    for (const name of components) expect(text).toContain(`"#/components/schemas/${name}"`);
  });
});

describe("docs page policy", () => {
  it("allows exactly the page's own inline script, by its hash", async () => {
    const res = await api("GET", "/api/v1/docs", undefined, { token: null });
    expect(res.status).toBe(200);
    const page = typeof res.body === "string" ? res.body : "";
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(script).toBeDefined();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(res.headers.get("Content-Security-Policy")).toContain(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe("route patterns", () => {
  it("answers each path's own methods in Allow", async () => {
    const allow = async (method: string, path: string) => {
      const res = await api(method, path, {});
      expect(res.status).toBe(405);
      return (res.headers.get("Allow") ?? "").split(/\s*,\s*/).sort();
    };
    expect(await allow("PATCH", "/api/v1/locales/")).toEqual(expect.arrayContaining(["GET", "POST"]));
    expect(await allow("PATCH", "/api/v1/locales/")).not.toContain("DELETE");
    expect(await allow("POST", "/api/v1/locales/en_US")).toEqual(expect.arrayContaining(["GET"]));
    expect(await allow("POST", "/api/v1/locales/en_US")).not.toContain("POST");
  });
});
