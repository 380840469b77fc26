// `npm start [-- wrangler dev args]`: applies pending migrations to the local
// D1, loads the demo data (idempotent), then serves with `wrangler dev` on
// port 8787. `--persist-to DIR` applies to all three steps, so
// `npm start -- --port 8790 --persist-to /tmp/x` is a fresh, separate instance.
import { prepareLocalDatabase } from "./lib/local-db.mjs";
import { persistTo, wrangler } from "./lib/wrangler.mjs";

const args = process.argv.slice(2);

console.log("Applying migrations and loading demo data into the local database...");
await prepareLocalDatabase({ persistTo: persistTo(args) });

const port = args.some((a) => a === "--port" || a.startsWith("--port=")) ? [] : ["--port", "8787"];
console.log("Starting wrangler dev...");
await wrangler(["dev", ...port, ...args], { env: { CI: process.env.CI ?? "" } });
