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
import { apiError } from "./errors";
import { keptJson, type KeptBody } from "./serializers/kept-body";

/** One entity tag of a header's list. */
export interface EntityTag {
  weak: boolean;
  /** The quoted part, quotes included (`"abc"`). */
  opaque: string;
}

/** A precondition header: absent, `*`, or a list of tags (malformed members are dropped: they match nothing). */
export type TagList = "*" | EntityTag[] | null;

const MEMBER = /\s*(W\/)?("[\x21\x23-\x7E\x80-\xFF]*")\s*(?:,|$)/y;

/** Parses `If-Match` / `If-None-Match`: `*` or `1#entity-tag` (RFC 9110 §8.8.3, §13.1.1). */
export function parseTagList(header: string | undefined | null): TagList {
  if (header === undefined || header === null) return null;
  if (header.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  let at = 0;
  while (at < header.length) {
    MEMBER.lastIndex = at;
    const match = MEMBER.exec(header);
    if (!match) {
      // Skip a malformed member up to the next comma.
      const comma = header.indexOf(",", at);
      if (comma < 0) break;
      at = comma + 1;
      continue;
    }
    tags.push({ weak: match[1] !== undefined, opaque: match[2] ?? "" });
    at = MEMBER.lastIndex;
  }
  return tags;
}

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

/**
 * `If-Match` against the current tag (null: no current representation):
 * strong comparison, so a weak tag never matches; `*` matches any current
 * representation. True when the request may proceed (also when there is no
 * `If-Match`).
 */
export function ifMatchHolds(header: string | undefined | null, current: string | null): boolean {
  const list = parseTagList(header);
  if (list === null) return true;
  if (current === null) return false;
  if (list === "*") return true;
  return list.some((tag) => !tag.weak && tag.opaque === opaqueOf(current));
}

const opaqueOf = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** A strong tag (`"…"`) from the SHA-256 of `text`: 128 bits, base64url. */
export async function digestTag(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const base64 = btoa(String.fromCharCode(...digest.subarray(0, 16)));
  return `"${base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}"`;
}

export const PRECONDITION_FAILED = "Precondition failed: the resource does not match If-Match (it changed since that tag was read).";

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
