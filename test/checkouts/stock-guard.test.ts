import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { namedBatch } from "../../src/data/batch";
import { createDatabase } from "../../src/data/db";
import { D1Meter, MeteredD1 } from "../../src/data/metered-d1";
import { guardedStockStatements, isStockGuardFailure } from "../../src/data/checkout/checkout-writer";
import * as schema from "../../src/data/schema";
import { checkoutFixture, variantRow } from "../fixtures/checkout";

/** The D1 side of the completion's stock guard: a guard that matches no row fails the whole batch. */
describe("stock guard", () => {
  it("applies the hold when the units are free, and rolls the whole batch back when they are not", async () => {
    const f = await checkoutFixture();
    const db = createDatabase(new MeteredD1(env.DB, new D1Meter()));
    const hold = (q: number) => guardedStockStatements(db, { variantId: f.tracked.id, onHand: 0, onHold: q, requires: { minAvailable: q } });
    await namedBatch(db, { held: hold(3) });
    expect(await variantRow(f.tracked.id)).toMatchObject({ onHand: 5, onHold: 3 });

    // 3 more do not fit (2 free): nothing of the batch stands, not even the write before the guard.
    const error = await namedBatch(db, {
      other: db.update(schema.products).set({ enabled: false }).where(eq(schema.products.code, f.product)),
      held: hold(3),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStockGuardFailure(error)).toBe(true);
    expect(await variantRow(f.tracked.id)).toMatchObject({ onHand: 5, onHold: 3 });
    const product = await db.select({ enabled: schema.products.enabled }).from(schema.products).where(eq(schema.products.code, f.product));
    expect(product[0]!.enabled).toBe(true);
  });
});
