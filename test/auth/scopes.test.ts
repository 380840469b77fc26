/**
 * Each key can do only what its scopes allow: a token of each scope against
 * every operation of the OpenAPI document (the table read from the
 * document's security requirements, not listed here) is refused with 403
 * exactly where the operation needs another scope, before anything about the
 * resource is answered and without changing anything (every D1 table's
 * rows, the R2 bucket, a cart object's storage); where the scope is the
 * operation's own, the token is let in.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SCOPES } from "../../src/domain/scopes";
import { addItem, cartFixture, newCart } from "../fixtures/carts";
import { api } from "../fixtures/http";
import { testClientId } from "../fixtures/tokens";
import { callOperation, documentedOperations, insertScopedToken, setClientScopes, type PathValues, type ScopedOperation } from "./scoped-tokens";
import { bucketListing, objectState, tableContents } from "./unchanged";

let values: PathValues;
let fixture: Awaited<ReturnType<typeof cartFixture>>;
let clientId = 0;
/** One token per scope, of a client with no scopes configured. */
const tokens = new Map<string, string>();
let operations: ScopedOperation[] = [];

beforeAll(async () => {
  fixture = await cartFixture();
  // An empty cart: a refused add would be the first to reach its object's id reservation.
  const cartId = await newCart(fixture);
  const itemId = await addItem(await newCart(fixture), fixture.variants[0]!.code, 1);
  values = { cartId, itemId, productCode: fixture.product, variantCode: fixture.variants[0]!.code };
  clientId = await testClientId();
  for (const scope of SCOPES) tokens.set(scope, await insertScopedToken(clientId, scope));
  operations = documentedOperations().operations;
});

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

describe("ScopesTest", () => {
  it("declares one scope on every operation of the document, a known one", () => {
    const { operations: scoped, unscoped } = documentedOperations();
    expect(unscoped, "operations without a scope").toEqual([]);
    expect(scoped.length).toBeGreaterThan(150);
    for (const operation of scoped) {
      expect(operation.scopes, `${operation.method} ${operation.path}`).toHaveLength(1);
      expect(SCOPES, `${operation.method} ${operation.path}`).toContain(operation.scopes[0]);
    }
    // Every scope is needed by some operation.
    const used = new Set(scoped.map((operation) => operation.scopes[0]));
    expect(SCOPES.filter((scope) => !used.has(scope))).toEqual([]);
  });

  it("says 403 alike whether the resource exists or not", async () => {
    const reader = tokens.get("catalog:read")!;
    expect((await api("GET", `/api/v1/products/${values.productCode}`, undefined, { token: reader })).status).toBe(200);
    const existing = await api("DELETE", `/api/v1/products/${values.productCode}`, undefined, { token: reader });
    const missing = await api("DELETE", "/api/v1/products/NO_SUCH_PRODUCT", undefined, { token: reader });
    expect(existing.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(existing.body);
    expect(existing.body).toEqual({ code: 403, message: 'Access denied: this operation needs the scope "catalog:write", which the access token does not hold.' });
  });

  it("narrows a client's live tokens at once, and widens them back only to what they were granted", async () => {
    const other = await env.DB.prepare("INSERT INTO oauth_clients (public_id, secret_hash, allowed_grant_types) VALUES ('scopes_narrowed', 'x', '[]') RETURNING id").first<{ id: number }>();
    const full = await insertScopedToken(other!.id, null);
    const catalogOnly = await insertScopedToken(other!.id, "catalog:read");
    expect((await api("GET", "/api/v1/carts/", undefined, { token: full })).status).toBe(200);
    await setClientScopes(other!.id, "catalog:read orders:read");
    expect((await api("GET", "/api/v1/carts/", undefined, { token: full })).status).toBe(403);
    expect((await api("GET", "/api/v1/orders/", undefined, { token: full })).status).toBe(200);
    expect((await api("GET", "/api/v1/products/", undefined, { token: full })).status).toBe(200);
    await setClientScopes(other!.id, "orders:read");
    expect((await api("GET", "/api/v1/products/", undefined, { token: catalogOnly })).status).toBe(403);
    await setClientScopes(other!.id, null);
    expect((await api("GET", "/api/v1/products/", undefined, { token: catalogOnly })).status).toBe(200);
    expect((await api("GET", "/api/v1/orders/", undefined, { token: catalogOnly })).status).toBe(403);
  });

  it("refuses a carts:read token's item change in the cart object, which writes nothing", async () => {
    // A cart of its own: the walks below keep the shared one as it is until they change it.
    const cartId = await newCart(fixture);
    const before = await tableContents();
    const res = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: values.variantCode, quantity: 1 }, { token: tokens.get("carts:read")! });
    expect(res.status).toBe(403);
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="Service", error="insufficient_scope", scope="carts:write"');
    expect(await tableContents()).toEqual(before);
    const allowed = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: values.variantCode, quantity: 1 }, { token: tokens.get("carts:write")! });
    expect(allowed.status).toBe(201);
  });

  it(
    "answers 403 naming the scope to a token of each other scope, on every operation, and changes nothing",
    async () => {
      const tablesBefore = await tableContents();
      const bucketBefore = await bucketListing();
      const cartBefore = await objectState(values.cartId);
      const stored = vi.spyOn(env.IMAGES, "put");
      const calls = SCOPES.flatMap((scope) => operations.filter((operation) => operation.scopes[0] !== scope).map((operation) => ({ scope, operation })));
      const failures: string[] = [];
      await inBatches(calls, 24, async ({ scope, operation }) => {
        const needed = operation.scopes[0]!;
        const res = await callOperation(operation, values, tokens.get(scope)!);
        const body: unknown = await res.json().catch(() => null);
        const shaped =
          res.status === 403 &&
          res.headers.get("WWW-Authenticate") === `Bearer realm="Service", error="insufficient_scope", scope="${needed}"` &&
          typeof body === "object" &&
          body !== null &&
          "code" in body &&
          body.code === 403 &&
          "message" in body &&
          typeof body.message === "string" &&
          body.message.includes(`"${needed}"`);
        if (!shaped) failures.push(`${scope} → ${operation.method} ${operation.path}: ${res.status} ${JSON.stringify(body)}`);
      });
      expect(failures).toEqual([]);
      expect(stored, "no R2 write, not even one undone afterwards").not.toHaveBeenCalled();
      stored.mockRestore();
      expect(await tableContents()).toEqual(tablesBefore);
      expect(await bucketListing()).toEqual(bucketBefore);
      expect(await objectState(values.cartId)).toEqual(cartBefore);
    },
    120_000,
  );

  it("lets a token of the operation's own scope in, on every operation", async () => {
    const refused: string[] = [];
    await inBatches(operations, 8, async (operation) => {
      const res = await callOperation(operation, values, tokens.get(operation.scopes[0]!)!);
      await res.arrayBuffer();
      if (res.status === 401 || res.status === 403) refused.push(`${operation.method} ${operation.path}: ${res.status}`);
    });
    expect(refused).toEqual([]);
  }, 60_000);

});
