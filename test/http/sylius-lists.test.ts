/**
 * Lists as Sylius 1.8's admin API tests read them (tests/Controller/*ApiTest.php): the default
 * order without `sorting`, the sorting fields of Sylius' grids, the string filter's nested form
 * (`criteria[field][type]`, `criteria[field][value]`) and the paginator's 404.
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { call, servedDocument } from "../fixtures/contract";

type Operation = { parameters?: { name: string }[]; responses: Record<string, unknown> };

/** The lists the document declares (GET operations that read `limit`). */
async function declaredLists(): Promise<string[]> {
  const document = await servedDocument();
  return Object.entries(document.paths as Record<string, { get?: Operation }>)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.name === "limit"))
    .map(([path]) => path);
}

const params = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, "ANY"]));

describe("CustomerApiTest", () => {
  it("it_returns_page_not_found_if_limit_is_set_to_0", async () => {
    const res = await api("GET", "/api/v1/customers/?limit=0");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: "Page Not Found" });
  });
});

describe("Pagerfanta's page checks, on every list", () => {
  it("answers a declared 404 Page Not Found to a limit of 0 or less and a page below 1", async () => {
    const lists = await declaredLists();
    expect(lists.length).toBeGreaterThan(20);
    for (const path of lists) {
      for (const query of ["limit=0", "limit=-1", "page=0", "page=-2"]) {
        // `call` checks the status is declared and the body matches its schema.
        const res = await call("GET", path, { params: params(path), query });
        expect(res.status, `${path}?${query}`).toBe(404);
        expect(res.body, `${path}?${query}`).toEqual({ code: 404, message: "Page Not Found" });
      }
    }
  });
});
