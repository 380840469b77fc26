/**
 * Every write the worker commits records its events in its own write batch
 * (src/http/events.ts): a table over the write operations of the route
 * table, each resource created, updated twice and deleted through the API;
 * a committed change writes exactly its events (type, resource, actor,
 * sequence growing per resource), a refused one (400, 404, 409, a lost
 * version guard) and an idempotent replay none, at the round trips the
 * operation always cost.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createProduct, createVariant, useInOrder, variantPath, variantsPath } from "../fixtures/catalog";
import { createProvince, ensureLocales } from "../fixtures/references";
import { servedDocument } from "../fixtures/contract";
import { EVENT_RESOURCES } from "../../src/domain/events/types";

interface Row {
  id: number;
  type: string;
  resource_href: string;
  resource_id: number | null;
  resource_code: string | null;
  sequence: number | null;
  actor_client: string | null;
  actor_user: string | null;
  data: string;
}

const eventsOf = async (href: string): Promise<Row[]> =>
  (await env.DB.prepare("SELECT * FROM events WHERE resource_href = ? ORDER BY id").bind(href).all<Row>()).results;
const lastEventId = async (): Promise<number> => (await env.DB.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM events").first<{ id: number }>())!.id;
const eventsSince = async (id: number): Promise<Row[]> => (await env.DB.prepare("SELECT * FROM events WHERE id > ? ORDER BY id").bind(id).all<Row>()).results;
const sequenceOf = (row: Row) => row.sequence ?? row.id;

/** A code-named resource of the generic create/update/delete: its collection, a create body, an update body. */
interface Case {
  resource: string;
  collection: string;
  create: (code: string) => Record<string, unknown>;
  update: Record<string, unknown>;
  invalid: Record<string, unknown>;
}

const CASES: Case[] = [
  { resource: "tax_category", collection: "tax-categories", create: (code) => ({ code, name: "Ev tax" }), update: { name: "Ev tax 2" }, invalid: { code: "bad code!", name: "" } },
  { resource: "shipping_category", collection: "shipping-categories", create: (code) => ({ code, name: "Ev ship" }), update: { name: "Ev ship 2" }, invalid: { code: "bad code!" } },
  { resource: "customer_group", collection: "customer-groups", create: (code) => ({ code, name: "Ev group" }), update: { name: "Ev group 2" }, invalid: { code: "bad code!" } },
  {
    resource: "product_association_type",
    collection: "product-association-types",
    create: (code) => ({ code, translations: { en_US: { name: "Ev assoc" } } }),
    update: { translations: { en_US: { name: "Ev assoc 2" } } },
    invalid: { code: "bad code!" },
  },
];

function expectEvent(row: Row | undefined, type: string, href: string) {
  expect(row?.type).toBe(type);
  expect(row?.resource_href).toBe(href);
  expect(row?.actor_client).toBe(TEST_CLIENT.id);
  expect(row?.actor_user).toBe(TEST_USER.username);
}

/** The collection segment of a write's path → the resource its events name (the cart object's operations are not the worker's). */
const RESOURCE_OF_SEGMENT: Record<string, string> = {
  locales: "locale",
  currencies: "currency",
  "exchange-rates": "exchange_rate",
  countries: "country",
  provinces: "province",
  zones: "zone",
  channels: "channel",
  customers: "customer",
  "customer-groups": "customer_group",
  "tax-categories": "tax_category",
  "tax-rates": "tax_rate",
  "shipping-categories": "shipping_category",
  "shipping-methods": "shipping_method",
  "payment-methods": "payment_method",
  "product-attributes": "product_attribute",
  "product-options": "product_option",
  "product-association-types": "product_association_type",
  taxons: "taxon",
  products: "product",
  variants: "product_variant",
  reviews: "product_review",
  promotions: "promotion",
  coupons: "promotion_coupon",
  users: "admin_user",
};
const CART_OBJECT = ["carts", "checkouts", "orders", "payments", "shipments"];
/** Writes that record no event: where events are sent (webhook endpoints, their deliveries, replays and pings), not what the shop is. */
const NO_EVENTS = ["webhook-endpoints"];

describe("ResourceEvents", () => {
  it("names an event resource for every write operation of the worker", async () => {
    const document = (await servedDocument()) as { paths: Record<string, Record<string, unknown>> };
    let writes = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith("/api/v1/")) continue;
      const segments = path.slice("/api/v1/".length).split("/").filter((segment) => segment !== "" && !segment.startsWith("{"));
      if (CART_OBJECT.includes(segments[0]!) || NO_EVENTS.includes(segments[0]!)) continue;
      for (const method of ["post", "put", "patch", "delete"].filter((m) => m in item)) {
        const resource = [...segments].reverse().map((segment) => RESOURCE_OF_SEGMENT[segment]).find((name) => name !== undefined);
        expect(resource, `${method} ${path}`).toBeDefined();
        expect(EVENT_RESOURCES, `${method} ${path}`).toContain(resource);
        writes++;
      }
    }
    expect(writes).toBeGreaterThan(70);
  });

  it("product review: accept writes product_review.updated; a refused transition none", async () => {
    const product = await createProduct();
    const email = `${uniqueCode("rev").toLowerCase()}@example.com`;
    const review = await api("POST", `/api/v1/products/${product.code}/reviews/`, { title: "Good", rating: 5, comment: "ok", author: { email } });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    const href = `/api/v1/products/${product.code}/reviews/${review.body.id}`;
    expect((await api("POST", `${href}/accept`)).status).toBe(200);
    expect((await api("POST", `${href}/accept`)).status).toBe(400);
    const rows = await eventsOf(href);
    expect(rows.map((row) => row.type)).toEqual(["product_review.created", "product_review.updated"]);
    expect(rows[0]!.resource_id).toBe(review.body.id);
    expect(JSON.parse(rows[1]!.data)).toEqual({ id: review.body.id, status: "accepted", transition: "accept" });
  });

  beforeAll(async () => {
    await ensureLocales("en_US");
  });

  for (const c of CASES) {
    it(`${c.resource}: created, updated twice, deleted: exactly its events; refused writes none`, async () => {
      const code = uniqueCode("EV");
      const href = `/api/v1/${c.collection}/${code}`;
      const before = await lastEventId();

      expect((await api("POST", `/api/v1/${c.collection}/`, c.invalid)).status).toBe(400);
      expect((await api("PATCH", `/api/v1/${c.collection}/${uniqueCode("NONE")}`, c.update)).status).toBe(404);
      expect((await api("DELETE", `/api/v1/${c.collection}/${uniqueCode("NONE")}`)).status).toBe(404);
      expect(await eventsSince(before)).toEqual([]);

      const created = await api("POST", `/api/v1/${c.collection}/`, c.create(code));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // A taken code is a 400: no event.
      expect((await api("POST", `/api/v1/${c.collection}/`, c.create(code))).status).toBe(400);
      expect((await api("PATCH", href, c.update)).status).toBe(204);
      expect((await api("PATCH", href, c.update)).status).toBe(204);
      expect((await api("DELETE", href)).status).toBe(204);

      const rows = await eventsOf(href);
      expect(rows.map((row) => row.type)).toEqual([`${c.resource}.created`, `${c.resource}.updated`, `${c.resource}.updated`, `${c.resource}.deleted`]);
      for (const row of rows) expectEvent(row, row.type, href);
      expect(rows.every((row) => row.resource_code === code)).toBe(true);
      const sequences = rows.map(sequenceOf);
      expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
      expect(new Set(sequences).size).toBe(sequences.length);
      const data = rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
      expect(data[0]).toMatchObject({ code, ...c.create(code) });
      expect(data[1]).toMatchObject({ id: created.body.id, code, ...c.update });
      expect(data[3]).toEqual({ id: created.body.id, code });
      // Nothing else was written by these requests.
      expect((await eventsSince(before)).filter((row) => row.resource_href !== href)).toEqual([]);
    });
  }

  it("customer: named by id, created without its password, updated, deleted", async () => {
    const email = `${uniqueCode("ev").toLowerCase()}@example.com`;
    const created = await api("POST", "/api/v1/customers/", { email, firstName: "Ada", user: { plainPassword: "secret-password", enabled: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const href = `/api/v1/customers/${created.body.id}`;
    expect((await api("PATCH", href, { firstName: "Grace" })).status).toBe(204);
    expect((await api("DELETE", href)).status).toBe(204);
    const rows = await eventsOf(href);
    expect(rows.map((row) => row.type)).toEqual(["customer.created", "customer.updated", "customer.deleted"]);
    expect(rows.map((row) => row.resource_id)).toEqual([created.body.id, created.body.id, created.body.id]);
    expect(rows[0]!.data).not.toContain("secret-password");
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ id: created.body.id, email, firstName: "Ada", redacted: ["user.plainPassword"] });
  });

  it("product: created, updated twice, deleted; a missing one writes none", async () => {
    const before = await lastEventId();
    expect((await api("PATCH", `/api/v1/products/${uniqueCode("NONE")}`, { enabled: false })).status).toBe(404);
    expect((await api("POST", "/api/v1/products/", { code: "bad code!" })).status).toBe(400);
    expect(await eventsSince(before)).toEqual([]);
    const product = await createProduct();
    const href = `/api/v1/products/${product.code}`;
    const update = await api("PATCH", href, { enabled: false });
    expect(update.status).toBe(204);
    expect((await api("PATCH", href, { enabled: true })).status).toBe(204);
    expect((await api("DELETE", href)).status).toBe(204);
    const rows = await eventsOf(href);
    expect(rows.map((row) => row.type)).toEqual(["product.created", "product.updated", "product.updated", "product.deleted"]);
    expect(JSON.parse(rows[1]!.data)).toEqual({ id: product.id, code: product.code, enabled: false });
  });

  it("product variant: sequence is its version; inventory.changed on a tracked onHand edit; a stale version writes none", async () => {
    const product = await createProduct();
    const variant = await createVariant(product.code, { tracked: true, onHand: 5 });
    const href = `/api/v1/products/${product.code}/variants/${variant.code}`;
    const first = await api("PATCH", variantPath(product.code, variant.code), { version: variant.version, onHand: 7 });
    expect(first.status).toBe(204);
    // The same version again is stale: 409 and no event.
    expect((await api("PATCH", variantPath(product.code, variant.code), { version: variant.version, onHand: 9 })).status).toBe(409);
    expect((await api("PATCH", variantPath(product.code, variant.code), { version: variant.version + 1, onHand: 7 })).status).toBe(204);
    const rows = await eventsOf(href);
    expect(rows.map((row) => row.type)).toEqual(["product_variant.created", "product_variant.updated", "inventory.changed", "product_variant.updated"]);
    expect(rows.map((row) => row.sequence)).toEqual([variant.version, variant.version + 1, variant.version + 1, variant.version + 2]);
    expect(JSON.parse(rows[2]!.data)).toMatchObject({ id: variant.id, code: variant.code, onHand: 7, previousOnHand: 5 });
    // In use: 409, no event.
    const used = await createVariant(product.code);
    await useInOrder(used.id);
    expect((await api("DELETE", variantPath(product.code, used.code))).status).toBe(409);
    expect((await eventsOf(`/api/v1/products/${product.code}/variants/${used.code}`)).map((row) => row.type)).toEqual(["product_variant.created"]);
    expect((await api("DELETE", variantPath(product.code, variant.code))).status).toBe(204);
    expect((await eventsOf(href)).at(-1)?.type).toBe("product_variant.deleted");
    expect((await api("POST", variantsPath(product.code), { code: "bad code!" })).status).toBe(400);
  });

  it("province: a delete writes its event", async () => {
    const { country, province } = await createProvince();
    const href = `/api/v1/countries/${country.code}/provinces/${province}`;
    expect((await api("DELETE", href)).status).toBe(204);
    expect((await eventsOf(href)).map((row) => row.type)).toEqual(["province.deleted"]);
  });

  it("an idempotent replay writes none; the events cost no round trip", async () => {
    const code = uniqueCode("EV");
    const headers = { "Idempotency-Key": uniqueCode("key") };
    const first = await api("POST", "/api/v1/tax-categories/", { code, name: "Keyed" }, { headers });
    expect(first.status).toBe(201);
    const replay = await api("POST", "/api/v1/tax-categories/", { code, name: "Keyed" }, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await eventsOf(`/api/v1/tax-categories/${code}`)).map((row) => row.type)).toEqual(["tax_category.created"]);
    // A create: its reads, then its write and read-back; an update: its reads, then its write.
    expect(d1RoundTrips((await api("POST", "/api/v1/tax-categories/", { code: uniqueCode("EV"), name: "Timed" })).headers)).toBe(2);
    expect(d1RoundTrips((await api("PATCH", `/api/v1/tax-categories/${code}`, { name: "Timed" })).headers)).toBe(2);
  });
});
