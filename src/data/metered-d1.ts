/**
 * A D1 connection that measures itself: every round trip to D1 (one statement
 * executed on its own, or one batch) is counted and timed, which is what the
 * `Server-Timing: d1` metric reports.
 *
 * All of its statements run in one D1 session (`withSession`), opened on
 * first use from where the connection was told to start (`startSession`;
 * `first-primary` unless told otherwise), so that a request reads its own
 * writes and never sees the database go back in time. The meter keeps the
 * latest bookmark of the work it measured, for the response to hand out.
 *
 * The request's checks (the token check, an idempotency key's lookup) are
 * held here until they run. They run in the request's first batch: the
 * `firstBatch` helper (src/http/first-batch.ts) takes them explicitly and
 * runs them with its reads (`takeChecks` / `settleChecks`), so an
 * authenticated GET costs one round trip. As a safety net for D1 work that
 * does not start with that helper, pending checks join the first batch made
 * only of reads, and are run on their own before anything that may write (a
 * single statement, or a batch containing a non-SELECT): nothing is ever
 * written for an unauthenticated request, whichever call comes first.
 *
 * An idempotency claim's record joins the first batch that writes (or the
 * first writing statement, run as a batch), so the record commits or rolls
 * back with the change it guards. A change's event rows ride the same way
 * (`rideWithNextWrite`): appended to that write's own statements (before the
 * record's last ones), they commit with it or not at all.
 */

import type { Scope } from "../domain/scopes";
import { isBookmark, laterBookmark, type SessionStart } from "./d1-session";
import { withLiteralLimits } from "./literal-limits";

export class D1Meter {
  roundTrips = 0;
  durationMs = 0;
  /** D1's own `rows_read` and `rows_written` (index entries included) of the work measured: what D1 bills. */
  rowsRead = 0;
  rowsWritten = 0;
  /** The latest D1 bookmark of the work measured (null before any). */
  bookmark: string | null = null;

  async measure<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      this.count(result);
      return result;
    } finally {
      this.durationMs += performance.now() - started;
      this.roundTrips += 1;
    }
  }

  /** Adds what another component (the cart Durable Object) measured. */
  add(other: { roundTrips: number; durationMs: number; rowsRead: number; rowsWritten: number }): void {
    this.roundTrips += other.roundTrips;
    this.durationMs += other.durationMs;
    this.rowsRead += other.rowsRead;
    this.rowsWritten += other.rowsWritten;
  }

  /** Records a bookmark the work reached (keeps the later one). */
  reached(bookmark: string | null): void {
    this.bookmark = laterBookmark(this.bookmark, bookmark);
  }

  /** Adds the rows of a round trip's results (a batch's list, or one statement's result; `first()` has none). */
  private count(result: unknown): void {
    for (const item of Array.isArray(result) ? result : [result]) {
      const meta = metaOf(item);
      if (!meta) continue;
      this.rowsRead += meta.rows_read ?? 0;
      this.rowsWritten += meta.rows_written ?? 0;
    }
  }
}

function metaOf(value: unknown): Partial<D1Meta> | null {
  if (typeof value !== "object" || value === null || !("meta" in value)) return null;
  const meta: unknown = value.meta;
  return typeof meta === "object" && meta !== null ? meta : null;
}

/** What a guard's statement is prepared on: the request's session, or a fresh one on the primary. */
export type Preparer = Pick<D1DatabaseSession, "prepare">;

/** A statement's text and values, run in whichever batch it joins. */
export interface RawQuery {
  sql: string;
  params: readonly unknown[];
}

/** A check that must pass before a request's data may be returned or changed. */
export interface Guard {
  query: RawQuery;
  /** Throws when the guard's result does not allow the request. */
  verify: (result: D1Result) => void;
  /** What another component needs to run this check itself (see `delegateGuard`). */
  delegable?: Delegable;
}

/** What a component needs to run a request's token check itself: the token's hash and the scope the operation needs (null: none). */
export interface Delegable {
  tokenHash: string;
  scope: Scope | null;
}

/** The checks taken for one batch (see `takeChecks`): their queries, in the order they run. */
export interface Checks {
  readonly guard: Guard | null;
  readonly lookup: Claim | null;
  readonly queries: readonly RawQuery[];
}

/**
 * An idempotency key's claim on the request's D1 traffic (see the top of this
 * file): no extra round trip of its own.
 */
export interface Claim {
  /** The record lookup, run in the request's first batch (after the guard). */
  lookup: RawQuery;
  /** Reads the lookup's result; throws to stop the request (a replay, another request's key). */
  verify: (result: D1Result) => void;
  /**
   * The record: its statements (`first` run before the write's own
   * statements, `last` after them), and what a failed write that carried it
   * throws instead (the key taken meanwhile), or the error itself. None: the
   * caller writes the record in its own write batch (the cart object).
   */
  record?: {
    statements: (db: Preparer) => { first: D1PreparedStatement[]; last: D1PreparedStatement[] };
    onWriteFailure: (error: unknown) => unknown;
  };
}

type ClaimStage = "lookup" | "record" | "recorded";

const statementSql = new WeakMap<D1PreparedStatement, string>();
const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

const SELECT = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
const WRITE_KEYWORD = /\b(insert|update|delete|replace)\b/i;

/**
 * True for statements that cannot write: a SELECT, or a WITH whose text has
 * no write keyword (a `WITH ... INSERT/UPDATE/DELETE` writes). When unsure,
 * a statement counts as a write: that costs one round trip, never safety.
 */
export function isReadOnlySql(sql: string): boolean {
  return SELECT.test(sql) || (WITH.test(sql) && !WRITE_KEYWORD.test(sql));
}

export class MeteredD1 {
  private guard: Guard | null = null;
  private start: SessionStart = "first-primary";
  private opened: D1DatabaseSession | null = null;
  private claim: Claim | null = null;
  private claimStage: ClaimStage | null = null;
  private riders: RawQuery[] = [];

  /** Told the ids of the events each committed write inserted (see `EventsCommitted`). */
  private readonly eventsCommitted: EventsCommitted | null;

  constructor(
    private readonly database: D1Database,
    readonly meter: D1Meter,
    eventsCommitted?: EventsCommitted,
  ) {
    this.eventsCommitted = eventsCommitted ?? sinks.get(database) ?? null;
  }

  /**
   * Hands the ids the outbox inserts among `statements` returned (their
   * `RETURNING id`, see src/data/events.ts) to the listener, once the write
   * that ran them has committed (a D1 batch commits as a whole or not at all).
   */
  private noticeEvents(statements: readonly D1PreparedStatement[], results: readonly unknown[]): void {
    const listener = this.eventsCommitted;
    if (!listener) return;
    const ids: number[] = [];
    statements.forEach((statement, index) => {
      if (EVENT_INSERT.test(statementSql.get(statement) ?? "")) ids.push(...returnedIds(results[index]));
    });
    if (ids.length > 0) listener(ids);
  }

  /**
   * Where the session starts: a constraint, or a bookmark whose writes every
   * read must include. Only before the first round trip (the session then
   * exists); the default is `first-primary`.
   */
  startSession(start: SessionStart): void {
    if (this.opened) throw new Error("The D1 session has already started");
    this.start = start;
  }

  /**
   * The latest bookmark of this connection's work, of the work added to its
   * meter (a cart object's), and of the bookmark it was started from.
   */
  get bookmark(): string | null {
    return laterBookmark(this.meter.bookmark, isBookmark(this.start) ? this.start : null);
  }

  private get session(): D1DatabaseSession {
    this.opened ??= this.database.withSession(this.start);
    return this.opened;
  }

  /** One round trip on `session`: counted, timed, and its bookmark recorded. */
  private async roundTrip<T>(session: D1DatabaseSession, work: () => Promise<T>): Promise<T> {
    try {
      return await this.meter.measure(work);
    } finally {
      this.meter.reached(session.getBookmark());
    }
  }

  /** Registers a guard to be verified with (or before) the next round trip. */
  setGuard(guard: Guard): void {
    this.guard = guard;
  }

  get hasPendingGuard(): boolean {
    return this.guard !== null;
  }

  /**
   * Statements (event rows: src/data/events.ts `eventRiders`) that run at the
   * end of the next write, in its batch: no round trip of their own. A write
   * that fails drops them with its own statements.
   */
  rideWithNextWrite(queries: readonly RawQuery[]): void {
    this.riders.push(...queries);
  }

  /** The riders for a write about to run, prepared on `session` (and no longer pending). */
  private takeRiders(session: Preparer): D1PreparedStatement[] {
    const riders = this.riders;
    this.riders = [];
    return riders.map((q) => prepareRaw(session, q));
  }

  /** Notes the ids the riders' inserts returned, and tells the listener (their delivery). */
  private committed(results: readonly D1Result[]): void {
    const ids: number[] = [];
    for (const result of results) {
      for (const row of result.results) {
        if (typeof row === "object" && row !== null && "id" in row && typeof row.id === "number") ids.push(row.id);
      }
    }
    if (ids.length > 0) this.eventsCommitted?.(ids);
  }

  /** Registers an idempotency claim: looked up with the next round trip, recorded with the first write. */
  setClaim(claim: Claim): void {
    this.claim = claim;
    this.claimStage = "lookup";
  }

  /** Whether the claim's lookup has still to run (nothing reached D1 yet). */
  get hasPendingLookup(): boolean {
    return this.claimStage === "lookup";
  }

  /** Whether the claim's record was committed with a write of this request. */
  get claimRecorded(): boolean {
    return this.claimStage === "recorded";
  }

  /**
   * Hands the claim over to a component that looks it up and records it in
   * its own batches (the cart Durable Object): true when it was still to be
   * looked up (and is now this connection's no longer).
   */
  delegateClaim(): boolean {
    const pending = this.claimStage === "lookup";
    if (pending) {
      this.claim = null;
      this.claimStage = null;
    }
    return pending;
  }

  /**
   * Takes the pending checks (the guard, the claim's lookup) for a batch
   * that is about to run them: null when none is pending. The caller runs
   * `queries` first in its batch, then hands their results to `settleChecks`,
   * or the checks back to `restoreChecks` when the batch failed.
   */
  takeChecks(): Checks | null {
    const guard = this.takeGuard();
    const lookup = this.takeLookup();
    if (!guard && !lookup) return null;
    return { guard, lookup, queries: [...(guard ? [guard.query] : []), ...(lookup ? [lookup.lookup] : [])] };
  }

  /** Reads the results of taken checks (in the order of their `queries`): throws when one refuses the request. */
  async settleChecks(checks: Checks, results: readonly D1Result[]): Promise<void> {
    const [first, second] = results;
    if (checks.guard && first) await this.verify(checks.guard, first);
    const lookedUp = checks.guard ? second : first;
    if (checks.lookup && lookedUp) checks.lookup.verify(lookedUp);
  }

  /** Taken checks whose batch failed (a SQL error): they were not run, so they are pending again. */
  restoreChecks(checks: Checks): void {
    this.guard ??= checks.guard;
    if (checks.lookup) this.claimStage = "lookup";
  }

  /** Runs the pending checks now, in a round trip of their own (nothing when none is pending). */
  async verifyGuard(): Promise<void> {
    const checks = this.takeChecks();
    if (!checks) return;
    const session = this.session;
    let results: D1Result[];
    try {
      results = await this.roundTrip(session, () => session.batch(checks.queries.map((q) => prepareRaw(session, q))));
    } catch (error) {
      this.restoreChecks(checks);
      throw error;
    }
    await this.settleChecks(checks, results);
  }

  /**
   * Reads a guard's result. A refusal read on a session that may have been
   * served by a replica is checked once more on the primary before it
   * stands: the replica may not have the row yet (a token issued moments
   * ago). A session started at `first-primary` needs no second look: a guard
   * always runs in the session's first round trip, which the primary serves.
   * So a passing check costs nothing extra, a refused one a round trip.
   */
  private async verify(guard: Guard, result: D1Result): Promise<void> {
    try {
      guard.verify(result);
    } catch (refusal) {
      if (this.start === "first-primary") throw refusal;
      const primary = this.database.withSession("first-primary");
      const fresh = await this.roundTrip(primary, () => prepareRaw(primary, guard.query).all());
      guard.verify(fresh);
    }
  }

  /** The claim whose lookup is pending; from now on it waits for its record (if it has one). */
  private takeLookup(): Claim | null {
    const claim = this.claim;
    if (this.claimStage !== "lookup" || !claim) return null;
    this.claimStage = claim.record ? "record" : null;
    return claim;
  }

  /** The record that must join the next write. */
  private recordToWrite(): NonNullable<Claim["record"]> | null {
    return this.claimStage === "record" ? (this.claim?.record ?? null) : null;
  }

  /**
   * Runs a write (statements of one batch) with the claim's record around it:
   * `[record.first..., statements..., record.last...]`; returns the write's own results.
   */
  private async writeWithRecord(record: NonNullable<Claim["record"]>, raw: D1PreparedStatement[]): Promise<D1Result[]> {
    const session = this.session;
    const { first, last } = record.statements(session);
    const riders = this.takeRiders(session);
    let results: D1Result[];
    try {
      results = await this.roundTrip(session, () => session.batch([...first, ...raw, ...riders, ...last]));
    } catch (error) {
      throw record.onWriteFailure(error);
    }
    this.claimStage = "recorded";
    this.committed(results.slice(first.length + raw.length, first.length + raw.length + riders.length));
    return results.slice(first.length, first.length + raw.length);
  }

  /** Runs a write (its checks already verified) with the riders after it; returns the write's own results. */
  private async writeWithRiders(raw: D1PreparedStatement[]): Promise<D1Result[]> {
    const session = this.session;
    const riders = this.takeRiders(session);
    const results = await this.roundTrip(session, () => session.batch([...raw, ...riders]));
    this.committed(results.slice(raw.length));
    return results.slice(0, raw.length);
  }

  /**
   * Hands a pending guard over to a component that will check it in its own
   * first D1 batch (the cart Durable Object): returns what it needs, or null
   * when the guard was already verified.
   */
  delegateGuard(): Delegable | null {
    if (!this.guard?.delegable) return null;
    return this.takeGuard()?.delegable ?? null;
  }

  private takeGuard(): Guard | null {
    const guard = this.guard;
    this.guard = null;
    return guard;
  }

  /** The object drizzle talks to. */
  asD1(): D1Database {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the proxies below need this instance
    const self = this;
    const wrapStatement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
      const proxy: D1PreparedStatement = new Proxy(stmt, {
        get(target, prop) {
          if (prop === "bind") {
            return (...values: unknown[]) => {
              // A bound LIMIT would make D1 compile the statement again on every run (literal-limits.ts).
              const literal = withLiteralLimits(sql, values);
              if (literal) return wrapStatement(self.session.prepare(literal.sql).bind(...literal.params), literal.sql);
              return wrapStatement(target.bind(...values), sql);
            };
          }
          if (prop === "all" || prop === "run" || prop === "first" || prop === "raw") {
            return async (...args: unknown[]) => {
              await self.verifyGuard();
              const record = isReadOnlySql(sql) ? null : self.recordToWrite();
              if (record) {
                const [result] = await self.writeWithRecord(record, [stmt]);
                self.noticeEvents([proxy], [result]);
                return asMethodResult(prop, result, args);
              }
              if (!isReadOnlySql(sql) && self.riders.length > 0) {
                const [result] = await self.writeWithRiders([stmt]);
                self.noticeEvents([proxy], [result]);
                return asMethodResult(prop, result, args);
              }
              // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The D1 statement's methods (all, run, raw, first) are async functions.
              const method = Reflect.get(target, prop) as (...a: unknown[]) => Promise<unknown>;
              const result = await self.roundTrip(self.session, () => method.apply(target, args));
              self.noticeEvents([proxy], [result]);
              return result;
            };
          }
          const value: unknown = Reflect.get(target, prop);
          // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A statement's other methods, bound to the statement they belong to.
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      statementSql.set(proxy, sql);
      unwrap.set(proxy, stmt);
      return proxy;
    };

    const db: Partial<D1Database> = {
      prepare: (sql: string) => wrapStatement(self.session.prepare(sql), sql),
      batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
        const raw = statements.map((s) => unwrap.get(s) ?? s);
        const readOnly = statements.every((s) => isReadOnlySql(statementSql.get(s) ?? ""));
        if (!readOnly) {
          await self.verifyGuard();
          const record = self.recordToWrite();
          if (record) {
            const results = await self.writeWithRecord(record, raw);
            self.noticeEvents(statements, results);
            // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The recorded write returns D1's own results for these statements.
            return results as D1Result<T>[];
          }
          if (self.riders.length > 0) {
            const results = await self.writeWithRiders(raw);
            self.noticeEvents(statements, results);
            // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- As above: D1's own results for these statements.
            return results as D1Result<T>[];
          }
        }
        const session = self.session;
        const checks = self.takeChecks();
        if (!checks) {
          const results = await self.roundTrip(session, () => session.batch<T>(raw));
          if (!readOnly) self.noticeEvents(statements, results);
          return results;
        }
        const riders = checks.queries.map((q) => prepareRaw(session, q));
        let all: D1Result<T>[];
        try {
          all = await self.roundTrip(session, () => session.batch<T>([...riders, ...raw]));
        } catch (error) {
          // The batch failed (a SQL error): the checks did not run, so they run before anything else.
          self.restoreChecks(checks);
          throw error;
        }
        await self.settleChecks(checks, all);
        const results = all.slice(riders.length);
        if (!readOnly) self.noticeEvents(statements, results);
        return results;
      },
    };
    // The one platform adapter: drizzle (and the batch executor in batch.ts)
    // call only prepare and batch, which is all a D1 session has besides its
    // bookmark, so those are all this object implements; the cast hands it
    // over as the D1Database type they accept (drizzle's D1 driver runs on a
    // session as well, its type just does not say so). No `exec`: a session
    // has none, and nothing here runs unprepared SQL.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a D1 session serves every method drizzle's D1 driver calls (see above)
    return db as D1Database;
  }
}

/**
 * Who is told of committed events: the worker's request (its
 * `waitUntil`), a cart object. Called once per committed write that inserted
 * events, with their row ids in order; it must not throw (nor wait).
 */
export type EventsCommitted = (ids: number[]) => void;

/** The outbox's inserts (src/data/events.ts: drizzle's `insert into "events" ... returning "id"`). */
const EVENT_INSERT = /^\s*insert\s+into\s+"events"/i;

/** The listeners of connections made on a database by a component that cannot pass one (see `withEventListener`). */
const sinks = new WeakMap<D1Database, EventsCommitted>();

/**
 * `database`, as a distinct object whose every MeteredD1 tells `listener` of
 * the events it commits: the cart object wraps its binding once so that each
 * connection its operations open reports to it.
 */
export function withEventListener(database: D1Database, listener: EventsCommitted): D1Database {
  const wrapped = new Proxy(database, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The binding's methods, bound to the binding they belong to.
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  sinks.set(wrapped, listener);
  return wrapped;
}

/** The ids an insert's `RETURNING id` gave: a D1 result's rows (objects), `raw()`'s arrays, or `first()`'s row. */
function returnedIds(result: unknown): number[] {
  const rows: unknown = typeof result === "object" && result !== null && "results" in result ? result.results : Array.isArray(result) ? result : [result];
  if (!Array.isArray(rows)) return [];
  const list: unknown[] = rows;
  const ids: number[] = [];
  for (const row of list) {
    const id: unknown = Array.isArray(row) ? firstOf(row) : typeof row === "object" && row !== null && "id" in row ? row.id : undefined;
    if (typeof id === "number") ids.push(id);
  }
  return ids;
}

function firstOf(values: unknown[]): unknown {
  return values[0];
}

/** A raw query as a statement of `db`. */
function prepareRaw(db: Preparer, query: RawQuery): D1PreparedStatement {
  const { sql, params } = withLiteralLimits(query.sql, query.params) ?? query;
  return db.prepare(sql).bind(...params);
}

/**
 * A statement's result in the shape of the method called on it, from its
 * batch result: `run`/`all` give the result, `first` its first row (or that
 * row's column), `raw` its rows as arrays (as drizzle reads a batch's rows).
 */
function asMethodResult(method: "all" | "run" | "first" | "raw", result: D1Result | undefined, args: unknown[]): unknown {
  if (!result) throw new Error("D1 returned no result for the write.");
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- D1 hands rows over in objects keyed by column name.
  const rows = result.results as Record<string, unknown>[];
  if (method === "first") {
    const row = rows[0] ?? null;
    const column = args[0];
    return row && typeof column === "string" ? (row[column] ?? null) : row;
  }
  if (method === "raw") return rows.map((row) => Object.values(row));
  return result;
}
