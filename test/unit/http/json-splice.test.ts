import { describe, expect, it } from "vitest";
import { JsonSplicer } from "../../../src/http/serializers/json-splice";

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
});
