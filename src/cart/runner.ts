/**
 * The operation runner: the one pipeline every operation of the cart object
 * goes through. An operation is a declaration (`CartOperation`) supplying
 * only what is its own: its reads, what they found (`subject`), its tag for
 * `If-Match`, its decision (pure, in src/domain), its statements and its
 * events. The runner owns the rest, in this order:
 *
 * 1. the first batch: the caller's checks (token, the key's lookup: see
 *    `OperationRun`) ahead of the operation's reads. An operation without
 *    reads (computed from what the object holds: a warm item change) has
 *    no such batch: its guarded write is the first, and its guard carries
 *    the checks (`statements`' `checksCarried`), handed back to the
 *    connection when that write did not commit;
 * 2. `subject`: what the reads found (a refusal here, e.g. the order's 404,
 *    comes before any replay);
 * 3. the replay of a kept answer (`Idempotency-Key`);
 * 4. `If-Match` against the operation's tag, after the refusals that come
 *    before it (`beforeIfMatch`: the coupon's missing cart);
 * 5. the decision (which may wait: ids to take from the object's pool, more
 *    ids to reserve, facts to read);
 * 6. the guarded write: the key's record first, the operation's statements,
 *    then its events, in one atomic batch; a guard failure becomes the
 *    operation's refusal (`guardFailed`, which may read what it names);
 * 7. what the object does once it committed (`committed`), and the answer.
 *
 * Events: `events` is the one place an operation's event rows go; they are
 * written in the same batch as its statements, after them, so a refusal
 * (thrown before the write) or a failed guard (the batch rolled back)
 * writes none. `actor` is the principal of the run's token check.
 */
import type { NamedEntry, NamedQueries, NamedResults, Query } from "../data/batch";
import type { Database } from "../data/db";
import type { ChangeActor } from "../domain/events/event";
import type { StoredOutcome } from "../data/idempotency";
import { done, replayedStatus, type Caller, type CartReply, type OperationRun } from "./operation";

/** What a committed operation answers: its status and body. */
export interface Answer<B> {
  status: 200 | 201 | 204;
  body: B;
}

/** The record kept for the caller's key (the status a retry replays, the resource it re-renders). */
export interface KeptOutcome {
  status: number;
  resource: string | null;
}

/**
 * One operation of the cart object, declared: `R` its reads, `S` what they
 * found, `P` its decision (the plan it writes), `W` its statements, `B` its
 * answer's body.
 */
export interface CartOperation<R extends NamedQueries, S, P, W extends NamedEntry, B = null> {
  /**
   * The reads of its first batch (after the caller's checks); none: it is
   * computed from what the object holds (see step 1), and runs only for a
   * caller without a key to look up or an `If-Match` to compare.
   */
  reads?(db: Database, caller: Caller | null): R;
  /** The reads include a write that checks the token itself (an id reservation): the checks ride the same batch. */
  writesGuarded?: boolean;
  /** What the reads found; throws the refusals that come before a replay (a missing resource). */
  subject(rows: NamedResults<R>): S;
  /** The answer to replay for a kept outcome (default: its status, no body). */
  replay?(kept: StoredOutcome, subject: S): Answer<B>;
  /** The refusals that come after a replay and before `If-Match` (a step the found resource cannot take at all). */
  beforeIfMatch?(subject: S): void;
  /** The resource's current tag for `If-Match` (null: none; undefined: nothing to compare). */
  tag?(rows: NamedResults<R>, subject: S): Promise<string | null | undefined>;
  /** The decision (its rules pure, in src/domain; async when it takes ids or reads facts): the plan to write, or a thrown refusal. */
  decide(subject: S, rows: NamedResults<R>, db: Database): P | Promise<P>;
  /** The outcome kept for the caller's key. */
  kept(plan: P): KeptOutcome;
  /** The plan's statements; `checksCarried`: the caller's checks were taken for its guard to make (an operation without reads). */
  statements(db: Database, plan: P, checksCarried: boolean): W;
  /** The plan's event rows (src/domain/events/lifecycle.ts), written in the same batch after its statements. */
  events(db: Database, plan: P, actor: () => ChangeActor): readonly Query[];
  /** A failed write whose guard found the rows changed: the refusal to throw instead (undefined: not one); it may read (`db`) what the refusal names. */
  guardFailed?(error: unknown, plan: P, db: Database): Error | undefined | Promise<Error | undefined>;
  /** What the object does once the write committed (`written`: what its statements returned). */
  committed?(plan: P, written: NamedResults<{ written: W }>["written"]): Promise<void>;
  /** The answer. */
  answer(plan: P, written: NamedResults<{ written: W }>["written"]): Answer<B>;
}

/** Runs `operation` in `run`: the whole pipeline, a refusal thrown (the object's queue makes it a reply). */
export async function runOperation<R extends NamedQueries, S, P, W extends NamedEntry, B>(run: OperationRun, operation: CartOperation<R, S, P, W, B>): Promise<CartReply<B>> {
  const { db, caller, meter } = run;
  const rows = operation.reads
    ? await run.read(operation.reads(db, caller), { writesGuarded: operation.writesGuarded ?? false })
    : // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an operation without reads has no rows (R is empty)
      ({} as NamedResults<R>);
  const subject = operation.subject(rows);
  const kept = run.replay();
  if (kept) {
    const replayed = operation.replay ? operation.replay(kept, subject) : null;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an operation without `replay` answers no body (B is null)
    return done(replayed?.status ?? replayedStatus(kept.status), (replayed ? replayed.body : null) as B, meter, true);
  }
  operation.beforeIfMatch?.(subject);
  if (operation.tag) {
    const tag = await operation.tag(rows, subject);
    if (tag !== undefined) run.checkIfMatch(tag);
  }
  const plan = await operation.decide(subject, rows, db);
  // Without reads, the write is the first batch: its guard makes the caller's checks.
  const checks = operation.reads ? null : run.takeChecks();
  let written;
  try {
    written = await run.write(operation.kept(plan), operation.statements(db, plan, checks !== null), operation.events(db, plan, () => run.actor()));
  } catch (error) {
    run.restoreChecks(checks);
    const refusal = await operation.guardFailed?.(error, plan, db);
    throw refusal ?? error;
  }
  await operation.committed?.(plan, written.written);
  const answer = operation.answer(plan, written.written);
  return done(answer.status, answer.body, meter);
}

/**
 * A read of the cart object that writes nothing (the methods a checkout step
 * may choose from): its reads in the first batch after the caller's checks,
 * and its answer from what they found, or a thrown refusal.
 */
export interface CartQuery<R extends NamedQueries, B> {
  reads(db: Database, caller: Caller | null): R;
  /** The reads include a write that checks the token itself (an id reservation): the checks ride the same batch. */
  writesGuarded?: boolean;
  answer(rows: NamedResults<R>): Answer<B>;
}

/** Runs `query` in `run`: one batch, then its answer; a refusal thrown. */
export async function runQuery<R extends NamedQueries, B>(run: OperationRun, query: CartQuery<R, B>): Promise<CartReply<B>> {
  const rows = await run.read(query.reads(run.db, run.caller), { writesGuarded: query.writesGuarded ?? false });
  const answer = query.answer(rows);
  return done(answer.status, answer.body, run.meter);
}
