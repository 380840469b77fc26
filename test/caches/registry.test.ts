/**
 * docs/performance/caches.md lists every per-isolate cache, and the registry
 * (src/data/isolate-cache.ts) holds every cache the code declares: the page's
 * table and the registry must be the same, cell for cell.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { boundText, isolateCaches } from "../../src/data/isolate-cache";
import page from "../../docs/performance/caches.md?raw";
import follow from "./caches-follow.test.ts?raw";

// Loads every module of src/ (the entry aside: nothing imports it), so every cache is declared.
import.meta.glob(["/src/**/*.ts", "!/src/index.ts"], { eager: true });

/** The rows of the table under `## The caches`, each as its cells (header and rule left out). */
function tableRows(markdown: string): string[][] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("The caches\n"));
  if (!section) throw new Error("no '## The caches' section");
  return section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

/** The source of the code's caches: the registry without the unit tests' own (declared in test files). */
const declared = () => isolateCaches().filter((cache) => cache.file.startsWith("src/"));

describe("the caches page", () => {
  it("lists exactly the caches the code declares, cell for cell", () => {
    const rows = tableRows(page);
    const expected = declared().map((cache) => [cache.name, `\`${cache.file}\``, cache.key, boundText(cache.bound), cache.kind, cache.readBehind]);
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row[0]));
    expect(rows).toEqual(expected);
  });

  it("has a case of test/caches/caches-follow.test.ts for each cache, named after it", () => {
    const cases = [...follow.matchAll(/^describe\("([^"]+)"/gm)].map((match) => match[1]);
    for (const cache of declared()) expect(cases, cache.name).toContain(cache.name);
  });

  it("names each cache once", () => {
    const names = tableRows(page).map((row) => row[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(14);
  });
});
