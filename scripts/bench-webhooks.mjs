// The webhook delivery scenario of `npm run bench` (`--webhooks` runs only
// it): a local receiver (scripts/lib/webhook-receiver.mjs, every signature
// verified) subscribed to `tax_category.*` through the API, then N tax
// categories created, `concurrency` requests at a time. Each create commits
// one `tax_category.created` event; its commit time is taken as the moment
// its response arrived, its delivery time as the moment the receiver got it
// (matched by the resource's code). Reports events delivered per second
// (from the first commit to the last delivery; goal ≥ 500/s) and the
// commit-to-delivery p50/p95 (goal ≤ 2 s / 5 s under `npm start`).
import { startReceiver } from "./lib/webhook-receiver.mjs";

/** The vars the worker needs for this scenario (plain http to the local receiver, a sealing key). */
export const WEBHOOK_BENCH_VARS = { WEBHOOKS_ALLOW_LOCAL_HTTP: "true", WEBHOOK_SECRETS_KEY: "bench-local-webhook-key-0123456789" };

const AUTH = { Authorization: "Bearer SampleToken", "Content-Type": "application/json", Accept: "application/json" };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function webhookRows({ base, receiverPort = 8798, count = 300, concurrency = 10, waitMs = 60_000 }) {
  const receiver = await startReceiver({ port: receiverPort });
  try {
    const res = await fetch(`${base}/api/v1/webhook-endpoints/`, {
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ url: receiver.url, eventTypes: ["tax_category.*"], enabled: true, description: "bench" }),
    });
    if (res.status !== 201) throw new Error(`webhook endpoint → ${res.status} ${await res.text()}`);
    const endpoint = await res.json();
    receiver.useSecret(endpoint.secret);

    const prefix = `WB${Date.now().toString(36).toUpperCase()}`;
    const committed = new Map();
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const code = `${prefix}_${next++}`;
        const created = await fetch(`${base}/api/v1/tax-categories/`, { method: "POST", headers: AUTH, body: JSON.stringify({ code, name: code }) });
        await created.arrayBuffer();
        if (created.status !== 201) throw new Error(`tax category → ${created.status}`);
        committed.set(code, Date.now());
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const deadline = Date.now() + waitMs;
    const mine = () => receiver.received.filter((r) => committed.has(r.event.resource.code));
    while (mine().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

    const delivered = mine();
    const lags = delivered.map((r) => r.at - committed.get(r.event.resource.code)).sort((a, b) => a - b);
    const first = Math.min(...committed.values());
    const last = Math.max(...delivered.map((r) => r.at));
    const replay = await replayRate(base, endpoint.id, receiver, delivered.length, deadline);
    return {
      count,
      delivered: delivered.length,
      perSecond: delivered.length / Math.max(0.001, (last - first) / 1000),
      replayed: replay.replayed,
      replayPerSecond: replay.perSecond,
      p50: percentile(lags, 50),
      p95: percentile(lags, 95),
      invalid: receiver.invalid,
    };
  } finally {
    await receiver.stop();
  }
}

/**
 * The delivery's own capacity: the events above are on the outbox already, and
 * a replay sends them all at once, so their rate is the queue's and the
 * consumer's, not the rate the writes were made at (the first measure, which
 * the creating clients bound on this machine).
 */
async function replayRate(base, endpointId, receiver, expected, deadline) {
  const before = receiver.accepted.length;
  const started = Date.now();
  const res = await fetch(`${base}/api/v1/webhook-endpoints/${endpointId}/replay`, { method: "POST", headers: AUTH, body: JSON.stringify({ cursor: "" }) });
  if (res.status !== 200) throw new Error(`replay → ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  const end = Math.max(deadline, Date.now() + 60_000);
  while (receiver.accepted.length - before < expected && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  const replayed = receiver.accepted.slice(before);
  const last = Math.max(started + 1, ...replayed.map((r) => r.at));
  return { replayed: replayed.length, perSecond: replayed.length / ((last - started) / 1000) };
}

export function webhookTable(row) {
  return [
    "| events | delivered | delivered/s (as written) | commit→delivery p50 ms | p95 ms | replayed at once | delivered/s (replay) | bad signatures |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${row.count} | ${row.delivered} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.replayed} | ${row.replayPerSecond.toFixed(0)} | ${row.invalid} |`,
  ].join("\n");
}
