/**
 * Conditional requests' comparison (RFC 9110 §13): a precondition header's
 * list of entity tags, and `If-Match` against the resource's current tag.
 * The one comparison of the service: routes and the cart object compute the
 * current tag from what their read batch returned and ask `checkIfMatch`.
 */

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
 * `If-Match` (`header`) against the current tag (null: no current
 * representation): strong comparison, so a weak tag never matches; `*`
 * matches any current representation. True when the request may proceed
 * (also when there is no `If-Match`); false: a 412, nothing changes.
 */
export function checkIfMatch(header: string | undefined | null, current: string | null): boolean {
  const list = parseTagList(header);
  if (list === null) return true;
  if (current === null) return false;
  if (list === "*") return true;
  return list.some((tag) => !tag.weak && tag.opaque === opaqueOf(current));
}

/** A tag's opaque part, `W/` left out. */
export const opaqueOf = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** Why a request's `If-Match` failed: the answer's message. */
export const PRECONDITION_FAILED = "Precondition failed: the resource does not match If-Match (it changed since that tag was read).";
