/**
 * `/api/v1/events/`: the event feed, oldest first, walked by `cursor` (an
 * event id), filtered by `types` (types and patterns: `order.*`) and by
 * `resource` (an href: that resource's history with its actors, the audit
 * trail). No page numbers and no total: each page is one index seek
 * (src/data/queries/events.ts), whatever the size of the outbox.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { badRequest } from "../../errors";
import { firstBatch } from "../../first-batch";
import { carriedQuery, CURSOR_PARAM, DEFAULT_LIMIT, MAX_LIMIT } from "../../pagination";
import { describeRoute } from "../../openapi/describe";
import { FEED_WINDOW, feedQueries, type FeedFilter } from "../../../data/queries/events";
import { eventBody, eventId, rowIdOf } from "../../../domain/events/event";
import { EVENT_TYPES, selectTypes } from "../../../domain/events/types";
import { EventPage, type EventPageBody } from "./schemas";

const PATH = "/api/v1/events/";

/** The longest `resource` accepted (an href of the API is far shorter). */
const MAX_HREF_LENGTH = 2048;

/** `cursor`: absent or empty, the start; else an event's id (its `id`, or `_links.next`'s). */
function cursorOf(url: URL): number {
  const raw = url.searchParams.get(CURSOR_PARAM)?.trim() ?? "";
  if (raw === "") return 0;
  const rowId = rowIdOf(raw);
  if (rowId === null) throw badRequest(`Invalid cursor "${raw}"; send an event's id (or follow _links.next), or cursor= (empty) to start.`);
  return rowId;
}

/** `limit`: absent, 10; a whole number from 1 (more than 100 counts as 100); anything else is a 400. */
function limitOf(url: URL): number {
  const raw = url.searchParams.get("limit");
  if (raw === null) return DEFAULT_LIMIT;
  if (!/^\s*\d{1,9}\s*$/.test(raw) || Number(raw) < 1) throw badRequest(`Invalid limit "${raw}"; send a whole number from 1 to ${MAX_LIMIT}.`);
  return Math.min(Number(raw), MAX_LIMIT);
}

/** `types` (comma-separated, or repeated): the types selected; every type is no filter at all. */
function typesOf(url: URL): FeedFilter["types"] {
  const patterns = url.searchParams
    .getAll("types")
    .flatMap((value) => value.split(","))
    .map((pattern) => pattern.trim())
    .filter((pattern) => pattern !== "");
  if (patterns.length === 0) return undefined;
  const selected = selectTypes(patterns);
  if ("unknown" in selected) throw badRequest(`Unknown event type "${selected.unknown}"; send event types (order.placed) or patterns (order.*, *), comma-separated.`);
  return selected.types.length === EVENT_TYPES.length ? undefined : selected.types;
}

/** `resource`: an href, as events carry it (`/api/v1/orders/42`). */
function resourceOf(url: URL): string | undefined {
  const raw = url.searchParams.get("resource")?.trim() ?? "";
  if (raw === "") return undefined;
  if (raw.length > MAX_HREF_LENGTH) throw badRequest(`The resource is longer than ${MAX_HREF_LENGTH} characters; send the href of a resource (/api/v1/orders/42).`);
  return raw;
}

const docs = {
  list: describeRoute({
    tag: "Events",
    scope: "events:read",
    operationId: "listEvents",
    summary: "Read the event feed",
    description: `Every committed change, oldest first (docs/api/events.md). Walk it with \`cursor\`: each page's \`_links.next\` carries the next page's; at the end \`next\` is absent (keep the last event's \`id\` and ask again with \`cursor=<id>\` later). Filtered by \`resource\`, the feed is that resource's history with its actors (the audit trail). No \`page\`, \`pages\` or \`total\`: each page reads at most \`limit + 1\` events per selected type, or, filtered by both \`resource\` and \`types\`, at most ${FEED_WINDOW.toLocaleString("en")} of the resource's events (a page may then be short and still have a \`next\`).`,
    success: { status: 200, description: "A page of events.", schema: EventPage },
    query: [
      {
        name: CURSOR_PARAM,
        in: "query",
        description: "An event's `id`: the page starts after it. Absent or empty: the first event kept. A value that is not an event id is a 400.",
        schema: { type: "string" },
        example: "",
      },
      {
        name: "types",
        in: "query",
        description: "Only events of these types, comma-separated: types (`order.placed`) and patterns (`order.*`, `*`). A type or pattern that matches no type is a 400.",
        schema: { type: "string" },
        example: "order.*,inventory.changed",
      },
      {
        name: "resource",
        in: "query",
        description: "Only the events of the resource at this href (`/api/v1/orders/42`): its audit trail.",
        schema: { type: "string" },
      },
      {
        name: "limit",
        in: "query",
        description: `Events per page, from 1 (default ${DEFAULT_LIMIT}); more than ${MAX_LIMIT} counts as ${MAX_LIMIT}. Anything else is a 400.`,
        schema: { type: "integer", default: DEFAULT_LIMIT, minimum: 1 },
      },
    ],
    errors: [400],
  }),
};

export const eventRoutes = new Hono<AppEnv>({ strict: false }).get("/", docs.list, async (c) => {
  const url = new URL(c.req.url);
  const filter: FeedFilter = { after: cursorOf(url), limit: limitOf(url), types: typesOf(url), resource: resourceOf(url) };
  const read = await firstBatch(c, feedQueries(c.var.db, filter));
  const rows = read.rows.slice(0, filter.limit);
  // More rows than the page: the next page starts after its last. A window of the resource's events read whole: after the window.
  const last = rows.at(-1);
  const windowEnd = read.window?.[0];
  const next =
    read.rows.length > filter.limit && last !== undefined
      ? last.id
      : windowEnd !== undefined && windowEnd.examined >= FEED_WINDOW && windowEnd.last !== null
        ? windowEnd.last
        : null;
  const href = (cursor: string | null) => {
    const query = carriedQuery(url);
    if (cursor !== null) query.set(CURSOR_PARAM, cursor);
    query.set("limit", String(filter.limit));
    return { href: `${PATH}?${query.toString()}` };
  };
  const sent = url.searchParams.get(CURSOR_PARAM);
  const body: EventPageBody = {
    limit: filter.limit,
    _links: { self: href(sent === null ? null : sent.trim()), ...(next === null ? {} : { next: href(eventId(next)) }) },
    _embedded: { items: rows.map(eventBody) },
  };
  return c.json(body);
});
