/**
 * Retention: the scheduled handler removes events older than
 * EVENTS_RETENTION_DAYS (90 in wrangler.toml), in bounded batches, and never
 * the newest event (ids are rowids: without it they would start again).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduledSweep } from "../fixtures/worker";
import { backdate, insertEvents, newEvent, testActor } from "../fixtures/event-rows";
import { firstRow } from "../fixtures/db";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { PRUNE_BATCH, PRUNE_ROUNDS, pruneEvents } from "../../src/data/queries/events";
import { DEFAULT_EVENTS_RETENTION_DAYS, eventsRetentionDays } from "../../src/domain/events/retention";
import { eventId } from "../../src/domain/events/event";

const database = () => createDatabase(new MeteredD1(env.DB, new D1Meter()));

/** Which of `ids` are still stored. */
async function kept(ids: readonly string[]): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM events WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id").bind(JSON.stringify(ids.map(Number))).all<{ id: number }>();
  return results.map((row) => eventId(row.id));
}

const count = async () => (await firstRow<{ n: number }>(env.DB.prepare("SELECT count(*) AS n FROM events"))).n;

/** `n` events of `days` ago, inserted in one statement (a recursive CTE). */
async function insertOld(n: number, days: number): Promise<void> {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
     INSERT INTO events (type, occurred_at, resource_href, resource_id, actor_system, data)
     SELECT 'product.updated', ?, '/api/v1/products/' || i, i, 'cron', '{}' FROM k`,
  )
    .bind(n, at)
    .run();
}

describe("EventRetentionTest", () => {
  it("it_reads_the_retention_in_days_with_a_default_of_90", () => {
    expect(eventsRetentionDays("30")).toBe(30);
    expect(eventsRetentionDays(" 7 ")).toBe(7);
    expect(eventsRetentionDays(365)).toBe(365);
    for (const broken of [undefined, "", "0", "-5", "2.5", "ninety"]) expect(eventsRetentionDays(broken), String(broken)).toBe(DEFAULT_EVENTS_RETENTION_DAYS);
    expect(env.EVENTS_RETENTION_DAYS).toBe("90");
  });

  it("it_prunes_events_older_than_the_retention_on_the_cron", async () => {
    const actor = await testActor();
    const old = await insertEvents([newEvent("order.placed", "/api/v1/orders/1", actor), newEvent("order.cancelled", "/api/v1/orders/1", actor)]);
    const young = await insertEvents([newEvent("order.placed", "/api/v1/orders/2", actor)]);
    const recent = await insertEvents([newEvent("order.placed", "/api/v1/orders/3", actor)]);
    await backdate(old, 91);
    await backdate(young, 89);
    await runScheduledSweep();
    expect(await kept([...old, ...young, ...recent])).toEqual([...young, ...recent]);
  });

  it("it_never_prunes_the_newest_event", async () => {
    const actor = await testActor();
    const ids = await insertEvents([newEvent("taxon.created", "/api/v1/taxons/1", actor), newEvent("taxon.updated", "/api/v1/taxons/1", actor)]);
    await env.DB.prepare("UPDATE events SET occurred_at = ?").bind(new Date(Date.now() - 200 * 86_400_000).toISOString()).run();
    await runScheduledSweep();
    expect(await count()).toBe(1);
    expect(await kept(ids)).toEqual([ids[1]]);
    // The next event's id follows it: a consumer's cursor stays valid.
    const [next] = await insertEvents([newEvent("taxon.deleted", "/api/v1/taxons/1", actor)]);
    expect(Number(next)).toBe(Number(ids[1]) + 1);
  });

  it("it_prunes_in_bounded_batches_per_run", async () => {
    await env.DB.prepare("DELETE FROM events").run();
    const backlog = PRUNE_BATCH * PRUNE_ROUNDS + 700;
    await insertOld(backlog, 120);
    const [newest] = await insertEvents([newEvent("order.placed", "/api/v1/orders/9", await testActor())]);
    const now = Date.now();
    // One run removes at most PRUNE_ROUNDS batches, the oldest first; the next run goes on.
    expect(await pruneEvents(database(), now, 90)).toBe(PRUNE_BATCH * PRUNE_ROUNDS);
    const oldestLeft = await firstRow<{ id: number }>(env.DB.prepare("SELECT min(id) AS id FROM events"));
    expect(oldestLeft.id).toBe(PRUNE_BATCH * PRUNE_ROUNDS + 1);
    expect(await pruneEvents(database(), now, 90)).toBe(700);
    expect(await pruneEvents(database(), now, 90)).toBe(0);
    expect(await kept([newest!])).toEqual([newest]);
    expect(await count()).toBe(1);
  });
});
