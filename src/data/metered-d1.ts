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

  /** Verifies a pending guard now, in a round trip of its own. */
  async verifyGuard(): Promise<void> {
    const guard = this.takeGuard();
    if (!guard) return;
    const result = await this.meter.measure(() => guard.statement(this.inner).all());
    guard.verify(result);
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
        if (!readOnly) await self.verifyGuard();
        const guard = self.takeGuard();
        if (!guard) return self.meter.measure(() => self.inner.batch<T>(raw));
        let guardResult: D1Result<T> | undefined;
        let results: D1Result<T>[];
        try {
          [guardResult, ...results] = await self.meter.measure(() =>
            self.inner.batch<T>([guard.statement(self.inner), ...raw]),
          );
        } catch (error) {
          // The batch failed (a SQL error): the guard was not verified, so it
          // stays pending and is checked before anything else happens.
          self.guard ??= guard;
          throw error;
        }
        guard.verify(guardResult as D1Result);
        return results;
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
