/**
 * The live triggers are exactly the declared ones (src/data/triggers/): after
 * all migrations, `sqlite_master` holds one trigger per declaration, with the
 * SQL it generates (whitespace aside), and none other. A trigger changed in a
 * migration but not in its declaration, a declaration not migrated, a trigger
 * dropped by a table's rebuild: each fails here.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { declaredTriggers } from "../../src/data/triggers";

/** A trigger's SQL with runs of whitespace as one space, and no final `;`. */
const normalized = (sql: string) => sql.replace(/\s+/g, " ").trim().replace(/;$/, "");

describe("the schema's triggers", () => {
  it("are each declared once", () => {
    const names = declaredTriggers().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("are, after all migrations, exactly the declared ones, with the SQL their declarations generate", async () => {
    const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all<{ name: string; sql: string }>();
    const live = new Map(results.map((t) => [t.name, normalized(t.sql)]));
    const declared = new Map(declaredTriggers().map((t) => [t.name, normalized(t.sql)]));
    expect([...live.keys()].filter((name) => !declared.has(name)), "live, not declared").toEqual([]);
    expect([...declared.keys()].filter((name) => !live.has(name)), "declared, not live").toEqual([]);
    for (const [name, sql] of declared) expect(live.get(name), name).toBe(sql);
  });
});
