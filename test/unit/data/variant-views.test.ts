/**
 * The variant views kept per isolate (`viewsOf`): the same row and children's
 * text give the same view object back; any column or any character of the
 * text that differs makes a new view. And the plain variant page's statements
 * built once (`variantPlainPageQueries`) are those `variantPageQueries`
 * builds for the same page, text and values.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BoundQuery, prepareTemplate, type Statement } from "../../../src/data/batch";
import { createDatabase } from "../../../src/data/db";
import { D1Meter, MeteredD1 } from "../../../src/data/metered-d1";
import {
  variantPageQueries,
  variantPlainPageQueries,
  viewsOf,
  ViewRefills,
  type VariantListQuery,
  type VariantSortField,
  type VariantViewRow,
} from "../../../src/data/queries/product-variants";
import { variantRow } from "../../fixtures/domain/variants";

const children = (price: number, name = "Mug") =>
  JSON.stringify({
    translations: [{ id: 1, variantId: 9_000_001, locale: "en_US", name }],
    channelPricings: [{ id: 2, variantId: 9_000_001, channelCode: "WEB", price }],
    optionValues: [],
    taxCategory: null,
    shippingCategory: null,
  });

const row = (changes: Partial<VariantViewRow> = {}): VariantViewRow => ({
  ...variantRow(),
  viewVersion: 1,
  viewChildren: children(100),
  ...changes,
});

const viewOf = (raw: VariantViewRow, refills?: ViewRefills) => viewsOf([raw], refills)[0];

describe("viewsOf", () => {
  it("gives the same view for the same row and text, a new one for any other", () => {
    const first = viewOf(row());
    expect(first?.channelPricings[0]?.price).toBe(100);
    expect(viewOf(row())).toBe(first);

    const changes: Partial<VariantViewRow>[] = [
      { code: "MUG_2" },
      { productCode: "CUP" },
      { tracked: true },
      { onHand: 1 },
      { weight: 0.5 },
      { version: 2 },
      { updatedAt: "2026-01-02T00:00:00+00:00" },
      { taxCategoryId: 3 },
      { viewVersion: 2 },
      { viewChildren: children(101) },
      { viewChildren: children(100, "Cup") },
    ];
    for (const change of changes) {
      const changed = viewOf(row(change));
      expect(changed).not.toBe(first);
      const { viewChildren: _children, viewVersion: _version, ...columns } = row(change);
      expect(changed?.row).toEqual(columns);
      expect(viewOf(row(change))).toBe(changed);
    }
    expect(viewOf(row({ viewChildren: children(101) }))?.channelPricings[0]?.price).toBe(101);
  });

  it("notes a view built by the read for storing, kept view or not", () => {
    const built = row({ id: 9_000_002, viewChildren: `~${children(5)}` });
    const refills = new ViewRefills();
    const view = viewOf(built, refills);
    expect(refills.size).toBe(1);
    const again = new ViewRefills();
    expect(viewOf(built, again)).toBe(view);
    expect(again.size).toBe(1);
    // The stored text reads as the same view.
    expect(viewOf({ ...built, viewChildren: children(5) })).toBe(view);
  });
});

describe("variantPlainPageQueries", () => {
  const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
  const sql = (query: Statement | BoundQuery<unknown>) => {
    const built = query instanceof BoundQuery ? query : prepareTemplate(query);
    return { sql: built.sql, params: built.params };
  };

  it("builds, once per sorting, the statements variantPageQueries builds", () => {
    const fields: VariantSortField[] = ["position", "code", "createdAt", "updatedAt", "name"];
    for (const field of fields) {
      for (const direction of ["asc", "desc"] as const) {
        for (const [productCode, limit, offset] of [
          ["MUG", 10, 0],
          ["CUP'S", 3, 99],
        ] as const) {
          const query: VariantListQuery = { productCode, criteria: {}, sorting: { field, direction }, limit, offset, cursor: undefined };
          const plain = variantPlainPageQueries(db, query);
          const built = variantPageQueries(db, query);
          expect(plain).toBeDefined();
          if (!plain) continue;
          for (const name of ["product", "counted", "rows"] as const) expect(sql(plain[name])).toEqual(sql(built[name]));
        }
      }
    }
  });

  it("leaves filtered, cursor and deep pages to variantPageQueries", () => {
    const page: VariantListQuery = { productCode: "MUG", criteria: {}, sorting: { field: "code", direction: "asc" }, limit: 10, offset: 0 };
    expect(variantPlainPageQueries(db, { ...page, criteria: { code: { type: "contains", value: "A" } } })).toBeUndefined();
    expect(variantPlainPageQueries(db, { ...page, criteria: { name: { type: "contains", value: "A" } } })).toBeUndefined();
    expect(variantPlainPageQueries(db, { ...page, cursor: null })).toBeUndefined();
    expect(variantPlainPageQueries(db, { ...page, offset: 100 })).toBeUndefined();
  });
});
