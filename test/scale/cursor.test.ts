/**
 * The cursor walk (docs/api/cursors.md): `cursor=` starts it, `_links.next`
 * carries on, and the walk yields exactly the rows the page numbers show, in
 * the same order. A deep page reads its ids first (two D1 round trips) and
 * shows the same rows as the walk.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { cartFixture } from "../fixtures/carts";
import { firstRow } from "../fixtures/db";

interface Page {
  page: number;
  limit: number;
  pages: number;
  total: number;
  _links: Record<string, { href: string } | undefined>;
  _embedded: { items: { id: number; code?: string }[] };
}

const get = async (path: string) => {
  const res = await api<Page>("GET", path);
  expect(res.status, path).toBe(200);
  return res;
};

/** Every item of a list by page numbers. */
async function byPages(path: string, limit: number): Promise<number[]> {
  const first = await get(`${path}${path.includes("?") ? "&" : "?"}limit=${limit}`);
  const ids = first.body._embedded.items.map((i) => i.id);
  for (let page = 2; page <= first.body.pages; page++) ids.push(...(await get(`${path}${path.includes("?") ? "&" : "?"}limit=${limit}&page=${page}`)).body._embedded.items.map((i) => i.id));
  return ids;
}

/** Every item of a list by its cursor walk; also the number of pages walked. */
async function byCursor(path: string, limit: number): Promise<{ ids: number[]; pages: number; first: Page }> {
  const first = await get(`${path}${path.includes("?") ? "&" : "?"}cursor=&limit=${limit}`);
  const ids = first.body._embedded.items.map((i) => i.id);
  let next = first.body._links.next?.href;
  let pages = 1;
  while (next) {
    const page = await get(next);
    expect(page.body.total).toBe(first.body.total);
    ids.push(...page.body._embedded.items.map((i) => i.id));
    next = page.body._links.next?.href;
    pages++;
    expect(pages).toBeLessThan(1000);
  }
  return { ids, pages, first: first.body };
}

let productCode: string;
beforeAll(async () => {
  // A product with 125 variants, some sharing a creation time (ties go by id).
  productCode = uniqueCode("CURSOR");
  const { id } = (await firstRow<{ id: number }>(env.DB.prepare("INSERT INTO products (code) VALUES (?1) RETURNING id").bind(productCode)));
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 124)
     INSERT INTO product_variants (product_id, code, position, created_at)
     SELECT ?1, ?2 || '_' || printf('%03d', (i * 37) % 125), i, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i / 3) || ' seconds') FROM n`,
  )
    .bind(id, productCode)
    .run();
});

describe("cursor walk", () => {
  it("walks a product's variants exactly as the page numbers show them, by every sorting", async () => {
    const path = `/api/v1/products/${productCode}/variants/`;
    for (const sorting of ["", "sorting%5Bcode%5D=asc", "sorting%5Bposition%5D=desc", "sorting%5BcreatedAt%5D=asc", "sorting%5Bname%5D=desc"]) {
      const list = sorting ? `${path}?${sorting}` : path;
      const pages = await byPages(list, 20);
      const walk = await byCursor(list, 20);
      expect(pages).toHaveLength(125);
      expect(walk.ids, list).toEqual(pages);
      expect(walk.first).toMatchObject({ page: 1, limit: 20, pages: 7, total: 125 });
    }
  });

  it("walks orders, carts, payments, shipments and a generic list (customers) as their pages show them", async () => {
    for (const path of ["/api/v1/orders/", "/api/v1/carts/", "/api/v1/payments/", "/api/v1/shipments/", "/api/v1/customers/", "/api/v1/customers/?sorting%5Bemail%5D=asc"]) {
      const pages = await byPages(path, 7);
      const walk = await byCursor(path, 7);
      expect(walk.ids, path).toEqual(pages);
    }
  });

  it("links a cursor page: self with its cursor, next while the page is full, first and last by number; criteria carried", async () => {
    const path = `/api/v1/products/${productCode}/variants/`;
    const first = (await get(`${path}?criteria%5Bcode%5D=${productCode}_00&cursor=&limit=4`)).body;
    // Codes _000.._009: 10 matches.
    expect(first.total).toBe(10);
    expect(first._links.self!.href).toBe(`${path}?criteria%5Bcode%5D=${productCode}_00&cursor=&limit=4`);
    expect(first._links.first!.href).toBe(`${path}?criteria%5Bcode%5D=${productCode}_00&page=1&limit=4`);
    expect(first._links.last!.href).toBe(`${path}?criteria%5Bcode%5D=${productCode}_00&page=3&limit=4`);
    expect(first._links.next!.href).toMatch(new RegExp(`^${path}\\?criteria%5Bcode%5D=${productCode}_00&cursor=[A-Za-z0-9_-]+&limit=4$`));
    const second = (await get(first._links.next!.href)).body;
    expect(second._links.self!.href).toBe(first._links.next!.href);
    const third = (await get(second._links.next!.href)).body;
    expect(third._embedded.items).toHaveLength(2);
    expect(third._links.next).toBeUndefined();
  });

  it("answers 400 for a cursor that is not one, or one of another sorting", async () => {
    const path = `/api/v1/products/${productCode}/variants/`;
    const bad = await api("GET", `${path}?cursor=nonsense`);
    expect(bad.status).toBe(400);
    const first = (await get(`${path}?cursor=&limit=2`)).body;
    const cursor = new URL(first._links.next!.href, "https://example.com").searchParams.get("cursor")!;
    const other = await api("GET", `${path}?cursor=${cursor}&sorting%5Bcode%5D=asc`);
    expect(other.status).toBe(400);
    expect((await api("GET", `/api/v1/orders/?cursor=${cursor}`)).status).toBe(400);
  });

  it("reads a deep page in two round trips (ids first), showing the rows the walk shows there; a shallow page in one", async () => {
    const path = `/api/v1/products/${productCode}/variants/`;
    const walk = await byCursor(path, 10);
    const deep = await get(`${path}?limit=10&page=12`);
    expect(deep.body._embedded.items.map((i) => i.id)).toEqual(walk.ids.slice(110, 120));
    expect(d1RoundTrips(deep.headers)).toBe(2);
    const shallow = await get(`${path}?limit=10&page=10`);
    expect(shallow.body._embedded.items.map((i) => i.id)).toEqual(walk.ids.slice(90, 100));
    expect(d1RoundTrips(shallow.headers)).toBe(1);
    // A cursor page is one round trip however deep the walk.
    const after100 = new URL((await get(`${path}?limit=100&cursor=`)).body._links.next!.href, "https://example.com").searchParams.get("cursor")!;
    const late = await get(`${path}?limit=10&cursor=${after100}`);
    expect(late.body._embedded.items.map((i) => i.id)).toEqual(walk.ids.slice(100, 110));
    expect(d1RoundTrips(late.headers)).toBe(1);
  });

  it("reads deep pages of carts and orders the same way as their shallow ones", async () => {
    // 110 carts and 110 placed orders, straight into D1.
    const fixture = await cartFixture();
    const tag = Date.now().toString(36);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 219)
       INSERT INTO orders (customer_id, channel_id, currency_code, locale_code, state, number)
       SELECT c.id, ch.id, 'USD', 'en_US', CASE WHEN i % 2 = 0 THEN 'cart' ELSE 'new' END, CASE WHEN i % 2 = 0 THEN NULL ELSE ?3 || printf('%04d', i) END
       FROM n, customers c, channels ch WHERE c.email_canonical = ?1 AND ch.code = ?2`,
    )
      .bind(fixture.customer, fixture.channel, `Z${tag}`)
      .run();
    for (const path of ["/api/v1/carts/", "/api/v1/orders/"]) {
      const all = await byPages(path, 100);
      expect(all.length, path).toBeGreaterThanOrEqual(110);
      const deep = await get(`${path}?limit=5&page=21`);
      expect(deep.body._embedded.items.map((i) => i.id), path).toEqual(all.slice(100, 105));
      expect(d1RoundTrips(deep.headers), path).toBe(2);
    }
    // Orders render 20 at a time: a full cursor page of 45 (three runs) still links the next page.
    const walk = await byCursor("/api/v1/orders/", 45);
    expect(walk.pages).toBeGreaterThan(2);
    expect(walk.ids).toEqual(await byPages("/api/v1/orders/", 45));
  });
});
