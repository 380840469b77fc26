/**
 * The request's D1 session, chosen by the client (`X-D1-Bookmark`, the name
 * of Cloudflare's own examples):
 *
 * - no header: the session starts at `first-primary`, so a client that knows
 *   nothing of bookmarks reads what it (or anyone) wrote before;
 * - a bookmark this API handed out: any replica that has every write up to
 *   it may answer, so the client reads its own writes from the nearest one;
 * - `first-unconstrained`: the nearest replica answers, however far behind.
 *
 * That choice is for reads (GET, HEAD). A write (any other method) starts at
 * `first-primary` whatever the header says: its reads decide what it writes
 * (a PATCH merges into the row it read, a form checks that a code is free),
 * so they must not come from a replica behind the primary, which the write
 * goes to anyway. The primary has every bookmark's writes, so the client
 * still reads its own.
 *
 * Anything else is a 400 that names the header, on every method and before
 * any D1 work (D1 accepts garbage locally and would fail on it in
 * production). Every answer of a request that reached D1 carries the latest
 * bookmark of its work, including the writes of a cart's Durable Object, in
 * `X-D1-Bookmark`.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { badRequest } from "../errors";
import { isSessionStart } from "../../data/d1-session";
import { setResponseHeader } from "./request-id";

export const BOOKMARK_HEADER = "X-D1-Bookmark";

export const MALFORMED_BOOKMARK =
  `Malformed ${BOOKMARK_HEADER} header: expected a bookmark from an earlier response, "first-primary" or "first-unconstrained".`;

/** The methods whose D1 work only reads, and may therefore start on a replica. */
const READS = new Set(["GET", "HEAD"]);

export const d1Bookmark = createMiddleware<AppEnv>(async (c, next) => {
  const requested = c.req.header(BOOKMARK_HEADER)?.trim();
  if (requested !== undefined && requested !== "") {
    if (!isSessionStart(requested)) throw badRequest(MALFORMED_BOOKMARK);
    if (READS.has(c.req.method)) c.get("d1").startSession(requested);
  }
  await next();
  const bookmark = c.get("d1").bookmark;
  if (bookmark !== null) setResponseHeader(c, BOOKMARK_HEADER, bookmark);
});
