// Prepares a local D1 (migrations, demo data, extra SQL) for `npm start` and `npm run bench`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoAccountsSql } from "../demo/accounts.mjs";
import { wrangler } from "./wrangler.mjs";

const scripts = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Applies pending migrations and loads the demo data (idempotent), plus any extra SQL. */
export async function prepareLocalDatabase({ persistTo, extraSql = "", quiet = false } = {}) {
  const local = ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const stdio = quiet ? ["ignore", "ignore", "inherit"] : "inherit";
  await wrangler(["d1", "migrations", "apply", "DB", ...local], { stdio });
  const tmp = mkdtempSync(path.join(tmpdir(), "demo-"));
  const file = path.join(tmp, "demo.sql");
  const catalog = readFileSync(path.join(scripts, "demo", "catalog.sql"), "utf8");
  writeFileSync(file, `${catalog}\n${demoAccountsSql()}\n${extraSql}`);
  try {
    await wrangler(["d1", "execute", "DB", ...local, "--file", file, "--yes"], { stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
