import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips } from "../fixtures/http";
import { createCurrency, createLocale, randomScript, uniqueLocaleCode } from "../fixtures/references";

const link = (query: string) => ({ href: `/api/v1/locales/?${query}` });

describe("pagination envelope (locales)", () => {
  // Five locales of our own, told apart from any other by a random script subtag.
  const script = randomScript();
  const filter = `criteria%5Bcode%5D=${script}`;
  let codes: string[] = [];

  beforeAll(async () => {
    for (let region = 1; region <= 5; region++) await createLocale(uniqueLocaleCode(script, region));
    // Also enough locales overall for three pages of two.
    for (let i = 0; i < 6; i++) await createLocale();
    const listed = await api("GET", `/api/v1/locales/?${filter}&limit=100`);
    codes = listed.body._embedded.items.map((item: { code: string }) => item.code);
  });

  it("filters by criteria[code] (substring, any case)", async () => {
    expect(codes).toHaveLength(5);
    for (const code of codes) expect(code).toContain(script);
    // Default sort: creation order, as Sylius lists locales (regions 001..005 were created in order).
    expect(codes).toEqual([...codes].sort((a, b) => a.slice(-3).localeCompare(b.slice(-3))));
    const lower = await api("GET", `/api/v1/locales/?criteria%5Bcode%5D=${script.toLowerCase()}`);
    expect(lower.body.total).toBe(5);
  });

  it("page 1: self, first, last, next and no previous", async () => {
    const res = await api("GET", `/api/v1/locales/?${filter}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      page: 1,
      limit: 2,
      pages: 3,
      total: 5,
      _links: {
        self: link(`${filter}&page=1&limit=2`),
        first: link(`${filter}&page=1&limit=2`),
        last: link(`${filter}&page=3&limit=2`),
        next: link(`${filter}&page=2&limit=2`),
      },
      _embedded: { items: [expect.objectContaining({ code: codes[0] }), expect.objectContaining({ code: codes[1] })] },
    });
    expect(d1RoundTrips(res.headers)).toBe(1);
  });

  it("a middle page: next and previous", async () => {
    const res = await api("GET", `/api/v1/locales/?${filter}&page=2&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(2);
    expect(res.body._links).toEqual({
      self: link(`${filter}&page=2&limit=2`),
      first: link(`${filter}&page=1&limit=2`),
      last: link(`${filter}&page=3&limit=2`),
      next: link(`${filter}&page=3&limit=2`),
      previous: link(`${filter}&page=1&limit=2`),
    });
    expect(res.body._embedded.items.map((i: { code: string }) => i.code)).toEqual(codes.slice(2, 4));
  });

  it("the last page: previous and no next", async () => {
    const res = await api("GET", `/api/v1/locales/?${filter}&page=3&limit=2`);
    expect(res.body._links).toEqual({
      self: link(`${filter}&page=3&limit=2`),
      first: link(`${filter}&page=1&limit=2`),
      last: link(`${filter}&page=3&limit=2`),
      previous: link(`${filter}&page=2&limit=2`),
    });
    expect(res.body._embedded.items.map((i: { code: string }) => i.code)).toEqual(codes.slice(4));
  });

  it("a page past the end: no items, previous points at the last page", async () => {
    const res = await api("GET", `/api/v1/locales/?${filter}&page=7&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 7, limit: 2, pages: 3, total: 5, _embedded: { items: [] } });
    expect(res.body._links.next).toBeUndefined();
    expect(res.body._links.previous).toEqual(link(`${filter}&page=3&limit=2`));
  });

  it("no criteria: links are exactly ?page=N&limit=M", async () => {
    const first = await api("GET", "/api/v1/locales/?limit=2");
    const total: number = first.body.total;
    const pages = Math.ceil(total / 2);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(first.body).toMatchObject({ page: 1, limit: 2, pages });
    expect(first.body._links).toEqual({
      self: link("page=1&limit=2"),
      first: link("page=1&limit=2"),
      last: link(`page=${pages}&limit=2`),
      next: link("page=2&limit=2"),
    });
    expect(first.body._embedded.items).toHaveLength(2);

    const middle = await api("GET", "/api/v1/locales/?page=2&limit=2");
    expect(middle.body._links).toEqual({
      self: link("page=2&limit=2"),
      first: link("page=1&limit=2"),
      last: link(`page=${Math.ceil(middle.body.total / 2)}&limit=2`),
      next: link("page=3&limit=2"),
      previous: link("page=1&limit=2"),
    });

    const last = await api("GET", `/api/v1/locales/?page=${pages}&limit=2`);
    expect(last.body.pages).toBe(pages);
    expect(last.body._links.next).toBeUndefined();
    expect(last.body._links.previous).toEqual(link(`page=${pages - 1}&limit=2`));
    expect(last.body._embedded.items).toHaveLength(total - (pages - 1) * 2);
  });

  it("defaults to page 1, limit 10, caps the limit at 100 and reads it as PHP does", async () => {
    const plain = await api("GET", `/api/v1/locales/?${filter}`);
    expect(plain.body).toMatchObject({ page: 1, limit: 10, pages: 1, total: 5 });
    expect(plain.body._links.self).toEqual(link(`${filter}&page=1&limit=10`));

    const huge = await api("GET", `/api/v1/locales/?${filter}&limit=1000`);
    expect(huge.body).toMatchObject({ page: 1, limit: 100, pages: 1, total: 5 });
    expect(huge.body._links.self).toEqual(link(`${filter}&page=1&limit=100`));

    const all = await api("GET", "/api/v1/locales/?limit=500");
    expect(all.body.limit).toBe(100);
    expect(all.body._embedded.items).toHaveLength(Math.min(100, all.body.total));

    // Sylius reads the limit with PHP's integer cast (`getInt`): its leading digits.
    const cases: [string, { page: number; limit: number }][] = [
      ["limit=%2B2", { page: 1, limit: 2 }],
      ["limit=99999999999", { page: 1, limit: 100 }],
      ["limit=2.5", { page: 1, limit: 2 }],
      ["limit=3abc", { page: 1, limit: 3 }],
      ["page=%2B1&limit=2", { page: 1, limit: 2 }],
    ];
    for (const [query, expected] of cases) {
      const res = await api("GET", `/api/v1/locales/?${filter}&${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body, query).toMatchObject(expected);
      expect(res.body._embedded.items, query).toHaveLength(Math.min(expected.limit, 5));
      expect(res.body._links.self, query).toEqual(link(`${filter}&page=${expected.page}&limit=${expected.limit}`));
    }
  });

  // Changed by issue 40: these were clamped (to page 1, limit 1) or ignored; Sylius' paginator refuses them.
  it("answers 404 Page Not Found to a limit below 1 and a page that is not an integer from 1", async () => {
    for (const query of ["limit=0", "limit=-3", "limit=abc", "limit=", "page=0", "page=-4&limit=2", "page=x", "page=2.5", "page="]) {
      const res = await api("GET", `/api/v1/locales/?${filter}&${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body, query).toEqual({ code: 404, message: "Page Not Found" });
    }
  });

  it("answers 400 naming an unknown sorting field, direction or parameter", async () => {
    const cases: [string, string][] = [
      ["sorting%5Bnope%5D=asc", 'Unknown sorting field "nope"; sortable fields: code, name, createdAt.'],
      ["sorting%5Bcode%5D=up", 'Unknown sorting direction "up" for "code"; use asc or desc.'],
      ["sorting%5Bcode%5D=", 'Unknown sorting direction "" for "code"; use asc or desc.'],
      ["sorting=code", 'Malformed sorting parameter "sorting"; use sorting[field]=asc or sorting[field]=desc.'],
    ];
    for (const [query, message] of cases) {
      const res = await api("GET", `/api/v1/locales/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ code: 400, message });
    }
    // Any case of asc/desc is a direction.
    expect((await api("GET", `/api/v1/locales/?sorting%5Bcode%5D=DESC&${filter}`)).body._embedded.items.map((i: { code: string }) => i.code)).toEqual(
      [...codes].sort().reverse(),
    );
    // The variant list reads its sorting itself, and refuses the same way.
    const variants = await api("GET", "/api/v1/products/ANY/variants/?sorting%5Bprice%5D=asc");
    expect(variants.status).toBe(400);
    expect(variants.body).toEqual({ code: 400, message: 'Unknown sorting field "price"; sortable fields: position, code, createdAt, updatedAt, name.' });
  });

  it("carries sorting into the links and sorts", async () => {
    const res = await api("GET", "/api/v1/locales/?sorting%5Bcode%5D=desc");
    expect(res.status).toBe(200);
    expect(res.body._links.self).toEqual(link("sorting%5Bcode%5D=desc&page=1&limit=10"));
    expect(res.body._links.first).toEqual(link("sorting%5Bcode%5D=desc&page=1&limit=10"));
    const listed = res.body._embedded.items.map((i: { code: string }) => i.code);
    expect(listed).toEqual([...listed].sort().reverse());

    const mine = await api("GET", `/api/v1/locales/?sorting%5Bcode%5D=desc&${filter}&limit=2`);
    expect(mine.body._links.next).toEqual(link(`sorting%5Bcode%5D=desc&${filter}&page=2&limit=2`));
    expect(mine.body._embedded.items.map((i: { code: string }) => i.code)).toEqual([...codes].sort().reverse().slice(0, 2));

    const asc = await api("GET", `/api/v1/locales/?sorting%5Bcode%5D=asc&${filter}`);
    expect(asc.body._embedded.items.map((i: { code: string }) => i.code)).toEqual([...codes].sort());
  });

  it("sorts by createdAt (ties by id) in both directions", async () => {
    const asc = await api("GET", `/api/v1/locales/?sorting%5BcreatedAt%5D=asc&${filter}`);
    const desc = await api("GET", `/api/v1/locales/?sorting%5BcreatedAt%5D=desc&${filter}`);
    const ascIds = asc.body._embedded.items.map((i: { id: number }) => i.id);
    const descIds = desc.body._embedded.items.map((i: { id: number }) => i.id);
    expect(ascIds).toEqual([...ascIds].sort((a: number, b: number) => a - b));
    expect(descIds).toEqual([...ascIds].reverse());
  });

  it("uses the same envelope for currencies", async () => {
    await createCurrency();
    await createCurrency();
    const res = await api("GET", "/api/v1/currencies/?limit=1");
    expect(res.status).toBe(200);
    const pages: number = res.body.total;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(res.body).toMatchObject({ page: 1, limit: 1, pages, total: res.body.total });
    expect(res.body._links.self).toEqual({ href: "/api/v1/currencies/?page=1&limit=1" });
    expect(res.body._links.last).toEqual({ href: `/api/v1/currencies/?page=${pages}&limit=1` });
    expect(res.body._links.next).toEqual({ href: "/api/v1/currencies/?page=2&limit=1" });
    expect(res.body._links.previous).toBeUndefined();
    expect(d1RoundTrips(res.headers)).toBe(1);
  });
});
