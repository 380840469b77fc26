#!/usr/bin/env node
/**
 * `npm run lint:openapi`: writes the OpenAPI document to a temporary file
 * and runs Redocly (recommended ruleset, redocly.yaml) and Spectral
 * (spectral:oas, .spectral.yaml) on it. Fails when either reports anything.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
const file = path.join(dir, "openapi.json");
let failed = false;
try {
  writeFileSync(file, execFileSync(bin("tsx"), [path.join(root, "scripts", "openapi-document.ts")], { cwd: root, maxBuffer: 64 << 20 }));
  const run = (name, args) => {
    console.log(`\n$ ${name} ${args.join(" ")}`);
    try {
      // No telemetry or update check: CI may have no network.
      execFileSync(bin(name), args, { cwd: root, stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } });
    } catch {
      failed = true;
    }
  };
  run("redocly", ["lint", "--config", path.join(root, "redocly.yaml"), "--max-problems", "1000", file]);
  // --fail-severity hint: a warning or a hint is a failure too.
  run("spectral", ["lint", "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "hint", file]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
