/**
 * The pricing context's version (migrations 0014 and 0025) rises with every
 * write a cart's price could see, and not with the usage count orders move:
 * an update naming any column of a promotion but `used` raises it, whatever
 * columns later migrations add; an update of `used` alone raises it only
 * when it changes whether the promotion is still under its usage limit, the
 * one thing pricing reads of `used`.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { uniqueCode } from "../fixtures/http";

const version = async () => (await env.DB.prepare("SELECT version FROM pricing_context_version WHERE id = 1").first<{ version: number }>())!.version;

/** Runs `sql` (bound to the promotion's id) and tells whether the version rose. */
async function raises(sql: string, id: number): Promise<boolean> {
  const before = await version();
  await env.DB.prepare(sql).bind(id).run();
  return (await version()) > before;
}

async function newPromotion(usageLimit: number | null, used: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO promotions (code, name, usage_limit, used) VALUES (?1, 'Usage', ?2, ?3) RETURNING id")
    .bind(uniqueCode("USAGE"), usageLimit, used)
    .first<{ id: number }>();
  return row!.id;
}

describe("the pricing context's version and a promotion's usage", () => {
  it("rises with an update of any promotion column but `used`", async () => {
    const id = await newPromotion(5, 0);
    const { results } = await env.DB.prepare("SELECT name, type FROM pragma_table_info('promotions')").all<{ name: string; type: string }>();
    const columns = results.filter((c) => c.name !== "used");
    expect(columns.map((c) => c.name)).toContain("usage_limit");
    for (const { name } of columns) {
      // The value itself: naming the column is what counts (an admin update names every column).
      expect([name, await raises(`UPDATE promotions SET "${name}" = "${name}" WHERE id = ?1`, id)]).toEqual([name, true]);
    }
  });

  it("rises with `used` only when the promotion reaches its limit or falls back under it", async () => {
    const limited = await newPromotion(2, 0);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(false);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(true);
    expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", limited)).toBe(false);
    // A cancelled order gives its usage back: 3 → 2 stays at the limit, 2 → 1 is under it again.
    expect(await raises("UPDATE promotions SET used = used - 1 WHERE id = ?1", limited)).toBe(false);
    expect(await raises("UPDATE promotions SET used = used - 1 WHERE id = ?1", limited)).toBe(true);

    const unlimited = await newPromotion(null, 0);
    for (let i = 0; i < 3; i++) expect(await raises("UPDATE promotions SET used = used + 1 WHERE id = ?1", unlimited)).toBe(false);
  });
});
