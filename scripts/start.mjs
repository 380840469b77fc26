// `npm start [-- wrangler dev args]`: applies pending migrations to the local
// D1, loads the demo data (idempotent), then serves with `wrangler dev` on
// port 8787. `--persist-to DIR` applies to all three steps, so
// `npm start -- --port 8790 --persist-to /tmp/x` is a fresh, separate instance.
// The access log is off unless `--var LOG_REQUESTS:on` is given (see below).
import { prepareLocalDatabase } from "./lib/local-db.mjs";
import { persistTo, wrangler } from "./lib/wrangler.mjs";

const args = process.argv.slice(2);

console.log("Applying migrations and loading demo data into the local database...");
await prepareLocalDatabase({ persistTo: persistTo(args) });

const port = args.some((a) => a === "--port" || a.startsWith("--port=")) ? [] : ["--port", "8787"];
// The access log is off locally unless asked for (`npm start -- --var LOG_REQUESTS:on`):
// under wrangler dev every console line is sent to wrangler's own process and
// printed there, which costs more than the request itself (`npm run bench --
// --local-log`). Deployments keep wrangler.toml's "on".
const logVar = args.some((a, i) => (a === "--var" || a === "--vars") && args[i + 1]?.startsWith("LOG_REQUESTS:")) || args.some((a) => a.startsWith("--var=LOG_REQUESTS:"));
const log = logVar ? [] : ["--var", "LOG_REQUESTS:off"];
console.log(logVar ? "Starting wrangler dev..." : "Starting wrangler dev (access log off locally; `npm start -- --var LOG_REQUESTS:on` shows it)...");
await wrangler(["dev", ...port, ...log, ...args], { env: { CI: process.env.CI ?? "" } });
