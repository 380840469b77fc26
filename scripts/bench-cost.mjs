// `npm run bench:cost`: what one request of each kind costs D1 and the cart
// objects, from the service's own counters (Server-Timing: D1 round trips, D1's
// rows read and rows written, a cart-object call when `do` is present). Starts
// the worker locally (wrangler dev on a fresh local D1 with the demo data), in
// the demo channel US_WEB (a promotion, a tax rate, a shipping method). Each
// operation runs 5 times; the table shows the median of each count. Prints
// Markdown, opened by the date and the machine; `--out FILE` also writes it to
// FILE (docs/performance/results/cost.md holds the last run). These counts are
// the inputs of the capacity model (docs/performance/capacity.md).
//
// Variant views (docs/performance/variant-views.md): a read that finds no
// stored view for a variant's current version builds it (cold) and stores it
// after answering; the next read finds it (warm). Operations that show
// variants are measured both ways: "cold" reads variants never read before,
// or whose views a change made stale (a PATCH of their translation, not
// measured); "warm" reads them again after a first read (not measured).
import { createReport } from "./lib/bench-report.mjs";
import { startLocalWorker } from "./lib/local-worker.mjs";
import { catalogueSql, variantCode } from "./lib/catalogue-sql.mjs";
import { checkoutSteps } from "./lib/checkout-steps.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };
const RUNS = 5;

const CATALOGUE = { product: "COST", count: 120, digits: 2 };
const EXTRA_SQL = catalogueSql({ ...CATALOGUE, name: "Cost product", prices: "1000 + v.id", channels: ["US_WEB"] });

let base = "";

/** A read of `pathname` measured warm: read once, its views' storing settled, then read again. */
const warmRead = (pathname) => async () => {
  await call("GET", pathname);
  await settle();
  return call("GET", pathname);
};

async function call(method, pathname, body) {
  const res = await fetch(`${base}${pathname}`, { method, headers: AUTH, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${pathname} → ${res.status} ${text.slice(0, 300)}`);
  const timing = res.headers.get("Server-Timing") ?? "";
  const metric = (pattern) => Number(pattern.exec(timing)?.[1] ?? 0);
  return {
    body: text ? JSON.parse(text) : null,
    cost: {
      roundTrips: metric(/d1;[^,]*desc="(\d+)"/),
      rowsRead: metric(/rows_read;desc="(\d+)"/),
      rowsWritten: metric(/rows;desc="(\d+)"/),
      objectCalls: /\bdo;dur=/.test(timing) ? 1 : 0,
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `op` RUNS times (`op(i)` returns a call result) and keeps the median of each count. */
async function measure(label, op) {
  const costs = [];
  for (let i = 0; i < RUNS; i++) costs.push((await op(i)).cost);
  const pick = (field) => median(costs.map((c) => c[field]));
  return { label, roundTrips: pick("roundTrips"), rowsRead: pick("rowsRead"), rowsWritten: pick("rowsWritten"), objectCalls: pick("objectCalls") };
}

const newCart = async () => (await call("POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" })).body.id;
const variant = variantCode(CATALOGUE);

/** Makes the stored views of these variants stale (a translation written again raises their view version). */
async function staleViews(count) {
  for (let i = 0; i < count; i++) await call("PATCH", `/api/v1/products/COST/variants/${variant(i)}`, { translations: { en_US: { name: variant(i) } } });
}

/** Lets the refills a read scheduled after its response land before the next measured read. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** Places an order of `quantity` of variant `index` (the demo's payment method cash on delivery). */
async function placeOrder(index, quantity) {
  const id = await newCart();
  await call("POST", `/api/v1/carts/${id}/items/`, { variant: variant(index), quantity });
  for (const step of checkoutSteps({ payment: "cash_on_delivery", who: "Cost" })) await call(step.method, step.path(id), step.body);
}

async function filledCart(items) {
  const id = await newCart();
  for (let i = 0; i < items; i++) await call("POST", `/api/v1/carts/${id}/items/`, { variant: variant(i), quantity: 1 });
  return id;
}

async function main() {
  const report = createReport("npm run bench:cost");
  const server = await startLocalWorker({ port: PORT, extraSql: EXTRA_SQL });
  base = server.base;
  try {
    const rows = [];
    // Variants 60..64 and the pages of 70..119 are read here for the first time (cold).
    rows.push(await measure("read a variant, cold", (i) => call("GET", `/api/v1/products/COST/variants/${variant(60 + i)}`)));
    rows.push(await measure("read a variant, warm", warmRead("/api/v1/products/COST/variants/COST_00")));
    rows.push(await measure("list variants (10 per page), cold", (i) => call("GET", `/api/v1/products/COST/variants/?limit=10&page=${8 + i}`)));
    rows.push(await measure("list variants (10 per page), warm", warmRead("/api/v1/products/COST/variants/?limit=10")));
    rows.push(await measure("change a variant (PATCH onHand)", (i) => call("PATCH", "/api/v1/products/COST/variants/COST_59", { onHand: 10 + i })));
    rows.push(await measure("change a variant's name (PATCH translations)", (i) =>
      call("PATCH", "/api/v1/products/COST/variants/COST_59", { translations: { en_US: { name: `Cost ${i}` } } })));
    rows.push(await measure("change a product's name (PATCH translations)", (i) =>
      call("PATCH", "/api/v1/products/COST", { translations: { en_US: { name: `Cost product ${i}`, slug: "cost" } } })));
    rows.push(await measure("create a cart", () => call("POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" })));
    const cart = await filledCart(1);
    const item = (await call("GET", `/api/v1/carts/${cart}`)).body.items[0].id;
    // Variants 50..54 are added here for the first time (cold: the add stores the view it built).
    rows.push(await measure("add an item (cart of 1 item), cold", async (i) => {
      const added = await call("POST", `/api/v1/carts/${cart}/items/`, { variant: variant(50 + i), quantity: 1 });
      await call("DELETE", `/api/v1/carts/${cart}/items/${added.body.id}`);
      return added;
    }));
    rows.push(await measure("add an item (cart of 1 item), warm", async (i) => {
      const added = await call("POST", `/api/v1/carts/${cart}/items/`, { variant: variant(50 + i), quantity: 1 });
      await call("DELETE", `/api/v1/carts/${cart}/items/${added.body.id}`);
      return added;
    }));
    rows.push(await measure("change a quantity (cart of 1 item)", (i) => call("PATCH", `/api/v1/carts/${cart}/items/${item}`, { quantity: 2 + (i % 2) })));
    rows.push(await measure("remove an item (cart of 2 items)", async (i) => {
      const added = await call("POST", `/api/v1/carts/${cart}/items/`, { variant: variant(50 + i), quantity: 1 });
      return call("DELETE", `/api/v1/carts/${cart}/items/${added.body.id}`);
    }));
    rows.push(await measure("read a cart of 1 item, cold", async () => {
      await staleViews(1);
      return call("GET", `/api/v1/carts/${cart}`);
    }));
    rows.push(await measure("read a cart of 1 item, warm", warmRead(`/api/v1/carts/${cart}`)));
    const fifty = await filledCart(50);
    rows.push(await measure("read a cart of 50 items, cold", async () => {
      await staleViews(50);
      return call("GET", `/api/v1/carts/${fifty}`);
    }));
    rows.push(await measure("read a cart of 50 items, warm", warmRead(`/api/v1/carts/${fifty}`)));
    const fiftyItem = (await call("GET", `/api/v1/carts/${fifty}`)).body.items[0].id;
    rows.push(await measure("change a quantity (cart of 50 items)", (i) => call("PATCH", `/api/v1/carts/${fifty}/items/${fiftyItem}`, { quantity: 2 + (i % 2) })));
    const big = await newCart();
    const bigItem = (await call("POST", `/api/v1/carts/${big}/items/`, { variant: variant(0), quantity: 9999 })).body.id;
    rows.push(await measure("read a cart of 1 item × 9999 units", () => call("GET", `/api/v1/carts/${big}`)));
    rows.push(await measure("change its quantity (9998 ↔ 9999)", (i) => call("PATCH", `/api/v1/carts/${big}/items/${bigItem}`, { quantity: 9998 + (i % 2) })));
    rows.push(await measure("list carts (10 per page), cold", async () => {
      await staleViews(50);
      return call("GET", "/api/v1/carts/?limit=10");
    }));
    rows.push(await measure("list carts (10 per page), warm", warmRead("/api/v1/carts/?limit=10")));
    rows.push(await measure("delete a cart of 1 item", async () => call("DELETE", `/api/v1/carts/${await filledCart(1)}`)));
    // Last: the orders placed here would change what the rows above read (the cart list, the customer's carts).
    const watched = await filledCart(1);
    const watchedItem = (await call("GET", `/api/v1/carts/${watched}`)).body.items[0].id;
    // Warmed by a change that leaves the quantity at 1, so the changes measured grow and shrink as the rows above do.
    await call("PATCH", `/api/v1/carts/${watched}/items/${watchedItem}`, { quantity: 1 });
    // Another shopper's order of $50 or more before each change: the demo's holiday_sale applies, and its usage count moves.
    rows.push(await measure("change a quantity after an order placed with the promotion", async (i) => {
      await placeOrder(10, 6);
      return call("PATCH", `/api/v1/carts/${watched}/items/${watchedItem}`, { quantity: 2 + (i % 2) });
    }));
    const couponCart = await filledCart(1);
    const couponItem = (await call("GET", `/api/v1/carts/${couponCart}`)).body.items[0].id;
    await call("PATCH", `/api/v1/carts/${couponCart}`, { promotionCoupon: "HOLIDAY10" });
    await call("PATCH", `/api/v1/carts/${couponCart}/items/${couponItem}`, { quantity: 1 });
    rows.push(await measure("change a quantity (cart of 1 item with a coupon)", (i) =>
      call("PATCH", `/api/v1/carts/${couponCart}/items/${couponItem}`, { quantity: 2 + (i % 2) })));

    report.log("\n### Cost per request (median of 5; D1's own row counts, index entries included)\n");
    report.log("| operation | D1 round trips | rows read | rows written | cart-object calls |");
    report.log("|---|---:|---:|---:|---:|");
    for (const r of rows) report.log(`| ${r.label} | ${r.roundTrips} | ${r.rowsRead} | ${r.rowsWritten} | ${r.objectCalls} |`);
    report.save();
  } finally {
    server.stop();
  }
}

await main();
