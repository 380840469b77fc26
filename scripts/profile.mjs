// `npm run profile [-- --out DIR] [-- only1,only2]`: CPU profiles of the
// worker's hot paths under `npm start`'s defaults. Starts `wrangler dev` as
// `npm start` does (access log off, fresh local D1 with the demo data, a
// product of 40 variants and 100 placed orders) with its inspector on
// PROFILE_INSPECTOR_PORT (default 9230), connects to the inspector's
// WebSocket (wrangler's inspector proxy wants an `Origin` of localhost; a
// client that sends a User-Agent and no Origin, as Node's WebSocket does, is
// refused with 400 "Expected `Origin` header"), and for each scenario runs
// `Profiler.start`, drives it at concurrency 8, `Profiler.stop`. The worker
// and its cart objects share one isolate, so one profile holds both.
// Prints, per scenario, the top functions by self time, each with its source
// module (from the `// src/...` markers esbuild leaves in wrangler's bundle),
// and the self time per module; writes each `.cpuprofile` (and the bundle
// its line numbers refer to, worker-bundle.js) (open it in Chrome
// DevTools' Performance panel or speedscope) to `--out DIR` (default
// .wrangler/profiles). Port: PROFILE_PORT (default 8796); PROFILE_COUNT:
// requests per scenario (default 400); PROFILE_TOP: rows (default 25).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startLocalWorker } from "./lib/local-worker.mjs";
import { catalogueSql, checkoutNeedsSql, variantCode } from "./lib/catalogue-sql.mjs";
import { checkoutSteps } from "./lib/checkout-steps.mjs";

const PORT = Number(process.env.PROFILE_PORT ?? process.env.BENCH_PORT ?? 8796);
const INSPECTOR = Number(process.env.PROFILE_INSPECTOR_PORT ?? 9230);
const COUNT = Number(process.env.PROFILE_COUNT ?? 400);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const CONCURRENCY = 8;
const VARIANTS = 40;
const ORDERS = 100;
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };
const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const OUT = outIndex >= 0 ? args[outIndex + 1] : path.join(".wrangler", "profiles");
const only = args.filter((a, i) => !a.startsWith("--") && (outIndex < 0 || i !== outIndex + 1)).flatMap((a) => a.split(","));

const CATALOGUE = { product: "PROFILE", count: VARIANTS, digits: 3 };
const SQL =
  catalogueSql({ ...CATALOGUE, name: "Profiled product", slug: "profiled", prices: "500 + (v.id * 37) % 5000", channels: ["US_WEB"], variantName: "Profiled variant ", listedIn: "US_WEB" }) +
  checkoutNeedsSql("PROFILE_PAY", "Offline");
const variant = variantCode(CATALOGUE);

/** The worker as `npm start` runs it (wrangler's default log level, access log off), with its inspector open. */
const start = () => startLocalWorker({ port: PORT, extraSql: SQL, inspectorPort: INSPECTOR, logLevel: null });

const RESULT_NEEDED = new Set(["Profiler.stop", "Debugger.getScriptSource", "Debugger.enable"]);

/** One DevTools protocol session over the inspector proxy's WebSocket. */
async function inspector() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`No inspector target at 127.0.0.1:${INSPECTOR}/json`);
  // Node's WebSocket takes headers (undici); the proxy checks Host and Origin.
  // eslint-disable-next-line no-undef -- Node 22 has a global WebSocket (undici), which takes headers.
  const ws = new WebSocket(url, { headers: { Origin: "http://localhost" } });
  const pending = new Map();
  const scripts = new Map();
  let nextId = 0;
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.method === "Debugger.scriptParsed") scripts.set(message.params.scriptId, message.params.url);
    // workerd answers the Profiler's enable, start and setSamplingInterval by
    // sending the request back (no `result`); others have `result` or `error`.
    const answered = "result" in message || "error" in message || !RESULT_NEEDED.has(message.method);
    if (message.id !== undefined && pending.has(message.id) && answered) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${message.error.message}`));
      else resolve(message.result ?? {});
    }
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error(`The inspector refused the WebSocket at ${url}`)), { once: true });
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, scripts, close: () => ws.close() };
}

/** Line → source module of the bundle, from esbuild's `// path` comments. */
function moduleMap(source, url) {
  const marks = [];
  source.split("\n").forEach((line, i) => {
    const m = /^\/\/ ((?:src|node_modules|\.\.\/)\S*\.(?:ts|js|mjs|cjs))$/.exec(line);
    if (m) marks.push([i, m[1].replace(/^.*node_modules\//, "")]);
  });
  return (line) => {
    let lo = 0;
    let hi = marks.length - 1;
    let found = marks.length ? "(bundle)" : url;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid][0] <= line) {
        found = marks[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** Self time (ms) per function and per module of one profile. */
function summarize(profile, moduleOf) {
  const total = profile.endTime - profile.startTime;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = deltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
  }
  const functions = new Map();
  const modules = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || "(anonymous)";
    const module = callFrame.url ? moduleOf(callFrame.url, callFrame.lineNumber) : name.startsWith("(") ? name : "(native)";
    const key = `${name} · ${module}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    modules.set(module, (modules.get(module) ?? 0) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000]);
  return { totalMs: total / 1000, functions: sorted(functions), modules: sorted(modules) };
}

async function drive(count, op) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const res = await op(i);
        await res.arrayBuffer();
        if (res.status >= 400) throw new Error(`${res.url} → ${res.status}`);
      }
    }),
  );
  return performance.now() - started;
}

const send = (base, method, pathname, body) => fetch(`${base}${pathname}`, { method, headers: AUTH, body: body === undefined ? undefined : JSON.stringify(body) });
const json = async (res) => {
  if (res.status >= 400) throw new Error(`${res.url} → ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
};

async function placeOrders(base, count) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const { id } = await json(await send(base, "POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" }));
        for (let k = 0; k < 1 + (i % 3); k++) await json(await send(base, "POST", `/api/v1/carts/${id}/items/`, { variant: variant(i + k), quantity: 1 + k }));
        for (const step of checkoutSteps({ payment: "PROFILE_PAY", who: "Profile" })) await json(await send(base, step.method, step.path(id), step.body));
      }
    }),
  );
}

async function main() {
  const server = await start();
  const { base } = server;
  let session;
  try {
    if (only.length === 0 || only.includes("orders")) {
      console.error(`Placing ${ORDERS} orders...`);
      await placeOrders(base, ORDERS);
    }
    const cartOf = async (items, quantity = 1) => {
      const { id } = await json(await send(base, "POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" }));
      for (let i = 0; i < items; i++) await json(await send(base, "POST", `/api/v1/carts/${id}/items/`, { variant: variant(i), quantity }));
      return id;
    };
    const twenty = await cartOf(20);
    const one = await cartOf(1);
    const itemId = (await json(await send(base, "GET", `/api/v1/carts/${one}`))).items[0].id;
    const scenarios = [
      ["health", "GET /health", () => send(base, "GET", "/health")],
      ["cart-read", "GET a cart of 20 items", () => send(base, "GET", `/api/v1/carts/${twenty}`)],
      ["change", "PATCH an item's quantity (cart of 1 item)", (i) => send(base, "PATCH", `/api/v1/carts/${one}/items/${itemId}`, { quantity: 2 + (i % 2) })],
      ["variants", "GET a product's variants (10 per page)", () => send(base, "GET", "/api/v1/products/PROFILE/variants/?limit=10")],
      ["orders", "GET orders, 100 per page", () => send(base, "GET", "/api/v1/orders/?limit=100"), Math.ceil(COUNT / 8)],
    ].filter(([key]) => only.length === 0 || only.includes(key));

    session = await inspector();
    await session.send("Debugger.enable");
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    const modules = new Map();
    const moduleOf = async (scriptId, url) => {
      if (!modules.has(url)) {
        try {
          const { scriptSource } = await session.send("Debugger.getScriptSource", { scriptId });
          modules.set(url, moduleMap(scriptSource, url));
          if (/^\/\/ src\//m.test(scriptSource)) writeFileSync(path.join(OUT, "worker-bundle.js"), scriptSource);
        } catch {
          modules.set(url, () => url);
        }
      }
      return modules.get(url);
    };
    mkdirSync(OUT, { recursive: true });
    console.log(`CPU profiles under npm start's defaults (access log off), concurrency ${CONCURRENCY}; self time of the worker's isolate (worker and cart objects).\n`);
    for (const [key, label, op, count = COUNT] of scenarios) {
      await drive(Math.min(40, count), op); // warm-up
      await session.send("Profiler.start");
      const ms = await drive(count, op);
      const { profile } = await session.send("Profiler.stop");
      const file = path.join(OUT, `${key}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const resolvers = new Map();
      for (const node of profile.nodes) {
        const { scriptId, url } = node.callFrame;
        if (url && !resolvers.has(url)) resolvers.set(url, await moduleOf(scriptId, url));
      }
      const summary = summarize(profile, (url, line) => resolvers.get(url)(line));
      const busy = summary.functions.filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(program)")).reduce((s, [, v]) => s + v, 0);
      const idle = summary.functions.find(([k]) => k.startsWith("(idle)"))?.[1] ?? 0;
      console.log(`### ${label}: ${count} requests in ${ms.toFixed(0)} ms (${((count / ms) * 1000).toFixed(0)} req/s)\n`);
      // Samples are wall-clock: on a loaded machine they include time the isolate's thread waited for a core.
      console.log(`Sampled busy time per request: ${((busy / count) * 1000).toFixed(0)} µs (idle ${((idle / summary.totalMs) * 100).toFixed(0)}% of the profile). Profile: ${file}\n`);
      console.log("| self ms | % of busy | function · module:line |\n|---:|---:|---|");
      for (const [k, v] of summary.functions.filter(([k]) => !k.startsWith("(idle)")).slice(0, TOP)) {
        console.log(`| ${v.toFixed(1)} | ${((v / busy) * 100).toFixed(1)} | ${k.replaceAll("|", "\\|")} |`);
      }
      console.log("\nBy module:\n\n| self ms | % of busy | module |\n|---:|---:|---|");
      for (const [k, v] of summary.modules.filter(([k]) => k !== "(idle)").slice(0, 15)) {
        console.log(`| ${v.toFixed(1)} | ${((v / busy) * 100).toFixed(1)} | ${k} |`);
      }
      console.log("");
    }
  } finally {
    session?.close();
    server.stop();
  }
}

await main();
