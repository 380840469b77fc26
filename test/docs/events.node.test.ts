/**
 * docs/api/events.md lists every event type the service records, and only
 * those: its "Types" table against EVENT_TYPES (the list the feed's `types`
 * filter and webhook subscriptions are checked against).
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import page from "../../docs/api/events.md?raw";
import { EVENT_TYPES } from "../../src/domain/events/types";

/** The types named in the first column of the rows of the page's `## Types` section. */
function documentedTypes(markdown: string): string[] {
  const section = /^## Types\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

describe("EventsDocumentationTest", () => {
  it("it_lists_exactly_the_event_types_in_the_types_table", () => {
    const listed = documentedTypes(page);
    expect(listed.length, "types listed in docs/api/events.md").toBeGreaterThan(0);
    expect(new Set(listed).size, "no type listed twice").toBe(listed.length);
    expect([...listed].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
