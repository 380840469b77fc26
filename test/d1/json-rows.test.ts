/**
 * Rows carried as one JSON text in a column of another statement's rows
 * (src/data/json-rows.ts) read back as the rows themselves: the variants'
 * view rows of a cart view (`variantRowsJson`) equal, row for row and value
 * for value, what `variantRowsQuery` reads of the same variants, whatever the
 * values (booleans stored as 0/1, reals, NULLs, quotes and non-ASCII text,
 * children built by the read or stored); the children of views the reader
 * holds are left out only while their variants keep the held version.
 */
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { productVariants } from "../../src/data/schema";
import { heldViewKeys, variantIdsIn, variantRowsFromJson, variantRowsJson, variantRowsQuery } from "../../src/data/queries/product-variants";
import { renderedRows } from "../../src/data/json-rows";
import { sql } from "drizzle-orm";
import { cartFixture } from "../fixtures/carts";

it("reads the variants' view rows back from their JSON as the rows themselves", async () => {
  const fixture = await cartFixture([1299, 1599, 1999]);
  const [plain, odd, stored] = fixture.variants.map((v) => v.code);
  await env.DB.batch([
    env.DB.prepare("UPDATE product_variants SET tracked = 1, on_hand = 7, width = 1.5, height = 10.0, depth = NULL, weight = 0.25 WHERE code = ?").bind(odd),
    env.DB.prepare(
      `INSERT INTO product_variant_translations (variant_id, locale, name) SELECT id, 'pl_PL', 'Kubek "mały" \\ ☕ ' || char(10) FROM product_variants WHERE code = ?`,
    ).bind(odd),
    env.DB.prepare("INSERT INTO variant_views (variant_id, view_version, children) SELECT id, view_version, '{\"stored\":true}' FROM product_variants WHERE code = ?").bind(stored),
  ]);
  const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
  const idRows = await db.select({ id: productVariants.id, code: productVariants.code }).from(productVariants);
  const ids = idRows.filter((r) => [plain, odd, stored].includes(r.code)).map((r) => r.id);
  const read = await namedBatch(db, {
    rows: variantRowsQuery(db, variantIdsIn(ids)),
    json: db.select({ text: variantRowsJson(variantIdsIn(ids)).as("text") }).from(productVariants).limit(1),
  });
  const fromJson = variantRowsFromJson(read.json[0]?.text ?? "[]");
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  expect(read.rows).toHaveLength(3);
  expect(byId(fromJson)).toEqual(byId(read.rows));
  expect(fromJson.find((r) => r.code === odd)).toMatchObject({ tracked: true, width: 1.5, height: 10, depth: null, weight: 0.25 });
  expect(fromJson.find((r) => r.code === stored)?.viewChildren).toBe('{"stored":true}');
  expect(fromJson.find((r) => r.code === plain)?.viewChildren.startsWith("~")).toBe(true);
});

it("leaves out the children of held views while their variants keep the held version, and fills them from the held rows", async () => {
  const fixture = await cartFixture([1299, 1599]);
  const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
  const codes = fixture.variants.map((v) => v.code);
  const ids = (await db.select({ id: productVariants.id, code: productVariants.code }).from(productVariants)).filter((r) => codes.includes(r.code)).map((r) => r.id);
  const json = async (held: string) =>
    (await namedBatch(db, { json: db.select({ text: variantRowsJson(variantIdsIn(ids), sql`${held}`).as("text") }).from(productVariants).limit(1) })).json[0]?.text ?? "[]";
  const full = variantRowsFromJson(await json("[]"));
  expect(full).toHaveLength(2);
  const heldRows = new Map(full.map((row) => [row.id, row]));
  const [first, second] = full;

  const left = await json(heldViewKeys([first!]));
  expect(renderedRows<unknown[]>(left).map((row) => row.at(-1) === null)).toEqual(full.map((row) => row.id === first!.id));
  expect(variantRowsFromJson(left, heldRows)).toEqual(full);

  // A new price raises the variant's view version: its children come back, though listed as held.
  await env.DB.prepare("UPDATE channel_pricings SET price = price + 1 WHERE variant_id = ?").bind(second!.id).run();
  const moved = variantRowsFromJson(await json(heldViewKeys(full)), heldRows);
  expect(moved.find((row) => row.id === first!.id)).toEqual(first);
  const changed = moved.find((row) => row.id === second!.id);
  expect(changed?.viewVersion).toBeGreaterThan(second!.viewVersion);
  expect(changed?.viewChildren).not.toBe(second!.viewChildren);
  const price = fixture.variants.find((v) => v.id === second!.id)?.price ?? NaN;
  expect(changed?.viewChildren).toContain(`"price":${price + 1}`);
});
