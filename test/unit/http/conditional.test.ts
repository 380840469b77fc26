import { describe, expect, it } from "vitest";
import { digestTag, noneMatchHits, parseTagList } from "../../../src/http/conditional";
import { checkIfMatch as ifMatchHolds } from "../../../src/domain/conditional";

describe("entity tag lists (RFC 9110 §8.8.3, §13.1)", () => {
  it("parses `*`, lists, weak tags and commas inside tags; drops malformed members", () => {
    expect(parseTagList(undefined)).toBeNull();
    expect(parseTagList(" * ")).toBe("*");
    expect(parseTagList('"a", W/"b" ,"c,d"')).toEqual([
      { weak: false, opaque: '"a"' },
      { weak: true, opaque: '"b"' },
      { weak: false, opaque: '"c,d"' },
    ]);
    expect(parseTagList('abc, "x", w/"y"')).toEqual([{ weak: false, opaque: '"x"' }]);
    expect(parseTagList("")).toEqual([]);
  });

  it("If-None-Match compares weakly", () => {
    expect(noneMatchHits(undefined, '"a"')).toBe(false);
    expect(noneMatchHits('"a"', '"a"')).toBe(true);
    expect(noneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(noneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(noneMatchHits("*", '"a"')).toBe(true);
    expect(noneMatchHits('"b"', '"a"')).toBe(false);
    expect(noneMatchHits("a", '"a"')).toBe(false);
  });

  it("If-Match compares strongly; `*` needs a current representation; absent always holds", () => {
    expect(ifMatchHolds(undefined, '"a"')).toBe(true);
    expect(ifMatchHolds(undefined, null)).toBe(true);
    expect(ifMatchHolds('"a"', '"a"')).toBe(true);
    expect(ifMatchHolds('"b", "a"', '"a"')).toBe(true);
    expect(ifMatchHolds('W/"a"', '"a"')).toBe(false);
    expect(ifMatchHolds('"b"', '"a"')).toBe(false);
    expect(ifMatchHolds("*", '"a"')).toBe(true);
    expect(ifMatchHolds("*", null)).toBe(false);
    expect(ifMatchHolds('"a"', null)).toBe(false);
    expect(ifMatchHolds("", '"a"')).toBe(false);
  });

  it("digests text into a strong tag of 128 bits", async () => {
    const tag = await digestTag("hello");
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(await digestTag("hello")).toBe(tag);
    expect(await digestTag("hello!")).not.toBe(tag);
  });
});
