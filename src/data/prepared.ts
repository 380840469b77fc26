/**
 * Queries whose SQL is built once per isolate. Drizzle builds a statement's
 * SQL text on every use: under workerd about 0.1 ms a statement, 1–2 ms for
 * the dozen statements of a cart read, of a cart change's first batch or of
 * its writes, where hand-written SQL cost nothing. `prepared(build)` builds a
 * query or a group of queries once, with `sql.placeholder(name)` standing for
 * the values, and `bind` gives entries that `namedBatch` runs like any query,
 * typed alike: drizzle's "prepare once, execute many" for D1 batches.
 *
 * A flat select's rows are mapped as a batch maps them (see batch.ts); any
 * other query's result by the drizzle query built with the template. The
 * group's shape must not depend on the values (a branch on a value would be
 * frozen at the first build): values only ever reach SQL as placeholders.
 */
import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import { BoundQuery, isStatement, prepareTemplate, QueryTemplate, type NamedQueries, type Statement } from "./batch";
import type { Database } from "./db";
import { declareIsolateCache, IsolateValue } from "./isolate-cache";

/** A value of a query's builder, or, for a query built once, the placeholder standing for it. */
export type Value<T> = T | Placeholder;

/** The bound form of a group of queries: each query becomes a `BoundQuery` of its result. */
export type Bound<T> = T extends undefined
  ? undefined
  : T extends PromiseLike<infer R>
    ? BoundQuery<R>
    : T extends readonly (infer Q)[]
      ? BoundQuery<Awaited<Q>>[]
      : T extends NamedQueries
        ? { [K in keyof T]: Bound<T[K]> }
        : never;

type Template = QueryTemplate | readonly Template[] | { readonly [name: string]: Template } | undefined;

const TEMPLATES = declareIsolateCache({
  name: "prepared statements",
  file: "src/data/prepared.ts",
  key: "none (one value per `prepared` group)",
  bound: { fixed: "one value per `prepared` group of the code" },
  kind: "derived",
  readBehind: "code (the statements' SQL; values are bound per use)",
});

/** Queries built once (on first use) with a placeholder per value name; `bind` fills them in per use. */
export function prepared<V extends string, T extends NamedQueries | Statement>(names: readonly V[], build: (db: Database, values: Record<V, Placeholder>) => T) {
  const template = new IsolateValue<Template>(TEMPLATES);
  return {
    bind(db: Database, values: Record<V, unknown>): Bound<T> {
      const built = template.get(() => templateOf(build(db, placeholders(names))));
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- A template bound with this use's values reads like the query it was built from (T's result).
      return bindTemplate(built, values) as Bound<T>;
    },
  };
}

function placeholders<V extends string>(names: readonly V[]): Record<V, Placeholder> {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Filled below with one placeholder per name of V.
  const values = {} as Record<V, Placeholder>;
  for (const name of names) values[name] = sql.placeholder(name);
  return values;
}

function templateOf(entry: unknown): Template {
  if (entry === undefined) return undefined;
  if (isStatement(entry)) return prepareTemplate(entry);
  if (Array.isArray(entry)) return entry.map(templateOf);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Neither a query nor a list here: the remaining NamedEntry case, named queries.
  return Object.fromEntries(Object.entries(entry as NamedQueries).map(([name, value]) => [name, templateOf(value)]));
}

function bindTemplate(template: Template, values: Record<string, unknown>): unknown {
  if (template === undefined) return undefined;
  if (template instanceof QueryTemplate) return new BoundQuery(template.sql, fillPlaceholders([...template.params], values), template.map);
  if (Array.isArray(template)) return template.map((part: Template) => bindTemplate(part, values));
  return Object.fromEntries(Object.entries(template).map(([name, part]) => [name, bindTemplate(part, values)]));
}
