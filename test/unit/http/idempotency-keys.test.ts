import { describe, expect, it } from "vitest";
import { canonicalJson, keyedPath, keyedRequest, parseKey } from "../../../src/http/idempotency/keys";

describe("Idempotency-Key parsing", () => {
  it("accepts 1 to 255 printable ASCII characters, bare or quoted", () => {
    expect(parseKey("abc-123")).toBe("abc-123");
    expect(parseKey("  abc  ")).toBe("abc");
    expect(parseKey('"abc"')).toBe("abc");
    expect(parseKey('"a\\"b\\\\c"')).toBe('a"b\\c');
    expect(parseKey("x".repeat(255))).toBe("x".repeat(255));
  });

  it("refuses empty, too long and non-printable keys", () => {
    for (const bad of ["", "   ", '""', "x".repeat(256), "a\tb", "caf\u00e9", "a\u0000b"]) expect(parseKey(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe("request fingerprints", () => {
  it("ignore key order and whitespace, not values", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
    expect(canonicalJson({ a: "1" })).not.toBe(canonicalJson({ a: 1 }));
  });

  it("name the path without its trailing slash, and differ by key, method, path and body", async () => {
    expect(keyedPath("/api/v1/carts/")).toBe("/api/v1/carts");
    const base = await keyedRequest("k", "POST", "/api/v1/carts/", { a: 1, b: 2 });
    expect((await keyedRequest("k", "POST", "/api/v1/carts", { b: 2, a: 1 })).fingerprint).toBe(base.fingerprint);
    for (const other of [
      keyedRequest("k2", "POST", "/api/v1/carts/", { a: 1, b: 2 }),
      keyedRequest("k", "PUT", "/api/v1/carts/", { a: 1, b: 2 }),
      keyedRequest("k", "POST", "/api/v1/carts/1", { a: 1, b: 2 }),
      keyedRequest("k", "POST", "/api/v1/carts/", { a: 1, b: 3 }),
    ]) {
      expect((await other).fingerprint).not.toBe(base.fingerprint);
    }
  });
});
