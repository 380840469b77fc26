import type { Context } from "hono";
import { apiError, errorResponse, HttpError, INTERNAL_ERROR } from "../errors";
import type { AppEnv } from "../context";
import { isForeignKeyViolation, isUniqueViolation } from "../../data/constraints";
import { InUseError } from "../../data/errors";
import { IdempotentReplay, KeyTakenMeanwhile } from "../idempotency/keys";

/**
 * A constraint that fails at write time although the request's read batch
 * found everything in order means another request changed the data in
 * between (a referenced row deleted, a code taken): a conflict, not a 500.
 */
const RACE = "The resource was changed by another request meanwhile; retry the request.";

/**
 * The error a handler's failure stands for. drizzle wraps what a single
 * statement's run throws (`Failed query: ...`, the thrown error as its
 * `cause`): a refusal of the request's checks, which run before a handler's
 * first write (a 401, a replay), stays itself.
 */
export function requestErrorOf(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof HttpError)) {
    const cause = error.cause;
    if (cause instanceof HttpError || cause instanceof IdempotentReplay || cause instanceof KeyTakenMeanwhile) return cause;
  }
  return error;
}

/**
 * The one `onError` of the app: known errors render as themselves, the rest as a logged 500.
 * Generic over the env so the app, typed with the entry's bindings, can install it.
 */
export function renderError<E extends AppEnv>(thrown: Error, c: Context<E>): Response {
  const cause = requestErrorOf(thrown);
  const error = cause instanceof Error ? cause : thrown;
  // Not failures: the idempotency middleware answers them (a replay) once the handler stopped.
  if (error instanceof IdempotentReplay || error instanceof KeyTakenMeanwhile) return c.body(null, 409);
  if (error instanceof HttpError) {
    return errorResponse(c, error);
  }
  if (error instanceof InUseError) {
    const conflict = apiError(409, error.message);
    return errorResponse(c, conflict);
  }
  if (isForeignKeyViolation(error) || isUniqueViolation(error)) {
    const conflict = apiError(409, RACE);
    return errorResponse(c, conflict);
  }
  logRequestError(c, error.message, error.stack);
  const internal = apiError(500, INTERNAL_ERROR);
  return errorResponse(c, internal);
}

/** The error log line of a request the service could not answer (a 500): its id, method and path, what failed. */
export function logRequestError<E extends AppEnv>(c: Context<E>, error: string, stack?: string): void {
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), method: c.req.method, path: c.req.path, error, stack }));
}
