// Fails when worker-configuration.d.ts (the generated Env type) is stale:
// regenerates it exactly as `npm run types` does, compares the whole text,
// then puts the committed file back. (`wrangler types --check` only compares
// a hash of the configuration kept in the file's header, so it would not
// notice a hand edit of the types or a wrangler that now generates them
// differently.) Run by `npm run types:check` and .ci/run.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wrangler } from "./lib/wrangler.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "worker-configuration.d.ts");

const committed = readFileSync(file, "utf8");
let generated;
try {
  await wrangler(["types", "--include-runtime=false"], { stdio: ["ignore", "ignore", "inherit"] });
  generated = readFileSync(file, "utf8");
} finally {
  writeFileSync(file, committed);
}
if (generated !== committed) {
  console.error("worker-configuration.d.ts is out of date with wrangler.toml: run `npm run types` and commit the result.");
  process.exit(1);
}
console.log("worker-configuration.d.ts is up to date.");
