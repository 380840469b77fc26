/**
 * The dependency rule of the code (`npm run deps`, run by .ci/run): four
 * layers, imports one way only, no cycles.
 *
 *   src/http    routes, forms, serializers, OpenAPI, middleware, auth, the cart gateway
 *   src/cart    the cart Durable Object: its queue, operation runner and operations
 *   src/data    drizzle schema, queries, batches, the cart's rows
 *   src/domain  pure: pricing, cart and order rules, messages, promotion configuration
 *
 * Allowed: http → cart → data → domain (data: types only), and any layer to
 * the ones below it (http → data, cart → domain...). Type-only
 * imports count like any other (tsPreCompilationDeps), so a type cannot
 * smuggle a forbidden edge or a cycle in.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
/**
 * What src/cart may still import from src/http: the refusals, tags and checks
 * the cart module has yet to take over (one goes with each step that moves
 * them below http).
 */
const CART_TO_HTTP_STILL_ALLOWED = [
  "^src/http/errors\\.ts$",
  "^src/http/first-batch\\.ts$",
  "^src/http/auth/token-guard\\.ts$",
  "^src/http/resources/carts/etag\\.ts$",
  "^src/http/resources/orders/etag\\.ts$",
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes the layers meaningless and the load order fragile (type-only imports included).",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "src/domain imports nothing of the application outside itself (npm packages such as zod are fine).",
      from: { path: "^src/domain/" },
      to: { path: "^src/", pathNot: "^src/domain/" },
    },
    {
      name: "domain-no-platform",
      severity: "error",
      comment: "src/domain is pure: no Node built-in and no Workers runtime module (cloudflare:*, which resolves to nothing here).",
      from: { path: "^src/domain/" },
      to: { dependencyTypes: ["core", "unknown"] },
    },
    {
      name: "data-not-to-http",
      severity: "error",
      comment: "src/data is below src/http: it never imports from it.",
      from: { path: "^src/data/" },
      to: { path: "^src/http/" },
    },
    {
      name: "data-not-to-cart",
      severity: "error",
      comment: "src/data is below src/cart: it never imports from it.",
      from: { path: "^src/data/" },
      to: { path: "^src/cart/" },
    },
    {
      name: "cart-not-to-http",
      severity: "error",
      comment:
        "src/cart (the cart Durable Object) is below src/http: the HTTP gateway renders its outcomes. CART_TO_HTTP_STILL_ALLOWED lists what it still imports until it returns only typed outcomes.",
      from: { path: "^src/cart/" },
      to: { path: "^src/http/", pathNot: CART_TO_HTTP_STILL_ALLOWED },
    },
    {
      name: "data-to-domain-types-only",
      severity: "error",
      comment: "src/data may use the domain's types, never its code.",
      from: { path: "^src/data/" },
      to: { path: "^src/domain/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "queries-in-data",
      severity: "error",
      comment:
        "Queries live in src/data: routes, forms, serializers and the cart object call its named functions and import only drizzle-orm's types (import type), never a builder, an operator or sql.",
      from: { path: "^src/(http|cart)/" },
      to: { path: "(^|/)node_modules/drizzle-orm/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "adapters-not-to-routes",
      severity: "error",
      comment: "The auth code is an adapter: it may use domain, data and serializers, never a route or the app.",
      from: { path: "^src/http/auth/" },
      to: { path: ["^src/http/resources/[^/]+/routes\\.ts$", "^src/http/(api|app)\\.ts$"] },
    },
    {
      name: "only-entry-classes-reach-env",
      severity: "error",
      comment:
        "Only the Worker entry and the cart Durable Object class read env; cloudflare:workers exports env (and DurableObject), so nothing else imports it.",
      from: { path: "^src/", pathNot: ["^src/index\\.ts$", "^src/cart/cart-object\\.ts$"] },
      to: { path: "^cloudflare:workers$" },
    },
    {
      name: "nothing-imports-the-entry",
      severity: "error",
      comment: "src/index.ts is the Worker entry: it imports, it is not imported.",
      from: {},
      to: { path: "^src/index\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports are dependencies too (cycles and layers).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
