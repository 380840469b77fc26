/**
 * The operation runner: the one pipeline every operation of the cart object
 * goes through. An operation is a declaration (`CartOperation`) supplying
 * only what is its own: its reads, what they found (`subject`), its tag for
 * `If-Match`, its decision (pure, in src/domain), its statements and its
 * events. The runner owns the rest, in this order:
 *
 * 1. the first batch: the caller's checks (token, the key's lookup: see
 *    `OperationRun`) ahead of the operation's reads;
 * 2. `subject`: what the reads found (a refusal here, e.g. the order's 404,
 *    comes before any replay);
 * 3. the replay of a kept answer (`Idempotency-Key`);
 * 4. `If-Match` against the operation's tag;
 * 5. the decision;
 * 6. the guarded write: the key's record first, the operation's statements,
 *    then its events, in one atomic batch; a guard failure becomes the
 *    operation's refusal (`guardFailed`);
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
  /** The reads of its first batch (after the caller's checks). */
  reads(db: Database, caller: Caller | null): R;
  /** The reads include a write that checks the token itself (an id reservation): the checks ride the same batch. */
  writesGuarded?: boolean;
  /** What the reads found; throws the refusals that come before a replay (a missing resource). */
  subject(rows: NamedResults<R>): S;
  /** The answer to replay for a kept outcome (default: its status, no body). */
  replay?(kept: StoredOutcome, subject: S): Answer<B>;
  /** The resource's current tag for `If-Match` (null: none; undefined: nothing to compare). */
  tag?(rows: NamedResults<R>, subject: S): Promise<string | null | undefined>;
  /** The decision (pure): the plan to write, or a thrown refusal. */
  decide(subject: S, rows: NamedResults<R>): P;
  /** The outcome kept for the caller's key. */
  kept(plan: P): KeptOutcome;
  /** The plan's statements. */
  statements(db: Database, plan: P): W;
  /** The plan's event rows (src/domain/events/lifecycle.ts), written in the same batch after its statements. */
  events(db: Database, plan: P, actor: () => ChangeActor): readonly Query[];
  /** A failed write whose guard found the rows changed: the refusal to throw instead (undefined: not one). */
  guardFailed?(error: unknown): Error | undefined;
  /** What the object does once the write committed. */
  committed?(plan: P): Promise<void>;
  /** The answer. */
  answer(plan: P, written: NamedResults<{ written: W }>["written"]): Answer<B>;
}

/** Runs `operation` in `run`: the whole pipeline, a refusal thrown (the object's queue makes it a reply). */
export async function runOperation<R extends NamedQueries, S, P, W extends NamedEntry, B>(run: OperationRun, operation: CartOperation<R, S, P, W, B>): Promise<CartReply<B>> {
  const { db, caller, meter } = run;
  const rows = await run.read(operation.reads(db, caller), { writesGuarded: operation.writesGuarded ?? false });
  const subject = operation.subject(rows);
  const kept = run.replay();
  if (kept) {
    const replayed = operation.replay ? operation.replay(kept, subject) : null;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an operation without `replay` answers no body (B is null)
    return done(replayed?.status ?? replayedStatus(kept.status), (replayed ? replayed.body : null) as B, meter, true);
  }
  if (operation.tag) {
    const tag = await operation.tag(rows, subject);
    if (tag !== undefined) run.checkIfMatch(tag);
  }
  const plan = operation.decide(subject, rows);
  let written;
  try {
    written = await run.write(operation.kept(plan), operation.statements(db, plan), operation.events(db, plan, () => run.actor()));
  } catch (error) {
    const refusal = operation.guardFailed?.(error);
    throw refusal ?? error;
  }
  await operation.committed?.(plan);
  const answer = operation.answer(plan, written.written);
  return done(answer.status, answer.body, meter);
}
