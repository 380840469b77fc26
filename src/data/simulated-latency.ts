/**
 * The latency model's delays (`npm run bench -- latency`, docs/performance/
 * latency.md): a D1 binding that waits before and after every round trip,
 * as a client far from the database would. Development only: the entry and
 * the cart object wrap their bindings with it only when the `BENCH_LATENCY`
 * var is set, which wrangler.toml leaves empty (no wrapping, no cost).
 */

/**
 * One-way delays in milliseconds, each paid twice per round trip (there and
 * back): the worker to the D1 primary, the worker to a D1 replica near it (a
 * session started from an `X-D1-Bookmark`), the worker to the cart object,
 * the cart object to the D1 primary.
 */
export interface Latency {
  workerD1: number;
  workerReplica: number;
  workerObject: number;
  objectD1: number;
}

const KEYS: Record<string, keyof Latency> = {
  "worker-d1": "workerD1",
  "worker-replica": "workerReplica",
  "worker-object": "workerObject",
  "object-d1": "objectD1",
};

/** `BENCH_LATENCY` (`worker-d1=80,worker-replica=2,worker-object=2,object-d1=80`; absent keys 0) as delays; null when empty or unset. */
export function parseLatency(value: string | undefined): Latency | null {
  if (!value?.trim()) return null;
  const latency: Latency = { workerD1: 0, workerReplica: 0, workerObject: 0, objectD1: 0 };
  for (const part of value.split(",")) {
    const [name = "", ms = ""] = part.split("=").map((s) => s.trim());
    const key = KEYS[name];
    const delay = Number(ms);
    if (!key || !Number.isFinite(delay) || delay < 0) throw new Error(`BENCH_LATENCY: cannot read "${part}"`);
    latency[key] = delay;
  }
  return latency;
}

export const pause = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Runs `work` as one round trip `oneWayMs` away: the delay there, the work, the delay back. */
export async function acrossDistance<T>(oneWayMs: number, work: () => Promise<T>): Promise<T> {
  await pause(oneWayMs);
  try {
    return await work();
  } finally {
    await pause(oneWayMs);
  }
}

const STATEMENT_CALLS = new Set(["all", "first", "run", "raw"]);

/** The binding's own statement behind each delayed one (a batch is given the binding's own). */
const original = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
const originals = (statements: D1PreparedStatement[]) => statements.map((s) => original.get(s) ?? s);

function delayedStatement(statement: D1PreparedStatement, oneWayMs: number): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      if (name === "bind") {
        return (...args: unknown[]) => delayedStatement(target.bind(...args), oneWayMs);
      }
      if (typeof name === "string" && STATEMENT_CALLS.has(name)) {
        return (...args: unknown[]) => acrossDistance(oneWayMs, () => Promise.resolve(Reflect.apply(value, target, args)));
      }
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A bound method of the wrapped object, passed through untyped.
      return value.bind(target) as unknown;
    },
  });
  original.set(proxy, statement);
  return proxy;
}

/**
 * `database` with every round trip `oneWayMs` away; a session started from
 * a bookmark reads from a replica `replicaMs` away instead (D1 read
 * replication, modelled as a replica that has the bookmark's writes).
 */
export function delayedD1(database: D1Database, oneWayMs: number, replicaMs = oneWayMs): D1Database {
  const session = (inner: D1DatabaseSession, ms: number): D1DatabaseSession => ({
    prepare: (query: string) => delayedStatement(inner.prepare(query), ms),
    batch: <T = unknown>(statements: D1PreparedStatement[]) => acrossDistance(ms, () => inner.batch<T>(originals(statements))),
    getBookmark: () => inner.getBookmark(),
  });
  return new Proxy(database, {
    get(target, name, receiver) {
      if (name === "withSession") {
        return (start?: string) => {
          const fromBookmark = start !== undefined && start !== "first-primary" && start !== "first-unconstrained";
          return session(target.withSession(start), fromBookmark ? replicaMs : oneWayMs);
        };
      }
      if (name === "prepare") return (query: string) => delayedStatement(target.prepare(query), oneWayMs);
      if (name === "batch") return <T = unknown>(statements: D1PreparedStatement[]) => acrossDistance(oneWayMs, () => target.batch<T>(originals(statements)));
      const value: unknown = Reflect.get(target, name, receiver);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A bound method of the wrapped object, passed through untyped.
      return typeof value === "function" ? (value.bind(target) as unknown) : value;
    },
  });
}
