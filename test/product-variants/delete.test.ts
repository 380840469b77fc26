import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createVariant, useInOrder, variantPath } from "../fixtures/catalog";
import { setupCatalog, type Catalog } from "../fixtures/variants";
import { firstRow } from "../fixtures/db";

let cat: Catalog;
beforeAll(async () => {
  cat = await setupCatalog();
});

const count = async (table: string, variantId: number) =>
  (await firstRow<{ n: number }>(env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE variant_id = ?`).bind(variantId))).n;

describe("DELETE /products/{productCode}/variants/{code}", () => {
  it("deletes the variant and its children in two round trips; then it is gone", async () => {
    const created = await createVariant(cat.product.code, {
      code: uniqueCode("V"),
      translations: { en_US: { name: "Doomed" } },
      channelPricings: { [cat.channel]: { price: 1 } },
      optionValues: { [cat.option.code]: cat.option.values[0].code },
    });
    const path = variantPath(cat.product.code, created.code);
    const res = await api("DELETE", path);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(d1RoundTrips(res.headers)).toBe(2);

    expect((await api("GET", path)).status).toBe(404);
    const again = await api("DELETE", path);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 404, message: `Product variant with code "${created.code}" does not exist.` });
    for (const table of ["product_variant_translations", "channel_pricings", "product_variant_option_values"]) {
      expect(await count(table, created.id)).toBe(0);
    }
    // The code is free again.
    expect((await api("POST", `/api/v1/products/${cat.product.code}/variants/`, { code: created.code })).status).toBe(201);
  });

  it("answers 409 while an order item uses the variant", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    await useInOrder(created.id, cat.channel);
    const res = await api("DELETE", variantPath(cat.product.code, created.code));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 409, message: "Cannot delete, the product variant is in use." });
    expect((await api("GET", variantPath(cat.product.code, created.code))).status).toBe(200);
  });

  it("answers 404 for an unknown product, or a variant of another product", async () => {
    const created = await createVariant(cat.product.code, { code: uniqueCode("V") });
    const product = uniqueCode("NOP");
    const a = await api("DELETE", variantPath(product, created.code));
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ code: 404, message: `Product with code "${product}" does not exist.` });
    const other = await setupCatalog();
    const b = await api("DELETE", variantPath(other.product.code, created.code));
    expect(b.status).toBe(404);
    expect((await api("GET", variantPath(cat.product.code, created.code))).status).toBe(200);
  });
});
