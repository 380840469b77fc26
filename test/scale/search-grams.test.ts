/**
 * Substring filters of whole-table lists read trigram postings
 * (`search_grams`, migration 0022) instead of the table: their results must
 * be exactly the plain match's (mixed case, `%`/`_`, values shorter than a
 * trigram, read from the postings that start with them: migration 0024, non-ASCII text), the postings and their per-gram counts must stay
 * exact whoever writes (the API or raw SQL), and a filtered count must read
 * about the candidates, not the table (docs/performance/scale.md).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, created, ok, uniqueCode } from "../fixtures/http";

/** The indexed texts, by scope (migration 0022; `SEARCH_SCOPES` in src/data/list-page.ts). */
const SCOPES: [number, string, string][] = [
  [1, "customers", "email_canonical"],
  [2, "customers", "first_name"],
  [3, "customers", "last_name"],
  [4, "products", "code"],
  [5, "product_translations", "name"],
  [6, "taxons", "code"],
  [7, "taxon_translations", "name"],
];

/** SQLite's `lower()`: ASCII capitals only. */
const sqliteLower = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/** The postings every stored text should have, computed here (code points, as SQLite's substr counts). */
async function expectedPostings(): Promise<Set<string>> {
  const expected = new Set<string>();
  for (const [scope, table, column] of SCOPES) {
    const { results } = await env.DB.prepare(`SELECT id, ${column} AS text FROM ${table} WHERE ${column} IS NOT NULL`).all<{ id: number; text: string }>();
    for (const row of results) {
      const chars = Array.from(sqliteLower(row.text));
      // A piece at every position (migration 0024): trigrams, then the text's last two and last one characters.
      for (let i = 0; i < chars.length && i < 1024; i++) expected.add(`${scope}|${chars.slice(i, i + 3).join("")}|${row.id}`);
    }
  }
  return expected;
}

/** The postings and counts stored equal the texts stored. */
async function expectExactPostings(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT scope, gram, owner FROM search_grams").all<{ scope: number; gram: string; owner: number }>();
  const stored = results.map((r) => `${r.scope}|${r.gram}|${r.owner}`);
  expect(new Set(stored).size).toBe(stored.length);
  const expected = await expectedPostings();
  expect(stored.filter((p) => !expected.has(p)), "postings of no stored text").toEqual([]);
  expect([...expected].filter((p) => !stored.includes(p)), "stored texts' postings missing").toEqual([]);
  const counts = await env.DB.prepare(
    `SELECT scope, gram, n, (SELECT count(*) FROM search_grams g WHERE g.scope = c.scope AND g.gram = c.gram) AS actual FROM search_gram_counts c`,
  ).all<{ scope: number; gram: string; n: number; actual: number }>();
  expect(counts.results.filter((c) => c.n !== c.actual || c.n <= 0)).toEqual([]);
  const uncounted = await env.DB.prepare(
    "SELECT count(*) AS n FROM (SELECT DISTINCT scope, gram FROM search_grams) g WHERE NOT EXISTS (SELECT 1 FROM search_gram_counts c WHERE c.scope = g.scope AND c.gram = g.gram)",
  ).first<{ n: number }>();
  expect(uncounted?.n).toBe(0);
}

const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const criteria = (field: string, value: string) => `criteria%5B${field}%5D=${encodeURIComponent(value)}`;
const rowsRead = (headers: Headers) => Number(/rows_read;desc="(\d+)"/.exec(headers.get("Server-Timing") ?? "")?.[1]);

/** The ids a list answers for one criterion (all of them: fewer than 100 here), and its total. */
async function listed(path: string, field: string, value: string, key: "id" | "code" = "id"): Promise<{ total: number; keys: (number | string)[] }> {
  const res = await api("GET", `${path}?limit=100&${criteria(field, value)}`);
  expect(res.status, `${field}=${value}`).toBe(200);
  return { total: res.body.total, keys: (res.body._embedded.items as Record<string, number | string>[]).map((item) => item[key]!).sort() };
}

const run = uniqueCode("SG").toLowerCase();
const FIRST_NAMES = ["Ann-Marie", "ANNE", "annabel", "100%_pure", "100x_pure", "a_b%c", "Émile", "émile", "Zoë", "😀smile😀", "Straße", "Ab"];
const VALUES = ["ann", "ANN", "nne", "%_p", "0%", "0x_", "_", "%", "an", "AN", "é", "Émi", "émi", "ÉMI", "😀sm", "smile😀", "ë", "zoë", "ZOË", "straße", "STRASSE", "b%c", "a_b", "no such text", "ab", "b", "e", "E", "ë", "😀", "e-", "l"];

describe("substring filters through trigram postings", () => {
  beforeAll(async () => {
    await api("POST", "/api/v1/locales/", { code: "en_US" });
    for (const [i, firstName] of FIRST_NAMES.entries()) {
      await created("/api/v1/customers/", { email: `${run}.${i}@Example.com`, firstName, lastName: `${firstName} ${run}` });
    }
  });

  it("answers exactly what the plain LIKE answers (case, % and _, short values, non-ASCII)", async () => {
    for (const value of VALUES) {
      const plain = await env.DB.prepare("SELECT id FROM customers WHERE lower(first_name) LIKE ? ESCAPE '\\' ORDER BY id")
        .bind(likePattern(value))
        .all<{ id: number }>();
      const got = await listed("/api/v1/customers/", "firstName", value);
      expect(got.total, value).toBe(plain.results.length);
      expect(got.keys, value).toEqual(plain.results.map((r) => r.id).sort());
    }
    const emails = await listed("/api/v1/customers/", "email", `${run}.1@`);
    expect(emails.total).toBe(1);
    for (const value of [`ZOË ${run}`, `Émile ${run}`, `ÉMILE ${run}`, `émile ${run}`, `😀 ${run}`]) {
      const plain = await env.DB.prepare("SELECT id FROM customers WHERE lower(last_name) LIKE ? ESCAPE '\\' ORDER BY id")
        .bind(likePattern(value))
        .all<{ id: number }>();
      expect((await listed("/api/v1/customers/", "lastName", value)).keys, value).toEqual(plain.results.map((r) => r.id).sort());
    }
  });

  it("answers products' and taxons' codes and names as the plain instr/LIKE does", async () => {
    const codes = [`${run}_MUG_A`, `${run}_mugb`, `${run}_CUP`];
    const names = ["Café Crème", "CAFÉ noir", "Tasse 😀 bleue"];
    for (const [i, code] of codes.entries()) {
      await ok("POST", "/api/v1/products/", { code, translations: { en_US: { name: names[i], slug: code.toLowerCase() } } });
    }
    for (const value of ["mug", "MUG_", "_mug", "café", "CAFÉ", "afÉ", "😀 b", "cr", "é"]) {
      const plainCodes = await env.DB.prepare("SELECT code FROM products WHERE instr(lower(code), lower(?)) > 0").bind(value).all<{ code: string }>();
      const gotCodes = await listed("/api/v1/products/", "code", value, "code");
      expect(gotCodes.keys, `code ${value}`).toEqual(plainCodes.results.map((r) => r.code).sort());
      const plainNames = await env.DB.prepare(
        "SELECT code FROM products p WHERE EXISTS (SELECT 1 FROM product_translations t WHERE t.product_id = p.id AND instr(lower(t.name), lower(?)) > 0)",
      )
        .bind(value)
        .all<{ code: string }>();
      const gotNames = await listed("/api/v1/products/", "name", value, "code");
      expect(gotNames.keys, `name ${value}`).toEqual(plainNames.results.map((r) => r.code).sort());
    }
    const taxon = `${run}_TAXON`;
    await ok("POST", "/api/v1/taxons/", { code: taxon, translations: { en_US: { name: "Épicerie Fine", slug: `${run}-epicerie` } } });
    for (const value of ["taxon", "TAXON", "épicerie", "picerie fi", "ÉPI", "ep"]) {
      const plainCodes = await env.DB.prepare("SELECT code FROM taxons WHERE lower(code) LIKE ? ESCAPE '\\'").bind(likePattern(value)).all<{ code: string }>();
      expect((await listed("/api/v1/taxons/", "code", value, "code")).keys, `taxon code ${value}`).toEqual(plainCodes.results.map((r) => r.code).sort());
      const plainNames = await env.DB.prepare(
        "SELECT code FROM taxons x WHERE EXISTS (SELECT 1 FROM taxon_translations t WHERE t.taxon_id = x.id AND instr(lower(t.name), lower(?)) > 0)",
      )
        .bind(value)
        .all<{ code: string }>();
      expect((await listed("/api/v1/taxons/", "name", value, "code")).keys, `taxon name ${value}`).toEqual(plainNames.results.map((r) => r.code).sort());
    }
  });

  it("keeps the postings exact through the API's creates, changes and deletes", async () => {
    await expectExactPostings();
    const customer = await created("/api/v1/customers/", { email: `${run}.edit@example.com`, firstName: "Before", lastName: "Same" });
    const changed = await api("PATCH", `/api/v1/customers/${customer.id}`, { firstName: "After After", lastName: "Same", email: `${run}.edited@example.com` });
    expect(changed.status).toBe(204);
    expect((await listed("/api/v1/customers/", "firstName", "before")).keys).not.toContain(customer.id);
    expect((await listed("/api/v1/customers/", "firstName", "after aft")).keys).toContain(customer.id);
    await expectExactPostings();
    const code = `${run}_GONE`;
    await ok("POST", "/api/v1/products/", { code, translations: { en_US: { name: "Vanishing mug", slug: code.toLowerCase() } } });
    await ok("PATCH", `/api/v1/products/${code}`, { translations: { en_US: { name: "Renamed cup", slug: code.toLowerCase() } } });
    await expectExactPostings();
    expect((await api("DELETE", `/api/v1/products/${code}`)).status).toBe(204);
    expect((await api("DELETE", `/api/v1/customers/${customer.id}`)).status).toBe(204);
    await expectExactPostings();
    expect((await listed("/api/v1/products/", "name", "renamed cup")).total).toBe(0);
  });

  it("keeps the postings exact through raw SQL (inserts, changes to and from NULL, id moves, upserts, deletes)", async () => {
    const email = `${run}.raw@example.com`;
    await env.DB.prepare("INSERT INTO customers (email, email_canonical, first_name, created_at, updated_at) VALUES (?, ?, 'Rawley', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')")
      .bind(email, email)
      .run();
    await expectExactPostings();
    await env.DB.prepare("UPDATE customers SET first_name = NULL, last_name = 'Rawlings' WHERE email_canonical = ?").bind(email).run();
    await expectExactPostings();
    await env.DB.prepare("UPDATE customers SET first_name = 'aaaaaa', email_canonical = ? WHERE email_canonical = ?").bind(`x${email}`, email).run();
    await expectExactPostings();
    await env.DB.prepare("UPDATE customers SET id = id + 1000000 WHERE email_canonical = ?").bind(`x${email}`).run();
    await expectExactPostings();
    expect((await listed("/api/v1/customers/", "lastName", "rawlings")).total).toBe(1);
    await env.DB.batch([
      env.DB.prepare("UPDATE product_translations SET name = name || ' (raw)' WHERE product_id IN (SELECT id FROM products WHERE code LIKE ?)").bind(`${run}%`),
      env.DB.prepare("DELETE FROM customers WHERE email_canonical = ?").bind(`x${email}`),
    ]);
    await expectExactPostings();
    expect((await listed("/api/v1/products/", "name", "(raw)", "code")).total).toBe(3);
    // An upsert's update (its trigger statements run under the upsert's ABORT: none may meet a conflict).
    await env.DB.prepare(
      "INSERT INTO product_translations (product_id, locale, name, slug) SELECT id, 'en_US', 'Café Crème (upserted)', 'x' FROM products WHERE code = ? ON CONFLICT (product_id, locale) DO UPDATE SET name = excluded.name",
    )
      .bind(`${run}_MUG_A`)
      .run();
    await expectExactPostings();
    expect((await listed("/api/v1/products/", "name", "(upserted)", "code")).keys).toEqual([`${run}_MUG_A`]);
    // Other outer conflict policies, which the triggers' statements inherit.
    const ignored = `${run}.ignored@example.com`;
    await env.DB.prepare("INSERT OR REPLACE INTO customers (email, email_canonical, first_name, created_at, updated_at) VALUES (?, ?, 'Replaced Once', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')")
      .bind(ignored, ignored)
      .run();
    await env.DB.prepare("UPDATE OR IGNORE customers SET first_name = 'Replaced Twice' WHERE email_canonical = ?").bind(ignored).run();
    await expectExactPostings();
    expect((await listed("/api/v1/customers/", "firstName", "replaced tw")).total).toBe(1);
    expect((await listed("/api/v1/customers/", "lastName", "rawlings")).total).toBe(0);
  });

  it("counts a filter's matches from the postings: rows read stay small among thousands of customers", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 2999)
       INSERT INTO customers (email, email_canonical, first_name, last_name, created_at, updated_at)
       SELECT printf('%s.bulk%05d@example.com', ?1, n), printf('%s.bulk%05d@example.com', ?1, n), printf('First%d', n), printf('Last%d', n), '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z' FROM seq`,
    )
      .bind(run)
      .run();
    const one = await api("GET", `/api/v1/customers/?${criteria("email", `${run}.bulk01234@`)}`);
    expect(one.body.total).toBe(1);
    // Per statement (the count, the page, its users): the needle's trigram counts, the rarest trigram's
    // postings ("123", "234"…: a few dozen here) and those customers by id; not the 3,000 rows (371 measured).
    expect(rowsRead(one.headers)).toBeLessThan(600);
    const none = await api("GET", `/api/v1/customers/?${criteria("email", "qqq-no-such")}`);
    expect(none.body.total).toBe(0);
    expect(rowsRead(none.headers)).toBeLessThan(100);
    // Shorter than a trigram: the postings that start with the value (migration 0024), still exact.
    const short = await api("GET", `/api/v1/customers/?${criteria("firstName", "t1")}`);
    const plain = await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE lower(first_name) LIKE '%t1%'").first<{ n: number }>();
    expect(short.body.total).toBe(plain?.n);
    await created("/api/v1/customers/", { email: `${run}.qz@example.com`, firstName: "Qz" });
    for (const value of ["qz", "QZ", "q"]) {
      const rare = await api("GET", `/api/v1/customers/?${criteria("firstName", value)}`);
      expect(rare.body.total, value).toBe(1);
      // The postings starting with the value and that customer by id: not the 3,000 rows.
      expect(rowsRead(rare.headers), value).toBeLessThan(100);
    }
  });
});
