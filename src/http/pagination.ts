/**
 * Paginated HAL collections (Hateoas `PaginatedRepresentation`, as Sylius
 * serializes it): `{page, limit, pages, total, _links, _embedded: {items}}`.
 */

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

function positiveInt(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/**
 * `page` (default 1) and the page size from the first of `limitParams` that
 * is present (default 10, clamped to 1..100). Malformed values fall back to
 * the defaults rather than failing, as Sylius' paginator does.
 */
export function pageRequest(url: URL, limitParams: string[] = ["limit"]): PageRequest {
  const page = positiveInt(url.searchParams.get("page")) ?? 1;
  let limit = DEFAULT_LIMIT;
  for (const name of limitParams) {
    const value = positiveInt(url.searchParams.get(name));
    if (value !== null) {
      limit = value;
      break;
    }
  }
  limit = Math.min(limit, MAX_LIMIT);
  return { page, limit, offset: (page - 1) * limit };
}

/** `sorting[field]=asc|desc`; the first recognised pair wins, else the default. */
export function sortingFrom<F extends string>(url: URL, allowed: readonly F[], fallback: Sorting<F>): Sorting<F> {
  for (const [key, value] of url.searchParams) {
    const match = /^sorting\[([A-Za-z]+)\]$/.exec(key);
    const field = match?.[1] as F | undefined;
    const direction = value.toLowerCase();
    if (field && allowed.includes(field) && (direction === "asc" || direction === "desc")) {
      return { field, direction };
    }
  }
  return fallback;
}

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
