// `npm run events:demo`: the events outbox and its webhooks, end to end.
// Starts the worker locally (fresh local D1, demo data), a local receiver
// that verifies every signature with the `standardwebhooks` package and
// answers 500 to the first attempt of each event id, creates a webhook
// endpoint for it through the API (POST /api/v1/webhook-endpoints/, plain
// http to 127.0.0.1 allowed by WEBHOOKS_ALLOW_LOCAL_HTTP), walks a checkout
// (cart, item, address, shipping, payment, completion), waits for the
// retries (the first comes 30 to 37.5 s after the refused attempt), then
// prints every event received in order and the count of each type beside
// the feed's (GET /api/v1/events/).
import { startLocalWorker } from "./lib/local-worker.mjs";
import { startReceiver } from "./lib/webhook-receiver.mjs";
import { checkoutSteps } from "./lib/checkout-steps.mjs";

const PORT = Number(process.env.DEMO_PORT ?? 8796);
const RECEIVER_PORT = Number(process.env.DEMO_RECEIVER_PORT ?? 8797);
const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };
const WAIT_MS = Number(process.env.DEMO_WAIT_MS ?? 90_000);

async function call(base, method, path, body) {
  const res = await fetch(`${base}${path}`, { method, headers: AUTH, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function feedCounts(base) {
  const counts = new Map();
  let path = "/api/v1/events/?limit=100";
  for (let page = 0; path && page < 100; page++) {
    const body = await call(base, "GET", path);
    for (const event of body._embedded.items) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    path = body._links?.next?.href ?? null;
  }
  return counts;
}

const receiver = await startReceiver({ port: RECEIVER_PORT, failFirst: true });
const server = await startLocalWorker({
  port: PORT,
  vars: { WEBHOOKS_ALLOW_LOCAL_HTTP: "true", WEBHOOK_SECRETS_KEY: "events-demo-local-key-0123456789" },
});
try {
  const { base } = server;
  const endpoint = await call(base, "POST", "/api/v1/webhook-endpoints/", { url: receiver.url, eventTypes: ["*"], enabled: true, description: "events:demo" });
  receiver.useSecret(endpoint.secret);
  console.log(`Endpoint ${endpoint.id} → ${receiver.url}`);

  const product = (await call(base, "GET", "/api/v1/products/?limit=1"))._embedded.items[0];
  const variants = await call(base, "GET", `/api/v1/products/${product.code}/variants/?limit=1`);
  const cart = await call(base, "POST", "/api/v1/carts/", { customer: "shop@example.com", channel: "US_WEB", localeCode: "en_US" });
  await call(base, "POST", `/api/v1/carts/${cart.id}/items/`, { variant: variants._embedded.items[0].code, quantity: 1 });
  const methods = await call(base, "GET", "/api/v1/payment-methods/?limit=1");
  for (const step of checkoutSteps({ payment: methods._embedded.items[0].code, who: "Demo" })) await call(base, step.method, step.path(cart.id), step.body);
  console.log(`Checkout of cart ${cart.id} done; waiting up to ${WAIT_MS / 1000} s for the deliveries (every first attempt is refused)...`);

  const feed = await feedCounts(base);
  const expected = [...feed.values()].reduce((a, b) => a + b, 0);
  const deadline = Date.now() + WAIT_MS;
  while (receiver.received.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));

  const inOrder = [...receiver.received].sort((a, b) => (a.event.id < b.event.id ? -1 : 1));
  console.log("\nEvents received (by id):");
  for (const { event, attempts } of inOrder) console.log(`  ${event.id}  ${event.type.padEnd(22)} ${event.resource.href}  (delivered on attempt ${attempts})`);
  const received = new Map();
  for (const { event } of receiver.received) received.set(event.type, (received.get(event.type) ?? 0) + 1);
  console.log("\n| type | received | feed |\n|---|---:|---:|");
  let same = true;
  for (const type of [...new Set([...feed.keys(), ...received.keys()])].sort()) {
    const r = received.get(type) ?? 0;
    const f = feed.get(type) ?? 0;
    if (r !== f) same = false;
    console.log(`| ${type} | ${r} | ${f} |`);
  }
  console.log(`\nSignatures refused: ${receiver.invalid}. Received ${same ? "equals" : "DIFFERS FROM"} the feed.`);
  if (!same || receiver.invalid > 0) process.exitCode = 1;
} finally {
  server.stop();
  await receiver.stop();
}
