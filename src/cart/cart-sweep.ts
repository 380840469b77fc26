/**
 * The scheduled sweep (the Cron Trigger of wrangler.toml): finds carts left
 * unchanged for longer than the period and hands each to its Durable Object,
 * the cart's one writer, which checks again and expires it.
 *
 * Alarms expire carts on their own; the sweep is for carts that have none:
 * carts created before expiry existed, carts whose object could not be
 * reached when they were created, and carts whose alarm gave up retrying.
 */
import { namedBatch } from "../data/batch";
import { staleCartsQuery } from "../data/carts/cart-expiry";
import type { Database } from "../data/db";
import type { ExpiryOutcome } from "./cart-object";
import { expiryCutoff } from "./cart-ttl";

/** Carts handed over per run, oldest first: a run's work is bounded (one D1 read, at most this many object calls). */
export const SWEEP_LIMIT = 100;

/** Object calls in flight at once: a Worker invocation keeps at most 6 outgoing connections open. */
const CONCURRENCY = 6;

/** What a run did, per outcome; `failed` counts calls that threw (logged, retried by the next run). */
export type SweepReport = { found: number; failed: number } & Record<ExpiryOutcome, number>;

export interface SweepServices {
  db: Database;
  /** The cart objects (a `CartGateway`). */
  carts: { expire(cartId: number): Promise<ExpiryOutcome> };
  ttlSeconds: number;
  /** Write the run's summary line (the `LOG_REQUESTS` switch, so a test run stays quiet). */
  log: boolean;
}

export async function sweepExpiredCarts({ db, carts, ttlSeconds, log }: SweepServices, nowMs: number): Promise<SweepReport> {
  const { stale } = await namedBatch(db, { stale: staleCartsQuery(db, expiryCutoff(nowMs, ttlSeconds), SWEEP_LIMIT) });
  const report: SweepReport = { found: stale.length, expired: 0, kept: 0, gone: 0, failed: 0 };
  const queue = stale.map((row) => row.id);
  const handOver = async () => {
    for (let cartId = queue.shift(); cartId !== undefined; cartId = queue.shift()) {
      try {
        report[await carts.expire(cartId)] += 1;
      } catch (error) {
        report.failed += 1;
        console.error(JSON.stringify({ level: "error", where: "cart-sweep", cartId, error: String(error) }));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, handOver));
  if (log) console.log(JSON.stringify({ level: "info", where: "cart-sweep", ...report }));
  return report;
}
