/**
 * GET /api/v1/events/: the outbox as a feed, oldest first, walked by cursor,
 * filtered by types (and patterns) and by resource (the audit trail). Events
 * are written with the statements operations use (`eventInserts`); each test
 * reads from the newest event before it, so that it sees its own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../fixtures/contract";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { testClientId } from "../fixtures/tokens";
import { insertScopedToken } from "../auth/scoped-tokens";
import { insertEvents, lastEventId, newEvent, testActor } from "../fixtures/event-rows";
import type { ChangeActor } from "../../src/domain/events/event";
import { FEED_WINDOW } from "../../src/data/queries/events";

const FEED = "/api/v1/events/";

interface Page {
  limit: number;
  _links: { self: { href: string }; next?: { href: string } };
  _embedded: { items: { id: string; type: string; resource: { href: string }; actor: unknown; sequence: number; data: unknown; timestamp: string }[] }; 
}

let actor: ChangeActor;

beforeAll(async () => {
  actor = await testActor();
});

/** A path of the feed (its query as given). */
const feed = async (query: string): Promise<Page> => {
  const res = await call("GET", FEED, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};

/** Every page of a walk from `query`, following `_links.next`: the ids of their items, page by page. */
async function walk(query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let page = await feed(query);
  pages.push(page._embedded.items.map((item) => item.id));
  while (page._links.next) {
    expect(pages.length, "a walk ends").toBeLessThan(50);
    const res = await api("GET", page._links.next.href);
    expect(res.status).toBe(200);
    page = res.body as Page;
    pages.push(page._embedded.items.map((item) => item.id));
  }
  return pages;
}

const href = (kind: string) => `/api/v1/${kind}/${Math.floor(Math.random() * 1e9)}`;

describe("EventFeedTest", () => {
  it("it_allows_walking_the_feed_oldest_first_by_cursor", async () => {
    const start = await lastEventId();
    const ids = await insertEvents(Array.from({ length: 25 }, (_, i) => newEvent("product.updated", href("products"), actor, { id: i, name: `n${i}` }, i + 1)));
    expect(ids).toHaveLength(25);
    const first = await feed(`cursor=${start}&limit=10`);
    expect(first.limit).toBe(10);
    expect(first._links.self.href).toBe(`${FEED}?cursor=${start}&limit=10`);
    expect(first._embedded.items.map((item) => item.id)).toEqual(ids.slice(0, 10));
    expect(first._links.next?.href).toBe(`${FEED}?cursor=${ids[9]}&limit=10`);
    // The event object as stored: type, resource, sequence, the actor's names, data.
    const [item] = first._embedded.items;
    expect(item).toMatchObject({
      type: "product.updated",
      sequence: 1,
      actor: { client: TEST_CLIENT.id, user: TEST_USER.username },
      data: { id: 0, name: "n0" },
    });
    expect(item!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    expect(await walk(`cursor=${start}&limit=10`)).toEqual([ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)]);
  });

  it("it_answers_a_page_in_one_d1_round_trip", async () => {
    const start = await lastEventId();
    await insertEvents([newEvent("order.placed", href("orders"), actor), newEvent("order.cancelled", href("orders"), actor)]);
    for (const query of [`cursor=${start}`, `cursor=${start}&types=order.*`, `cursor=${start}&resource=/api/v1/orders/1`, `types=order.*&resource=/api/v1/orders/1`]) {
      const res = await api("GET", `${FEED}?${query}`);
      expect(res.status, query).toBe(200);
      expect(d1RoundTrips(res.headers), query).toBe(1);
    }
  });

  it("it_answers_an_empty_page_without_next_at_the_end_of_the_feed", async () => {
    const end = await lastEventId();
    const page = await feed(`cursor=${end}`);
    expect(page).toEqual({ limit: 10, _links: { self: { href: `${FEED}?cursor=${end}&limit=10` } }, _embedded: { items: [] } });
    // A last page exactly full has no next either (the page reads one more event to know).
    const start = await lastEventId();
    const ids = await insertEvents([newEvent("taxon.created", href("taxons"), actor), newEvent("taxon.updated", href("taxons"), actor)]);
    const full = await feed(`cursor=${start}&limit=2`);
    expect(full._embedded.items.map((item) => item.id)).toEqual(ids);
    expect(full._links.next).toBeUndefined();
  });

  it("it_allows_filtering_the_feed_by_types_and_patterns", async () => {
    const start = await lastEventId();
    const ids = await insertEvents([
      newEvent("order.placed", href("orders"), actor),
      newEvent("product.updated", href("products"), actor),
      newEvent("inventory.changed", href("products/P/variants"), actor),
      newEvent("order.cancelled", href("orders"), actor),
      newEvent("customer.created", href("customers"), actor),
      newEvent("order.fulfilled", href("orders"), actor),
      newEvent("inventory.changed", href("products/P/variants"), actor),
    ]);
    const orders = [ids[0], ids[2], ids[3], ids[5], ids[6]];
    // Several types merge in id order, across pages of 2.
    expect(await walk(`cursor=${start}&types=order.*,inventory.changed&limit=2`)).toEqual([orders.slice(0, 2), orders.slice(2, 4), orders.slice(4)]);
    // Repeated parameters, spaces, a type selected twice: the same.
    expect((await feed(`cursor=${start}&types=order.placed&types=${encodeURIComponent(" order.* , inventory.changed ,order.placed")}`))._embedded.items.map((i) => i.id)).toEqual(orders);
    expect((await feed(`cursor=${start}&types=customer.created`))._embedded.items.map((i) => i.id)).toEqual([ids[4]]);
    // `*` is every type.
    expect((await feed(`cursor=${start}&types=*`))._embedded.items.map((i) => i.id)).toEqual(ids);
    // The filter is carried in the links.
    const page = await feed(`cursor=${start}&types=order.*&limit=1`);
    expect(page._links.next?.href).toBe(`${FEED}?types=order.*&cursor=${ids[0]}&limit=1`.replace("order.*", encodeURIComponent("order.*")));
  });

  it("it_shows_the_audit_trail_of_a_resource_with_its_actors", async () => {
    const product = `/api/v1/products/${uniqueCode("AUDIT")}`;
    const other = `/api/v1/products/${uniqueCode("OTHER")}`;
    const byKey: ChangeActor = { clientId: await testClientId(), userId: null };
    const ids = await insertEvents([
      { ...newEvent("product.created", product, actor, { code: "X" }, 1), resource: { href: product, code: "X" } },
      newEvent("product.updated", other, actor),
      { ...newEvent("product.updated", product, byKey, { enabled: false }, 2), resource: { href: product, code: "X" } },
      { ...newEvent("product.deleted", product, { system: "cron" }, {}, 3), resource: { href: product, code: "X" } },
    ]);
    const page = await feed(`resource=${encodeURIComponent(product)}`);
    expect(page._embedded.items.map((item) => [item.id, item.type, item.sequence, item.actor, item.resource])).toEqual([
      [ids[0], "product.created", 1, { client: TEST_CLIENT.id, user: TEST_USER.username }, { href: product, code: "X" }],
      [ids[2], "product.updated", 2, { client: TEST_CLIENT.id, user: null }, { href: product, code: "X" }],
      [ids[3], "product.deleted", 3, { system: "cron" }, { href: product, code: "X" }],
    ]);
    expect(page._links.next).toBeUndefined();
    // Walked by cursor, and filtered by type too.
    expect(await walk(`resource=${encodeURIComponent(product)}&limit=1`)).toEqual([[ids[0]], [ids[2]], [ids[3]]]);
    expect((await feed(`resource=${encodeURIComponent(product)}&types=product.updated,product.deleted`))._embedded.items.map((i) => i.id)).toEqual([ids[2], ids[3]]);
    expect((await feed(`resource=${encodeURIComponent(product)}&cursor=${ids[2]}`))._embedded.items.map((i) => i.id)).toEqual([ids[3]]);
    expect((await feed(`resource=/api/v1/products/NO_SUCH_${uniqueCode()}`))._embedded.items).toEqual([]);
  });

  it("it_goes_on_after_a_window_of_a_resource_events_of_other_types", async () => {
    const product = href("products");
    const updates = await insertEvents(Array.from({ length: FEED_WINDOW + 5 }, (_, i) => newEvent("product.updated", product, actor, {}, i + 1)));
    const [deleted] = await insertEvents([newEvent("product.deleted", product, actor, {}, FEED_WINDOW + 6)]);
    // The first page examines FEED_WINDOW events, none deleted: empty, with a next after the window.
    const first = await feed(`resource=${encodeURIComponent(product)}&types=product.deleted`);
    expect(first._embedded.items).toEqual([]);
    expect(first._links.next?.href).toContain(`cursor=${updates[FEED_WINDOW - 1]}`);
    expect(await walk(`resource=${encodeURIComponent(product)}&types=product.deleted`)).toEqual([[], [deleted]]);
  });

  it("it_counts_a_limit_above_100_as_100", async () => {
    const page = await feed("limit=500");
    expect(page.limit).toBe(100);
    expect(page._links.self.href).toBe(`${FEED}?limit=100`);
  });

  it("it_does_not_allow_a_malformed_query", async () => {
    const cases: [string, string][] = [
      ["types=order.*,nope", 'Unknown event type "nope"'],
      ["types=foo.*", 'Unknown event type "foo.*"'],
      ["types=order.", 'Unknown event type "order."'],
      ["cursor=abc", 'Invalid cursor "abc"'],
      ["cursor=-1", 'Invalid cursor "-1"'],
      ["cursor=123456789012345678901", 'Invalid cursor "123456789012345678901"'],
      ["limit=0", 'Invalid limit "0"'],
      ["limit=abc", 'Invalid limit "abc"'],
      ["limit=-2", 'Invalid limit "-2"'],
      ["limit=2.5", 'Invalid limit "2.5"'],
      [`resource=${"x".repeat(2049)}`, "longer than 2048"],
    ];
    for (const [query, message] of cases) {
      const res = await call("GET", FEED, { query });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(400);
      expect(res.body.message, query).toContain(message);
    }
  });

  it("it_does_not_allow_reading_the_feed_without_the_events_read_scope", async () => {
    const clientId = await testClientId();
    const refused = await call("GET", FEED, { token: await insertScopedToken(clientId, "orders:read catalog:read") });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("events:read");
    expect(refused.headers.get("WWW-Authenticate")).toContain('scope="events:read"');
    const allowed = await call("GET", FEED, { token: await insertScopedToken(clientId, "events:read") });
    expect(allowed.status).toBe(200);
    expect((await call("GET", FEED, { token: null })).status).toBe(401);
  });
});
