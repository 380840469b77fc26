/**
 * The newest migration block `npm run db:triggers` wrote is what the
 * declarations generate now: a declaration changed without a regenerated
 * migration fails here (and in test/d1/triggers.test.ts, which compares the
 * triggers the migrations leave).
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { generatedBlockOf, triggerMigrationSql, withGeneratedBlock } from "../../../src/data/triggers";

/** The migrations' texts, in the order they apply (keys are paths from the root: "/migrations/0026_x.sql"). */
const migrations = Object.entries(import.meta.glob<string>("/migrations/*.sql", { query: "?raw", import: "default", eager: true }))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, text]) => ({ file, text }));

describe("the generated trigger migration", () => {
  it("is, in the newest migration that holds one, what the declarations generate", () => {
    const newest = migrations.filter((m) => generatedBlockOf(m.text) !== undefined).at(-1);
    expect(newest, "no migration holds a generated block").toBeDefined();
    expect(generatedBlockOf(newest!.text), newest!.file).toBe(triggerMigrationSql());
  });

  it("has no trigger created by hand after it", () => {
    const newest = migrations.findLastIndex((m) => generatedBlockOf(m.text) !== undefined);
    const later = migrations.slice(newest + 1).filter((m) => /CREATE\s+TRIGGER/i.test(m.text));
    expect(later.map((m) => m.file)).toEqual([]);
  });

  it("is written in place of drizzle-kit's placeholder, or after a migration's own SQL, or over an older block", () => {
    const block = triggerMigrationSql();
    expect(withGeneratedBlock("-- Custom SQL migration file, put your code below! --")).toBe(block);
    expect(withGeneratedBlock("CREATE TABLE `t` (`id` integer);\n")).toBe(`CREATE TABLE \`t\` (\`id\` integer);\n--> statement-breakpoint\n${block}`);
    expect(withGeneratedBlock(`-- Why.\n${block.replace("list_counts", "stale")}`)).toBe(`-- Why.\n${block}`);
  });
});
