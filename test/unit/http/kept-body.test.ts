import { describe, expect, it } from "vitest";
import { acceptsGzip, KeptBody } from "../../../src/http/serializers/kept-body";

const gunzip = async (bytes: Uint8Array) => new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();

describe("a kept body", () => {
  it("is gzipped once, and tells its keeper the encoding's size once", async () => {
    const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, id) => ({ id, name: `Item ${id}`, total: id * 1299 })) });
    const sizes: number[] = [];
    const body = new KeptBody(text, (bytes) => sizes.push(bytes));
    const [first, second] = await Promise.all([body.gzip(), body.gzip()]);
    expect(second).toBe(first);
    expect(await body.gzip()).toBe(first);
    expect(await gunzip(first)).toBe(text);
    expect(sizes).toEqual([first.byteLength]);
    expect(first.byteLength).toBeLessThan(text.length / 4);
  });
});

describe("Accept-Encoding and gzip", () => {
  it.each([
    ["gzip", true],
    ["br, gzip", true],
    ["GZIP;q=0.5, identity", true],
    ["x-gzip", true],
    ["*", true],
    ["br, *;q=0.1", true],
    [undefined, false],
    ["", false],
    ["identity", false],
    ["br", false],
    ["gzip;q=0", false],
    ["gzip;q=0.000, *", false],
    ["*;q=0", false],
    ["deflate, gzip;q=abc", false],
  ])("%s → %s", (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
