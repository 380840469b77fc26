// `npm run bench [-- --quick]`: starts the worker locally (wrangler dev on a
// fresh local D1), builds carts of 1, 50 and 500 items and one item of
// quantity 9999, and measures add item / change quantity / remove item /
// get cart at concurrency 1 and 10: requests/s, p50/p99 latency, D1 round
// trips per request and rows written per change (both from Server-Timing).
// Run twice: a plain channel (no promotion, tax or shipping) and the demo
// channel US_WEB (an active promotion, a tax rate, a shipping method). Every
// row's throughput is also given as a ratio to `GET /health` at the same
// concurrency (the worker's floor: routing, middleware, no D1), and each table
// ends with the big-cart ratio: the p50 of reading the 9999-unit cart over
// that of the one-unit cart. Then the CPU cost of the pure recalculation
// alone. Then the checkout on US_WEB (address → select shipping → select
// payment → complete, each cart its own): requests/s and D1 round trips per
// step. `--checkout` runs only the health rows and the checkout table;
// `--big` only the health rows and the one-unit and 9999-unit carts on US_WEB.
// Then the pricing-context cache's rows read per change and the latency
// model's table (scripts/bench-model.mjs); `--pricing-context` and
// `--latency` run only those. `--local-log` measures the routes against
// `GET /health` as `npm start` runs them, access log on and off
// (scripts/bench-local.mjs).
// `--webhooks` runs only the webhook delivery scenario (scripts/bench-webhooks.mjs:
// events delivered per second to a local receiver, commit-to-delivery p50/p95),
// which the full run ends with.
// Prints Markdown tables, opened by the date and the machine; `--out FILE`
// also writes them to FILE (for docs/performance/results/).
import { spawn } from "node:child_process";
import path from "node:path";
import { createReport } from "./lib/bench-report.mjs";
import { startLocalWorker } from "./lib/local-worker.mjs";
import { catalogueSql, checkoutNeedsSql, variantCode } from "./lib/catalogue-sql.mjs";
import { checkoutSteps } from "./lib/checkout-steps.mjs";
import { latencyModel, latencyTable, pricingContextRows, pricingContextTable } from "./bench-model.mjs";
import { localLogRows, localLogTable } from "./bench-local.mjs";
import { WEBHOOK_BENCH_VARS, webhookRows, webhookTable } from "./bench-webhooks.mjs";

const quick = process.argv.includes("--quick");
const checkoutOnly = process.argv.includes("--checkout");
const bigOnly = process.argv.includes("--big");
const contextOnly = process.argv.includes("--pricing-context");
const latencyOnly = process.argv.includes("--latency");
const localLogOnly = process.argv.includes("--local-log");
const webhooksOnly = process.argv.includes("--webhooks");
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };
const VARIANTS = 620;

const CATALOGUE = { product: "BENCH", count: VARIANTS, digits: 4 };
const BENCH_SQL =
  catalogueSql({
    ...CATALOGUE,
    name: "Bench product",
    prices: "500 + (v.id * 37) % 5000",
    channels: ["BENCH_PLAIN", "US_WEB"],
    plainChannel: { code: "BENCH_PLAIN", name: "Bench (no pricing rules)" },
    variantName: "Bench variant ",
  }) + checkoutNeedsSql("BENCH_PAY", "Bench offline payment");

const variant = variantCode(CATALOGUE);

async function call(method, pathname, body) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${pathname}`, { method, headers: AUTH, body: body ? JSON.stringify(body) : undefined });
  const bytes = await res.arrayBuffer();
  const ms = performance.now() - started;
  const timing = res.headers.get("Server-Timing") ?? "";
  const d1 = Number(/d1;[^,]*desc="(\d+)"/.exec(timing)?.[1] ?? NaN);
  const rows = Number(/rows;desc="(\d+)"/.exec(timing)?.[1] ?? 0);
  if (res.status >= 400) throw new Error(`${method} ${pathname} → ${res.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
  // Decoded and parsed only when a caller needs it: parsing a 2 MB body here
  // would block the client's event loop and add its time to the latency of
  // every request in flight at that moment.
  return {
    status: res.status,
    ms,
    d1,
    rows,
    get body() {
      return bytes.byteLength ? JSON.parse(new TextDecoder().decode(bytes)) : null;
    },
  };
}

async function createCart(channel) {
  return (await call("POST", "/api/v1/carts/", { customer: "shop@example.com", channel, localeCode: "en_US" })).body.id;
}

/** Runs `count` operations over `concurrency` workers; `op(worker, i)` returns a call result. */
async function measure(count, concurrency, op) {
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        samples.push(await op(worker, i));
      }
    }),
  );
  const elapsed = performance.now() - started;
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const pick = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  const rows = samples.map((s) => s.rows).sort((a, b) => a - b);
  return {
    rps: (samples.length / elapsed) * 1000,
    p50: pick(0.5),
    p99: pick(0.99),
    d1: Math.max(...samples.map((s) => s.d1)),
    rows: rows[Math.floor(rows.length / 2)],
  };
}

async function fill(cartId, items) {
  for (let i = 0; i < items; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, items - i) }, (_, k) => call("POST", `/api/v1/carts/${cartId}/items/`, { variant: variant(i + k), quantity: 1 })),
    );
  }
  return (await call("GET", `/api/v1/carts/${cartId}`)).body;
}

async function scenario(channel, label, size, concurrency) {
  const cartId = await createCart(channel);
  const iterations = quick ? 20 : size === "9999" ? 40 : 100;
  let items;
  let base;
  if (size === "9999") {
    await call("POST", `/api/v1/carts/${cartId}/items/`, { variant: variant(0), quantity: 9999 });
    items = (await call("GET", `/api/v1/carts/${cartId}`)).body.items;
    base = 1;
  } else {
    base = Math.max(1, size - concurrency);
    items = (await fill(cartId, base)).items;
  }
  const results = [];
  results.push(["get cart", await measure(iterations, concurrency, () => call("GET", `/api/v1/carts/${cartId}`))]);
  results.push([
    "change quantity",
    await measure(iterations, concurrency, (worker, i) => {
      const item = items[worker % items.length];
      const q = size === "9999" ? 9998 + (i % 2) : 1 + (i % 2);
      return call("PATCH", `/api/v1/carts/${cartId}/items/${item.id}`, { quantity: q });
    }),
  ]);
  // Add then remove a fresh variant per worker, so the cart keeps its size.
  const added = new Map();
  const addRemove = async (worker, phase) => {
    const code = variant(base + worker);
    if (phase === "add") {
      const r = await call("POST", `/api/v1/carts/${cartId}/items/`, { variant: code, quantity: 1 });
      added.set(worker, r.body.id);
      return r;
    }
    return call("DELETE", `/api/v1/carts/${cartId}/items/${added.get(worker)}`);
  };
  const addSamples = [];
  const removeSamples = [];
  const pairs = quick ? 10 : 40;
  const startedPairs = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; i < pairs; i += concurrency) {
        addSamples.push(await addRemove(worker, "add"));
        removeSamples.push(await addRemove(worker, "remove"));
      }
    }),
  );
  const pairElapsed = performance.now() - startedPairs;
  const summarize = (samples) => {
    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const rows = samples.map((s) => s.rows).sort((a, b) => a - b);
    return {
      // Adds and removes alternate: the rate is that of the whole add/remove loop.
      rps: ((addSamples.length + removeSamples.length) / pairElapsed) * 1000,
      p50: ms[Math.floor(ms.length / 2)],
      p99: ms[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))],
      d1: Math.max(...samples.map((s) => s.d1)),
      rows: rows[Math.floor(rows.length / 2)],
    };
  };
  results.push(["add item", summarize(addSamples)]);
  results.push(["remove item", summarize(removeSamples)]);
  return results.map(([op, r]) => ({ label, op, concurrency, ...r }));
}


/**
 * The checkout on US_WEB, one fresh cart (one item) per walk: each step
 * measured over all walks, `concurrency` walks at a time.
 */
async function checkoutRows(concurrency) {
  const walks = quick ? 10 : 60;
  const carts = [];
  for (let i = 0; i < walks; i++) {
    const cartId = await createCart("US_WEB");
    await call("POST", `/api/v1/carts/${cartId}/items/`, { variant: variant(i % VARIANTS), quantity: 1 });
    carts.push(cartId);
  }
  const steps = checkoutSteps({ payment: "BENCH_PAY", who: "Bench" }).map((step) => [step.label, (id) => call(step.method, step.path(id), step.body)]);
  const rows = [];
  for (const [op, run] of steps) {
    const result = await measure(walks, concurrency, (_worker, i) => run(carts[i]));
    rows.push({ label: "checkout", op, concurrency, ...result });
  }
  return rows;
}

/** `GET /health` at each concurrency: the floor every other row is compared with. */
async function healthRows() {
  const rows = [];
  for (const concurrency of [1, 10]) {
    const result = await measure(quick ? 50 : 200, concurrency, () => call("GET", "/health"));
    rows.push({ label: "–", op: "GET /health", concurrency, ...result, d1: 0 });
  }
  return rows;
}

function table(rows, health) {
  const lines = [
    "| cart | operation | concurrency | req/s | × health | p50 ms | p99 ms | D1 round trips (max) | rows written (median) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of [...health, ...rows]) {
    const rows = r.op === "get cart" || r.op === "GET /health" ? "–" : String(r.rows);
    const base = health.find((h) => h.concurrency === r.concurrency);
    const ratio = base ? (r.rps / base.rps).toFixed(2) : "–";
    lines.push(
      `| ${r.label} | ${r.op} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${ratio} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.d1} | ${rows} |`,
    );
  }
  return lines.join("\n");
}

/** The big-cart goal: reading one item of 9999 units against reading one unit, p50, per concurrency. */
function bigCartRatios(rows) {
  const p50 = (label, concurrency) => rows.find((r) => r.label === label && r.op === "get cart" && r.concurrency === concurrency)?.p50;
  return [1, 10]
    .map((concurrency) => {
      const big = p50("1 item × 9999", concurrency);
      const small = p50("1 item", concurrency);
      return `concurrency ${concurrency}: ${(big / small).toFixed(1)}× (${big.toFixed(1)} / ${small.toFixed(1)} ms)`;
    })
    .join("; ");
}

function recalculationCost() {
  return new Promise((resolve, reject) => {
    const child = spawn("tsx", [path.join(import.meta.dirname, "bench-recalc.ts")], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out.trim().split("\n").map((l) => JSON.parse(l))) : reject(new Error(`bench-recalc exited ${code}`))));
  });
}

/** `--big`: the one-unit and the 9999-unit cart on US_WEB only, for the big-cart ratio. */
async function bigCartOnly(health, report) {
  const rows = [];
  for (const [label, size] of [["1 item", 1], ["1 item × 9999", "9999"]]) {
    for (const concurrency of [1, 10]) rows.push(...(await scenario("US_WEB", label, size, concurrency)));
  }
  report.log(`\n### US_WEB, big-cart rows only\n\n${table(rows, health)}\n`);
  report.log(`Big cart read (9999 units ÷ 1 unit, p50): ${bigCartRatios(rows)}\n`);
}

async function printPricingContext(base, report) {
  report.log(`\n### Rows read per change (pricing-context cache, cart kept by its object)\n\n${pricingContextTable(await pricingContextRows(base, [variant(0), variant(1)]))}\n`);
}

async function printLatencyModel() {
  const rows = await latencyModel({ port: PORT, extraSql: BENCH_SQL, variantCode: variant(1), runs: quick ? 3 : 9 });
  console.log(`\n### Latency model: a far shopper, per cart-object placement\n\n${latencyTable(rows)}\n`);
}

async function printLocalLog() {
  const report = createReport("npm run bench");
  const rows = await localLogRows({ port: PORT, extraSql: BENCH_SQL, variant, productCode: "BENCH", count: quick ? 80 : 200 });
  report.log(`\n### npm start's defaults: the routes against GET /health, access log on and off\n\n${localLogTable(rows)}\n`);
  report.save();
}

async function printWebhooks(base, report) {
  console.error("webhook delivery...");
  const row = await webhookRows({ base, count: quick ? 60 : 300 });
  report.log(`\n### Webhook delivery (tax categories created 10 at a time; a local receiver verifying every signature)\n\n${webhookTable(row)}\n`);
}

async function main() {
  if (latencyOnly) return printLatencyModel();
  if (localLogOnly) return printLocalLog();
  const report = createReport("npm run bench");
  const server = await startLocalWorker({ port: PORT, extraSql: BENCH_SQL, vars: WEBHOOK_BENCH_VARS });
  try {
    if (contextOnly) return await printPricingContext(server.base, report);
    if (webhooksOnly) return await printWebhooks(server.base, report);
    const health = await healthRows();
    if (bigOnly) return await bigCartOnly(health, report);
    const checkout = [];
    for (const concurrency of [1, 10]) {
      console.error(`checkout, concurrency ${concurrency}...`);
      checkout.push(...(await checkoutRows(concurrency)));
    }
    report.log(`\n### Checkout on US_WEB (one cart of one item per walk; each step over all walks)\n\n${table(checkout, health)}\n`);
    if (checkoutOnly) return;
    for (const [channel, title] of [
      ["BENCH_PLAIN", "Channel without promotions, taxes or shipping (units and totals only)"],
      ["US_WEB", "Channel US_WEB: active 10% promotion, 8% tax rate, flat-rate shipping"],
    ]) {
      const rows = [];
      for (const [label, size] of [["1 item", 1], ["50 items", 50], ["500 items", 500], ["1 item × 9999", "9999"]]) {
        for (const concurrency of [1, 10]) {
          console.error(`${channel}: ${label}, concurrency ${concurrency}...`);
          rows.push(...(await scenario(channel, label, size, concurrency)));
        }
      }
      report.log(`\n### ${title}\n\n${table(rows, health)}\n`);
      report.log(`Big cart read (9999 units ÷ 1 unit, p50): ${bigCartRatios(rows)}\n`);
    }
    const cost = await recalculationCost();
    report.log("\n### CPU cost of one recalculation (pure engine, V8)\n");
    report.log("| cart | units | adjustments | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|");
    for (const c of cost) report.log(`| ${c.name} | ${c.units} | ${c.adjustments} | ${c.p50.toFixed(2)} | ${c.p99.toFixed(2)} |`);
    await printPricingContext(server.base, report);
    await printWebhooks(server.base, report);
  } finally {
    server.stop();
    report.save();
  }
  if (!checkoutOnly && !bigOnly) await printLatencyModel();
}

await main();
