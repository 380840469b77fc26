/**
 * Where a D1 session starts, and the bookmarks sessions hand out.
 *
 * A session (`D1Database.withSession`) starts from a constraint or from a
 * bookmark. `first-primary` sends its first query to the primary database;
 * `first-unconstrained` lets the nearest replica answer it; a bookmark lets
 * any replica answer that has applied every write up to that bookmark. Later
 * queries of the session never see an older state than earlier ones did.
 */

/** The constraints D1 documents for a session's first query. */
export const SESSION_CONSTRAINTS = ["first-primary", "first-unconstrained"] as const;

export type SessionConstraint = (typeof SESSION_CONSTRAINTS)[number];

/** A session's start: a constraint (`SessionConstraint`), or a bookmark (see `isBookmark`), which is text. */
export type SessionStart = string;

/**
 * The shape of a bookmark as D1 returns it: three groups of 8 hex digits (the
 * position in the database's history, most significant first) and one of 32
 * (a hash), lower case, e.g. `00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653`.
 * Checked here because D1 itself accepts anything locally.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: string): boolean {
  return BOOKMARK.test(value);
}

export function isSessionConstraint(value: string): value is SessionConstraint {
  return SESSION_CONSTRAINTS.some((constraint) => constraint === value);
}

/** True for a value a session may start from: a documented constraint or a bookmark's shape. */
export function isSessionStart(value: string): value is SessionStart {
  return isSessionConstraint(value) || isBookmark(value);
}

/**
 * The later of two bookmarks (either may be missing). The fixed-width hex
 * groups make string order the order of the database's history; the final
 * hash only breaks ties between equal positions.
 */
export function laterBookmark(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}
