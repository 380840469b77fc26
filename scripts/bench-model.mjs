// Two row sets of `npm run bench` (also alone: `npm run bench -- --latency`,
// `npm run bench -- --pricing-context`):
//
// - Rows read per change: D1 rows read by each kind of item change of a
//   one-item cart on US_WEB (one unit more, one unit less, an add, a removal)
//   while the cart object's copies (the cart, the channel's context) are
//   current (the usual case), and by a quantity change right after a write of
//   the context (a shipping method's position set to itself raises the
//   version: the change reads the whole context again).
// - The latency model (docs/performance/latency.md): the worker started with
//   BENCH_LATENCY, which adds a one-way delay to every D1 round trip and to
//   every worker-to-object call, once per placement of the cart object; a far
//   shopper's p50 for an add, the first change after it, a warm quantity
//   change, a cart read without and with
//   `X-D1-Bookmark` (a replica near the worker), and a checkout completion.
//   The delays dominate these numbers, so they hold on a loaded machine.
import { startLocalWorker } from "./lib/local-worker.mjs";
import { checkoutSteps } from "./lib/checkout-steps.mjs";

const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };

/** Ocean crossing and in-region one-way delays (ms) of the model. */
export const OCEAN_MS = Number(process.env.BENCH_OCEAN_MS ?? 80);
export const REGION_MS = Number(process.env.BENCH_REGION_MS ?? 2);

/** The placements compared: a shopper far from the D1 primary (the worker runs near the shopper), and one next to it. */
export const PLACEMENTS = [
  {
    name: "far shopper, object near the shopper (created near its first caller)",
    latency: { "worker-d1": OCEAN_MS, "worker-replica": REGION_MS, "worker-object": REGION_MS, "object-d1": OCEAN_MS },
  },
  {
    name: "far shopper, object near the primary (CART_LOCATION_HINT = the primary's region)",
    latency: { "worker-d1": OCEAN_MS, "worker-replica": REGION_MS, "worker-object": OCEAN_MS, "object-d1": REGION_MS },
  },
  {
    name: "shopper near the primary (reference)",
    latency: { "worker-d1": REGION_MS, "worker-replica": REGION_MS, "worker-object": REGION_MS, "object-d1": REGION_MS },
  },
];

function client(base) {
  return async function call(method, pathname, body, headers = {}) {
    const started = performance.now();
    const res = await fetch(`${base}${pathname}`, { method, headers: { ...AUTH, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status >= 400) throw new Error(`${method} ${pathname} → ${res.status} ${text.slice(0, 300)}`);
    const timing = res.headers.get("Server-Timing") ?? "";
    return {
      ms,
      body: text ? JSON.parse(text) : null,
      bookmark: res.headers.get("X-D1-Bookmark"),
      roundTrips: Number(/d1;[^,]*desc="(\d+)"/.exec(timing)?.[1] ?? 0),
      rowsRead: Number(/rows_read;desc="(\d+)"/.exec(timing)?.[1] ?? 0),
    };
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const newCart = async (call) => (await call("POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" })).body.id;

/**
 * Rows read by each kind of change of a one-item cart on US_WEB (`variantCodes`:
 * the cart's item, and the one added and removed again), with the object's
 * copies current (the usual change: a warm object), and by a quantity change
 * right after a context write (the context read again).
 */
export async function pricingContextRows(base, variantCodes, runs = 7) {
  const [itemCode, otherCode] = variantCodes;
  const call = client(base);
  const cart = await newCart(call);
  const item = (await call("POST", `/api/v1/carts/${cart}/items/`, { variant: itemCode, quantity: 1 })).body.id;
  const method = (await call("GET", "/api/v1/shipping-methods/UPS")).body;
  const quantity = (q) => call("PATCH", `/api/v1/carts/${cart}/items/${item}`, { quantity: q });
  // Warm-up: the first change after the add reads the cart's new shipment and payment.
  await quantity(2);
  await quantity(1);
  const samples = { up: [], down: [], add: [], remove: [], stale: [] };
  for (let i = 0; i < runs; i++) {
    samples.up.push(await quantity(2));
    samples.down.push(await quantity(1));
    const added = await call("POST", `/api/v1/carts/${cart}/items/`, { variant: otherCode, quantity: 1 });
    samples.add.push(added);
    samples.remove.push(await call("DELETE", `/api/v1/carts/${cart}/items/${added.body.id}`));
    // Any write of the context raises its version: the same position again is enough.
    await call("PATCH", `/api/v1/shipping-methods/${method.code}`, { position: method.position });
    samples.stale.push(await quantity(2));
    await quantity(1);
  }
  const row = (label, list) => ({ label, rowsRead: median(list.map((s) => s.rowsRead)), roundTrips: Math.max(...list.map((s) => s.roundTrips)) });
  return [
    row("quantity change, one unit more (1 → 2)", samples.up),
    row("quantity change, one unit less (2 → 1)", samples.down),
    row("add an item (the response embeds its variant)", samples.add),
    row("remove that item again (cart of 2 items)", samples.remove),
    row("quantity change right after a context write (context read again)", samples.stale),
  ];
}

export function pricingContextTable(rows) {
  const lines = ["| change of a one-item cart on US_WEB (warm cart object) | D1 rows read (median) | D1 round trips (max) |", "|---|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.label} | ${r.rowsRead} | ${r.roundTrips} |`);
  return lines.join("\n");
}

/** One placement: p50 of each operation of a far shopper, `runs` times each (one at a time). */
async function placementRow(base, variantCode, runs) {
  const call = client(base);
  const samples = { add: [], firstChange: [], change: [], read: [], readBookmark: [], complete: [] };
  let roundTrips = {};
  for (let i = 0; i < runs; i++) {
    const cart = await newCart(call);
    const added = await call("POST", `/api/v1/carts/${cart}/items/`, { variant: variantCode, quantity: 1 });
    samples.add.push(added.ms);
    // The first change after the add reads the shipment and payment the add created; the next one is a warm object's.
    const first = await call("PATCH", `/api/v1/carts/${cart}/items/${added.body.id}`, { quantity: 2 });
    samples.firstChange.push(first.ms);
    const changed = await call("PATCH", `/api/v1/carts/${cart}/items/${added.body.id}`, { quantity: 3 });
    samples.change.push(changed.ms);
    const read = await call("GET", `/api/v1/carts/${cart}`);
    samples.read.push(read.ms);
    const readBookmark = await call("GET", `/api/v1/carts/${cart}`, undefined, changed.bookmark ? { "X-D1-Bookmark": changed.bookmark } : {});
    samples.readBookmark.push(readBookmark.ms);
    let completed;
    for (const step of checkoutSteps({ payment: "BENCH_PAY", who: "Bench" })) completed = await call(step.method, step.path(cart), step.body);
    samples.complete.push(completed.ms);
    roundTrips = { add: added.roundTrips, firstChange: first.roundTrips, change: changed.roundTrips, read: read.roundTrips, readBookmark: readBookmark.roundTrips, complete: completed.roundTrips };
  }
  return { p50: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])), roundTrips };
}

/** Starts the worker once per placement with its delays and measures it. */
export async function latencyModel({ port, extraSql, variantCode, runs = 9 }) {
  const rows = [];
  for (const placement of PLACEMENTS) {
    const latency = Object.entries(placement.latency).map(([k, v]) => `${k}=${v}`).join(",");
    console.error(`latency model: ${placement.name} (${latency})...`);
    const server = await startLocalWorker({ port, extraSql, vars: { BENCH_LATENCY: latency } });
    try {
      // One warm-up walk (first calls compile and open connections), not counted.
      await placementRow(server.base, variantCode, 1);
      rows.push({ placement, ...(await placementRow(server.base, variantCode, runs)) });
    } finally {
      server.stop();
    }
  }
  return rows;
}

export function latencyTable(rows) {
  const lines = [
    `One-way delays: ocean ${OCEAN_MS} ms, region ${REGION_MS} ms; each paid twice per round trip. p50 ms per request, measured through wrangler dev (the shopper-to-worker hop is not included: the same for every placement).`,
    "",
    "| placement | add | first change after the add | quantity change (warm object) | cart read | cart read with X-D1-Bookmark | checkout completion |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const p = r.p50;
    lines.push(`| ${r.placement.name} | ${p.add.toFixed(0)} | ${p.firstChange.toFixed(0)} | ${p.change.toFixed(0)} | ${p.read.toFixed(0)} | ${p.readBookmark.toFixed(0)} | ${p.complete.toFixed(0)} |`);
  }
  const t = rows[0]?.roundTrips ?? {};
  lines.push("", `D1 round trips per request: add ${t.add}, first change after the add ${t.firstChange}, warm quantity change ${t.change}, cart read ${t.read}, with bookmark ${t.readBookmark}, completion ${t.complete}.`);
  return lines.join("\n");
}
