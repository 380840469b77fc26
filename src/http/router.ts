/**
 * The app's router: Hono's RegExpRouter (one regular expression for every
 * route) for all routes but the few it cannot take, which a PatternRouter
 * holds beside it.
 *
 * RegExpRouter refuses a parameter and a literal at one position for one
 * method, and Sylius' paths have two such places: `GET /checkouts/{id}`
 * beside `GET /checkouts/select-shipping/{id}`, and `/zones/{code}` beside
 * the creation paths `/zones/country|province|zone` (whose other methods
 * answer 405), and the same for `/product-attributes/{type}`. Refused once, it would leave Hono's SmartRouter on its
 * TrieRouter for every request: under workerd about 2 ms of CPU per match
 * (measured with ~300 routes, now ~400; a PatternRouter for all of them,
 * 1.4 ms), where RegExpRouter takes a few microseconds.
 *
 * A request's handlers are those of both routers, in the order they were
 * added (a middleware added before a route runs before it): the side
 * router's params are appended to the main result's stash.
 */
import { RegExpRouter } from "hono/router/reg-exp-router";
import { PatternRouter } from "hono/router/pattern-router";
import { UnsupportedPathError, type ParamIndexMap, type Result, type Router } from "hono/router";

export class SplitRouter<T> implements Router<T> {
  readonly name = "SplitRouter";
  private readonly main = new RegExpRouter<T>();
  private readonly side = new PatternRouter<T>();
  private readonly order = new Map<T, number>();

  /** `toSide(method, path)`: true for the routes RegExpRouter cannot take. */
  constructor(private readonly toSide: (method: string, path: string) => boolean) {}

  add(method: string, path: string, handler: T): void {
    this.order.set(handler, this.order.size);
    if (this.toSide(method, path)) return this.side.add(method, path, handler);
    try {
      this.main.add(method, path, handler);
    } catch (error) {
      // Fails the app's creation (every test): name the fix rather than let a 500 tell it later.
      if (error instanceof UnsupportedPathError) throw new Error(`RegExpRouter refuses ${method} ${path}: route it to the side router (onSideRouter).`, { cause: error });
      throw error;
    }
  }

  match(method: string, path: string): Result<T> {
    const main = this.main.match(method, path);
    const [sideHandlers] = this.side.match(method, path);
    if (sideHandlers.length === 0) return main;
    // RegExpRouter answers with a stash of param values; its arrays may be cached: copy before adding.
    const stash = [...(main[1] ?? [])];
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Hono's RegExpRouter match result keeps the index map untyped here.
    const entries: [T, ParamIndexMap][] = main[0].map(([handler, params]) => [handler, params as ParamIndexMap]);
    for (const [handler, params] of sideHandlers) {
      const indexes: ParamIndexMap = {};
      for (const [name, value] of Object.entries(params)) indexes[name] = stash.push(String(value)) - 1;
      entries.push([handler, indexes]);
    }
    entries.sort((a, b) => (this.order.get(a[0]) ?? 0) - (this.order.get(b[0]) ?? 0));
    return [entries, stash];
  }
}

/** The routes of this API that RegExpRouter refuses (see above). */
export const onSideRouter = (method: string, path: string): boolean =>
  (method === "GET" && path === "/api/v1/checkouts/:id") || path.startsWith("/api/v1/zones/:type{") || path.startsWith("/api/v1/product-attributes/:type{");
