import { describe, expect, it } from "vitest";
import { isBookmark, isSessionStart, laterBookmark } from "../../../src/data/d1-session";

const A = "00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653";
const B = "00000001-00000002-00004e30-00000000000000000000000000000000";
const C = "00000002-00000000-00000000-ffffffffffffffffffffffffffffffff";

describe("D1 session starts and bookmarks", () => {
  it("knows D1's bookmark shape and the documented constraints", () => {
    expect([A, B, C].every(isBookmark)).toBe(true);
    expect(isSessionStart("first-primary")).toBe(true);
    expect(isSessionStart("first-unconstrained")).toBe(true);
    for (const bad of ["", "first", "FIRST-PRIMARY", A.toUpperCase(), `${A} `, A.slice(1), `${A}-0`, "0-0-0-0", A.replace(/-/g, "")]) {
      expect(isSessionStart(bad), bad).toBe(false);
    }
  });

  it("orders bookmarks by their position in the history", () => {
    expect(laterBookmark(A, B)).toBe(B);
    expect(laterBookmark(B, A)).toBe(B);
    expect(laterBookmark(B, C)).toBe(C);
    expect(laterBookmark(null, A)).toBe(A);
    expect(laterBookmark(A, null)).toBe(A);
    expect(laterBookmark(null, null)).toBeNull();
  });
});
