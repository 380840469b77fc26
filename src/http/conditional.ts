/**
 * Conditional requests (RFC 9110 §13): strong entity tags, `If-None-Match`
 * on reads (304) and `If-Match` on writes (412).
 *
 * A tag is computed by the handler from what its one read batch returned
 * (a digest of the representation, or of the versions and embedded parts it
 * is made of), never by hashing the response on its way out: hono's `etag`
 * middleware does the latter (it reads back and digests every body), which
 * would cost a multi-megabyte digest on each read of a big cart, and it
 * cannot give a write the tag it must compare `If-Match` with before writing.
 */
import type { Context } from "hono";
import { opaqueOf, parseTagList, PRECONDITION_FAILED } from "../domain/conditional";
import { apiError } from "./errors";
import { keptJson, type KeptBody } from "./serializers/kept-body";

export { parseTagList, type EntityTag, type TagList } from "../domain/conditional";

/**
 * `If-None-Match` against the current tag: weak comparison (§8.8.3.2), `*`
 * matches any current representation. True means "not modified".
 */
export function noneMatchHits(header: string | undefined, current: string): boolean {
  const list = parseTagList(header);
  if (list === null) return false;
  if (list === "*") return true;
  return list.some((tag) => tag.opaque === opaqueOf(current));
}


/** A strong tag (`"…"`) from the SHA-256 of `text`: 128 bits, base64url. */
export async function digestTag(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const base64 = btoa(String.fromCharCode(...digest.subarray(0, 16)));
  return `"${base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}"`;
}

export { PRECONDITION_FAILED };

/** `412 {code, message}`: a stale or unknown `If-Match`; nothing was changed. */
export const preconditionFailed = () => apiError(412, PRECONDITION_FAILED);

/**
 * The answer of a GET whose representation has the strong tag `etag`: 304
 * with no body when `If-None-Match` matches it (the body is then not even
 * serialized), else the body as JSON; both with the tag.
 */
export function taggedJson(c: Context, etag: string, body: () => object): Response | Promise<Response> {
  return taggedJsonText(c, etag, () => JSON.stringify(body()));
}

/**
 * `taggedJson` for a body already written: as JSON text, or kept for
 * repeated answers (answered gzipped to a request that accepts it: see
 * kept-body.ts).
 */
export function taggedJsonText(c: Context, etag: string, body: () => string | KeptBody): Response | Promise<Response> {
  if (noneMatchHits(c.req.header("If-None-Match"), etag)) return c.body(null, 304, { ETag: etag });
  const answer = body();
  if (typeof answer === "string") return c.body(answer, 200, { ETag: etag, "Content-Type": "application/json" });
  return keptJson(c, answer, 200, { ETag: etag });
}
