/**
 * Every query of a hot path is planned on an index: each list (every list the
 * OpenAPI document declares, by its default and each allowed sorting, page 1,
 * a deep page and a cursor page), a cart read and a cart change run against
 * the migrated database while their statements are recorded; each statement's
 * `EXPLAIN QUERY PLAN` must not SCAN a growing table (a walk of an index in
 * the list's order is fine: it stops at the page), nor sort a page of a
 * growing table in a temporary B-tree. A deep page must walk its offset at
 * most once (`expectOneOffsetWalk`).
 */
import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { createDatabase } from "../../src/data/db";
import { CartGateway } from "../../src/http/cart-gateway";
import { TEST_TOKEN } from "../fixtures/accounts";
import { entryApp } from "../fixtures/app";
import { servedDocument } from "../fixtures/contract";
import { addItem, newCart } from "../fixtures/carts";
import { address, checkoutFixture, step, type CheckoutFixture } from "../fixtures/checkout";
import { api } from "../fixtures/http";
import { SCAN_BUDGET } from "../../src/data/list-page";
import { pruneEvents } from "../../src/data/queries/events";

interface Recorded {
  sql: string;
  params: unknown[];
}

/** Tables whose size is the shop's configuration (a scan of one is bounded): every other table grows with the shop's activity. */
const CONFIGURATION = new Set([
  "locales", "currencies", "zones", "zone_members", "channels", "channel_locales", "channel_currencies", "countries",
  "tax_categories", "tax_rates", "shipping_categories", "shipping_methods", "shipping_method_translations", "shipping_method_channels",
  "payment_methods", "payment_method_translations", "payment_method_channels", "promotions", "promotion_channels", "promotion_rules",
  "promotion_actions", "product_options", "product_option_translations", "product_option_values", "product_option_value_translations",
  "admin_users", "oauth_clients", "row_id_sequences", "list_counts",
  // At most MAX_WEBHOOK_ENDPOINTS rows (src/http/resources/webhook-endpoints/form.ts).
  "webhook_endpoints",
]);

/**
 * A D1 binding that records the SQL and parameters of every statement bound
 * through it (or its sessions), and of every one run unbound. A statement
 * prepared and dropped unbound never reaches D1 (the connection prepares a
 * statement again with its LIMIT written in: src/data/literal-limits.ts).
 */
function recording(db: D1Database, log: Recorded[]): D1Database {
  const prepare = (target: { prepare(sql: string): D1PreparedStatement }) => (sql: string) => {
    const statement = target.prepare(sql);
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => {
      log.push({ sql, params: values });
      return bind(...values);
    };
    for (const method of ["all", "first", "run", "raw"] as const) {
      const run = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      Object.assign(statement, { [method]: (...args: unknown[]) => (log.push({ sql, params: [] }), run(...args)) });
    }
    return statement;
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, name) {
        if (name === "prepare") return prepare(t as unknown as D1Database);
        if (name === "withSession") return (constraint?: string) => wrap(db.withSession(constraint));
        const value: unknown = Reflect.get(t, name, t);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });
  return wrap(db);
}

/** Runs a request through the app with a recording D1; returns its status and statements. */
async function recorded(method: string, path: string, body?: unknown): Promise<{ status: number; statements: Recorded[]; json: unknown }> {
  const log: Recorded[] = [];
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Authorization: `Bearer ${TEST_TOKEN}`, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`https://example.com${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const response = await entryApp.fetch(request, { ...env, DB: recording(env.DB, log) }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, statements: log, json: text ? JSON.parse(text) : null };
}

/** The aliases of a statement's tables (`FROM orders o`, `JOIN items AS i`), each to its table. */
function aliases(sql: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, table, alias] of sql.matchAll(/\b(?:from|join)\s+[`"]?(\w+)[`"]?(?:\s+(?:as\s+)?[`"]?(\w+)[`"]?)?/gi)) {
    map.set(table!, table!);
    if (alias && !/^(where|on|order|group|limit|left|inner|join|union|select)$/i.test(alias)) map.set(alias, table!);
  }
  return map;
}

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

/**
 * Rows a statement makes itself, not tables: an order's addresses and the zones they reached (the
 * `addr`, the recursive `matched` and `mz` of the checkout's zones query), as many as the zones holding them;
 * the one aggregate row of a change's guard (`g`: its held variants matched, change-guard.ts); the event
 * feed's cursor, one constant row (`feed_after`, src/data/queries/events.ts).
 */
const DERIVED: ReadonlySet<string> = new Set(["addr", "matched", "mz", "g", "feed_after"]);

/**
 * What is wrong with the plan of `statement` (nothing: []). `listTable` is the
 * table a list pages through: sorting it in a temporary B-tree (rather than
 * walking an index in the list's order) is a problem, except for a sort no
 * index can hold (`unsortable`, documented). Sorting a page's parts (its rows'
 * translations by id, a cart's items) is bounded by the page and is not.
 */
async function planProblems(statement: Recorded, listTable: string | undefined, unsortable: boolean, scanned?: string): Promise<string[]> {
  if (!/^\s*(select|with|insert|update|delete)/i.test(statement.sql)) return [];
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<PlanRow>();
  const names = aliases(statement.sql);
  const tableOf = (detail: string) => {
    const name = /^(?:SCAN|SEARCH) (\w+)/.exec(detail)?.[1];
    return name === undefined ? undefined : (names.get(name) ?? name);
  };
  const growing = (table: string | undefined) =>
    table !== undefined && !CONFIGURATION.has(table) && !DERIVED.has(table) && table !== "json_each" && !table.startsWith("CONSTANT");
  const problems: string[] = [];
  for (const row of results) {
    const table = tableOf(row.detail);
    // A SCAN without an index reads the whole table; one along an index is a list's ordered walk (it stops at the page).
    // A list sorted by its primary key walks the table itself in rowid order (SQLite names it a plain SCAN): it stops at the page too.
    const rowidWalk = table !== undefined && table === listTable && new RegExp(`order by "${table}"\\."id"`, "i").test(statement.sql);
    if (/^SCAN /.test(row.detail) && growing(table) && table !== scanned && !rowidWalk && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(row.detail)) problems.push(row.detail);
    // A count never stops at a page: a SCAN of a growing table in one, along an index or not, reads every row (the matching and the others).
    // A virtual table (json_each of a bound list: the schema has no other) holds what the request sent, not what is stored.
    else if (/^SCAN /.test(row.detail) && growing(table) && table !== scanned && !/VIRTUAL TABLE/.test(row.detail) && /\bcount\(/i.test(statement.sql))
      problems.push(`${row.detail} (a count of every row)`);
    // A lookup of `column IS NULL` alone on an index walks every row where it is unset (all of them, across carts and orders).
    const lookup = /^SEARCH \w+ USING (?:COVERING )?INDEX \w+ \((\w+)=\?\)$/.exec(row.detail)?.[1];
    if (lookup !== undefined && growing(table) && new RegExp(`"?${lookup}"?\\s+is\\s+null`, "i").test(statement.sql)) problems.push(`${row.detail} (an IS NULL lookup)`);
    if (/TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(row.detail) && listTable !== undefined && growing(listTable) && !unsortable) {
      // Rows of the list's table read by id (a page's ids, then sorted: at most `limit` of them) are bounded; a scan or a range is not.
      const unbounded = results.filter(
        (other) => other.parent === row.parent && other.id !== row.id && tableOf(other.detail) === listTable && !/\(rowid=\?\)/.test(other.detail),
      );
      if (unbounded.length > 0) problems.push(`${row.detail} (of ${unbounded.map((other) => other.detail).join(", ")})`);
    }
  }
  return problems.map((p) => `${p}\n    in: ${statement.sql.slice(0, 400)}`);
}

async function expectIndexed(label: string, statements: Recorded[], listTable?: string, unsortable = false, scanned?: string): Promise<void> {
  expect(statements.length, `${label}: statements recorded`).toBeGreaterThan(0);
  const problems: string[] = [];
  // Each distinct SQL once (with its last parameters).
  const distinct = new Map(statements.map((s) => [s.sql, s]));
  for (const statement of distinct.values()) problems.push(...(await planProblems(statement, listTable, unsortable, scanned)));
  expect(problems, label).toEqual([]);
}

/**
 * A deep page walks its offset once: among the statements the request ran,
 * at most one `OFFSET ?` is bound to the page's offset (a page whose parts
 * load by its ids reads them first, docs/performance/scale.md), however many
 * statements load the page.
 */
function expectOneOffsetWalk(label: string, statements: Recorded[], offset: number): void {
  const walks = statements
    .filter((s) => s.params.includes(offset))
    .map((s) => ({ sql: s.sql, walks: s.sql.match(/\boffset \?/gi)?.length ?? 0 }))
    .filter((s) => s.walks > 0);
  expect(
    walks.reduce((sum, s) => sum + s.walks, 0),
    `${label}: the offset ${offset} is walked by ${walks.map((s) => s.sql.slice(0, 160)).join("\n  and ")}`,
  ).toBeLessThanOrEqual(1);
}

let f: CheckoutFixture<readonly [number, number]>;
let cartId: number;
const values: Record<string, string> = {};

beforeAll(async () => {
  f = await checkoutFixture();
  // A placed order (payment and shipment), a cart with an item, the coupon's promotion.
  const placed = await newCart(f);
  await addItem(placed, f.variants[0].code, 2);
  await step("PUT", `/api/v1/checkouts/addressing/${placed}`, { billingAddress: address(f.countries.b) });
  await step("PUT", `/api/v1/checkouts/select-shipping/${placed}`, { shipments: [{ method: f.shipping.b.code }] });
  await step("PUT", `/api/v1/checkouts/select-payment/${placed}`, { payments: [{ method: f.payment.first.code }] });
  await step("PUT", `/api/v1/checkouts/complete/${placed}`);
  cartId = await newCart(f);
  await addItem(cartId, f.variants[0].code, 1);
  values.productCode = f.product;
  values.promotionCode = f.coupon.promotionCode;
});

const concrete = (template: string) => template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? "ANY");

type Operation = { parameters?: { name: string; schema?: { properties?: Record<string, unknown> } }[] };

/** The lists the document declares (GET operations that read `limit`), with their sortable fields. */
async function declaredLists(): Promise<{ path: string; sorts: string[]; criteria: string[] }[]> {
  const document = await servedDocument();
  return Object.entries(document.paths as Record<string, { get?: Operation }>).flatMap(([path, item]) => {
    const parameters = item.get?.parameters ?? [];
    if (!parameters.some((p) => p.name === "limit")) return [];
    const sorting = parameters.find((p) => p.name === "sorting");
    const criteria = parameters.find((p) => p.name === "criteria");
    return [{ path, sorts: Object.keys(sorting?.schema?.properties ?? {}), criteria: Object.keys(criteria?.schema?.properties ?? {}) }];
  });
}

/** The lists this test checks, each with the table it pages through; a list the document declares that is missing here fails the test below. */
const CHECKED = new Map([
  ["/api/v1/carts/", "orders"],
  ["/api/v1/orders/", "orders"],
  ["/api/v1/payments/", "payments"],
  ["/api/v1/shipments/", "shipments"],
  ["/api/v1/products/{productCode}/variants/", "product_variants"],
  ["/api/v1/products/", "products"],
  ["/api/v1/customers/", "customers"],
  ["/api/v1/customer-groups/", "customer_groups"],
  ["/api/v1/promotions/", "promotions"],
  ["/api/v1/promotions/{promotionCode}/coupons/", "promotion_coupons"],
  ["/api/v1/channels/", "channels"],
  ["/api/v1/zones/", "zones"],
  ["/api/v1/tax-rates/", "tax_rates"],
  ["/api/v1/payment-methods/", "payment_methods"],
  ["/api/v1/shipping-methods/", "shipping_methods"],
  ["/api/v1/product-options/", "product_options"],
  ["/api/v1/locales/", "locales"],
  ["/api/v1/currencies/", "currencies"],
  ["/api/v1/tax-categories/", "tax_categories"],
  ["/api/v1/shipping-categories/", "shipping_categories"],
  ["/api/v1/countries/", "countries"],
  ["/api/v1/exchange-rates/", "exchange_rates"],
  ["/api/v1/taxons/", "taxons"],
  ["/api/v1/product-attributes/", "product_attributes"],
  ["/api/v1/product-association-types/", "product_association_types"],
  ["/api/v1/products/{productCode}/reviews/", "product_reviews"],
  ["/api/v1/users/", "admin_users"],
  // The feed: no sorting, no page numbers (`page` is ignored), walked by cursor; its filters are planned below.
  ["/api/v1/events/", "events"],
  ["/api/v1/webhook-endpoints/", "webhook_endpoints"],
]);

/** Sorts whose key no index can hold (a variant's name is its translation in the default locale): documented in docs/performance/scale.md. */
const UNSORTABLE = new Set(["/api/v1/products/{productCode}/variants/ name"]);

/**
 * Substring criteria that read their whole table (no B-tree index answers a
 * case-insensitive substring, and these lists have no trigram postings, see
 * `GRAM_FILTERS`; docs/performance/scale.md, "Filtered lists"):
 * `path field` → the table such a filter scans. A filter of a nested list (a
 * product's variants or reviews, a promotion's coupons) reads its parent's
 * rows through the parent's index and is not listed; nor may an equality
 * filter be: any other scan fails the test.
 */
const SUBSTRING_SCANS = new Map<string, string>([
  ["/api/v1/product-attributes/ code", "product_attributes"],
  ["/api/v1/product-association-types/ code", "product_association_types"],
  ["/api/v1/customer-groups/ code", "customer_groups"],
  ["/api/v1/customer-groups/ name", "customer_groups"],
]);

/**
 * Substring criteria answered by trigram postings (migration 0022): `path
 * field` → the list's table. Their count must read the postings of one
 * trigram and the list's rows by id only (never a SCAN or an index walk of
 * the table, which would read the rows that do not match).
 */
const GRAM_FILTERS = new Map<string, string>([
  ["/api/v1/products/ code", "products"],
  ["/api/v1/products/ name", "products"],
  ["/api/v1/customers/ email", "customers"],
  ["/api/v1/customers/ firstName", "customers"],
  ["/api/v1/customers/ lastName", "customers"],
  ["/api/v1/taxons/ code", "taxons"],
  ["/api/v1/taxons/ name", "taxons"],
]);

/** The document's lists, read once for all the tests. */
let documentLists: Promise<{ path: string; sorts: string[]; criteria: string[] }[]>;
beforeAll(() => {
  documentLists = declaredLists();
});

describe("query plans", () => {
  it("checks every list the document declares (a new list cannot skip the check)", async () => {
    const lists = await documentLists;
    expect(lists.length).toBeGreaterThan(15);
    expect(lists.map((l) => l.path).filter((path) => !CHECKED.has(path))).toEqual([]);
  });

  for (const [path, table] of CHECKED) {
    it(`plans ${path} on indexes: by each sorting, page 1, a deep page and a cursor walk`, async () => {
      const list = (await documentLists).find((l) => l.path === path);
      expect(list, `${path} is a list of the document`).toBeDefined();
      const base = concrete(path);
      for (const sort of ["", ...list!.sorts.flatMap((s) => [`sorting%5B${s}%5D=asc`, `sorting%5B${s}%5D=desc`])]) {
        const unsortable = UNSORTABLE.has(`${path} ${/%5B(\w+)%5D/.exec(sort)?.[1] ?? ""}`);
        for (const query of ["", "page=30", "cursor="]) {
          const url = `${base}?${[sort, query].filter(Boolean).join("&")}`;
          const read = await recorded("GET", url);
          expect(read.status, url).toBe(200);
          await expectIndexed(`GET ${url}`, read.statements, table, unsortable);
          if (query === "page=30") expectOneOffsetWalk(`GET ${url}`, read.statements, 29 * (read.json as { limit: number }).limit);
          // The next page of the walk (a seek on the cursor's key), when the first was full.
          const next = (read.json as { _links?: { next?: { href: string } } })._links?.next?.href;
          if (query === "cursor=" && next) await expectIndexed(`GET ${next}`, (await recorded("GET", next)).statements, table, unsortable);
        }
      }
    });
  }

  for (const [path, table] of CHECKED) {
    it(`plans ${path} filtered by each criterion on indexes (or a documented substring scan)`, async () => {
      const list = (await documentLists).find((l) => l.path === path);
      expect(list, `${path} is a list of the document`).toBeDefined();
      for (const field of list!.criteria) {
        for (const query of ["", "&page=30"]) {
          const url = `${concrete(path)}?criteria%5B${field}%5D=abc${query}`;
          const read = await recorded("GET", url);
          expect(read.status, url).toBe(200);
          await expectIndexed(`GET ${url}`, read.statements, table, false, SUBSTRING_SCANS.get(`${path} ${field}`));
          if (query) expectOneOffsetWalk(`GET ${url}`, read.statements, 29 * (read.json as { limit: number }).limit);
        }
      }
    });
  }

  for (const [key, table] of GRAM_FILTERS) {
    // A trigram's postings by key for "abcd"; for "ab" and "a" (migration 0024) the range of postings starting with them.
    for (const [value, search] of [
      ["abcd", "SEARCH search_grams USING PRIMARY KEY (scope=? AND gram=?)"],
      ["ab", "SEARCH search_grams USING PRIMARY KEY (scope=? AND gram>? AND gram<?)"],
      ["a", "SEARCH search_grams USING PRIMARY KEY (scope=? AND gram>? AND gram<?)"],
    ] as const)
    it(`counts ${key} = "${value}" from postings, reading ${table} by id only`, async () => {
      const [path, field] = key.split(" ");
      const list = (await documentLists).find((l) => l.path === path);
      expect(list?.criteria).toContain(field);
      const read = await recorded("GET", `${path}?criteria%5B${field}%5D=${value}&page=30`);
      expect(read.status).toBe(200);
      // Each distinct SQL once, with its last parameters (a statement is recorded when prepared and again when bound).
      const counts = [...new Map(read.statements.map((s) => [s.sql, s])).values()].filter((s) => /^\s*select count\(/i.test(s.sql));
      expect(counts.length).toBeGreaterThan(0);
      for (const statement of counts) {
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<PlanRow>();
        const details = results.map((r) => r.detail);
        expect(details, statement.sql).toContain(search);
        // Every other read is by key: the list's rows (and a translation) by id, a trigram's count, the positions 1..3.
        const reads = details.filter((d) => /^(SCAN|SEARCH) /.test(d));
        expect(reads.filter((d) => /^SCAN /.test(d)), statement.sql).toEqual([]);
        expect(reads.filter((d) => new RegExp(`^SEARCH ${table} `).test(d)), statement.sql).toEqual([`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid=?)`]);
      }
    });
  }

  for (const [key, table] of GRAM_FILTERS) {
    // Sylius' string filter, nested: the indexed types recheck the candidates of the value's rarest trigram.
    for (const type of ["equal", "starts_with", "ends_with", "in"]) {
      it(`counts ${key} by criteria[][type]=${type} from postings, reading ${table} by id only`, async () => {
        const [path, field] = key.split(" ");
        const read = await recorded("GET", `${path}?criteria%5B${field}%5D%5Btype%5D=${type}&criteria%5B${field}%5D%5Bvalue%5D=abcd&page=30`);
        expect(read.status).toBe(200);
        const counts = [...new Map(read.statements.map((s) => [s.sql, s])).values()].filter((s) => /^\s*select count\(/i.test(s.sql));
        expect(counts.length).toBeGreaterThan(0);
        for (const statement of counts) {
          const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
            .bind(...statement.params)
            .all<PlanRow>();
          const reads = results.map((r) => r.detail).filter((d) => /^(SCAN|SEARCH) /.test(d));
          expect(reads, statement.sql).toContain("SEARCH search_grams USING PRIMARY KEY (scope=? AND gram=?)");
          expect(reads.filter((d) => /^SCAN /.test(d)), statement.sql).toEqual([]);
          expect(reads.filter((d) => new RegExp(`^SEARCH ${table} `).test(d)), statement.sql).toEqual([`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid=?)`]);
        }
      });
    }
    // The types no index answers examine a window of at most SCAN_BUDGET rows, by id.
    for (const type of ["not_contains", "not_equal", "not_in", "empty", "not_empty"]) {
      it(`bounds ${key} by criteria[][type]=${type} to a window of ${SCAN_BUDGET} rows`, async () => {
        const [path, field] = key.split(" ");
        const read = await recorded("GET", `${path}?criteria%5B${field}%5D%5Btype%5D=${type}&criteria%5B${field}%5D%5Bvalue%5D=abcd`);
        expect(read.status).toBe(200);
        const counts = [...new Map(read.statements.map((s) => [s.sql, s])).values()].filter((s) => /^\s*select count\(/i.test(s.sql));
        // A text never NULL (a code): `empty` matches nothing and `not_empty` everything, without a window; a negation always has one.
        const windowed = counts.filter((statement) => / IN \(select/i.test(statement.sql));
        if (type.startsWith("not_") && type !== "not_empty") expect(windowed.length, type).toBeGreaterThan(0);
        for (const statement of windowed) {
          expect(statement.sql, statement.sql).toMatch(new RegExp(`order by "${table}"\\."id"( asc)? limit (\\?|${SCAN_BUDGET})`, "i"));
          if (/limit \?/i.test(statement.sql)) expect(statement.params).toContain(SCAN_BUDGET);
        }
      });
    }
  }

  it("plans the statements of the variant views' triggers (migration 0023) on indexes", async () => {
    // Each trigger's body, with NEW.x and OLD.x bound as parameters: a change of a source row finds the variants it raises by index.
    const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'variant_view_%'").all<{ name: string; sql: string }>();
    expect(results.map((r) => r.name)).toHaveLength(20);
    const statements = results.map(({ sql }): Recorded => {
      const body = /\bBEGIN\s+(.*?);?\s*END;?$/is.exec(sql)?.[1] ?? "";
      const bound = body.replace(/\b(?:NEW|OLD)\.`?\w+`?/g, "?");
      return { sql: bound, params: Array.from({ length: bound.split("?").length - 1 }, () => 1) };
    });
    await expectIndexed("variant view triggers", statements);
  });

  it("plans a variant's read, cold and warm, and its view's refill on indexes", async () => {
    const path = `/api/v1/products/${f.product}/variants/${f.tracked.code}`;
    await env.DB.prepare("DELETE FROM variant_views WHERE variant_id = ?").bind(f.tracked.id).run();
    const cold = await recorded("GET", path);
    expect(cold.status).toBe(200);
    // The refill ran after the response (waitUntil, awaited by the recording).
    expect(cold.statements.some((s) => /^insert into "variant_views"/i.test(s.sql))).toBe(true);
    await expectIndexed("GET variant, cold", cold.statements);
    const warm = await recorded("GET", path);
    expect(warm.statements.some((s) => /^insert into "variant_views"/i.test(s.sql))).toBe(false);
    await expectIndexed("GET variant, warm", warm.statements);
  });

  it("plans the event feed's filters as seeks bounded by the page, and the prune by primary key", async () => {
    const seeded = [
      "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300)",
      "INSERT INTO events (type, resource_href, resource_id, actor_system, data)",
      "SELECT CASE i % 3 WHEN 0 THEN 'order.placed' WHEN 1 THEN 'product.updated' ELSE 'inventory.changed' END, '/api/v1/orders/' || (i % 7), i % 7, 'cron', '{}' FROM k",
    ].join(" ");
    await env.DB.prepare(seeded).run();
    const byType = "SEARCH events USING COVERING INDEX events_type (type=? AND id>?)";
    const byResource = /^SEARCH events USING (COVERING )?INDEX events_resource \(resource_href=\? AND id>\?\)$/;
    const cases: [string, (details: string[]) => void][] = [
      ["", (d) => expect(d).toContain("SEARCH events USING INTEGER PRIMARY KEY (rowid>?)")],
      ["types=order.placed", (d) => expect(d.filter((x) => x === byType)).toHaveLength(1)],
      // Several types (a pattern and a type): one seek each, merged.
      ["types=order.*,inventory.changed", (d) => expect(d.filter((x) => x === byType)).toHaveLength(4)],
      ["resource=%2Fapi%2Fv1%2Forders%2F3", (d) => expect(d.some((x) => byResource.test(x))).toBe(true)],
      // Both: a window of the resource's events (its index), the types kept among them, and the window's end.
      ["resource=%2Fapi%2Fv1%2Forders%2F3&types=order.placed", (d) => expect(d.some((x) => byResource.test(x))).toBe(true)],
    ];
    for (const [filter, expectPlan] of cases) {
      for (const cursor of ["", "cursor=", "cursor=00000000000000000150"]) {
        const url = `/api/v1/events/?${[filter, cursor, "limit=5"].filter(Boolean).join("&")}`;
        const read = await recorded("GET", url);
        expect(read.status, url).toBe(200);
        await expectIndexed(`GET ${url}`, read.statements, "events");
        const reads = [...new Map(read.statements.filter((s) => /"events"/.test(s.sql) && /^\s*select/i.test(s.sql)).map((s) => [s.sql, s])).values()];
        expect(reads.length, url).toBeGreaterThan(0);
        const details: string[] = [];
        for (const statement of reads) {
          const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).bind(...statement.params).all<PlanRow>();
          details.push(...results.map((r) => r.detail));
        }
        expectPlan(details);
        // Never a walk of the whole table, nor a sort of its rows.
        expect(details.filter((x) => /^SCAN events\b/.test(x) || /TEMP B-TREE/.test(x)), url).toEqual([]);
      }
    }
    // The prune reads the oldest events by primary key (and the newest id by it too).
    const log: Recorded[] = [];
    await pruneEvents(createDatabase(new MeteredD1(recording(env.DB, log), new D1Meter())), Date.now(), 90);
    await expectIndexed("events prune", log, "events");
    const prune = log.find((s) => /^delete from "events"/i.test(s.sql));
    expect(prune).toBeDefined();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${prune!.sql}`).bind(...prune!.params).all<PlanRow>();
    expect(results.map((r) => r.detail).filter((x) => /^SCAN events\b/.test(x))).toEqual([]);
  });

  it("plans a cart read on indexes", async () => {
    const read = await recorded("GET", `/api/v1/carts/${cartId}`);
    expect(read.status).toBe(200);
    await expectIndexed("GET cart", read.statements);
  });

  it("plans a cart change (in the cart's object) on indexes", async () => {
    const log: Recorded[] = [];
    const stub = new CartGateway(env.CARTS).stub(cartId);
    // The object reads `this.env.DB` for each change: give it a recording binding for this one.
    await runInDurableObject(stub, (instance) => {
      // `env` is the DurableObject base class's protected field; the test swaps its D1 binding.
      const object = instance as unknown as { env: Env };
      object.env = { ...object.env, DB: recording(object.env.DB, log) };
    });
    try {
      const added = await api("POST", `/api/v1/carts/${cartId}/items/`, { variant: f.variants[1].code, quantity: 2 });
      expect(added.status).toBe(201);
      const changed = await api("PATCH", `/api/v1/carts/${cartId}/items/${(added.body as { id: number }).id}`, { quantity: 3 });
      expect(changed.status).toBe(204);
    } finally {
      await runInDurableObject(stub, (instance) => {
        (instance as unknown as { env: Env }).env = env;
      });
    }
    await expectIndexed("cart change", log);
  });
});

