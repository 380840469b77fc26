/**
 * D1 sessions and bookmarks: every `/api/v1` request runs its D1 work in one
 * session, started from `X-D1-Bookmark` (`first-primary` without it), and
 * answers the latest bookmark of that work — a cart object's writes included
 * — in `X-D1-Bookmark`. Locally there are no replicas, but bookmarks are real
 * and grow with every query.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { D1Meter, MeteredD1, type Guard } from "../../src/data/metered-d1";
import { isBookmark } from "../../src/data/d1-session";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { api, d1RoundTrips, type ApiResponse } from "../fixtures/http";
import { call } from "../fixtures/contract";
import { cartFixture } from "../fixtures/carts";
import { insertToken, insertUser, testClientId, tokenJson } from "../fixtures/tokens";
import { uniqueLocaleCode } from "../fixtures/references";

const HEADER = "X-D1-Bookmark";

/** The bookmark of an answer; fails when it has none or it is not D1's shape. */
function bookmarkOf(res: ApiResponse): string {
  const bookmark = res.headers.get(HEADER);
  expect(bookmark, `${HEADER} on a ${res.status}`).not.toBeNull();
  expect(isBookmark(bookmark ?? ""), `${bookmark} has D1's shape`).toBe(true);
  return bookmark ?? "";
}

const session = (bookmark: string) => ({ headers: { [HEADER]: bookmark } });

describe("X-D1-Bookmark", () => {
  it("comes back from reads and writes, and grows with a write", async () => {
    const code = uniqueLocaleCode();
    const before = bookmarkOf(await call("GET", "/api/v1/locales/"));
    const created = await call("POST", "/api/v1/locales/", { body: { code } });
    expect(created.status).toBe(201);
    const written = bookmarkOf(created);
    expect(written > before).toBe(true);

    // A read in a session that starts from the write's bookmark sees it.
    const read = await call("GET", "/api/v1/locales/{code}", { params: { code }, ...session(written) });
    expect(read.status).toBe(200);
    expect(read.body.code).toBe(code);
    expect(bookmarkOf(read) >= written).toBe(true);

    // Errors of a request that reached D1 carry it too.
    const missing = await call("GET", "/api/v1/locales/{code}", { params: { code: uniqueLocaleCode() } });
    expect(missing.status).toBe(404);
    bookmarkOf(missing);
    const refused = await call("GET", "/api/v1/locales/", { token: "NoSuchToken" });
    expect(refused.status).toBe(401);
    bookmarkOf(refused);
  });

  it("returns the cart object's bookmark from its writes, and a read with it sees them", async () => {
    const fixture = await cartFixture();
    const [variant] = fixture.variants;
    const cart = await call("POST", "/api/v1/carts/", { body: { customer: fixture.customer, channel: fixture.channel, localeCode: "en_US" } });
    expect(cart.status).toBe(201);
    const created = bookmarkOf(cart);
    const cartId: number = cart.body.id;

    // The worker does no D1 work of its own for an item change (the object runs the token check): the bookmark is the object's.
    const added = await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId }, body: { variant: variant?.code, quantity: 2 } });
    expect(added.status).toBe(201);
    const afterAdd = bookmarkOf(added);
    expect(afterAdd > created).toBe(true);
    const itemId: number = added.body.id;

    const read = await call("GET", "/api/v1/carts/{id}", { params: { id: cartId }, ...session(afterAdd) });
    expect(read.status).toBe(200);
    expect(read.body.items.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([[itemId, 2]]);

    const changed = await call("PUT", "/api/v1/carts/{cartId}/items/{itemId}", { params: { cartId, itemId }, body: { quantity: 5 }, ...session(afterAdd) });
    expect(changed.status).toBe(204);
    const afterChange = bookmarkOf(changed);
    expect(afterChange > afterAdd).toBe(true);
    const reread = await call("GET", "/api/v1/carts/{id}", { params: { id: cartId }, ...session(afterChange) });
    expect(reread.body.items[0].quantity).toBe(5);

    // A refusal by the object (an unknown item) carries its bookmark as well.
    const unknownItem = await call("DELETE", "/api/v1/carts/{cartId}/items/{itemId}", { params: { cartId, itemId: 999_999_999 } });
    expect(unknownItem.status).toBe(404);
    bookmarkOf(unknownItem);
  });

  it("accepts first-unconstrained and first-primary", async () => {
    for (const constraint of ["first-unconstrained", "first-primary"]) {
      const res = await call("GET", "/api/v1/locales/", session(constraint));
      expect(res.status, constraint).toBe(200);
      bookmarkOf(res);
      expect(d1RoundTrips(res.headers)).toBe(1);
    }
    // An empty header is no header (Cloudflare's own examples answer "" when a session has no bookmark).
    expect((await call("GET", "/api/v1/locales/", session(""))).status).toBe(200);
  });

  it("refuses a malformed one with a 400 naming the header, before any D1 work", async () => {
    const valid = bookmarkOf(await api("GET", "/api/v1/locales/"));
    const malformed = [
      "garbage",
      "first-replica",
      // Upper-case hex: D1 writes lower case.
      "0000000A-00000002-00004E2F-0A83EA2FCEEBC654DE0640C422BE4653",
      valid.slice(0, -1),
      `${valid}0`,
      valid.split("-").slice(0, 3).join("-"),
      `${valid},${valid}`,
      "00000000-00000001-00000002-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    ];
    for (const value of malformed) {
      const res = await call("GET", "/api/v1/locales/", session(value));
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual({ code: 400, message: expect.stringContaining(HEADER) });
      expect(d1RoundTrips(res.headers), value).toBe(0);
      expect(res.headers.get(HEADER)).toBeNull();
    }
    // A write is refused before anything is written, and so is a request without a token or with a method the path lacks.
    const code = uniqueLocaleCode();
    const write = await call("POST", "/api/v1/locales/", { body: { code }, ...session("garbage") });
    expect([write.status, d1RoundTrips(write.headers)]).toEqual([400, 0]);
    expect(await env.DB.prepare("SELECT 1 FROM locales WHERE code = ?").bind(code).first()).toBeNull();
    expect((await call("GET", "/api/v1/locales/", { token: null, ...session("garbage") })).status).toBe(400);
    // A method the path lacks is not an operation of the document: called as is.
    expect((await api("PATCH", "/api/v1/locales/", undefined, session("garbage"))).status).toBe(400);
    const cartItem = await call("POST", "/api/v1/carts/{cartId}/items/", { params: { cartId: 1 }, body: {}, ...session("garbage") });
    expect([cartItem.status, d1RoundTrips(cartItem.headers)]).toEqual([400, 0]);
  });

  it("accepts a token issued after the bookmark it is sent with", async () => {
    const old = bookmarkOf(await api("GET", "/api/v1/locales/"));
    const granted = await tokenJson({
      grant_type: "password",
      client_id: TEST_CLIENT.id,
      client_secret: TEST_CLIENT.secret,
      username: TEST_USER.username,
      password: TEST_USER.password,
    });
    expect(granted.status).toBe(200);
    const token: string = granted.body.access_token;
    for (const start of [old, "first-unconstrained"]) {
      const res = await call("GET", "/api/v1/locales/", { token, ...session(start) });
      expect(res.status, start).toBe(200);
      // Found at once: no second look on the primary.
      expect(d1RoundTrips(res.headers), start).toBe(1);
    }
  });

  it("checks a refused token again on the primary when a replica may have answered", async () => {
    const user = await insertUser({ enabled: false });
    const token = await insertToken("oauth_access_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 3600 });
    const primary = await call("GET", "/api/v1/locales/", { token });
    expect([primary.status, d1RoundTrips(primary.headers)]).toEqual([401, 1]);
    const replica = await call("GET", "/api/v1/locales/", { token, ...session("first-unconstrained") });
    expect([replica.status, d1RoundTrips(replica.headers)]).toEqual([401, 2]);
    expect(replica.body).toEqual({ error: "invalid_grant", error_description: "The access token provided is invalid." });
    // A write starts on the primary whatever the header says: no second look.
    const write = await call("POST", "/api/v1/locales/", { token, body: { code: uniqueLocaleCode() }, ...session("first-unconstrained") });
    expect([write.status, d1RoundTrips(write.headers)]).toEqual([401, 1]);
  });
});

describe("MeteredD1 sessions", () => {
  /** A guard that refuses its first answer (a replica without the row yet) and accepts the next (the primary's). */
  function staleOnce(seen: { verified: number }): Guard {
    return {
      query: { sql: "SELECT 1 AS ok", params: [] },
      verify: () => {
        seen.verified += 1;
        if (seen.verified === 1) throw new Error("not on this replica yet");
      },
    };
  }

  it("re-checks a refused guard on the primary, only when the session may start on a replica", async () => {
    const unconstrained = new MeteredD1(env.DB, new D1Meter());
    unconstrained.startSession("first-unconstrained");
    const seen = { verified: 0 };
    unconstrained.setGuard(staleOnce(seen));
    const db = unconstrained.asD1();
    const [result] = await db.batch([db.prepare("SELECT 2 AS two")]);
    expect(result?.results).toEqual([{ two: 2 }]);
    expect([seen.verified, unconstrained.meter.roundTrips]).toEqual([2, 2]);
    expect(unconstrained.bookmark).not.toBeNull();

    const primary = new MeteredD1(env.DB, new D1Meter());
    primary.setGuard(staleOnce({ verified: 0 }));
    const onPrimary = primary.asD1();
    await expect(onPrimary.batch([onPrimary.prepare("SELECT 2 AS two")])).rejects.toThrow("not on this replica yet");
    expect(primary.meter.roundTrips).toBe(1);
  });

  it("keeps the later of its own bookmark and one reached elsewhere (a cart object's)", async () => {
    const d1 = new MeteredD1(env.DB, new D1Meter());
    expect(d1.bookmark).toBeNull();
    await d1.asD1().prepare("SELECT 1").all();
    const own = d1.bookmark;
    expect(isBookmark(own ?? "")).toBe(true);
    const elsewhere = env.DB.withSession("first-primary");
    await elsewhere.prepare("SELECT 1").all();
    const later = elsewhere.getBookmark();
    d1.meter.reached(later);
    expect(d1.bookmark).toBe(later);
    d1.meter.reached(own);
    expect(d1.bookmark).toBe(later);
    d1.meter.reached(null);
    expect(d1.bookmark).toBe(later);
  });

  it("answers the bookmark it was started from until it does D1 work, and starts only once", async () => {
    const bookmark = "00000000-00000001-00000000-00000000000000000000000000000000";
    const d1 = new MeteredD1(env.DB, new D1Meter());
    d1.startSession(bookmark);
    expect(d1.bookmark).toBe(bookmark);
    await d1.asD1().prepare("SELECT 1").all();
    expect((d1.bookmark ?? "") > bookmark).toBe(true);
    expect(() => d1.startSession("first-primary")).toThrow();
  });
});
