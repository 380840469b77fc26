import { describe, expect, it } from "vitest";
import { SplitRouter } from "../../../src/http/router";

const paramsOf = ([handlers, stash]: ReturnType<SplitRouter<string>["match"]>) =>
  handlers.map(([, indexes]) => Object.fromEntries(Object.entries(indexes).map(([name, i]) => [name, stash?.[Number(i)]])));

describe("SplitRouter", () => {
  // The shape RegExpRouter refuses: a parameter and a literal at one position for one method.
  const router = new SplitRouter<string>((_method, path) => path === "/c/:id" || path.startsWith("/z/:type{"));
  router.add("ALL", "*", "everything");
  router.add("GET", "/c/step/:id", "step");
  router.add("GET", "/c/:id", "summary");
  router.add("ALL", "/z/:type{a|b}", "guard");
  router.add("GET", "/z/:code", "show");

  it("gives both routers' handlers in the order they were added, each with its params", () => {
    const zone = router.match("GET", "/z/a");
    expect(zone[0].map(([handler]) => handler)).toEqual(["everything", "guard", "show"]);
    expect(paramsOf(zone)).toEqual([{}, { type: "a" }, { code: "a" }]);
    const summary = router.match("GET", "/c/7");
    expect(summary[0].map(([handler]) => handler)).toEqual(["everything", "summary"]);
    expect(paramsOf(summary)).toEqual([{}, { id: "7" }]);
  });

  it("answers the main router's routes alone when the side router has none", () => {
    const step = router.match("GET", "/c/step/9");
    expect(step[0].map(([handler]) => handler)).toEqual(["everything", "step"]);
    expect(paramsOf(step)).toEqual([{}, { id: "9" }]);
    expect(router.match("GET", "/z/c/d")[0].map(([handler]) => handler)).toEqual(["everything"]);
  });

  it("names the fix when RegExpRouter refuses a route that is not routed to the side", () => {
    const strict = new SplitRouter<string>(() => false);
    strict.add("GET", "/c/step/:id", "step");
    expect(() => strict.add("GET", "/c/:id", "summary")).toThrow("RegExpRouter refuses GET /c/:id: route it to the side router (onSideRouter).");
  });
});
