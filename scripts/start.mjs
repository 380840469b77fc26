// `npm start [-- wrangler dev args]`: applies pending migrations to the local
// D1, loads the demo data (idempotent), then serves with `wrangler dev` on
// port 8787. `--persist-to DIR` applies to all three steps, so
// `npm start -- --port 8790 --persist-to /tmp/x` is a fresh, separate instance.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoAccountsSql } from "./demo/accounts.mjs";
import { persistTo, wrangler } from "./lib/wrangler.mjs";

const args = process.argv.slice(2);
const dir = persistTo(args);
const local = ["--local", ...(dir ? ["--persist-to", dir] : [])];
const here = path.dirname(fileURLToPath(import.meta.url));

console.log("Applying migrations to the local database...");
await wrangler(["d1", "migrations", "apply", "DB", ...local]);

console.log("Loading demo data...");
const tmp = mkdtempSync(path.join(tmpdir(), "demo-"));
const file = path.join(tmp, "demo.sql");
writeFileSync(file, `${readFileSync(path.join(here, "demo", "catalog.sql"), "utf8")}\n${demoAccountsSql()}`);
try {
  await wrangler(["d1", "execute", "DB", ...local, "--file", file, "--yes"], { stdio: ["ignore", "ignore", "inherit"] });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const port = args.some((a) => a === "--port" || a.startsWith("--port=")) ? [] : ["--port", "8787"];
console.log("Starting wrangler dev...");
await wrangler(["dev", ...port, ...args], { env: { CI: process.env.CI ?? "" } });
