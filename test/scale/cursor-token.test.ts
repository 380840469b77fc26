/** The cursor token: any key (text of any script, numbers, NULL) survives the round trip; anything else is a 400. */
import { describe, expect, it } from "vitest";
import { cursorAfter, cursorFrom } from "../../src/http/pagination";

const sorting = { field: "name", direction: "desc" } as const;
const urlWith = (cursor: string) => new URL(`https://example.com/api/v1/x/?cursor=${encodeURIComponent(cursor)}`);

describe("cursor token", () => {
  it("carries text of any script, numbers and NULL keys", () => {
    for (const key of ["Żółty kubek ☕", "马克杯", "", 42, 1.5, null]) {
      const token = cursorAfter(sorting, JSON.stringify([key, 7]))!;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursorFrom(urlWith(token), sorting)).toEqual({ key, id: 7 });
    }
  });

  it("starts a walk on an empty cursor, pages by number without one", () => {
    expect(cursorFrom(urlWith(""), sorting)).toBeNull();
    expect(cursorFrom(new URL("https://example.com/api/v1/x/?page=2"), sorting)).toBeUndefined();
    expect(cursorAfter(sorting, null)).toBeNull();
  });

  it("refuses what is not a cursor, and a cursor of another sorting", () => {
    const token = cursorAfter(sorting, JSON.stringify(["a", 1]))!;
    for (const bad of ["%%%", "bm90IGpzb24", btoa(JSON.stringify(["name", "desc", { x: 1 }, 1])), btoa(JSON.stringify(["name", "desc", "a", 1.5]))]) {
      expect(() => cursorFrom(urlWith(bad), sorting), bad).toThrow();
    }
    expect(() => cursorFrom(urlWith(token), { field: "name", direction: "asc" })).toThrow(/another sorting/);
  });
});
