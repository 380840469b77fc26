import { describe, expect, it } from "vitest";
import { BoundedMemory } from "../../../src/http/serializers/bounded-memory";

describe("BoundedMemory", () => {
  it("forgets the oldest entries past its number of entries", () => {
    const memory = new BoundedMemory<string, number>(2, 1_000);
    memory.set("a", 1, 1);
    memory.set("b", 2, 1);
    memory.set("c", 3, 1);
    expect([memory.get("a"), memory.get("b"), memory.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("forgets the oldest entries past its characters, counting what an entry grows by", () => {
    const memory = new BoundedMemory<string, { id: string }>(10, 10);
    const a = { id: "a" };
    const b = { id: "b" };
    memory.set("a", a, 4);
    memory.set("b", b, 4);
    expect(memory.grow("a", a, 1)).toBe(true);
    // 4 + 1 + 4 + 3 = 12 > 10: the oldest (a) goes.
    expect(memory.grow("b", b, 3)).toBe(true);
    expect([memory.get("a"), memory.get("b")]).toEqual([undefined, b]);
  });

  it("grows an entry only while it is the value given, and replaces a key's entry whole", () => {
    const memory = new BoundedMemory<string, { id: number }>(10, 10);
    const first = { id: 1 };
    memory.set("k", first, 6);
    memory.set("k", { id: 2 }, 6);
    expect(memory.grow("k", first, 1)).toBe(false);
    expect(memory.get("k")).toEqual({ id: 2 });
    memory.delete("k");
    expect(memory.get("k")).toBeUndefined();
    // The replaced and deleted entries' characters are no longer counted: 10 fit again.
    memory.set("x", { id: 3 }, 10);
    expect(memory.get("x")).toEqual({ id: 3 });
  });
});
