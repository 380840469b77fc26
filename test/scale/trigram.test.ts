/**
 * The local runtime's SQLite (workerd, as D1 runs it) has FTS5 with the
 * `trigram` tokenizer: a substring `LIKE` on such a table is answered by its
 * index, not by a scan. docs/performance/scale.md ("Filtered lists") says
 * why the service keeps its own trigram postings instead (a D1 export
 * refuses a database with an FTS5 table); this test keeps the measured
 * premise of that choice true.
 */
import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";

describe("FTS5 trigram in the local D1", () => {
  afterAll(async () => {
    await env.DB.prepare("DROP TABLE IF EXISTS scale_trigram_probe").run();
  });

  it("answers a case-insensitive substring LIKE through the trigram index", async () => {
    await env.DB.prepare("CREATE VIRTUAL TABLE scale_trigram_probe USING fts5(email, tokenize = 'trigram')").run();
    await env.DB.batch(
      ["ann@example.com", "bob@shop.test", "CAROL@Example.org"].map((email) => env.DB.prepare("INSERT INTO scale_trigram_probe (email) VALUES (?)").bind(email)),
    );
    const { results } = await env.DB.prepare("SELECT email FROM scale_trigram_probe WHERE email LIKE ? ORDER BY rowid").bind("%EXAMPLE%").all<{ email: string }>();
    expect(results.map((r) => r.email)).toEqual(["ann@example.com", "CAROL@Example.org"]);
    const plan = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT rowid FROM scale_trigram_probe WHERE email LIKE ?").bind("%xam%").all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail)).toEqual([expect.stringMatching(/^SCAN scale_trigram_probe VIRTUAL TABLE INDEX \d+:L/)]);
  });
});
