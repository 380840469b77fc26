import type { Failable } from "../http/form";

/** Recognises SQLite constraint failures surfaced by D1, for races that pass pre-checks. */
export function isUniqueViolation(error: unknown): boolean {
  return messageOf(error).includes("UNIQUE constraint failed");
}

/**
 * Rethrows `error`; a UNIQUE violation (a concurrent write took the value
 * after the read batch checked it) becomes the form's 400 on `field`.
 */
export function rethrowUniqueViolation<F extends string>(
  error: unknown,
  result: Failable<F>,
  field: NoInfer<F>,
  message: string,
): never {
  if (isUniqueViolation(error)) {
    result.fail(field, message);
    result.assertValid();
  }
  throw error;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return messageOf(error).includes("FOREIGN KEY constraint failed");
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return `${error.message} ${cause instanceof Error ? cause.message : ""}`;
}
