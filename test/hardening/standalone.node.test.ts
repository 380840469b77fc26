/** The README, CHANGELOG and LICENSE a new user reads stand alone and tell the truth. */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
// `?raw` imports the files as text at build time (the test needs no file system access).
import README from "../../README.md?raw";
import CHANGELOG from "../../CHANGELOG.md?raw";
import LICENSE from "../../LICENSE?raw";
import PACKAGE from "../../package.json?raw";
import BENCH from "../../scripts/bench.mjs?raw";
import BROWSER_CHECK from "../../scripts/browser-check.mjs?raw";
import START from "../../scripts/start.mjs?raw";
import WRANGLER from "../../scripts/lib/wrangler.mjs?raw";

const read = (file: string) => ({ "README.md": README, "CHANGELOG.md": CHANGELOG, LICENSE, "package.json": PACKAGE })[file] ?? "";

describe("user-facing documents", () => {
  // That every relative link of the README (and of docs/) resolves inside the repository is
  // checked by test/docs/links.node.test.ts.
  it("README cites no outside document's sections", () => {
    expect(read("README.md")).not.toMatch(/\.\.\/shared|\bseed\b|contract\s*§|CONTRACT\.md/i);
  });

  it("README documents every accounts command and every environment variable the scripts read", () => {
    const readme = read("README.md");
    for (const command of ["create-user", "create-client", "create-token", "disable-user", "enable-user", "revoke-tokens"]) {
      expect(readme, command).toContain(`accounts -- ${command}`);
    }
    const scripts = [BENCH, BROWSER_CHECK, START, WRANGLER].join("\n");
    const variables = new Set([...scripts.matchAll(/process\.env\.([A-Z_]+)/g)].map(([, name]) => name!));
    variables.delete("PATH");
    expect(variables.size).toBeGreaterThan(2);
    for (const name of variables) expect(readme, name).toContain(`\`${name}\``);
  });

  it("ships an MIT LICENSE and a CHANGELOG", () => {
    expect(read("LICENSE")).toMatch(/^MIT License/);
    expect(read("CHANGELOG.md")).toMatch(/^# Changelog/);
  });

  it("engines tells the truth: the Node that runs the tools comes with the dev dependencies", () => {
    const pkg = JSON.parse(read("package.json")) as { engines: { node: string }; devDependencies: Record<string, string> };
    expect(pkg.devDependencies.node).toMatch(/^22\./);
    expect(read("README.md")).toContain("node_modules/.bin/wrangler");
  });
});
