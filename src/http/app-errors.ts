import type { Context } from "hono";
import { apiError, HttpError, INTERNAL_ERROR } from "./errors";
import type { AppEnv } from "./context";

/** The one `onError` of the app: known errors render as themselves, the rest as a logged 500. */
export function renderError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof HttpError) {
    return c.json(error.body as object, error.status, error.headers);
  }
  console.error(
    JSON.stringify({
      level: "error",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    }),
  );
  const internal = apiError(500, INTERNAL_ERROR);
  return c.json(internal.body as object, 500);
}
