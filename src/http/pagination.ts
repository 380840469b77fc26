/**
 * Paginated HAL collections (Hateoas `PaginatedRepresentation`, as Sylius
 * serializes it): `{page, limit, pages, total, _links, _embedded: {items}}`.
 */
import { badRequest } from "./errors";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export type Direction = "asc" | "desc";

export interface Sorting<F extends string> {
  field: F;
  direction: Direction;
}

/** The largest page number read; beyond it every list is empty anyway, and offsets stay exact integers. */
export const MAX_PAGE = 1_000_000_000;

/** An integer (optionally signed) clamped to `min..max`; anything else is `null`. */
function clampedInt(raw: string | null | undefined, min: number, max: number): number | null {
  if (raw == null || !/^[+-]?\d+$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Math.min(Math.max(value, min), max);
}

/**
 * `page` (default 1) and the page size from the first of `limitParams` that
 * is present (default 10). Integers are clamped (page to 1.., size to
 * 1..100); values that are not integers fall back to the defaults rather
 * than failing, as Sylius' paginator does.
 */
export function pageRequest(url: URL, limitParams: string[] = ["limit"]): PageRequest {
  const page = clampedInt(url.searchParams.get("page"), 1, MAX_PAGE) ?? 1;
  let limit = DEFAULT_LIMIT;
  for (const name of limitParams) {
    const value = clampedInt(url.searchParams.get(name), 1, MAX_LIMIT);
    if (value !== null) {
      limit = value;
      break;
    }
  }
  return { page, limit, offset: (page - 1) * limit };
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
    return { field, direction };
  }
  return fallback;
}

const isAllowed = <F extends string>(field: string, allowed: readonly F[]): field is F => (allowed as readonly string[]).includes(field);

/** `criteria[name]=value` filters among `allowed`; blank values are ignored. */
export function criteriaFrom<F extends string>(url: URL, allowed: readonly F[]): Partial<Record<F, string>> {
  const criteria: Partial<Record<F, string>> = {};
  for (const field of allowed) {
    const value = url.searchParams.get(`criteria[${field}]`);
    if (value && value.trim() !== "") criteria[field] = value.trim();
  }
  return criteria;
}

/** Query parameters (other than page and size) that the links must carry. */
export function carriedQuery(url: URL, drop: string[] = ["page", "limit", "paginate"]): URLSearchParams {
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
}): Envelope<T> {
  const { path, request, total, items } = args;
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
