/**
 * `LIMIT ?` written with its value. SQLite's planner reads a bound LIMIT's
 * value, and so marks the statement to be compiled again whenever that
 * parameter is bound (`sqlite3VdbeSetVarmask`): a statement kept prepared by
 * D1 (and by workerd's SQL API under it) is then compiled anew on every run.
 * For the variant list's statement that is about 90 µs of compiling for
 * 12 µs of running, on a database that runs one query at a time. Drizzle
 * binds every `.limit(n)`, `limit(1)` included; written as a literal, a
 * statement compiles once per distinct limit (page sizes are 1 to 100) and
 * runs from the cache after that. A bound OFFSET costs no compile, so it
 * stays bound: one text serves every page.
 *
 * Only integer values are written (the only ones SQLite takes there);
 * anything else stays bound as it was.
 */
import { IsolateMemory } from "./isolate-cache";

/** A `?` that is the whole value of a LIMIT: where it is in the text, and which parameter it takes. */
interface Slot {
  at: number;
  param: number;
}

/** Past this many texts the map starts again (texts that differ by their `IN (?, ?, …)` lists are many). */
const KEPT_TEXTS = 2_000;
/** Statements' slots, by SQL text (statements come from code: few distinct texts). */
const slotsBySql = new IsolateMemory<string, readonly Slot[] | null>({
  name: "LIMIT slots",
  file: "src/data/literal-limits.ts",
  key: "statement's SQL text",
  bound: { entries: KEPT_TEXTS, evict: "all" },
  kind: "derived",
  readBehind: "the SQL text alone (its key); the LIMIT values are written from each run's parameters",
});

/** `sql` and `params` with every integer LIMIT value written into the text; null when there is none. */
export function withLiteralLimits(sql: string, params: readonly unknown[]): { sql: string; params: unknown[] } | null {
  const slots = slotsOf(sql);
  if (!slots) return null;
  let text = "";
  let from = 0;
  const written = new Set<number>();
  for (const slot of slots) {
    const literal = integerLiteral(params[slot.param]);
    if (literal === null) continue;
    text += sql.slice(from, slot.at) + literal;
    from = slot.at + 1;
    written.add(slot.param);
  }
  if (written.size === 0) return null;
  return { sql: text + sql.slice(from), params: params.filter((_, i) => !written.has(i)) };
}

function integerLiteral(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "bigint") return value.toString();
  return null;
}

function slotsOf(sql: string): readonly Slot[] | null {
  const known = slotsBySql.get(sql);
  if (known !== undefined) return known;
  const slots = scanSlots(sql);
  slotsBySql.set(sql, slots);
  return slots;
}

/**
 * The LIMIT slots of `sql`, counting parameters as SQLite numbers
 * anonymous `?`s, past string literals, quoted names and comments; null when
 * there is none, or when the text numbers its parameters itself (`?1`,
 * `:name`), which drizzle never writes.
 */
function scanSlots(sql: string): readonly Slot[] | null {
  const slots: Slot[] = [];
  let param = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === "`") {
      i = closing(sql, i, c);
    } else if (c === "[") {
      i = closing(sql, i, "]");
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === "?") {
      if (/[0-9]/.test(sql[i + 1] ?? "")) return null;
      if (/\blimit\s*$/i.test(sql.slice(Math.max(0, i - 12), i))) slots.push({ at: i, param });
      param += 1;
      i += 1;
    } else if ((c === ":" || c === "@" || c === "$") && /[A-Za-z_]/.test(sql[i + 1] ?? "") && !/[\w$]/.test(sql[i - 1] ?? "")) {
      return null;
    } else {
      i += 1;
    }
  }
  return slots.length > 0 ? slots : null;
}

/** The index just past the quote closing the one opened at `open` (a doubled quote is part of the text). */
function closing(sql: string, open: number, quote: string): number {
  let i = open + 1;
  for (;;) {
    const end = sql.indexOf(quote, i);
    if (end < 0) return sql.length;
    if (quote !== "]" && sql[end + 1] === quote) {
      i = end + 2;
      continue;
    }
    return end + 1;
  }
}
