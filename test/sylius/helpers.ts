/** What the Sylius 1.8 admin API tests (tests/Controller/*ApiTest.php, tests/Responses/Expected) compare. */
import { expect } from "vitest";
import { api } from "../helpers/http";

export const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

/** FOSRest's 400: `children` in the form's order. */
export const validationFailed = (children: Record<string, object>) => ({ code: 400, message: "Validation Failed", errors: { children } });

/** Every item of a list, following the pages (Sylius' default order). */
export async function listAll<T = any>(path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await api("GET", `${path}?page=${page}&limit=100`);
    expect(res.status).toBe(200);
    items.push(...(res.body._embedded.items as T[]));
    if (page >= res.body.pages) return items;
  }
}

/** Ids ascend: the list is in creation order. */
export function expectCreationOrder(items: { id: number }[]): void {
  const ids = items.map((item) => item.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
}
