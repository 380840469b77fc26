/**
 * Paginated HAL collections (Hateoas `PaginatedRepresentation`, as Sylius
 * serializes it): `{page, limit, pages, total, _links, _embedded: {items}}`.
 */
import { badRequest, notFound } from "./errors";
import { inValues, MAX_IN_VALUES, TEXT_FILTER_TYPES, type CursorKey, type TextCriterion, type TextFilterType } from "../data/list-page";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
  /**
   * A cursor walk (the `cursor` parameter, an extension next to Sylius' page
   * numbers: docs/api/cursors.md): `null` starts it, a key resumes after it;
   * `undefined` when the request pages by number.
   */
  cursor?: CursorKey | null;
  /** The `cursor` parameter as sent (a cursor page's `self` link). */
  cursorToken?: string;
}

export type Direction = "asc" | "desc";

export interface Sorting<F extends string> {
  field: F;
  direction: Direction;
  /**
   * The direction of the id among rows of one key (default: `direction`).
   * Sylius' database lists rows of one key in creation order whatever the
   * direction (a promotion's `priority desc`): a default sorting says so here.
   */
  ties?: Direction;
}

/** The largest page number read; beyond it every list is empty anyway, and offsets stay exact integers. */
export const MAX_PAGE = 1_000_000_000;

/** The answer of Sylius' paginator to a page number or page size below 1 (or, for a page, not an integer). */
export const PAGE_NOT_FOUND = "Page Not Found";

const pageNotFound = () => notFound(PAGE_NOT_FOUND);

/**
 * A page size as Sylius reads it: PHP's integer of the text (`getInt`: the
 * leading digits, with their sign; `2.5` is 2, `abc` and an empty value 0).
 */
function phpInt(raw: string): number {
  const digits = /^\s*([+-]?\d+)/.exec(raw)?.[1];
  return digits === undefined ? 0 : Number(digits);
}

/**
 * `page` (default 1) and the page size from the first of `limitParams` that
 * is present (default 10), as Sylius 1.8's paginator (Pagerfanta) takes them:
 * a page size below 1 (`0`, `-3`, or a value whose PHP integer is 0: `abc`)
 * and a page that is not an integer from 1 (`0`, `-4`, `x`, `2.5`) are a 404
 * `Page Not Found`. A page size above 100 counts as 100 (Sylius' grids cap
 * it too, at 50), and a page above `MAX_PAGE` as `MAX_PAGE`.
 */
export function pageRequest(url: URL, limitParams: string[] = ["limit"]): PageRequest {
  const rawPage = url.searchParams.get("page");
  let page = 1;
  if (rawPage !== null) {
    if (!/^\s*\+?\d+\s*$/.test(rawPage)) throw pageNotFound();
    page = Number(rawPage.trim());
    if (page < 1) throw pageNotFound();
    page = Math.min(page, MAX_PAGE);
  }
  let limit = DEFAULT_LIMIT;
  const name = limitParams.find((param) => url.searchParams.has(param));
  if (name !== undefined) {
    limit = phpInt(url.searchParams.get(name) ?? "");
    if (limit < 1) throw pageNotFound();
    limit = Math.min(limit, MAX_LIMIT);
  }
  return { page, limit, offset: (page - 1) * limit };
}

/** The query parameter of a cursor walk. */
export const CURSOR_PARAM = "cursor";

/**
 * The request's cursor for a list sorted by `sorting`: absent → `undefined`
 * (pages by number), empty → `null` (the walk's start), else the key it
 * carries. A cursor is opaque to clients: base64url of JSON
 * `[field, direction, key, id]`; one of another sorting, or not one, is a 400.
 */
export function cursorFrom(url: URL, sorting: Sorting<string>): CursorKey | null | undefined {
  const raw = url.searchParams.get(CURSOR_PARAM);
  if (raw === null) return undefined;
  if (raw.trim() === "") return null;
  const invalid = () => badRequest(`Invalid cursor "${raw}"; follow the _links.next of a cursor page, or send cursor= (empty) to start.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(raw.trim()));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  // A parsed JSON array: its entries are checked one by one below.
  const entries: unknown[] = parsed;
  const [field, direction, key, id] = entries;
  if (field !== sorting.field || direction !== sorting.direction) {
    throw badRequest(`The cursor walks another sorting (${String(field)} ${String(direction)}); keep the sorting of the walk it came from.`);
  }
  if (!(key === null || typeof key === "string" || typeof key === "number") || typeof id !== "number" || !Number.isSafeInteger(id)) throw invalid();
  return { key, id };
}

/** `request` with the cursor of `url` (see `cursorFrom`), for a list sorted by `sorting`. */
export function withCursor(request: PageRequest, url: URL, sorting: Sorting<string>): PageRequest {
  const cursor = cursorFrom(url, sorting);
  if (cursor === undefined) return request;
  return { ...request, page: 1, offset: 0, cursor, cursorToken: url.searchParams.get(CURSOR_PARAM)?.trim() ?? "" };
}

/** The cursor after `last` (see `cursorFrom`), from a page's `next` key (JSON `[key, id]`, as `pageQueries` reads it). */
export function cursorAfter(sorting: Sorting<string>, next: string | null | undefined): string | null {
  if (next == null) return null;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `next` is json_array(key, id), built by SQLite from the row: a two-element array.
  const [key, id] = JSON.parse(next) as [CursorKey["key"], number];
  return toBase64Url(JSON.stringify([sorting.field, sorting.direction, key, id]));
}

/** Base64url of the UTF-8 bytes of `text` (a key may be any text, e.g. a variant's name). */
function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text `toBase64Url` encoded (throws on what is not base64; the caller checks the JSON it holds). */
function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * `sorting[field]=asc|desc` (direction in any case); the first pair wins,
 * none gives `fallback`. A field outside `allowed`, another direction or a
 * `sorting` parameter of another shape is a 400 that names it.
 */
export function sortingFrom<F extends string>(url: URL, allowed: readonly F[], fallback: Sorting<F>): Sorting<F> {
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith("sorting")) continue;
    const field = /^sorting\[([^\]]*)\]$/.exec(key)?.[1];
    if (field === undefined) throw badRequest(`Malformed sorting parameter "${key}"; use sorting[field]=asc or sorting[field]=desc.`);
    if (!isAllowed(field, allowed)) throw badRequest(`Unknown sorting field "${field}"; sortable fields: ${allowed.join(", ")}.`);
    const direction = value.trim().toLowerCase();
    if (direction !== "asc" && direction !== "desc") throw badRequest(`Unknown sorting direction "${value}" for "${field}"; use asc or desc.`);
    // The default sorting asked for by name keeps its ties.
    return field === fallback.field && direction === fallback.direction ? fallback : { field, direction };
  }
  return fallback;
}

const isAllowed = <F extends string>(field: string, allowed: readonly F[]): field is F => allowed.some((name) => name === field);

/**
 * `criteria[name]=value` filters among `allowed` (a `contains`), or Sylius'
 * string filter's nested form `criteria[name][type]=…&criteria[name][value]=…`
 * (type `contains` when absent). Values are trimmed; a blank value is
 * ignored, but for `empty` and `not_empty`, which take none (as Sylius'
 * filter). An unknown type, or an `in` / `not_in` of more than
 * `MAX_IN_VALUES` values, is a 400 that names it.
 */
export function criteriaFrom<F extends string>(url: URL, allowed: readonly F[]): Partial<Record<F, TextCriterion>> {
  const criteria: Partial<Record<F, TextCriterion>> = {};
  for (const field of allowed) {
    const rawType = url.searchParams.get(`criteria[${field}][type]`);
    const nested = url.searchParams.get(`criteria[${field}][value]`);
    const flat = url.searchParams.get(`criteria[${field}]`);
    const type = rawType === null || rawType.trim() === "" ? "contains" : rawType.trim();
    if (!isTextFilterType(type)) {
      throw badRequest(`Unknown criteria type "${rawType}" for "${field}"; use ${TEXT_FILTER_TYPES.join(", ")}.`);
    }
    const value = (rawType !== null || nested !== null ? (nested ?? "") : (flat ?? "")).trim();
    if (type === "empty" || type === "not_empty") {
      criteria[field] = { type, value: "" };
      continue;
    }
    if (value === "") continue;
    if ((type === "in" || type === "not_in") && inValues(value).length > MAX_IN_VALUES) {
      throw badRequest(`Too many values for "${field}" (${type}): at most ${MAX_IN_VALUES}, comma-separated.`);
    }
    criteria[field] = { type, value };
  }
  return criteria;
}

const isTextFilterType = (type: string): type is TextFilterType => TEXT_FILTER_TYPES.some((name) => name === type);

/** Query parameters (other than page and size) that the links must carry. */
export function carriedQuery(url: URL, drop: string[] = ["page", "limit", "paginate", CURSOR_PARAM]): URLSearchParams {
  const carried = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (!drop.includes(key)) carried.append(key, value);
  return carried;
}

export interface Envelope<T> {
  page: number;
  limit: number;
  pages: number;
  total: number;
  _links: Record<"self" | "first" | "last", { href: string }> & Partial<Record<"next" | "previous", { href: string }>>;
  _embedded: { items: T[] };
}

export function envelope<T>(args: {
  path: string;
  request: PageRequest;
  total: number;
  items: T[];
  query?: URLSearchParams;
  /** In a cursor walk, the cursor of the next page (`null` at the end; see `cursorAfter`). */
  next?: string | null;
}): Envelope<T> {
  const { path, request, total, items } = args;
  if (request.cursor !== undefined) return cursorEnvelope({ ...args, next: args.next ?? null });
  const pages = Math.max(1, Math.ceil(total / request.limit));
  const href = (page: number) => {
    const query = new URLSearchParams(args.query);
    query.set("page", String(page));
    query.set("limit", String(request.limit));
    return { href: `${path}?${query.toString()}` };
  };
  const links: Envelope<T>["_links"] = { self: href(request.page), first: href(1), last: href(pages) };
  if (request.page < pages) links.next = href(request.page + 1);
  if (request.page > 1) links.previous = href(Math.min(request.page - 1, pages));
  return { page: request.page, limit: request.limit, pages, total, _links: links, _embedded: { items } };
}

/**
 * A page of a cursor walk: Sylius' envelope, `page` 1 (a walk has no page
 * numbers), `pages`/`total` of the whole list, `self` this cursor, `next` the
 * next one while the page is full, `first`/`last` the numbered pages.
 */
function cursorEnvelope<T>(args: { path: string; request: PageRequest; total: number; items: T[]; query?: URLSearchParams; next: string | null }): Envelope<T> {
  const { path, request, total, items } = args;
  const pages = Math.max(1, Math.ceil(total / request.limit));
  const href = (set: Record<string, string>) => {
    const query = new URLSearchParams(args.query);
    for (const [key, value] of Object.entries(set)) query.set(key, value);
    return { href: `${path}?${query.toString()}` };
  };
  const limit = String(request.limit);
  const links: Envelope<T>["_links"] = {
    self: href({ [CURSOR_PARAM]: request.cursorToken ?? "", limit }),
    first: href({ page: "1", limit }),
    last: href({ page: String(pages), limit }),
  };
  if (args.next !== null && items.length === request.limit) links.next = href({ [CURSOR_PARAM]: args.next, limit });
  return { page: 1, limit: request.limit, pages, total, _links: links, _embedded: { items } };
}
