/**
 * Small helpers for the raw SQL of the cart store. Cart writes inline their
 * numbers as literals (every value is checked to be a safe integer first)
 * so that a change of any size is a handful of statements, free of D1's
 * 100-bound-parameters limit; text goes through `text()`, SQLite's only
 * escape being a doubled quote.
 */

export function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a safe integer: ${value}`);
  return String(value);
}

export function text(value: string | null): string {
  if (value === null) return "NULL";
  if (value.includes("\u0000")) throw new Error("NUL in SQL text");
  return `'${value.replace(/'/g, "''")}'`;
}

export const bool = (value: boolean) => (value ? "1" : "0");

/** Splits rows into statements of at most `size` rows (keeps each statement small). */
export function chunks<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
