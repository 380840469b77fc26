/**
 * `Idempotency-Key`: a retry replays the first outcome (`Idempotent-Replayed: true`)
 * and applies nothing twice; another request with the key is a 422, a
 * malformed key a 400; refusals are not stored; keys are per client and user.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { forceAccessLogForTests } from "../../src/http/middleware/access-log";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { TEST_CLIENT } from "../fixtures/accounts";
import { insertToken, insertUser, testClientId } from "../fixtures/tokens";
import { insertLocalesAndCurrency } from "../fixtures/references";
import { createVariant, insertProduct } from "../fixtures/catalog";
import { cartFixture, newCart } from "../fixtures/carts";
import { runScheduledSweep } from "../fixtures/worker";

const keyed = (key: string) => ({ headers: { "Idempotency-Key": key } });
const newKey = () => `key-${crypto.randomUUID()}`;

async function cartItems(cartId: number): Promise<{ variant: string; quantity: number }[]> {
  const res = await api("GET", `/api/v1/carts/${cartId}`);
  return res.body.items.map((item: { quantity: number; variant: { code: string } }) => ({ variant: item.variant.code, quantity: item.quantity }));
}

async function variantFixture(): Promise<{ product: string }> {
  await insertLocalesAndCurrency();
  return { product: (await insertProduct()).code };
}

/** A second admin user of the test client, with its own token. */
async function otherUserToken(): Promise<string> {
  const user = await insertUser({ enabled: true });
  return insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 3600 });
}

describe("Idempotency-Key on cart changes", () => {
  it("replays an add: applied once, same response, replay header", async () => {
    const f = await cartFixture();
    const cartId = await newCart(f);
    const key = newKey();
    const body = { variant: f.variants[0]!.code, quantity: 2 };
    const first = await api("POST", `/api/v1/carts/${cartId}/items`, body, keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const retry = await api("POST", `/api/v1/carts/${cartId}/items`, body, keyed(key));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await cartItems(cartId)).toEqual([{ variant: f.variants[0]!.code, quantity: 2 }]);
  });

  it("replays a quantity change and a removal with no body", async () => {
    const f = await cartFixture();
    const cartId = await newCart(f);
    const added = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.variants[0]!.code, quantity: 1 });
    const path = `/api/v1/carts/${cartId}/items/${added.body.id}`;
    const key = newKey();
    expect((await api("PATCH", path, { quantity: 3 }, keyed(key))).status).toBe(204);
    const retry = await api("PATCH", path, { quantity: 3 }, keyed(key));
    expect([retry.status, retry.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
    const removeKey = newKey();
    expect((await api("DELETE", path, undefined, keyed(removeKey))).status).toBe(204);
    const again = await api("DELETE", path, undefined, keyed(removeKey));
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
    // Without the key, the removal of a removed item is a 404.
    expect((await api("DELETE", path)).status).toBe(404);
  });

  it("replays a cart creation and a cart deletion", async () => {
    const f = await cartFixture();
    const key = newKey();
    const body = { customer: f.customer, channel: f.channel, localeCode: "en_US" };
    const first = await api("POST", "/api/v1/carts/", body, keyed(key));
    expect(first.status).toBe(201);
    const retry = await api("POST", "/api/v1/carts/", body, keyed(key));
    expect([retry.status, retry.headers.get("Idempotent-Replayed")]).toEqual([201, "true"]);
    expect(retry.body.id).toBe(first.body.id);
    const carts = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_id = ?1").bind(f.customerId).first<{ n: number }>();
    expect(carts?.n).toBe(1);

    const deleteKey = newKey();
    expect((await api("DELETE", `/api/v1/carts/${first.body.id}`, undefined, keyed(deleteKey))).status).toBe(204);
    const again = await api("DELETE", `/api/v1/carts/${first.body.id}`, undefined, keyed(deleteKey));
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
  });

  it("concurrent adds with one key: one applied, the other a 409 or a replay", async () => {
    const f = await cartFixture();
    const cartId = await newCart(f);
    const key = newKey();
    const body = { variant: f.variants[1]!.code, quantity: 1 };
    const answers = await Promise.all(Array.from({ length: 4 }, () => api("POST", `/api/v1/carts/${cartId}/items`, body, keyed(key))));
    const statuses = answers.map((a) => (a.status === 201 ? (a.headers.get("Idempotent-Replayed") ? "replay" : "applied") : String(a.status)));
    expect(statuses.filter((s) => s === "applied")).toHaveLength(1);
    expect(statuses.every((s) => ["applied", "replay", "409"].includes(s))).toBe(true);
    expect(await cartItems(cartId)).toEqual([{ variant: f.variants[1]!.code, quantity: 1 }]);
  });

  it("does not store a refused change: the client fixes it and retries with the same key", async () => {
    const f = await cartFixture();
    const cartId = await newCart(f);
    const key = newKey();
    const refused = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.unpriced, quantity: 1 }, keyed(key));
    expect(refused.status).toBe(400);
    const fixed = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.variants[0]!.code, quantity: 1 }, keyed(key));
    expect([fixed.status, fixed.headers.get("Idempotent-Replayed")]).toEqual([201, null]);
  });

  it("a cart key reused on another cart is a 422", async () => {
    const f = await cartFixture();
    const cartA = await newCart(f);
    const cartB = await newCart(f);
    const key = newKey();
    const body = { variant: f.variants[0]!.code, quantity: 1 };
    expect((await api("POST", `/api/v1/carts/${cartA}/items`, body, keyed(key))).status).toBe(201);
    const reused = await api("POST", `/api/v1/carts/${cartB}/items`, body, keyed(key));
    expect(reused.status).toBe(422);
    expect(await cartItems(cartB)).toEqual([]);
  });
});

describe("Idempotency-Key on catalogue writes", () => {
  it("replays a variant create: one variant", async () => {
    const { product } = await variantFixture();
    const code = uniqueCode("V");
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/`;
    const first = await api("POST", path, { code }, keyed(key));
    expect(first.status).toBe(201);
    const retry = await api("POST", path, { code }, keyed(key));
    expect([retry.status, retry.headers.get("Idempotent-Replayed")]).toEqual([201, "true"]);
    expect(retry.body).toEqual(first.body);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_variants WHERE code = ?1").bind(code).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("replays a variant PATCH without applying it again", async () => {
    const { product } = await variantFixture();
    const variant = (await createVariant(product)).code;
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/${variant}`;
    expect((await api("PATCH", path, { onHand: 7, version: 1 }, keyed(key))).status).toBe(204);
    const retry = await api("PATCH", path, { onHand: 7, version: 1 }, keyed(key));
    expect([retry.status, retry.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
    expect((await api("GET", path)).body.version).toBe(2);
  });

  it("another request with the same key is a 422; a malformed key a 400", async () => {
    const { product } = await variantFixture();
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/`;
    expect((await api("POST", path, { code: uniqueCode("V") }, keyed(key))).status).toBe(201);
    const other = await api("POST", path, { code: uniqueCode("V") }, keyed(key));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ code: 422, message: expect.stringContaining("Idempotency-Key") });
    // Refused before any D1 work (a form error): still a 422 for a used key.
    expect((await api("POST", path, { code: "" }, keyed(key))).status).toBe(422);
    for (const malformed of ["", "x".repeat(256), "a\tb"]) {
      const res = await api("POST", path, { code: uniqueCode("V") }, keyed(malformed));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("Idempotency-Key");
    }
    // The draft's quoted form is the same key.
    const quoted = newKey();
    const code = uniqueCode("V");
    expect((await api("POST", path, { code }, keyed(quoted))).status).toBe(201);
    expect((await api("POST", path, { code }, keyed(`"${quoted}"`))).headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("does not store a validation failure", async () => {
    const { product } = await variantFixture();
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/`;
    const taken = (await createVariant(product)).code;
    expect((await api("POST", path, { code: taken }, keyed(key))).status).toBe(400);
    const fixed = await api("POST", path, { code: uniqueCode("V") }, keyed(key));
    expect([fixed.status, fixed.headers.get("Idempotent-Replayed")]).toEqual([201, null]);
  });

  it("scopes a key to the client and user", async () => {
    const { product } = await variantFixture();
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/`;
    expect((await api("POST", path, { code: uniqueCode("V") }, keyed(key))).status).toBe(201);
    const token = await otherUserToken();
    const mine = await api("POST", path, { code: uniqueCode("V") }, { ...keyed(key), token });
    expect([mine.status, mine.headers.get("Idempotent-Replayed")]).toEqual([201, null]);
  });

  it("two racing creates with one key make one variant", async () => {
    const { product } = await variantFixture();
    const key = newKey();
    const code = uniqueCode("V");
    const path = `/api/v1/products/${product}/variants/`;
    const answers = await Promise.all(Array.from({ length: 3 }, () => api("POST", path, { code, translations: { en_US: { name: "Race" } } }, keyed(key))));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_variants WHERE code = ?1").bind(code).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("replays a customer create (located by id) and a delete", async () => {
    const key = newKey();
    const body = { email: `${uniqueCode("c").toLowerCase()}@example.com`, firstName: "Ann" };
    const first = await api("POST", "/api/v1/customers/", body, keyed(key));
    expect(first.status).toBe(201);
    const retry = await api("POST", "/api/v1/customers/", body, keyed(key));
    expect([retry.status, retry.body.id, retry.headers.get("Idempotent-Replayed")]).toEqual([201, first.body.id, "true"]);
    const deleteKey = newKey();
    expect((await api("DELETE", `/api/v1/customers/${first.body.id}`, undefined, keyed(deleteKey))).status).toBe(204);
    expect((await api("DELETE", `/api/v1/customers/${first.body.id}`, undefined, keyed(deleteKey))).headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("does not store a stale version: the retry with the current one goes through", async () => {
    const { product } = await variantFixture();
    const variant = (await createVariant(product)).code;
    const path = `/api/v1/products/${product}/variants/${variant}`;
    const key = newKey();
    expect((await api("PUT", path, { version: 9 }, keyed(key))).status).toBe(409);
    expect((await api("PUT", path, { version: 9 }, keyed(key))).status).toBe(409);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?1").bind(key).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("forgets the record of a change refused after its write batch ran (a category in use)", async () => {
    const { product } = await variantFixture();
    const category = uniqueCode("TAX");
    expect((await api("POST", "/api/v1/tax-categories/", { code: category, name: "In use" })).status).toBe(201);
    const variant = uniqueCode("V");
    expect((await api("POST", `/api/v1/products/${product}/variants/`, { code: variant, taxCategory: category })).status).toBe(201);
    const key = newKey();
    const inUse = await api("DELETE", `/api/v1/tax-categories/${category}`, undefined, keyed(key));
    expect(inUse.status).toBe(409);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?1").bind(key).first<{ n: number }>();
    expect(stored?.n).toBe(0);
    expect((await api("PATCH", `/api/v1/products/${product}/variants/${variant}`, { taxCategory: null })).status).toBe(204);
    const deleted = await api("DELETE", `/api/v1/tax-categories/${category}`, undefined, keyed(key));
    expect([deleted.status, deleted.headers.get("Idempotent-Replayed")]).toEqual([204, null]);
  });

  it("costs no extra D1 round trip", async () => {
    const { product } = await variantFixture();
    const path = `/api/v1/products/${product}/variants/`;
    const plain = await api("POST", path, { code: uniqueCode("V") });
    const withKey = await api("POST", path, { code: uniqueCode("V") }, keyed(newKey()));
    expect([withKey.status, d1RoundTrips(withKey.headers)]).toEqual([201, d1RoundTrips(plain.headers)]);
    const variant = plain.body.code;
    const patchPlain = await api("PATCH", `${path}${variant}`, { onHand: 1 });
    const patchKeyed = await api("PATCH", `${path}${variant}`, { onHand: 2 }, keyed(newKey()));
    expect([patchKeyed.status, d1RoundTrips(patchKeyed.headers)]).toEqual([204, d1RoundTrips(patchPlain.headers)]);
    const deletePlain = await api("DELETE", `${path}${withKey.body.code}`);
    const other = await api("POST", path, { code: uniqueCode("V") });
    const deleteKeyed = await api("DELETE", `${path}${other.body.code}`, undefined, keyed(newKey()));
    expect([deleteKeyed.status, d1RoundTrips(deleteKeyed.headers)]).toEqual([204, d1RoundTrips(deletePlain.headers)]);

    const f = await cartFixture();
    const cartId = await newCart(f);
    const addPlain = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.variants[0]!.code, quantity: 1 });
    const addKeyed = await api("POST", `/api/v1/carts/${cartId}/items`, { variant: f.variants[1]!.code, quantity: 1 }, keyed(newKey()));
    expect([addKeyed.status, d1RoundTrips(addKeyed.headers)]).toEqual([201, d1RoundTrips(addPlain.headers)]);
    const createKeyed = await api("POST", "/api/v1/carts/", { customer: f.customer, channel: f.channel, localeCode: "en_US" }, keyed(newKey()));
    const createPlain = await api("POST", "/api/v1/carts/", { customer: f.customer, channel: f.channel, localeCode: "en_US" });
    expect([createKeyed.status, d1RoundTrips(createKeyed.headers)]).toEqual([201, d1RoundTrips(createPlain.headers)]);
  });

  it("stores no body, password or token, and logs a replay as replayed only", async () => {
    const key = newKey();
    const password = "S3cret-pass-for-the-record";
    const body = { email: `${uniqueCode("c").toLowerCase()}@example.com`, user: { plainPassword: password, enabled: true } };
    expect((await api("POST", "/api/v1/customers/", body, keyed(key))).status).toBe(201);
    const row = await env.DB.prepare("SELECT * FROM idempotency_keys WHERE key = ?1").bind(key).first<Record<string, unknown>>();
    expect(Object.keys(row ?? {}).sort()).toEqual(["client_id", "created_at", "expires_at", "fingerprint", "id", "key", "method", "path", "resource", "status", "user_id"]);
    const stored = JSON.stringify(row);
    for (const secret of [password, body.email, "TestToken"]) expect(stored).not.toContain(secret);
    expect(row).toMatchObject({ method: "POST", path: "/api/v1/customers", status: 201 });
    expect(row?.expires_at).toBe(Number(row?.created_at) + 24 * 60 * 60);

    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    forceAccessLogForTests(true);
    let written: unknown[][];
    try {
      await api("POST", "/api/v1/customers/", body, { headers: { "Idempotency-Key": key, "X-Request-Id": "idem-replay-1" } });
      written = [...log.mock.calls];
    } finally {
      forceAccessLogForTests(false);
      log.mockRestore();
    }
    const lines = written.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>).filter((line) => line.requestId === "idem-replay-1");
    // The replay's own line (a 201 re-renders through a GET of the customer, which logs its line too).
    const outer = lines.find((line) => line.method === "POST");
    expect(outer).toMatchObject({ status: 201, replayed: true });
    for (const line of lines) expect(JSON.stringify(line)).not.toContain(key);
  });

  it("the token endpoint ignores the header", async () => {
    const res = await api("POST", "/api/oauth/v2/token", undefined, {
      token: null,
      headers: { "Idempotency-Key": "", "Content-Type": "application/x-www-form-urlencoded" },
      raw: new URLSearchParams({ grant_type: "client_credentials", client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret }).toString(),
    });
    expect(res.status).toBe(200);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE path LIKE '/api/oauth%'").first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});

describe("expiry of idempotency keys", () => {
  it("treats an expired record as absent, and the scheduled sweep removes expired records", async () => {
    const { product } = await variantFixture();
    const key = newKey();
    const path = `/api/v1/products/${product}/variants/`;
    expect((await api("POST", path, { code: uniqueCode("V") }, keyed(key))).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = 1 WHERE key = ?1").bind(key).run();
    // Lazily: the expired record is replaced by the new request's.
    const again = await api("POST", path, { code: uniqueCode("V") }, keyed(key));
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([201, null]);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = 1 WHERE key = ?1").bind(key).run();

    await runScheduledSweep();
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE expires_at <= ?1").bind(Math.floor(Date.now() / 1000)).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
