// `npm run bench:retries [-- --quick]`: shows that `Idempotency-Key` makes
// retries safe. Starts the worker locally (wrangler dev on a fresh local D1),
// then adds items to carts where every add is sent twice: a first attempt
// aborted by the client after a random short delay (it may never arrive, be
// cut off while the worker runs it, or complete unseen), then a retry with the
// same key, repeated while the first is still running (409) until it answers.
// The final carts are compared with what was intended: every unit more than
// intended is a duplicate, every unit less a lost add. The same run without
// the header is the control: there, a retry after a completed first attempt
// adds the units again. Prints a Markdown table, opened by the date and the
// machine; `--out FILE` also writes it to FILE (for docs/performance/results/).
/* global AbortController, clearTimeout -- Node 22 has them; the scripts' lint globals list only what other scripts use */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createReport } from "./lib/bench-report.mjs";
import { startLocalWorker } from "./lib/local-worker.mjs";
import { catalogueSql, variantCode } from "./lib/catalogue-sql.mjs";

const quick = process.argv.includes("--quick");
const PORT = Number(process.env.BENCH_PORT ?? 8796);
const BASE = `http://127.0.0.1:${PORT}`;
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };
const VARIANTS = 30;
const CARTS = quick ? 8 : 30;
const ADDS_PER_CART = quick ? 8 : 20;
const CONCURRENCY = 8;
/** The first attempt is aborted after 0 to this many milliseconds. */
const MAX_ABORT_MS = 120;

const CATALOGUE = { product: "RETRY", count: VARIANTS, digits: 2 };
const RETRY_SQL = catalogueSql({
  ...CATALOGUE,
  name: "Retry product",
  prices: "1000",
  channels: ["RETRY_PLAIN"],
  plainChannel: { code: "RETRY_PLAIN", name: "Retry bench" },
  categorized: false,
});
const variant = variantCode(CATALOGUE);

async function json(method, pathname, body, headers = {}) {
  const res = await fetch(`${BASE}${pathname}`, { method, headers: { ...AUTH, ...headers }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${pathname} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Sends a request and reads its answer, giving up after `ms`. The race with
 * the abort is needed: Node 22's fetch (undici 6) can leave `text()` pending
 * for ever when the signal aborts while the body is being read (seen: headers
 * 201 received, abort fired, body never settled), which once made this
 * script wait for ever on answers the worker had already sent.
 */
async function abortedAfter(ms, send) {
  const controller = new AbortController();
  const gaveUp = new Promise((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }));
  gaveUp.catch(() => undefined);
  const timer = setTimeout(() => controller.abort(new Error(`client gave up after ${ms} ms`)), ms);
  try {
    const res = await Promise.race([send(controller.signal), gaveUp]);
    await Promise.race([res.text(), gaveUp]).catch((error) => {
      res.body?.cancel().catch(() => undefined);
      throw error;
    });
    return res;
  } finally {
    clearTimeout(timer);
  }
}

/** One add, as an unlucky client sends it: an aborted attempt, then retries (same key when `withKey`). */
async function addWithRetry(cartId, body, withKey, stats) {
  const headers = { ...AUTH, ...(withKey ? { "Idempotency-Key": randomUUID() } : {}) };
  const init = { method: "POST", headers, body: JSON.stringify(body) };
  const url = `${BASE}/api/v1/carts/${cartId}/items`;
  try {
    await abortedAfter(Math.floor(Math.random() * MAX_ABORT_MS), (signal) => fetch(url, { ...init, signal }));
    stats.firstAnswered += 1;
  } catch {
    stats.firstAborted += 1;
  }
  // The client did not see (or does not trust) the first answer: it retries.
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await fetch(url, init);
    await res.text();
    if (res.status === 201) {
      if (res.headers.get("Idempotent-Replayed") === "true") stats.replayed += 1;
      else stats.applied += 1;
      return;
    }
    if (res.status === 409) {
      stats.inFlight409 += 1;
      await sleep(10);
      continue;
    }
    throw new Error(`retry → ${res.status}`);
  }
  throw new Error("retries exhausted");
}

async function run(withKey) {
  const stats = { adds: 0, firstAborted: 0, firstAnswered: 0, applied: 0, replayed: 0, inFlight409: 0, extraUnits: 0, missingUnits: 0, cartsWrong: 0 };
  const carts = [];
  for (let i = 0; i < CARTS; i++) {
    const cart = await json("POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "RETRY_PLAIN", localeCode: "en_US" });
    const plan = Array.from({ length: ADDS_PER_CART }, () => ({
      variant: variant(Math.floor(Math.random() * VARIANTS)),
      quantity: 1 + Math.floor(Math.random() * 3),
    }));
    carts.push({ id: cart.id, plan });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < carts.length; i = next++) {
        for (const add of carts[i].plan) {
          stats.adds += 1;
          await addWithRetry(carts[i].id, add, withKey, stats);
        }
      }
    }),
  );
  // Let first attempts that are still running in a cart object finish before reading the carts.
  await sleep(500);
  for (const cart of carts) {
    const intended = new Map();
    for (const add of cart.plan) intended.set(add.variant, (intended.get(add.variant) ?? 0) + add.quantity);
    const current = await json("GET", `/api/v1/carts/${cart.id}`);
    const actual = new Map(current.items.map((item) => [item.variant.code, item.quantity]));
    let wrong = false;
    for (const code of new Set([...intended.keys(), ...actual.keys()])) {
      const diff = (actual.get(code) ?? 0) - (intended.get(code) ?? 0);
      if (diff > 0) stats.extraUnits += diff;
      if (diff < 0) stats.missingUnits -= diff;
      if (diff !== 0) wrong = true;
    }
    if (wrong) stats.cartsWrong += 1;
  }
  return stats;
}

async function main() {
  const report = createReport("npm run bench:retries");
  const server = await startLocalWorker({ port: PORT, extraSql: RETRY_SQL });
  try {
    const rows = [];
    for (const [mode, withKey] of [["with Idempotency-Key", true], ["without (control)", false]]) {
      console.error(`${mode}: ${CARTS} carts × ${ADDS_PER_CART} adds, each first attempt aborted after 0-${MAX_ABORT_MS} ms...`);
      rows.push([mode, await run(withKey)]);
    }
    report.log(`\n### Retried adds (${CARTS} carts × ${ADDS_PER_CART} adds, first attempt aborted after 0-${MAX_ABORT_MS} ms, concurrency ${CONCURRENCY})\n`);
    report.log("| mode | adds | first attempt aborted | first attempt answered | retry applied | retry replayed | 409 (first still running) | duplicated units | lost units | carts not as intended |");
    report.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const [mode, s] of rows) {
      report.log(`| ${mode} | ${s.adds} | ${s.firstAborted} | ${s.firstAnswered} | ${s.applied} | ${s.replayed} | ${s.inFlight409} | ${s.extraUnits} | ${s.missingUnits} | ${s.cartsWrong} |`);
    }
    const keyed = rows[0][1];
    report.log(`\nDuplicates with Idempotency-Key: ${keyed.extraUnits} (expected 0).`);
    report.save();
    if (keyed.extraUnits !== 0 || keyed.missingUnits !== 0) process.exitCode = 1;
  } finally {
    server.stop();
  }
}

await main();
