/**
 * Promotions as Sylius 1.8's PromotionApiTest drives them (tests/Responses/Expected/promotion/*.json):
 * PromotionBundle's and AdminApiBundle's Model.Promotion.yml (no description; channels in their
 * detailed set; `_links.coupons` for a coupon-based one; `{id, code, name, priority, _links}` in
 * lists), PromotionType (name, description, exclusive, usageLimit, startsAt and endsAt as
 * DateTimeType `{date, time}`, priority, couponBased, rules, actions, channels, code),
 * Promotion.xml and validators.en.yml, the admin API grid (`criteria[search]`, `criteria[couponBased]`).
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";
import { insertChannel } from "../fixtures/references";
import { insertProduct } from "../fixtures/catalog";

const PATH = "/api/v1/promotions/";
const DATE = { children: { date: {}, time: {} } };
const CHILDREN = {
  name: {},
  description: {},
  exclusive: {},
  usageLimit: {},
  startsAt: DATE,
  endsAt: DATE,
  priority: {},
  couponBased: {},
  rules: {},
  actions: {},
  channels: {},
  code: {},
};

describe("promotions (Sylius 1.8)", () => {
  it("create_response_with_time_of_duration: startsAt and endsAt sent as {date, time}", async () => {
    const code = uniqueCode("christmas-promotion");
    const res = await api("POST", PATH, {
      code,
      name: "Christmas Promotion",
      startsAt: { date: "2017-12-05", time: "11:00" },
      endsAt: { date: "2017-12-31", time: "11:00" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Christmas Promotion",
      priority: 0,
      exclusive: false,
      used: 0,
      startsAt: "2017-12-05T11:00:00+00:00",
      endsAt: "2017-12-31T11:00:00+00:00",
      couponBased: false,
      rules: [],
      actions: [],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      channels: [],
      _links: { self: { href: `${PATH}${code}` } },
    });
    // Both parts empty: no date. A malformed pair fails the field, its sub-forms rendered.
    const none = await api("PATCH", `${PATH}${code}`, { endsAt: { date: "", time: "" } });
    expect(none.status).toBe(204);
    expect((await api("GET", `${PATH}${code}`)).body).not.toHaveProperty("endsAt");
    const bad = await api("PATCH", `${PATH}${code}`, { startsAt: { date: "2017-13-05", time: "11:00" }, endsAt: { date: "2017-12-31" } });
    expect(bad.body).toEqual(
      validationFailed({
        ...CHILDREN,
        startsAt: { errors: ["This value is not valid."], ...DATE },
        endsAt: { errors: ["This value is not valid."], ...DATE },
      }),
    );
    const before = await api("PATCH", `${PATH}${code}`, { endsAt: { date: "2017-12-01", time: "00:00" } });
    expect(before.body.errors.children.endsAt).toEqual({ errors: ["End date cannot be set prior start date."], ...DATE });
  });

  it("create_validation_fail_response: Sylius' messages, children in PromotionType's order", async () => {
    for (const body of [undefined, {}]) {
      const res = await api("POST", PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({ ...CHILDREN, name: { errors: ["Please enter promotion name."] }, code: { errors: ["Please enter promotion code."] } }),
      );
    }
    const res = await api("POST", PATH, { code: "a b", name: "x", description: "y" });
    expect(res.body.errors.children).toMatchObject({
      name: { errors: ["Promotion name must be at least 2 characters long."] },
      description: { errors: ["Promotion description must be at least 2 characters long."] },
      code: { errors: ["Promotion code can only be comprised of letters, numbers, dashes and underscores."] },
    });
    const long = await api("POST", PATH, { code: uniqueCode("P"), name: "n".repeat(256), description: "d".repeat(256) });
    expect(long.body.errors.children).toMatchObject({
      name: { errors: ["Promotion name must not be longer than 255 characters."] },
      description: { errors: ["Promotion description must not be longer than 255 characters."] },
    });
  });

  it("a PUT without a body is a 400 (name blank), nothing changes", async () => {
    const code = uniqueCode("P");
    const created = await api("POST", PATH, { code, name: "Holiday promotion", couponBased: true });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ ...CHILDREN, name: { errors: ["Please enter promotion name."] } }));
    }
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(created.body);
  });

  it("index_response, filtered by search and couponBased: {id, code, name, priority, _links}, coupons linked when coupon-based", async () => {
    const prefix = uniqueCode("promo");
    const sunday = await api("POST", PATH, { code: `${prefix}-sunday`, name: "Sunday promotion" });
    const holiday = await api("POST", PATH, { code: `${prefix}-holiday`, name: "Holiday promotion", couponBased: true });
    expect(holiday.body._links.coupons).toEqual({ href: `${PATH}${prefix}-holiday/coupons/` });
    const all = await api("GET", `${PATH}?criteria[search]=${prefix}&sorting[code]=desc`);
    expect(all.body._embedded.items).toEqual([
      { id: sunday.body.id, code: `${prefix}-sunday`, name: "Sunday promotion", priority: 0, _links: { self: { href: `${PATH}${prefix}-sunday` } } },
      {
        id: holiday.body.id,
        code: `${prefix}-holiday`,
        name: "Holiday promotion",
        priority: 0,
        _links: { self: { href: `${PATH}${prefix}-holiday` }, coupons: { href: `${PATH}${prefix}-holiday/coupons/` } },
      },
    ]);
    const couponBased = await api("GET", `${PATH}?criteria[search]=${prefix}&criteria[couponBased]=true`);
    expect(couponBased.body._embedded.items.map((p: { code: string }) => p.code)).toEqual([`${prefix}-holiday`]);
    const byName = await api("GET", `${PATH}?criteria[search]=Holiday promotion&criteria[code]=${prefix}`);
    expect(byName.body._embedded.items.map((p: { code: string }) => p.code)).toEqual([`${prefix}-holiday`]);
  });

  // Sylius' form takes money in major units and percentages in percent (12 → 1200, 15 → 0.15), and shows what it stores.
  it("create_response_with_rules: nth_order and item_total", async () => {
    const [web, mob] = [await insertChannel(), await insertChannel()];
    const code = uniqueCode("christmas-promotion");
    const res = await api("POST", PATH, {
      code,
      name: "Christmas Promotion",
      rules: [
        { type: "nth_order", configuration: { nth: 3 } },
        { type: "item_total", configuration: { [web.code]: { amount: 12 }, [mob.code]: { amount: 15 } } },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Christmas Promotion",
      priority: 0,
      exclusive: false,
      used: 0,
      couponBased: false,
      rules: [
        { id: expect.any(Number), type: "nth_order", configuration: { nth: 3 } },
        { id: expect.any(Number), type: "item_total", configuration: { [web.code]: { amount: 1200 }, [mob.code]: { amount: 1500 } } },
      ],
      actions: [],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      channels: [],
      _links: { self: { href: `${PATH}${code}` } },
    });
  });

  it("create_response_with_actions: unit filters (codes as Sylius' autocomplete sends them), stored with every filter", async () => {
    const [web, mob] = [await insertChannel(), await insertChannel()];
    const [sw, lotr] = [await insertProduct(), await insertProduct()];
    const mugs = uniqueCode("mugs");
    expect((await api("POST", "/api/v1/taxons/", { code: mugs })).status).toBe(201);
    const code = uniqueCode("christmas-promotion");
    const res = await api("POST", PATH, {
      code,
      name: "Christmas Promotion",
      actions: [
        {
          type: "unit_percentage_discount",
          configuration: {
            [web.code]: {
              percentage: 15,
              filters: {
                price_range_filter: { min: 1, max: 12000 },
                taxons_filter: { taxons: mugs },
                products_filter: { products: `${sw.code},${lotr.code}` },
              },
            },
            [mob.code]: { percentage: 20, filters: { products_filter: { products: sw.code } } },
          },
        },
        { type: "order_fixed_discount", configuration: { [web.code]: { amount: 12 }, [mob.code]: { amount: 15 } } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Christmas Promotion",
      priority: 0,
      exclusive: false,
      used: 0,
      couponBased: false,
      rules: [],
      actions: [
        {
          id: expect.any(Number),
          type: "unit_percentage_discount",
          configuration: {
            [web.code]: {
              percentage: 0.15,
              filters: {
                price_range_filter: { min: 100, max: 1200000 },
                taxons_filter: { taxons: [mugs] },
                products_filter: { products: [sw.code, lotr.code] },
              },
            },
            [mob.code]: {
              percentage: 0.2,
              filters: { price_range_filter: [], taxons_filter: { taxons: [] }, products_filter: { products: [sw.code] } },
            },
          },
        },
        { id: expect.any(Number), type: "order_fixed_discount", configuration: { [web.code]: { amount: 1200 }, [mob.code]: { amount: 1500 } } },
      ],
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      channels: [],
      _links: { self: { href: `${PATH}${code}` } },
    });
    expect((await api("GET", `${PATH}${code}`)).body.actions).toEqual(res.body.actions);
  });
});
