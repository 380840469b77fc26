/**
 * Every relative link of the README and of docs/ leads somewhere: each Markdown
 * link and image (`[text](target)`, `![alt](target)`, `[id]: target`) whose target
 * is not a web address names a file or folder of the repository, and its
 * `#anchor`, if any, names a heading of the target (GitHub's slugs) or of the
 * page itself. Links may not leave the repository, and the pages cite nothing
 * outside it.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

// Contents of the pages, and the list of the repository's files (the lazy glob is
// only read for its keys: no file is loaded). Keys are paths from the root: "/docs/x.md".
const PAGES = import.meta.glob(["/README.md", "/docs/**/*.md"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const FILES = new Set(
  Object.keys(
    import.meta.glob(["/**/*", "/.ci/*", "/.github/**/*", "!/node_modules/**", "!/.git/**", "!/.wrangler/**", "!/public/**", "!/browser-check/**"]),
  ).map((key) => key.slice(1)),
);
// import.meta.glob leaves out the file that calls it: this one.
FILES.add("test/docs/links.node.test.ts");

type Link = { line: number; target: string };

/** The text with fenced code blocks blanked, and inline code spans unless `keepSpans` (line breaks kept). */
function withoutCode(markdown: string, keepSpans = false): string {
  const lines = markdown.split("\n");
  let fence: string | null = null;
  return lines
    .map((line) => {
      const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === null && opening) {
        fence = opening[1]!;
        return "";
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence)) fence = null;
        return "";
      }
      return keepSpans ? line : line.replace(/(`+)[\s\S]*?\1/g, (code) => " ".repeat(code.length));
    })
    .join("\n");
}

/** Every link and image target of a page, with its line number. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  withoutCode(markdown)
    .split("\n")
    .forEach((text, index) => {
      for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: index + 1, target: match[1]! });
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text);
      if (definition) links.push({ line: index + 1, target: definition[1]! });
    });
  return links;
}

/** GitHub's anchor of a heading: its text as rendered, lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image: its text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*]/g, "") // code and emphasis markers
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

/** Every anchor a page offers: its headings' slugs (repeats numbered as GitHub does) and explicit `<a id|name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown, true).split("\n")) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]!);
  }
  return anchors;
}

/** Joins a page's path ("docs/api/x.md") and a relative target; null when the result leaves the repository. */
function resolve(page: string, target: string): string | null {
  const parts = page.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/**
 * What is wrong with each link of `page` (a path from the repository's root),
 * given the repository's files and the contents of its Markdown pages: one
 * message per broken link, none when every link resolves.
 */
function brokenLinks(page: string, markdown: string, files: Set<string>, pages: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    const where = `${page}:${line}: ${target}`;
    if (/^(https?:|mailto:)/i.test(target)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/") || target === "") {
      problems.push(`${where}: not a relative link`);
      continue;
    }
    const [pathPart = "", anchor] = target.split("#", 2) as [string, string | undefined];
    let file = page;
    if (pathPart !== "") {
      const resolved = resolve(page, decodeURIComponent(pathPart));
      if (resolved === null) {
        problems.push(`${where}: leaves the repository`);
        continue;
      }
      const isFolder = [...files].some((f) => f.startsWith(`${resolved}/`));
      if (!files.has(resolved) && !isFolder) {
        problems.push(`${where}: no such file or folder (${resolved})`);
        continue;
      }
      file = resolved;
    }
    if (anchor === undefined) continue;
    const text = file === page ? markdown : pages[file];
    if (text === undefined) problems.push(`${where}: an anchor into ${file}, which is not a Markdown page of README.md or docs/`);
    else if (!anchorsOf(text).has(decodeURIComponent(anchor))) problems.push(`${where}: no heading of ${file} has the anchor #${anchor}`);
  }
  return problems;
}

/**
 * Every `src/…`, `test/…` or `scripts/…` path a page names (in code spans or in
 * text, links aside), with its line number. A trailing `.`, `,` or `:` ends the
 * sentence, not the path.
 */
function namedPathsOf(markdown: string): Link[] {
  const paths: Link[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(/(?<![\w./@-])((?:src|test|scripts)\/[\w.*\-/<>{}]*)/g)) {
      paths.push({ line: index + 1, target: match[1]!.replace(/[.,:]+$/, "") });
    }
  });
  return paths;
}

/**
 * Whether a named path exists among `files`: a file, a folder (with or without
 * its trailing slash), or a pattern that matches one of them, where `*` stands
 * for any part of one name, `**` for any folders, and `<name>` or `{name}` for
 * one name.
 */
function pathExists(path: string, files: Set<string>): boolean {
  const bare = path.replace(/\/$/, "");
  if (!/[*<{]/.test(bare)) return files.has(bare) || [...files].some((file) => file.startsWith(`${bare}/`));
  const pattern = bare
    .split(/(\*\*\/?|\*|<[^>]*>|\{[^}]*\})/)
    .map((part) => (part.startsWith("**") ? "(?:.*/)?" : /^(\*|<|\{)/.test(part) ? "[^/]*" : part.replace(/[.+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  const matcher = new RegExp(`^${pattern}(?:/.*)?$`);
  return [...files].some((file) => matcher.test(file));
}

/** Dated result files keep the paths of the day they were measured on. */
const isDatedResult = (page: string): boolean => /^docs\/performance\/results\/.*\d{4}-\d{2}-\d{2}/.test(page);

const pages: Record<string, string> = Object.fromEntries(Object.entries(PAGES).map(([key, text]) => [key.slice(1), text]));

describe("documentation links", () => {
  it("finds the README and the docs pages", () => {
    expect(Object.keys(pages)).toContain("README.md");
    expect(Object.keys(pages).filter((page) => page.startsWith("docs/")).length).toBeGreaterThan(10);
    expect(FILES.has("package.json") && FILES.has("src/index.ts")).toBe(true);
  });

  it.each(Object.keys(pages).sort())("every relative link of %s resolves", (page) => {
    expect(brokenLinks(page, pages[page]!, FILES, pages)).toEqual([]);
  });

  it.each(Object.keys(pages).sort())("%s cites nothing outside the repository", (page) => {
    const text = pages[page]!;
    expect(text).not.toMatch(/\.\.\/shared|\bseed\b|contract\s*§|CONTRACT\.md/i);
    expect(text, "no issue numbers").not.toMatch(/(?:^|[\s(])#\d+\b|\bissues?\/\d+/im);
  });

  it.each(Object.keys(pages).filter((page) => !isDatedResult(page)).sort())("every src/, test/ and scripts/ path %s names exists", (page) => {
    const missing = namedPathsOf(pages[page]!)
      .filter(({ target }) => !pathExists(target, FILES))
      .map(({ line, target }) => `${page}:${line}: ${target}`);
    expect(missing).toEqual([]);
  });
});

describe("the link checker", () => {
  const files = new Set(["README.md", "docs/api/cors.md", "src/index.ts"]);
  const docs = { "README.md": "# Title\n\n## Try it with `curl`\n", "docs/api/cors.md": "# Browser clients (CORS)\n\n## Try it\n\n## Try it\n" };

  it("makes GitHub's anchors", () => {
    expect(slugOf("Differences from Sylius 1.8")).toBe("differences-from-sylius-18");
    expect(slugOf("Safe retries: Idempotency-Key")).toBe("safe-retries-idempotency-key");
    expect(slugOf("Countries — `/api/v1/countries/`")).toBe("countries--apiv1countries");
    expect(slugOf("Shown by `npm run bench:retries`")).toBe("shown-by-npm-run-benchretries");
    expect(slugOf("CPU cost of one recalculation (pure engine, V8)")).toBe("cpu-cost-of-one-recalculation-pure-engine-v8");
    expect([...anchorsOf(docs["docs/api/cors.md"])]).toEqual(["browser-clients-cors", "try-it", "try-it-1"]);
  });

  it("accepts links that resolve", () => {
    const page = "[a](api/cors.md) [b](api/cors.md#try-it-1) [c](../README.md#try-it-with-curl) [d](#getting-started) ![e](../src/index.ts) [f](https://example.com/x.md)\n\n## Getting started\n";
    expect(brokenLinks("docs/README.md", page, files, docs)).toEqual([]);
    expect(brokenLinks("docs/README.md", "```\n[not a link](nowhere.md)\n```\n`[nor](this.md)`\n[ref]: api/cors.md\n", files, docs)).toEqual([]);
  });

  it("reports a missing file, a missing anchor, a link out of the repository and an absolute link", () => {
    expect(brokenLinks("README.md", "[a](docs/api/corz.md)", files, docs)).toEqual(["README.md:1: docs/api/corz.md: no such file or folder (docs/api/corz.md)"]);
    expect(brokenLinks("README.md", "text\n[a](docs/api/cors.md#try-it-2)", files, docs)).toEqual(["README.md:2: docs/api/cors.md#try-it-2: no heading of docs/api/cors.md has the anchor #try-it-2"]);
    expect(brokenLinks("README.md", "[a](#nowhere)", files, docs)).toHaveLength(1);
    expect(brokenLinks("README.md", "![a](../shared/x.png)", files, docs)).toEqual(["README.md:1: ../shared/x.png: leaves the repository"]);
    expect(brokenLinks("README.md", "[a](/docs/api/cors.md) [b](file:///etc/passwd)", files, docs)).toHaveLength(2);
    expect(brokenLinks("README.md", "[ref]: docs/missing.md", files, docs)).toHaveLength(1);
  });

  it("finds named paths and matches them, globs and placeholders included", () => {
    expect(namedPathsOf("See `src/index.ts`, then test/unit/ and scripts/bench*.mjs.\nNot my-src/x or ./src/y.")).toEqual([
      { line: 1, target: "src/index.ts" },
      { line: 1, target: "test/unit/" },
      { line: 1, target: "scripts/bench*.mjs" },
    ]);
    const tree = new Set(["src/index.ts", "src/http/resources/taxons/routes.ts", "test/unit/a.test.ts", "scripts/bench-cost.mjs"]);
    expect(["src/index.ts", "src/http/", "test/unit", "scripts/bench*.mjs", "src/http/resources/<name>/routes.ts", "test/**/*.test.ts"].filter((path) => !pathExists(path, tree))).toEqual([]);
    expect(["src/http/cart/", "src/inde.ts", "test/edge/*.test.ts", "src/http/resources/<name>/form.ts"].filter((path) => pathExists(path, tree))).toEqual([]);
  });
});
