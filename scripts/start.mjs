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
// Webhooks (docs/api/webhooks.md), locally: endpoints may call a receiver on
// this machine (http://localhost, http://127.0.0.1), and signing secrets are
// sealed under a development key (deployments set their own with `wrangler
// secret put WEBHOOK_SECRETS_KEY`). Either can be overridden with `--var NAME:value`.
const given = (name) => args.some((a, i) => ((a === "--var" || a === "--vars") && args[i + 1]?.startsWith(`${name}:`)) || a.startsWith(`--var=${name}:`));
const webhookVars = [
  ...(given("WEBHOOKS_ALLOW_LOCAL_HTTP") ? [] : ["--var", "WEBHOOKS_ALLOW_LOCAL_HTTP:true"]),
  ...(given("WEBHOOK_SECRETS_KEY") ? [] : ["--var", "WEBHOOK_SECRETS_KEY:local-development-webhook-secrets-key"]),
];
console.log(logVar ? "Starting wrangler dev..." : "Starting wrangler dev (access log off locally; `npm start -- --var LOG_REQUESTS:on` shows it)...");
await wrangler(["dev", ...port, ...log, ...webhookVars, ...args], { env: { CI: process.env.CI ?? "" } });
