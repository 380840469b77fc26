import { describe, expect, it } from "vitest";
import { JsonSplicer, renderRuns } from "../../../src/http/serializers/json-splice";

describe("JsonSplicer", () => {
  it("embeds JSON text verbatim, anywhere in the document", () => {
    const splicer = new JsonSplicer();
    const doc = { a: splicer.embed<number[]>("[1,2]"), b: [{ c: splicer.embed<object>('{"d":"x"}') }], e: "plain" };
    expect(JSON.parse(splicer.stringify(doc))).toEqual({ a: [1, 2], b: [{ c: { d: "x" } }], e: "plain" });
  });

  it("leaves values that only look like a stand-in alone", () => {
    const splicer = new JsonSplicer();
    const embedded = splicer.embed<number[]>("[1]");
    const lookalike = "\u00000";
    const text = splicer.stringify({ real: embedded, fake: lookalike, nul: "a\u0000b" });
    expect(JSON.parse(text)).toEqual({ real: [1], fake: lookalike, nul: "a\u0000b" });
  });

  it("is plain JSON.stringify when nothing is embedded", () => {
    const value = { a: 1, b: ["x", null], c: "\u0000" };
    expect(new JsonSplicer().stringify(value)).toBe(JSON.stringify(value));
  });

  it("renders a list in runs that, embedded as its elements, give JSON.stringify's bytes", async () => {
    for (const length of [0, 1, 19, 20, 21, 45, 100]) {
      const items = Array.from({ length }, (_, i) => ({ id: i, units: `[{"id":${i}},{"id":${i + 1000}}]`, note: i % 3 ? "a\u0000b" : undefined }));
      const plain = JSON.stringify({ items: items.map((item) => ({ ...item, units: JSON.parse(item.units) })) });
      const runs = await renderRuns(items, (item, chunk) => ({ ...item, units: chunk.embed(item.units) }), 20);
      expect(runs).toHaveLength(Math.ceil(length / 20));
      const page = new JsonSplicer();
      expect(page.stringify({ items: runs.map((run) => page.embed(run)) })).toBe(plain);
    }
  });
});
