/**
 * Amounts and percentages in promotion configurations, as Sylius 1.8's form
 * takes them (MoneyType: major units; PercentType: percent) and as it stores
 * and shows them (minor units; fractions): PromotionApiTest's
 * `it_allows_to_create_promotion_with_rules` sends `{"WEB": {"amount": 12}}`
 * and reads `1200`; `it_allows_to_create_promotion_with_actions` sends
 * `"percentage": 15` and reads `0.15`. One test per rule and action that
 * holds an amount or a percentage: sent, shown, read back, refused past its
 * bounds; and a configuration stored before keeps its value.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/data/schema";
import { api, uniqueCode } from "../fixtures/http";
import { db, one } from "../fixtures/db";
import { insertChannel } from "../fixtures/references";

const PATH = "/api/v1/promotions/";

type Part = { type: string; configuration: unknown };

/** Creates a promotion with `part` as its only rule or action; checks the answer and the read show `shown`. */
async function sentAndShown(field: "rules" | "actions", sent: Part, shown: Part): Promise<void> {
  const code = uniqueCode("AMOUNTS");
  const created = await api("POST", PATH, { code, name: "Amounts", [field]: [sent] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body[field]).toEqual([{ id: expect.any(Number), ...shown }]);
  const read = await api("GET", `${PATH}${code}`);
  expect(read.body[field]).toEqual([{ id: expect.any(Number), ...shown }]);
}

/** Each part is refused on its field with `This value is not valid.`, and no promotion is stored. */
async function refused(field: "rules" | "actions", parts: Part[]): Promise<void> {
  for (const part of parts) {
    const code = uniqueCode("AMOUNTS");
    const res = await api("POST", PATH, { code, name: "Amounts", [field]: [part] });
    expect(res.status, JSON.stringify(part)).toBe(400);
    expect(res.body.errors.children[field], JSON.stringify(part)).toEqual({ errors: ["This value is not valid."] });
    expect((await api("GET", `${PATH}${code}`)).status).toBe(404);
  }
}

/** Amounts Sylius' MoneyType would not store: negative, not a decimal number, past 21,474,836.47. */
const BAD_AMOUNTS: unknown[] = [-1, "-1", "12,50", "twelve", true, 21474836.48, "21474836.475"];

describe("PromotionApiTest: amounts in major units, percentages in percent", () => {
  it("it_allows_to_create_promotion_with_rules: item_total takes major units (12 → 1200)", async () => {
    const [web, mob] = [await insertChannel(), await insertChannel()];
    await sentAndShown(
      "rules",
      { type: "item_total", configuration: { [web.code]: { amount: 12 }, [mob.code]: { amount: "15.005" } } },
      { type: "item_total", configuration: { [web.code]: { amount: 1200 }, [mob.code]: { amount: 1501 } } },
    );
    await refused(
      "rules",
      BAD_AMOUNTS.map((amount) => ({ type: "item_total", configuration: { [web.code]: { amount } } })),
    );
    // The largest amount an integer column holds.
    await sentAndShown(
      "rules",
      { type: "item_total", configuration: { [web.code]: { amount: "21474836.47" } } },
      { type: "item_total", configuration: { [web.code]: { amount: 2147483647 } } },
    );
  });

  it("it_allows_to_create_promotion_with_rules: total_of_items_from_taxon takes major units", async () => {
    const channel = await insertChannel();
    const taxon = uniqueCode("mugs");
    expect((await api("POST", "/api/v1/taxons/", { code: taxon })).status).toBe(201);
    await sentAndShown(
      "rules",
      { type: "total_of_items_from_taxon", configuration: { [channel.code]: { taxon, amount: 20.5 } } },
      { type: "total_of_items_from_taxon", configuration: { [channel.code]: { taxon, amount: 2050 } } },
    );
    await refused(
      "rules",
      BAD_AMOUNTS.map((amount) => ({ type: "total_of_items_from_taxon", configuration: { [channel.code]: { taxon, amount } } })),
    );
  });

  it("it_allows_to_create_promotion_with_actions: order_fixed_discount takes major units (12 → 1200)", async () => {
    const [web, mob] = [await insertChannel(), await insertChannel()];
    await sentAndShown(
      "actions",
      { type: "order_fixed_discount", configuration: { [web.code]: { amount: 12 }, [mob.code]: { amount: "15" } } },
      { type: "order_fixed_discount", configuration: { [web.code]: { amount: 1200 }, [mob.code]: { amount: 1500 } } },
    );
    await refused(
      "actions",
      BAD_AMOUNTS.map((amount) => ({ type: "order_fixed_discount", configuration: { [web.code]: { amount } } })),
    );
  });

  it("it_allows_to_create_promotion_with_actions: unit_fixed_discount and its price range take major units", async () => {
    const channel = await insertChannel();
    await sentAndShown(
      "actions",
      { type: "unit_fixed_discount", configuration: { [channel.code]: { amount: 2.5, filters: { price_range_filter: { min: 1, max: "12000" } } } } },
      {
        type: "unit_fixed_discount",
        configuration: {
          [channel.code]: {
            amount: 250,
            filters: { price_range_filter: { min: 100, max: 1200000 }, taxons_filter: { taxons: [] }, products_filter: { products: [] } },
          },
        },
      },
    );
    await refused("actions", [
      ...BAD_AMOUNTS.map((amount) => ({ type: "unit_fixed_discount", configuration: { [channel.code]: { amount } } })),
      ...BAD_AMOUNTS.map((min) => ({ type: "unit_fixed_discount", configuration: { [channel.code]: { amount: 1, filters: { price_range_filter: { min } } } } })),
    ]);
  });

  it("it_allows_to_create_promotion_with_actions: unit_percentage_discount takes percent (15 → 0.15)", async () => {
    const [web, mob] = [await insertChannel(), await insertChannel()];
    await sentAndShown(
      "actions",
      { type: "unit_percentage_discount", configuration: { [web.code]: { percentage: 15 }, [mob.code]: { percentage: "20" } } },
      { type: "unit_percentage_discount", configuration: { [web.code]: { percentage: 0.15 }, [mob.code]: { percentage: 0.2 } } },
    );
    await refused(
      "actions",
      [-1, 100.01, "15 %", false].map((percentage) => ({ type: "unit_percentage_discount", configuration: { [web.code]: { percentage } } })),
    );
  });

  it("order_percentage_discount takes percent (10 → 0.1; 14.3 → 0.143; 0 and 100 are the bounds)", async () => {
    await sentAndShown("actions", { type: "order_percentage_discount", configuration: { percentage: 10 } }, { type: "order_percentage_discount", configuration: { percentage: 0.1 } });
    await sentAndShown("actions", { type: "order_percentage_discount", configuration: { percentage: 14.3 } }, { type: "order_percentage_discount", configuration: { percentage: 0.143 } });
    await sentAndShown("actions", { type: "order_percentage_discount", configuration: { percentage: "100" } }, { type: "order_percentage_discount", configuration: { percentage: 1 } });
    await sentAndShown("actions", { type: "order_percentage_discount", configuration: { percentage: 0 } }, { type: "order_percentage_discount", configuration: { percentage: 0 } });
    await refused(
      "actions",
      [-0.5, 150, "1e1", null].map((percentage) => ({ type: "order_percentage_discount", configuration: { percentage } })),
    );
  });

  it("shipping_percentage_discount takes percent (12.5 → 0.125)", async () => {
    await sentAndShown(
      "actions",
      { type: "shipping_percentage_discount", configuration: { percentage: "12.5" } },
      { type: "shipping_percentage_discount", configuration: { percentage: 0.125 } },
    );
    await refused(
      "actions",
      [-1, 101, "half"].map((percentage) => ({ type: "shipping_percentage_discount", configuration: { percentage } })),
    );
  });

  it("a configuration stored before keeps its value: shown as stored, kept by an update that does not send it", async () => {
    const channel = await insertChannel();
    const code = uniqueCode("STORED");
    const d = db();
    const promotion = one(await d.insert(schema.promotions).values({ code, name: "Stored" }).returning({ id: schema.promotions.id }));
    await d.insert(schema.promotionRules).values({ promotionId: promotion.id, type: "item_total", configuration: { [channel.code]: { amount: 1200 } } });
    await d.insert(schema.promotionActions).values({ promotionId: promotion.id, type: "order_percentage_discount", configuration: { percentage: 0.15 } });
    const shown = {
      rules: [{ id: expect.any(Number), type: "item_total", configuration: { [channel.code]: { amount: 1200 } } }],
      actions: [{ id: expect.any(Number), type: "order_percentage_discount", configuration: { percentage: 0.15 } }],
    };
    expect((await api("GET", `${PATH}${code}`)).body).toMatchObject(shown);
    expect((await api("PATCH", `${PATH}${code}`, { priority: 3 })).status).toBe(204);
    expect((await api("GET", `${PATH}${code}`)).body).toMatchObject({ priority: 3, ...shown });
    const row = one(await d.select({ configuration: schema.promotionRules.configuration }).from(schema.promotionRules).where(eq(schema.promotionRules.promotionId, promotion.id)));
    expect(row?.configuration).toEqual({ [channel.code]: { amount: 1200 } });
  });
});
