/**
 * A kept body (a cart read, a variant list page) is answered as its gzip
 * encoding, made once, to a client that accepts gzip, and as its text to one
 * that does not (src/http/serializers/kept-body.ts). Both carry the same
 * bytes once decoded, the same `ETag`, and `Vary: Accept-Encoding`; a change
 * of the rows changes the gzipped answer as it changes the text. Behind the
 * front line (Cloudflare's, `wrangler dev`'s) the request's header is the
 * front line's own (`br, gzip`) and the client's is
 * `cf.clientAcceptEncoding` (`""` when it sent none): that one decides.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_TOKEN } from "../fixtures/accounts";
import { twoItemCart, type CartFixture } from "../fixtures/carts";

interface Answer {
  status: number;
  encoding: string | null;
  vary: string | null;
  etag: string | null;
  /** The body as sent: gzip bytes when `encoding` says so. */
  bytes: Uint8Array;
  /** The body decoded. */
  text: string;
}

/** `frontLine`: the client's header (undefined: none) is in `cf.clientAcceptEncoding`, the request's is the front line's. */
async function get(path: string, acceptEncoding?: string, frontLine = false): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${TEST_TOKEN}` };
  if (frontLine) headers["Accept-Encoding"] = "br, gzip";
  else if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
  const cf = frontLine ? { cf: { clientAcceptEncoding: acceptEncoding ?? "" } } : {};
  // "manual": the bytes as the worker answered them, not decoded on the way.
  const res = await SELF.fetch(`https://example.com${path}`, { headers, encodeResponseBody: "manual", ...cf } as RequestInit);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("Content-Encoding");
  const decoded = encoding === "gzip" ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() : bytes;
  return { status: res.status, encoding, vary: res.headers.get("Vary"), etag: res.headers.get("ETag"), bytes, text: new TextDecoder().decode(decoded) };
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

let fixture: CartFixture<readonly [number, number]>;
let cartId: number;

beforeAll(async () => {
  ({ id: cartId, fixture } = await twoItemCart());
});

describe("kept bodies answered gzipped", () => {
  it("gives a cart read's text to a client without gzip, and the same text gzipped to one with it", async () => {
    const path = `/api/v1/carts/${cartId}`;
    const plain = await get(path);
    expect(plain).toMatchObject({ status: 200, encoding: null, vary: expect.stringContaining("Accept-Encoding") });
    expect(JSON.parse(plain.text).id).toBe(cartId);
    for (const accept of ["gzip", "br, gzip", "gzip, deflate", "*", "identity, gzip;q=0.5"]) {
      // Twice: the first makes the kept encoding, the second answers it again.
      for (let i = 0; i < 2; i++) {
        const zipped = await get(path, accept);
        expect(zipped, accept).toMatchObject({ status: 200, encoding: "gzip", vary: expect.stringContaining("Accept-Encoding"), etag: plain.etag, text: plain.text });
        expect(isGzip(zipped.bytes), accept).toBe(true);
        expect(zipped.bytes.length).toBeLessThan(plain.text.length / 2);
      }
    }
    for (const refused of ["identity", "gzip;q=0", "br", "deflate, *;q=0", "*;q=0"]) {
      expect(await get(path, refused), refused).toMatchObject({ status: 200, encoding: null, etag: plain.etag, text: plain.text });
    }
    // A matching tag still answers 304 with no body, whatever the encoding asked.
    const notModified = await SELF.fetch(`https://example.com${path}`, {
      headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Accept-Encoding": "gzip", "If-None-Match": plain.etag ?? "" },
    });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
  });

  it("answers a changed cart's new body gzipped, never the kept encoding of the old one", async () => {
    const path = `/api/v1/carts/${cartId}`;
    const before = await get(path, "gzip");
    const item = JSON.parse(before.text).items[0];
    const change = await SELF.fetch(`https://example.com${path}/items/${item.id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ quantity: item.quantity + 1 }),
    });
    expect(change.status).toBe(204);
    const after = await get(path, "gzip");
    expect(after.encoding).toBe("gzip");
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toBe((await get(path)).text);
    expect(JSON.parse(after.text).items[0].quantity).toBe(item.quantity + 1);
  });

  it("gives a variant list page the same text gzipped or not", async () => {
    const path = `/api/v1/products/${fixture.product}/variants/?limit=10`;
    const plain = await get(path);
    expect(plain).toMatchObject({ status: 200, encoding: null, vary: expect.stringContaining("Accept-Encoding") });
    expect(JSON.parse(plain.text)._embedded.items.length).toBeGreaterThanOrEqual(fixture.variants.length);
    for (let i = 0; i < 2; i++) {
      const zipped = await get(path, "gzip");
      expect(zipped).toMatchObject({ status: 200, encoding: "gzip", text: plain.text });
      expect(isGzip(zipped.bytes)).toBe(true);
    }
  });
});

/**
 * The five headers a client may send (none, `identity`, `gzip`, `br`, `*`),
 * straight and behind the front line: gzip bytes only for `gzip` and `*`
 * (any coding, RFC 9110), the text for the others (the front line encodes
 * it as brotli for `br`).
 */
const CLIENT_HEADERS: readonly [string | undefined, "gzip" | null][] = [
  [undefined, null],
  ["identity", null],
  ["gzip", "gzip"],
  ["br", null],
  ["*", "gzip"],
];

async function expectClientEncodings(path: string): Promise<void> {
  const plain = await get(path);
  expect(plain.status).toBe(200);
  for (const frontLine of [false, true]) {
    for (const [header, encoding] of CLIENT_HEADERS) {
      const label = `${header ?? "(none)"}${frontLine ? " behind the front line" : ""}`;
      // Twice: the first may make the kept encoding, the second answers it again.
      for (let i = 0; i < 2; i++) {
        const answer = await get(path, header, frontLine);
        expect(answer, label).toMatchObject({ status: 200, encoding, vary: expect.stringContaining("Accept-Encoding"), etag: plain.etag, text: plain.text });
        expect(isGzip(answer.bytes), label).toBe(encoding === "gzip");
      }
    }
  }
}

describe("kept bodies compressed only for a client that asks for it", () => {
  it("answers a cart read gzipped only when the client's Accept-Encoding takes gzip", async () => {
    await expectClientEncodings(`/api/v1/carts/${cartId}`);
  });

  it("answers a variant list page gzipped only when the client's Accept-Encoding takes gzip", async () => {
    await expectClientEncodings(`/api/v1/products/${fixture.product}/variants/?limit=10`);
  });
});
