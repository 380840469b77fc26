/**
 * A deep page of a list whose page loads in several statements (customers:
 * their rows and their shop accounts) reads its ids first, then the rest by
 * those ids (one walk of the offset, one more round trip): its items are the
 * ones the same rows show on a shallow read (the cursor walk), byte for byte.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";

interface Page {
  total: number;
  _embedded: { items: { id: number; user?: unknown }[] };
  _links: { next?: { href: string } };
}

beforeAll(async () => {
  // The oldest customers (the last ones of the default `createdAt desc` list) have shop accounts: parts read by id.
  for (let i = 0; i < 3; i++) {
    const res = await api("POST", "/api/v1/customers/", { email: `${uniqueCode("deep").toLowerCase()}@example.com`, user: { plainPassword: "pw-1234" } });
    expect(res.status).toBe(201);
  }
  const results = await Promise.all(
    Array.from({ length: 104 }, (_, i) => api("POST", "/api/v1/customers/", { email: `${uniqueCode(`deep${i}`).toLowerCase()}@example.com`, firstName: `F${i}` })),
  );
  expect(results.map((r) => r.status).filter((status) => status !== 201)).toEqual([]);
});

describe("a deep page of a list with parts", () => {
  for (const sorting of ["", "&sorting%5Bemail%5D=asc"]) {
    it(`shows what the cursor walk shows, in two round trips${sorting ? " (sorted by email)" : ""}`, async () => {
      const deep = await api<Page>("GET", `/api/v1/customers/?limit=100&page=2${sorting}`);
      expect(deep.status).toBe(200);
      expect(d1RoundTrips(deep.headers)).toBe(2);
      const first = await api<Page>("GET", `/api/v1/customers/?limit=100&cursor=${sorting}`);
      expect(d1RoundTrips(first.headers)).toBe(1);
      const second = await api<Page>("GET", first.body._links.next!.href);
      expect(d1RoundTrips(second.headers)).toBe(1);
      expect(deep.body._embedded.items.length).toBe(deep.body.total - 100);
      expect(JSON.stringify(deep.body._embedded.items)).toBe(JSON.stringify(second.body._embedded.items));
      if (!sorting) expect(deep.body._embedded.items.filter((item) => item.user).length).toBe(3);
      // A shallow page (offset below 100) stays one round trip.
      const shallow = await api<Page>("GET", `/api/v1/customers/?limit=10&page=10${sorting}`);
      expect(d1RoundTrips(shallow.headers)).toBe(1);
    });
  }
});
