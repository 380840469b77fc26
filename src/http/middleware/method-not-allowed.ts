/**
 * Hono answers an unmatched method with notFound; the API answers `405`
 * with an `Allow` header when the path exists under other methods (and
 * the OpenAPI document declares that 405 for each such method).
 * The table is built once from the app's own route list.
 */
import { declareIsolateCache, IsolateValue } from "../../data/isolate-cache";

interface RoutePattern {
  regex: RegExp;
  method: string;
}

const ROUTE_PATTERNS = declareIsolateCache({
  name: "route patterns",
  file: "src/http/middleware/method-not-allowed.ts",
  key: "none (one value per app)",
  bound: { fixed: "one value per app (one app)" },
  kind: "derived",
  readBehind: "the app's route table (code)",
});

/** Only the app's route list is read (any Hono app fits). */
export function allowedMethodsResolver(app: { readonly routes: readonly { method: string; path: string }[] }) {
  const patterns = new IsolateValue<RoutePattern[]>(ROUTE_PATTERNS);
  const build = () =>
    app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({ method: r.method, regex: toRegex(r.path) }));

  return (path: string): string[] => {
    const methods = new Set<string>();
    for (const p of patterns.get(build)) if (p.regex.test(path)) methods.add(p.method);
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods];
  };
}

function toRegex(path: string): RegExp {
  const body = path
    .replace(/\/+$/, "")
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : escape(segment)))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
