#!/usr/bin/env node
/**
 * `npm run test:contract`: contract tests generated from the OpenAPI
 * document by Portman, run by Newman against a running server (not part of
 * `npm test`). The server is `CONTRACT_BASE_URL` (default
 * http://localhost:8787, what `npm start` serves); its demo data must be
 * loaded (the token `SampleToken`, the product `MUG_TH`, ...). Every run
 * deletes what it creates, so it can run again on the same instance.
 *
 * portman/portman-cli.json: the files below; portman/portman-config.json:
 * the checks, the order of the requests and the ids carried between them.
 * The document lists only the operations the service serves, so every one
 * is called; the 405 of a method a path lacks is checked by the test suite
 * (test/openapi/declared-statuses.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const baseUrl = (process.env.CONTRACT_BASE_URL ?? "http://localhost:8787").replace(/\/+$/, "");
const dir = mkdtempSync(path.join(tmpdir(), "contract-"));
let result;
try {
  // Portman writes its working files under ./tmp: run it in the temporary
  // directory, with the checked-in files' paths made absolute.
  const options = JSON.parse(readFileSync(path.join(root, "portman", "portman-cli.json"), "utf8"));
  for (const key of ["portmanConfigFile", "postmanConfigFile"]) options[key] = path.join(root, options[key]);
  const cliOptions = path.join(dir, "portman-cli.json");
  writeFileSync(cliOptions, JSON.stringify(options));
  result = spawnSync(
    path.join(root, "node_modules", ".bin", "portman"),
    ["--cliOptionsFile", cliOptions, "--url", `${baseUrl}/api/v1/openapi.json`, "--baseUrl", baseUrl, "--output", path.join(dir, "collection.json")],
    { cwd: dir, stdio: "inherit" },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(result?.status ?? 1);
