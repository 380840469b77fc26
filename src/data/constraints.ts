/** Recognises SQLite constraint failures surfaced by D1, for races that pass pre-checks. */
export function isUniqueViolation(error: unknown): boolean {
  return messageOf(error).includes("UNIQUE constraint failed");
}

export function isForeignKeyViolation(error: unknown): boolean {
  return messageOf(error).includes("FOREIGN KEY constraint failed");
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  return `${error.message} ${cause instanceof Error ? cause.message : ""}`;
}

/** A UNIQUE failure of `table.column` (SQLite names the column: `UNIQUE constraint failed: admin_users.email_canonical`). */
export function isUniqueViolationOf(error: unknown, tableColumn: string): boolean {
  return isUniqueViolation(error) && messageOf(error).includes(tableColumn);
}
