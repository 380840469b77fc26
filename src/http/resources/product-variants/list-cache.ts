/**
 * The variant list's pages, kept per isolate by request URL: what the URL
 * asks for (parsed once: the page, its sorting and criteria) and the last
 * body written for it with the rows it was written from (the total, the
 * cursor of the next page, the variants' rows and view texts). A read whose
 * rows are all the same, value for value, answers that body again without
 * making views or writing JSON; any other rows write it anew.
 *
 * Exact by construction: the body is a function of the URL and of these
 * rows alone (the envelope's links come from the URL and the total, each
 * item from its variant's row and view text).
 */
import type { VariantListQuery, VariantViewRow } from "../../../data/queries/product-variants";
import type { PageRequest } from "../../pagination";
import { IsolateMemory } from "../../../data/isolate-cache";
import { sameRows } from "../../serializers/same-data";
import { KeptBody } from "../../serializers/kept-body";

/** What a list URL asks for. */
export interface ListPlan {
  query: VariantListQuery;
  request: PageRequest;
}

/** The rows a page's body is written from. */
export interface PageRows {
  counted: readonly { total: number; next: string | null }[];
  rows: readonly VariantViewRow[];
}

interface Kept {
  plan: ListPlan;
  page?: PageRows;
  body?: KeptBody;
}

/** URLs kept per isolate; past it the oldest goes. */
const KEPT_PAGES = 500;
/** Characters of bodies kept per isolate, and bytes of their gzip encodings (their rows hold about as much again); past it the oldest go. */
const KEPT_CHARS = 4_000_000;

/** Per URL: characters counted are its body's once kept, and its gzip encoding's bytes once made (see `keepBody`). */
const kept = new IsolateMemory<string, Kept>({
  name: "variant list pages",
  file: "src/http/resources/product-variants/list-cache.ts",
  key: "request URL",
  bound: { entries: KEPT_PAGES, chars: KEPT_CHARS, evict: "oldest" },
  kind: "checked",
  readBehind: "the page's rows (the list's counter and next cursor, each variant's row and view text), compared value for value; the URL's plan is derived from the URL alone",
});

/** What `url` asks for, parsed by `parse` the first time (a URL that fails to parse is not kept). */
export function listPlan(url: string, parse: () => ListPlan): ListPlan {
  const entry = kept.get(url);
  if (entry) return entry.plan;
  const plan = parse();
  kept.set(url, { plan }, 0);
  return plan;
}

/** The body kept for `url` when `page` holds the same rows as the page it was written from. */
export function keptBody(url: string, page: PageRows): KeptBody | undefined {
  const entry = kept.get(url);
  if (entry?.page === undefined || entry.body === undefined) return undefined;
  return sameRows(entry.page.counted, page.counted) && sameRows(entry.page.rows, page.rows) ? entry.body : undefined;
}

/**
 * Keeps `text`, written from `page`, as the body of `url`; gives it back. Its
 * gzip encoding, made on its first answer, is kept with it and counted then.
 */
export function keepBody(url: string, plan: ListPlan, page: PageRows, text: string): KeptBody {
  const entry: Kept = { plan, page };
  entry.body = new KeptBody(text, (bytes) => kept.grow(url, entry, bytes));
  kept.set(url, entry, text.length);
  return entry.body;
}
