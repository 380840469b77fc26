/**
 * A D1Database that measures itself: every round trip to D1 (one statement
 * executed on its own, or one batch) is counted and timed, which is what the
 * `Server-Timing: d1` metric reports.
 *
 * It also lets a request's authentication ride along with the request's first
 * read: a pending "guard" statement is prepended to the first batch made only
 * of reads, so an authenticated GET costs one round trip. Before anything that
 * may write runs (a single statement, or a batch containing a non-SELECT), a
 * pending guard is checked on its own first, so nothing is ever written for an
 * unauthenticated request.
 *
 * An idempotency "claim" rides along the same way: its lookup joins the first
 * batch (or the guard's own round trip), and its record joins the first batch
 * that writes (or the first writing statement, run as a batch), so the record
 * commits or rolls back with the change it guards.
 */

export class D1Meter {
  roundTrips = 0;
  durationMs = 0;

  async measure<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.durationMs += performance.now() - started;
      this.roundTrips += 1;
    }
  }

  /** Adds what another component (the cart Durable Object) measured. */
  add(roundTrips: number, durationMs: number): void {
    this.roundTrips += roundTrips;
    this.durationMs += durationMs;
  }
}

/** A check that must pass before a request's data may be returned or changed. */
export interface Guard {
  statement: (db: D1Database) => D1PreparedStatement;
  /** Throws when the guard's result does not allow the request. */
  verify: (result: D1Result) => void;
  /** What another component needs to run this check itself (see `delegateGuard`). */
  delegable?: { tokenHash: string };
}

/**
 * An idempotency key's claim on the request's D1 traffic (see the top of this
 * file): no extra round trip of its own.
 */
export interface Claim {
  /** The record lookup, prepended to the request's first batch (after the guard). */
  lookup: (db: D1Database) => D1PreparedStatement;
  /** Reads the lookup's result; throws to stop the request (a replay, another request's key). */
  verify: (result: D1Result) => void;
  /** The record's statements: `first` run before the write's own statements, `last` after them. */
  record: (db: D1Database) => { first: D1PreparedStatement[]; last: D1PreparedStatement[] };
  /** What a failed write that carried the record throws instead (the key taken meanwhile), or the error itself. */
  onWriteFailure: (error: unknown) => unknown;
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
  private claim: Claim | null = null;
  private claimStage: ClaimStage | null = null;

  constructor(
    private readonly inner: D1Database,
    readonly meter: D1Meter,
  ) {}

  /** Registers a guard to be verified with (or before) the next round trip. */
  setGuard(guard: Guard): void {
    this.guard = guard;
  }

  get hasPendingGuard(): boolean {
    return this.guard !== null;
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

  /** Verifies a pending guard (and runs a pending claim lookup) now, in a round trip of their own. */
  async verifyGuard(): Promise<void> {
    const guard = this.takeGuard();
    const lookup = this.takeLookup();
    if (!guard && !lookup) return;
    const statements = [...(guard ? [guard.statement(this.inner)] : []), ...(lookup ? [lookup.lookup(this.inner)] : [])];
    const results = await this.meter.measure(() => this.inner.batch(statements));
    if (guard && results[0]) guard.verify(results[0]);
    const lookedUp = results[guard ? 1 : 0];
    if (lookup && lookedUp) lookup.verify(lookedUp);
  }

  /** The claim whose lookup is pending; from now on it waits for its record. */
  private takeLookup(): Claim | null {
    if (this.claimStage !== "lookup" || !this.claim) return null;
    this.claimStage = "record";
    return this.claim;
  }

  /** The claim whose record must join the next write. */
  private recordToWrite(): Claim | null {
    return this.claimStage === "record" ? this.claim : null;
  }

  /**
   * Runs a write (statements of one batch) with the claim's record around it:
   * `[record.first..., statements..., record.last...]`; returns the write's own results.
   */
  private async writeWithRecord(claim: Claim, raw: D1PreparedStatement[]): Promise<D1Result[]> {
    const { first, last } = claim.record(this.inner);
    let results: D1Result[];
    try {
      results = await this.meter.measure(() => this.inner.batch([...first, ...raw, ...last]));
    } catch (error) {
      throw claim.onWriteFailure(error);
    }
    this.claimStage = "recorded";
    return results.slice(first.length, first.length + raw.length);
  }

  /**
   * Hands a pending guard over to a component that will check it in its own
   * first D1 batch (the cart Durable Object): returns what it needs, or null
   * when the guard was already verified.
   */
  delegateGuard(): { tokenHash: string } | null {
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
      const proxy = new Proxy(stmt, {
        get(target, prop) {
          if (prop === "bind") {
            return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
          }
          if (prop === "all" || prop === "run" || prop === "first" || prop === "raw") {
            return async (...args: unknown[]) => {
              await self.verifyGuard();
              const claim = isReadOnlySql(sql) ? null : self.recordToWrite();
              if (claim) {
                const [result] = await self.writeWithRecord(claim, [stmt]);
                return asMethodResult(prop, result, args);
              }
              const method = Reflect.get(target, prop) as (...a: unknown[]) => Promise<unknown>;
              return self.meter.measure(() => method.apply(target, args));
            };
          }
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      statementSql.set(proxy, sql);
      unwrap.set(proxy, stmt);
      return proxy;
    };

    const db: Partial<D1Database> = {
      prepare: (sql: string) => wrapStatement(self.inner.prepare(sql), sql),
      batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
        const raw = statements.map((s) => unwrap.get(s) ?? s);
        const readOnly = statements.every((s) => isReadOnlySql(statementSql.get(s) ?? ""));
        if (!readOnly) {
          await self.verifyGuard();
          const claim = self.recordToWrite();
          if (claim) return (await self.writeWithRecord(claim, raw)) as D1Result<T>[];
        }
        const guard = self.takeGuard();
        const lookup = self.takeLookup();
        if (!guard && !lookup) return self.meter.measure(() => self.inner.batch<T>(raw));
        const riders = [...(guard ? [guard.statement(self.inner)] : []), ...(lookup ? [lookup.lookup(self.inner)] : [])];
        let all: D1Result<T>[];
        try {
          all = await self.meter.measure(() => self.inner.batch<T>([...riders, ...raw]));
        } catch (error) {
          // The batch failed (a SQL error): the guard was not verified, nor
          // the lookup run, so they stay pending and run before anything else.
          self.guard ??= guard;
          if (lookup) self.claimStage = "lookup";
          throw error;
        }
        const [first, second] = all;
        if (guard && first) guard.verify(first);
        const lookedUp = guard ? second : first;
        if (lookup && lookedUp) lookup.verify(lookedUp);
        return all.slice(riders.length);
      },
      exec: async (query: string) => {
        await self.verifyGuard();
        return self.meter.measure(() => self.inner.exec(query));
      },
    };
    // The one platform adapter: drizzle (and the batch executor in batch.ts)
    // call only prepare, batch and exec, so those are all this object
    // implements; the cast hands it over as the D1Database type they accept.
    return db as D1Database;
  }
}

/**
 * A statement's result in the shape of the method called on it, from its
 * batch result: `run`/`all` give the result, `first` its first row (or that
 * row's column), `raw` its rows as arrays (as drizzle reads a batch's rows).
 */
function asMethodResult(method: "all" | "run" | "first" | "raw", result: D1Result | undefined, args: unknown[]): unknown {
  if (!result) throw new Error("D1 returned no result for the write.");
  const rows = result.results as Record<string, unknown>[];
  if (method === "first") {
    const row = rows[0] ?? null;
    const column = args[0];
    return row && typeof column === "string" ? (row[column] ?? null) : row;
  }
  if (method === "raw") return rows.map((row) => Object.values(row));
  return result;
}
