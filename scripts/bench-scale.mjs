// `npm run bench:scale`: what a request costs as the shop's stored rows grow.
// For each N (BENCH_SCALE_SIZES, default 100,10000,100000,1000000): a fresh local D1
// (migrations, demo data, a product with N variants), a template cart made
// through the API (one item), then N carts and N placed orders copied from it
// with SQL (orders, items, units, unit JSON, adjustments, payments,
// shipments: the rows the cart object and the checkout write), a check that
// copies read back through the API as the template does, N events in the
// outbox, and the measures: page 1 and the last page of each list, a cursor
// page, the event feed (mid-walk, by types, an order's audit trail), one cart
// read and one cart change. Each request runs RUNS times after a warm-up; rows read and
// round trips come from the service's Server-Timing (the medians), times are
// client-side p50/p90. At the largest N, a cart change's p50 alone and while
// another client pages through the orders. Prints Markdown.
//
// Local numbers (wrangler dev, SQLite on this machine): rows read and round
// trips are what D1 would bill and run; times are only comparable within a run.
//
// The loader writes the local D1's SQLite file directly (node:sqlite, while
// no worker runs): the same INSERT ... SELECT statements, with the
// database's triggers keeping `list_counts` exact, without a wrangler start
// per statement. `--out FILE` also writes the Markdown to FILE.
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Buffer } from "node:buffer";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { prepareLocalDatabase } from "./lib/local-db.mjs";

// node:sqlite is experimental in Node 22: load it without its warning.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => (String(warning).includes("SQLite") ? undefined : emitWarning.call(process, warning, ...rest));
const { DatabaseSync } = await import("node:sqlite");
process.emitWarning = emitWarning;

const PORT = Number(process.env.BENCH_PORT ?? 8843);
const SIZES = (process.env.BENCH_SCALE_SIZES ?? "100,10000,100000,1000000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 15);
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };

const variantsSql = (n) => `
INSERT OR IGNORE INTO products (code) VALUES ('BENCH');
INSERT OR IGNORE INTO product_translations (product_id, locale, name, slug) SELECT id, 'en_US', 'Bench product', 'bench' FROM products WHERE code = 'BENCH';
INSERT OR IGNORE INTO product_channels (product_id, channel_id) SELECT p.id, c.id FROM products p, channels c WHERE p.code = 'BENCH' AND c.code = 'US_WEB';
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n - 1})
INSERT INTO product_variants (product_id, code, position, tax_category_id, shipping_category_id, created_at)
  SELECT p.id, printf('BENCH_%07d', n), n, t.id, s.id, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq, products p, tax_categories t, shipping_categories s
  WHERE p.code = 'BENCH' AND t.code = 'other' AND s.code = 'default';
INSERT INTO product_variant_translations (variant_id, locale, name) SELECT v.id, 'en_US', v.code FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.code = 'BENCH';
INSERT INTO channel_pricings (variant_id, channel_code, price) SELECT v.id, 'US_WEB', 1000 + v.position FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.code = 'BENCH';
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n - 1})
INSERT INTO customers (email, email_canonical, first_name, last_name, created_at, updated_at)
  SELECT printf('bench%07d@example.com', n), printf('bench%07d@example.com', n), printf('First%d', n), printf('Last%d', n),
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds')
  FROM seq;
INSERT INTO shop_users (customer_id, username, username_canonical, enabled)
  SELECT id, email, email_canonical, 1 FROM customers WHERE email_canonical LIKE 'bench%' AND id % 10 = 0;
`;

/**
 * SQL that writes `n` events to the outbox in one statement (a recursive
 * CTE): lifecycles of 13 events (cart, checkout, placement, stock, payment,
 * shipment), each order's on its own href, stock events on 50 variants.
 * Times one second apart, the newest now (none older than the retention).
 */
const LIFECYCLE = ["cart.created", "cart.updated", "cart.updated", "cart.updated", "cart.updated", "order.placed", "inventory.changed", "inventory.changed", "payment.complete", "inventory.changed", "inventory.changed", "shipment.ship", "order.fulfilled"];
const eventsSql = (n) => `
WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n - 1}),
  e(i, k, type) AS (SELECT i, i % ${LIFECYCLE.length}, CASE i % ${LIFECYCLE.length} ${LIFECYCLE.map((type, k) => `WHEN ${k} THEN '${type}'`).join(" ")} END FROM seq)
INSERT INTO events (type, occurred_at, resource_href, resource_id, resource_code, sequence, actor_client, actor_user, data)
SELECT type, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${n} - i) || ' seconds'),
  CASE WHEN type = 'inventory.changed' THEN printf('/api/v1/products/BENCH/variants/BENCH_%07d', (i / ${LIFECYCLE.length}) % 50) ELSE printf('/api/v1/orders/%d', 1000000 + i / ${LIFECYCLE.length}) END,
  CASE WHEN type = 'inventory.changed' THEN NULL ELSE 1000000 + i / ${LIFECYCLE.length} END,
  CASE WHEN type = 'inventory.changed' THEN printf('BENCH_%07d', (i / ${LIFECYCLE.length}) % 50) END,
  k + 1, 'bench_client', 'admin@example.com',
  CASE WHEN type = 'inventory.changed' THEN printf('{"code":"BENCH_%07d","onHand":%d,"onHold":%d}', (i / ${LIFECYCLE.length}) % 50, 1000 - i % 97, i % 13)
       ELSE printf('{"id":%d,"number":"B%08d","state":"new","paymentState":"paid","shippingState":"ready","total":5190,"currencyCode":"USD","customer":{"email":"bench%07d@example.com"}}', 1000000 + i / ${LIFECYCLE.length}, i / ${LIFECYCLE.length}, i / ${LIFECYCLE.length}) END
FROM e;
`;

/** The feed's cursor of the event of row id `id` (20 digits, zero-padded). */
const eventCursor = (id) => String(id).padStart(20, "0");

let base = "";
/** Bytes of D1 storage (tables and indexes) per copied cart or order, and per event, by N. */
const storage = [];

async function call(method, pathname, body, at = base) {
  const started = performance.now();
  const res = await fetch(`${at}${pathname}`, { method, headers: AUTH, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status >= 400) throw new Error(`${method} ${pathname} → ${res.status} ${text.slice(0, 300)}`);
  const timing = res.headers.get("Server-Timing") ?? "";
  const metric = (pattern) => Number(pattern.exec(timing)?.[1] ?? 0);
  return {
    body: text ? JSON.parse(text) : null,
    ms,
    roundTrips: metric(/d1;[^,]*desc="(\d+)"/),
    rowsRead: metric(/rows_read;desc="(\d+)"/),
    d1Ms: metric(/d1;dur=([\d.]+)/),
  };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function measure(label, op, runs = RUNS) {
  await op(-1);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await op(i));
  return {
    label,
    rowsRead: quantile(results.map((r) => r.rowsRead), 0.5),
    roundTrips: quantile(results.map((r) => r.roundTrips), 0.5),
    p50: quantile(results.map((r) => r.ms), 0.5),
    p90: quantile(results.map((r) => r.ms), 0.9),
    max: Math.max(...results.map((r) => r.ms)),
    d1Ms: quantile(results.map((r) => r.d1Ms), 0.5),
  };
}

// ------------------------------------------------------------------ worker

function startWorker(dir, port = PORT) {
  const args = ["dev", "--port", String(port), "--inspector-port", String(port + 1000), "--persist-to", dir, "--log-level", "error", "--var", "LOG_REQUESTS:off"];
  const server = spawn("wrangler", args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, detached: true });
  const url = `http://127.0.0.1:${port}`;
  if (port === PORT) base = url;
  const stop = async () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  };
  return (async () => {
    for (let i = 0; i < 240; i++) {
      if (server.exitCode !== null) throw new Error("wrangler dev exited");
      try {
        if ((await fetch(`${url}/health`)).ok) return { stop, url };
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    await stop();
    throw new Error("wrangler dev did not start");
  })();
}

/** The local D1's SQLite file under `dir` (wrangler's `--persist-to`). */
function sqliteFile(dir) {
  const root = path.join(dir, "v3", "d1");
  const files = readdirSync(root, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(".sqlite") && e.name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one D1 database under ${root}, found ${files.length}.`);
  return path.join(files[0].parentPath, files[0].name);
}

/**
 * Runs `work` on the local D1 opened directly (no worker may be running):
 * a large page cache and no fsync, as for any bulk load; the WAL is folded
 * into the database file before and after (so its size is the data's).
 */
function withDatabase(dir, work) {
  const db = new DatabaseSync(sqliteFile(dir));
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA synchronous = OFF; PRAGMA cache_size = -2000000; PRAGMA temp_store = MEMORY;");
    const result = work({ all: (sql) => db.prepare(sql).all(), exec: (sql) => db.exec(sql) });
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return result;
  } finally {
    db.close();
  }
}

/** Bytes of the SQLite files under `dir` (the local D1). */
function sqliteBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.sqlite(-wal)?$/.test(entry.name)) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

// ------------------------------------------------------------------ copies

/**
 * SQL that copies the template cart `t` 2n times: copies 1..n stay carts,
 * n+1..2n become placed orders (number, states, completed checkout, payment
 * `new`, shipment `ready`), as `complete` leaves an order. Ids follow the
 * tables' maxima; the unit JSON is the template's with its ids rewritten.
 */
function copiesSql(query, t, n) {
  const [max] = query(
    `SELECT (SELECT max(id) FROM orders) AS o, (SELECT max(id) FROM order_items) AS i, (SELECT max(id) FROM order_item_units) AS u,
            (SELECT max(id) FROM adjustments) AS a, (SELECT coalesce(max(id), 0) FROM payments) AS p, (SELECT coalesce(max(id), 0) FROM shipments) AS s`,
  );
  const items = query(`SELECT id FROM order_items WHERE order_id = ${t} ORDER BY id`);
  const units = query(`SELECT u.id, u.item_id FROM order_item_units u JOIN order_items i ON i.id = u.item_id WHERE i.order_id = ${t} ORDER BY u.id`);
  const adjustments = query(`SELECT id, order_item_unit_id FROM adjustments WHERE order_id = ${t} ORDER BY id`);
  if (items.length !== 1 || units.length !== 1) throw new Error("The template cart must have one item of one unit.");
  const A = adjustments.length;
  const unitAdjustments = adjustments.map((a, j) => ({ ...a, j })).filter((a) => a.order_item_unit_id === units[0].id);
  const M = 2 * n;
  const k = "k";
  const placed = `(${k} > ${n})`;
  const at = (column) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-' || (${M} - ${k}) || ' seconds')`;
  const jsonIds = [`'$[0].id', ${max.u} + ${k}`, ...unitAdjustments.map((a, x) => `'$[0].adjustments[${x}].id', ${max.a} + (${k} - 1) * ${A} + ${a.j + 1}`)].join(", ");
  const seq = `WITH RECURSIVE c(${k}) AS (SELECT 1 UNION ALL SELECT ${k} + 1 FROM c WHERE ${k} < ${M})`;
  return `
${seq}
INSERT INTO orders (id, customer_id, channel_id, currency_code, locale_code, state, checkout_state, items_total, adjustments_total, total, created_at, updated_at, version,
                    number, checkout_completed_at, payment_state, shipping_state)
SELECT ${max.o} + ${k}, customer_id, channel_id, currency_code, locale_code,
       CASE WHEN ${placed} THEN 'new' ELSE 'cart' END, CASE WHEN ${placed} THEN 'completed' ELSE checkout_state END,
       items_total, adjustments_total, total, ${at("created_at")}, ${at("updated_at")}, version,
       CASE WHEN ${placed} THEN printf('B%08d', ${k}) END, CASE WHEN ${placed} THEN ${at("created_at")} END,
       CASE WHEN ${placed} THEN 'awaiting_payment' ELSE payment_state END, CASE WHEN ${placed} THEN 'ready' ELSE shipping_state END
FROM c, orders WHERE orders.id = ${t};
${seq}
INSERT INTO order_items (id, order_id, variant_id, quantity, unit_price, units_total, adjustments_total, total)
SELECT ${max.i} + ${k}, ${max.o} + ${k}, variant_id, quantity, unit_price, units_total, adjustments_total, total
FROM c, order_items WHERE order_items.order_id = ${t};
${seq}
INSERT INTO order_item_units (id, item_id, adjustments_total) SELECT ${max.u} + ${k}, ${max.i} + ${k}, adjustments_total FROM c, order_item_units WHERE id = ${units[0].id};
${seq}
INSERT INTO order_item_unit_chunks (item_id, chunk, units) SELECT ${max.i} + ${k}, (${max.u} + ${k}) / 256, json_set(units, ${jsonIds})
FROM c, order_item_unit_chunks WHERE item_id = ${items[0].id};
${seq}, a(j, id) AS (SELECT row_number() OVER (ORDER BY id), id FROM adjustments WHERE order_id = ${t})
INSERT INTO adjustments (id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, origin_code)
SELECT ${max.a} + (${k} - 1) * ${A} + a.j, ${max.o} + ${k}, CASE WHEN x.order_item_id IS NULL THEN NULL ELSE ${max.i} + ${k} END,
       CASE WHEN x.order_item_unit_id IS NULL THEN NULL ELSE ${max.u} + ${k} END, x.type, x.label, x.amount, x.neutral, x.origin_code
FROM c, a JOIN adjustments x ON x.id = a.id;
${seq}
INSERT INTO payments (id, order_id, method_id, currency_code, amount, state, created_at, updated_at)
SELECT ${max.p} + ${k}, ${max.o} + ${k}, p.method_id, o.currency_code, o.total, CASE WHEN ${placed} THEN 'new' ELSE 'cart' END, ${at("o.created_at")}, ${at("o.created_at")}
FROM c, orders o LEFT JOIN payments p ON p.order_id = o.id WHERE o.id = ${t};
${seq}
INSERT INTO shipments (id, order_id, method_id, state, created_at, updated_at)
SELECT ${max.s} + ${k}, ${max.o} + ${k}, s.method_id, CASE WHEN ${placed} THEN 'ready' ELSE 'cart' END, ${at("o.created_at")}, ${at("o.created_at")}
FROM c, orders o LEFT JOIN shipments s ON s.order_id = o.id WHERE o.id = ${t};
UPDATE row_id_sequences SET last_id = max(last_id, ${max.i} + ${M}, ${max.u} + ${M}, ${max.a} + ${M} * ${A}) WHERE name = 'cart_rows';
`;
}

/** A representation without what differs between copies (ids, links, times, numbers, states of the placed). */
function normalized(value) {
  if (Array.isArray(value)) return value.map(normalized);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !["id", "_links", "createdAt", "updatedAt", "checkoutCompletedAt", "number", "tokenValue"].includes(key))
        .map(([key, v]) => [key, normalized(v)]),
    );
  }
  return value;
}

// ------------------------------------------------------------------ run

async function runSize(n, report) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-scale-${n}-`));
  const loadStarted = performance.now();
  let lapStarted = loadStarted;
  const phases = [];
  const lap = (what) => {
    const now = performance.now();
    phases.push(`${what} ${((now - lapStarted) / 1000).toFixed(1)} s`);
    lapStarted = now;
  };
  try {
    await prepareLocalDatabase({ persistTo: dir, quiet: true });
    lap("migrations and demo data");
    withDatabase(dir, (db) => db.exec(`BEGIN; ${variantsSql(n)} COMMIT;`));
    lap(`${n} variants`);
    // The template cart, through the API.
    let worker = await startWorker(dir);
    const cart = (await call("POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" })).body;
    await call("POST", `/api/v1/carts/${cart.id}/items/`, { variant: "BENCH_0000000", quantity: 1 });
    const template = (await call("GET", `/api/v1/carts/${cart.id}`)).body;
    await worker.stop();
    lap("template cart");
    // The local D1's SQLite files (tables and indexes; local wrangler reports no `size_after`).
    const bytes = () => sqliteBytes(path.join(dir, "v3", "d1"));
    const { before, first } = withDatabase(dir, (db) => {
      const before = bytes();
      db.exec(`BEGIN; ${copiesSql(db.all, cart.id, n)} COMMIT;`);
      return { before, first: db.all(`SELECT min(id) AS first FROM orders WHERE id > ${cart.id}`)[0].first };
    });
    const perCopy = (bytes() - before) / (2 * n);
    lap(`${2 * n} carts and orders`);
    // N events in the outbox (the feed's scenario), one statement.
    const eventsBefore = bytes();
    const firstEvent = withDatabase(dir, (db) => {
      db.exec(`BEGIN; ${eventsSql(n)} COMMIT;`);
      return db.all("SELECT min(id) AS id FROM events")[0].id;
    });
    const perEvent = (bytes() - eventsBefore) / n;
    lap(`${n} events`);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    worker = await startWorker(dir);
    try {
      // The copies read back as the template does.
      const copy = (await call("GET", `/api/v1/carts/${first + n - 1}`)).body;
      if (JSON.stringify(normalized(copy)) !== JSON.stringify(normalized(template))) throw new Error(`Copied cart ${first + n - 1} differs from the template.`);
      const order = (await call("GET", `/api/v1/orders/${first + n}`)).body;
      if (order.total !== template.total || order.items.length !== 1 || order.items[0].variant.code !== "BENCH_0000000" || order.state !== "new") {
        throw new Error(`Copied order ${first + n} does not read back as placed from the template.`);
      }
      const totals = {};
      for (const list of ["carts", "orders", "payments", "shipments"]) totals[list] = (await call("GET", `/api/v1/${list}/`)).body.total;
      totals.variants = (await call("GET", "/api/v1/products/BENCH/variants/")).body.total;
      for (const [list, total] of Object.entries(totals)) {
        const expected = list === "carts" ? n + 1 : n;
        if (total !== expected) throw new Error(`${list}: total ${total}, expected ${expected}`);
      }
      console.error(`N=${n}: loaded in ${loadSeconds.toFixed(1)} s (${phases.join(", ")}); copies read back as the template; totals ${JSON.stringify(totals)}`);
      storage.push({ n, perCopy, perEvent, loadSeconds });

      const lists = {
        carts: "/api/v1/carts/",
        orders: "/api/v1/orders/",
        payments: "/api/v1/payments/",
        shipments: "/api/v1/shipments/",
        variants: "/api/v1/products/BENCH/variants/",
        customers: "/api/v1/customers/",
      };
      for (const [name, list] of Object.entries(lists)) {
        const pages = (await call("GET", list)).body.pages;
        report.push({ n, ...(await measure(`${name}, page 1`, () => call("GET", list))) });
        report.push({ n, ...(await measure(`${name}, last page (${pages})`.replace(/\(\d+\)/, "(p. " + pages + ")"), () => call("GET", `${list}?page=${pages}`))) });
      }
      const search = `/api/v1/customers/?criteria%5Bemail%5D=bench${String(Math.floor(n / 2)).padStart(7, "0")}`;
      report.push({ n, ...(await measure("customers, filtered by email (substring, 1 match)", () => call("GET", search))) });
      // Values shorter than a trigram read the postings that start with them: their cost follows their matches.
      report.push({ n, ...(await measure("customers, filtered by email (2 characters, no match)", () => call("GET", "/api/v1/customers/?criteria%5Bemail%5D=qz"))) });
      report.push({ n, ...(await measure("customers, filtered by email (2 characters, \"73\": ~6 % match)", () => call("GET", "/api/v1/customers/?criteria%5Bemail%5D=73"))) });
      // A cursor page (10 orders, as page 1) in the middle of the walk: its cursor is the key of the order
      // before it (the walk's cursor: sorting, direction, number, id), checked against the numbered page.
      const half = Math.floor(n / 2);
      const [before] = (await call("GET", `/api/v1/orders/?limit=1&page=${half}`)).body._embedded.items;
      const { number } = (await call("GET", `/api/v1/orders/${before.id}`)).body;
      const cursor = Buffer.from(JSON.stringify(["number", "desc", number, before.id])).toString("base64url");
      const page = `/api/v1/orders/?cursor=${cursor}&limit=10`;
      const [after] = (await call("GET", `/api/v1/orders/?limit=1&page=${half + 1}`)).body._embedded.items;
      if ((await call("GET", page)).body._embedded.items[0]?.id !== after.id) throw new Error("The mid-walk cursor page does not continue the list.");
      report.push({ n, ...(await measure("orders, cursor page (mid-walk)", () => call("GET", page))) });
      // The event feed (docs/api/events.md): pages of 10, mid-walk and filtered; an order's audit trail (its 9 events).
      const midEvent = eventCursor(firstEvent + Math.floor(n / 2));
      const feedPage = `/api/v1/events/?cursor=${midEvent}&limit=10`;
      const feedRead = (await call("GET", feedPage)).body;
      if (feedRead._embedded.items[0]?.id !== eventCursor(firstEvent + Math.floor(n / 2) + 1) || !feedRead._links.next) throw new Error("The mid-walk feed page does not continue the feed.");
      report.push({ n, ...(await measure("events feed, cursor page (mid-walk)", () => call("GET", feedPage))) });
      report.push({ n, ...(await measure("events feed, types=order.*,inventory.changed (4 seeks)", () => call("GET", "/api/v1/events/?cursor=&types=order.*,inventory.changed&limit=10"))) });
      const trail = `/api/v1/events/?resource=${encodeURIComponent("/api/v1/orders/1000001")}&limit=10`;
      // An order's own events (the stock's are its variants').
      const orderEvents = LIFECYCLE.filter((type) => type !== "inventory.changed").length;
      if ((await call("GET", trail)).body._embedded.items.length !== orderEvents) throw new Error("The order's audit trail does not read back.");
      report.push({ n, ...(await measure("events feed, one order's audit trail", () => call("GET", trail))) });
      report.push({ n, ...(await measure("events feed, one order's audit trail by types", () => call("GET", `${trail}&types=order.*`))) });
      report.push({ n, ...(await measure("one cart read", () => call("GET", `/api/v1/carts/${cart.id}`))) });
      const item = template.items[0].id;
      report.push({ n, ...(await measure("one cart change (quantity)", (i) => call("PATCH", `/api/v1/carts/${cart.id}/items/${item}`, { quantity: 2 + (i & 1) }))) });
      return { worker, cart, item, n, dir };
    } catch (error) {
      await worker.stop();
      throw error;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A cart change's p50 alone, then while another client pages through the
 * orders, 100 per page, without pause: by page numbers (from page 1 on, so
 * deeper and deeper pages), by cursor; then, to tell what the change waits
 * for, by cursor at half duty (the admin waits as long as each page took),
 * and by cursor against a second worker process on a copy of the data (the
 * same work on the same two cores, sharing no process, no D1 and no object
 * with the change). The cost of an admin's page of 100 orders alone is
 * measured too (client time, and the time the worker waited for D1).
 */
async function contention({ cart, item, n, dir }) {
  const change = (i) => call("PATCH", `/api/v1/carts/${cart.id}/items/${item}`, { quantity: 2 + (i & 1) });
  const mid = `/api/v1/orders/?limit=100&page=${Math.max(1, Math.floor(n / 200))}`;
  const firstCursor = (await call("GET", "/api/v1/orders/?cursor=&limit=100")).body._links.next.href;
  const adminPage = {
    byNumber: await measure("orders, page of 100 mid-list", () => call("GET", mid), 20),
    byCursor: await measure("orders, cursor page of 100", () => call("GET", firstCursor), 20),
  };
  const alone = await measure("cart change, alone", change, 40);
  const busyWhile = async (next) => {
    let paging = true;
    let pagesRead = 0;
    const admin = (async () => {
      let state;
      while (paging) {
        state = await next(state);
        pagesRead++;
      }
    })();
    const busy = await measure("cart change, busy", change, 40);
    paging = false;
    await admin;
    return { busy, pagesRead };
  };
  const pages = Math.ceil(n / 100);
  const byNumber = await busyWhile(async (page = 0) => {
    const p = (page % pages) + 1;
    await call("GET", `/api/v1/orders/?limit=100&page=${p}`);
    return p;
  });
  const cursorWalk = (at) => async (href) => {
    const read = await call("GET", href ?? "/api/v1/orders/?cursor=&limit=100", undefined, at);
    return read.body._links.next?.href;
  };
  const byCursor = await busyWhile(cursorWalk(base));
  const walk = cursorWalk(base);
  const halfDuty = await busyWhile(async (href) => {
    const started = performance.now();
    const next = await walk(href);
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    return next;
  });
  // The second process pages through its own copy: it shares the machine's cores with the change, nothing else.
  const copy = mkdtempSync(path.join(os.tmpdir(), `bench-scale-copy-`));
  let other;
  try {
    cpSync(dir, copy, { recursive: true });
    other = await startWorker(copy, PORT + 1);
    await call("GET", "/api/v1/orders/?cursor=&limit=100", undefined, other.url);
    const otherProcess = await busyWhile(cursorWalk(other.url));
    return { alone, adminPage, byNumber, byCursor, halfDuty, otherProcess };
  } finally {
    await other?.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}

function header() {
  const cpus = os.cpus();
  return `bench:scale, ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}; ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${RUNS} runs per request (medians of rows read and round trips; p50/p90 client-side, ms).`;
}

const OUT = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : undefined;
const printed = [];
/** A line of the report: printed, and kept for `--out`. */
function print(line) {
  console.log(line);
  printed.push(line);
}

async function main() {
  print(header());
  print("");
  const report = [];
  let last;
  for (const n of SIZES) {
    if (last) {
      await last.worker.stop();
      rmSync(last.dir, { recursive: true, force: true });
    }
    last = await runSize(n, report);
  }
  let busy;
  try {
    // BENCH_SCALE_CONTENTION=0 skips the contention measures (a quicker run of the table alone).
    if (process.env.BENCH_SCALE_CONTENTION !== "0") busy = await contention(last);
  } finally {
    await last.worker.stop();
    rmSync(last.dir, { recursive: true, force: true });
  }
  const labels = [...new Set(report.map((r) => r.label.replace(/\(p\. \d+\)/, "")))];
  print(`| request | ${SIZES.map((n) => `N = ${n.toLocaleString("en-US")}`).join(" | ")} |`);
  print(`|---|${SIZES.map(() => "---").join("|")}|`);
  for (const label of labels) {
    const cells = SIZES.map((n) => {
      const r = report.find((x) => x.n === n && x.label.replace(/\(p\. \d+\)/, "") === label);
      return r ? `${r.rowsRead} rows, ${r.roundTrips} RT, ${r.p50.toFixed(1)}/${r.p90.toFixed(1)} ms` : "";
    });
    print(`| ${label.trim()} | ${cells.join(" | ")} |`);
  }
  const small = SIZES[0];
  const large = SIZES[SIZES.length - 1];
  print("");
  print(`Growth N = ${large.toLocaleString("en-US")} against N = ${small} (same run): rows read ×, p50 ×`);
  for (const label of labels) {
    const a = report.find((x) => x.n === small && x.label.replace(/\(p\. \d+\)/, "") === label);
    const b = report.find((x) => x.n === large && x.label.replace(/\(p\. \d+\)/, "") === label);
    if (a && b) print(`- ${label.trim()}: rows ×${(b.rowsRead / Math.max(1, a.rowsRead)).toFixed(2)}, p50 ×${(b.p50 / a.p50).toFixed(2)}`);
  }
  for (const { n, perCopy, perEvent, loadSeconds } of storage) {
    print(
      `- N = ${n.toLocaleString("en-US")}: ${Math.round(perCopy)} bytes of D1 (rows and index entries) per cart or order of one item, ${Math.round(perEvent)} per event; loaded in ${loadSeconds.toFixed(0)} s`,
    );
  }
  const slowest = Math.max(...report.map((r) => r.max));
  print(`- slowest single request of the run: ${slowest.toFixed(0)} ms`);
  if (!busy) {
    if (OUT) writeFileSync(OUT, `${printed.join("\n")}\n`);
    return;
  }
  print("");
  const line = (how, { busy: b, pagesRead }) =>
    `- while another client pages through the orders ${how} (${pagesRead} pages of 100 meanwhile): p50 ${b.p50.toFixed(1)} ms (×${(b.p50 / busy.alone.p50).toFixed(2)}), p90 ${b.p90.toFixed(1)} ms`;
  print(`Cart change at N = ${large.toLocaleString("en-US")} (40 runs each): alone p50 ${busy.alone.p50.toFixed(1)} ms, p90 ${busy.alone.p90.toFixed(1)} ms`);
  print(line("by page number", busy.byNumber));
  print(line("by cursor", busy.byCursor));
  print(line("by cursor, at half duty (pausing as long as each page took)", busy.halfDuty));
  print(line("by cursor, on a second worker process with its own copy of the data", busy.otherProcess));
  const cost = (what, r) => `- ${what}, alone: p50 ${r.p50.toFixed(1)} ms, of which ${r.d1Ms.toFixed(1)} ms waiting for D1; ${r.rowsRead} rows read, ${r.roundTrips} RT`;
  print(cost("the admin's page of 100 orders by number (mid-list)", busy.adminPage.byNumber));
  print(cost("the admin's page of 100 orders by cursor", busy.adminPage.byCursor));
  if (OUT) writeFileSync(OUT, `${printed.join("\n")}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
