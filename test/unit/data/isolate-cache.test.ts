import { describe, expect, it } from "vitest";
import { boundText, IsolateMemory, IsolateValue, type CacheBound } from "../../../src/data/isolate-cache";

/** A cache of this test's own (its file is under test/: test/caches/registry.test.ts leaves it out of the registry it compares). */
const cache = <K, V>(name: string, bound: CacheBound) =>
  new IsolateMemory<K, V>({ name: `unit: ${name}`, file: "test/unit/data/isolate-cache.test.ts", key: "test", bound, kind: "checked", readBehind: "test" });

describe("IsolateMemory", () => {
  it("forgets the oldest entries past its number of entries", () => {
    const memory = cache<string, number>("entries", { entries: 2, chars: 1_000, evict: "oldest" });
    memory.set("a", 1, 1);
    memory.set("b", 2, 1);
    memory.set("c", 3, 1);
    expect([memory.get("a"), memory.get("b"), memory.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("forgets the oldest entries past its characters, counting what an entry grows by", () => {
    const memory = cache<string, { id: string }>("chars", { entries: 10, chars: 10, evict: "oldest" });
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
    const memory = cache<string, { id: number }>("grow", { entries: 10, chars: 10, evict: "oldest" });
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

  it("makes a key set again the newest (oldest out), or leaves it in its place (first kept out)", () => {
    const oldest = cache<string, number>("oldest", { entries: 2, evict: "oldest" });
    const firstKept = cache<string, number>("first kept", { entries: 2, evict: "first-kept" });
    for (const m of [oldest, firstKept]) {
      m.set("a", 1);
      m.set("b", 2);
      m.set("a", 3);
      m.set("c", 4);
    }
    expect([oldest.get("a"), oldest.get("b"), oldest.get("c")]).toEqual([3, undefined, 4]);
    expect([firstKept.get("a"), firstKept.get("b"), firstKept.get("c")]).toEqual([undefined, 2, 4]);
  });

  it("starts afresh when a new key comes past its bound (all out), and never forgets a fixed set's entries", () => {
    const all = cache<string, number>("all", { entries: 2, evict: "all" });
    all.set("a", 1);
    all.set("b", 2);
    all.set("b", 3);
    expect([all.size, all.get("b")]).toEqual([2, 3]);
    all.set("c", 4);
    expect([all.size, all.get("a"), all.get("b"), all.get("c")]).toEqual([1, undefined, undefined, 4]);

    const fixed = cache<number, number>("fixed", { fixed: "every key" });
    for (let i = 0; i < 10_000; i++) fixed.set(i, i, 1_000);
    expect([fixed.size, fixed.get(0)]).toEqual([10_000, 0]);
  });

  it("writes its bound as the caches page does", () => {
    expect(boundText({ entries: 1_000, chars: 16_000_000, evict: "oldest" })).toBe("1,000 entries, 16,000,000 characters; oldest out");
    expect(boundText({ entries: 5_000, evict: "first-kept" })).toBe("5,000 entries; first kept out");
    expect(boundText({ fixed: "one value" })).toBe("one value");
  });
});

describe("IsolateValue", () => {
  it("makes its value once", () => {
    const value = new IsolateValue<number[]>({ name: "unit: value", file: "test/unit/data/isolate-cache.test.ts", key: "none", bound: { fixed: "one value" }, kind: "derived", readBehind: "test" });
    let made = 0;
    const first = value.get(() => [++made]);
    expect(value.get(() => [++made])).toBe(first);
    expect(made).toBe(1);
  });
});
