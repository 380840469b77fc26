import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { insertChannel, ensureLocales, shownChannel } from "../fixtures/references";
import { createProduct, createPromotion } from "../fixtures/catalog";
import { parseStoredAction, parseStoredRule } from "../../src/domain/promotion-config";
import { parseDateTime } from "../../src/http/fields";

const BASE = "/api/v1/promotions/";

/** Sylius' PromotionType, in its order; the dates are DateTimeType sub-forms `{date, time}`. */
const FIELDS = ["name", "description", "exclusive", "usageLimit", "startsAt", "endsAt", "priority", "couponBased", "rules", "actions", "channels", "code"];
const DATE_FIELDS = new Set(["startsAt", "endsAt"]);

/** The `children` of a form error where only `failing` fields fail. */
function children(failing: Record<string, string[]>) {
  return Object.fromEntries(
    FIELDS.map((f) => {
      const tree = DATE_FIELDS.has(f) ? { children: { date: {}, time: {} } } : {};
      return [f, failing[f] ? { errors: failing[f], ...tree } : tree];
    }),
  );
}

describe("promotions: create and read", () => {
  it("creates a promotion with every field in 2 round trips; get one in 1", async () => {
    const channel = await insertChannel();
    await ensureLocales("en_US");
    const product = (await createProduct()).code;
    const code = uniqueCode("PROMO");
    // Shown as stored: minor units and fractions; sent (below) in major units and percent.
    const rules = [
      { type: "cart_quantity", configuration: { count: 3 } },
      { type: "item_total", configuration: { [channel.code]: { amount: 5000 } } },
      { type: "contains_product", configuration: { product_code: product } },
    ];
    const actions = [
      { type: "order_fixed_discount", configuration: { [channel.code]: { amount: 500 } } },
      { type: "order_percentage_discount", configuration: { percentage: 0.1 } },
      { type: "unit_fixed_discount", configuration: { [channel.code]: { amount: 100 } } },
      { type: "unit_percentage_discount", configuration: { [channel.code]: { percentage: 0.25 } } },
      { type: "shipping_percentage_discount", configuration: { percentage: 1 } },
    ];
    const sentRules = [rules[0], { type: "item_total", configuration: { [channel.code]: { amount: 50 } } }, rules[2]];
    const sentActions = [
      { type: "order_fixed_discount", configuration: { [channel.code]: { amount: "5.00" } } },
      { type: "order_percentage_discount", configuration: { percentage: 10 } },
      { type: "unit_fixed_discount", configuration: { [channel.code]: { amount: 1 } } },
      { type: "unit_percentage_discount", configuration: { [channel.code]: { percentage: "25" } } },
      { type: "shipping_percentage_discount", configuration: { percentage: 100 } },
    ];
    const res = await api("POST", BASE, {
      code,
      name: "Spring sale",
      description: "Ten percent off",
      priority: 5,
      exclusive: true,
      usageLimit: 100,
      startsAt: "2026-03-01T10:00:00+02:00",
      endsAt: "2026-04-01",
      channels: [channel.code],
      rules: sentRules,
      actions: sentActions,
    });
    expect(res.status).toBe(201);
    expect(d1RoundTrips(res.headers)).toBe(2);
    // Sylius' detailed set: no description (the form takes it), the channels in their detailed set.
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Spring sale",
      priority: 5,
      exclusive: true,
      usageLimit: 100,
      used: 0,
      couponBased: false,
      startsAt: "2026-03-01T08:00:00+00:00",
      endsAt: "2026-04-01T00:00:00+00:00",
      channels: [shownChannel(channel)],
      rules: rules.map((rule) => ({ id: expect.any(Number), ...rule })),
      actions: actions.map((action) => ({ id: expect.any(Number), ...action })),
      createdAt: expect.stringMatching(/\+00:00$/),
      updatedAt: expect.stringMatching(/\+00:00$/),
      _links: { self: { href: `/api/v1/promotions/${code}` } },
    });

    const read = await api("GET", `${BASE}${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(res.body);
  });

  it("defaults: priority 0, not exclusive, no limit, no dates, empty collections", async () => {
    const code = uniqueCode("PROMO");
    const res = await api("POST", BASE, { code, name: "Plain" });
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: "Plain",
      priority: 0,
      exclusive: false,
      used: 0,
      couponBased: false,
      channels: [],
      rules: [],
      actions: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      _links: { self: { href: `/api/v1/promotions/${code}` } },
    });
  });

  it("answers 404 for an unknown promotion on every operation", async () => {
    const code = uniqueCode("NOPE");
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, `${BASE}${code}`, method === "PUT" || method === "PATCH" ? {} : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: `Promotion with code "${code}" does not exist.` });
    }
  });
});

describe("promotions: list", () => {
  it("pages, sorts by priority (default) and filters in 1 round trip", async () => {
    const prefix = uniqueCode("PL");
    await createPromotion({ code: `${prefix}_low`, name: "Low", priority: 1 });
    await createPromotion({ code: `${prefix}_high`, name: "High", priority: 9 });
    await createPromotion({ code: `${prefix}_mid`, name: "Mid", priority: 5 });
    const res = await api("GET", `${BASE}?criteria[code]=${prefix}&limit=2`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body).toMatchObject({ page: 1, limit: 2, pages: 2, total: 3 });
    expect(res.body._embedded.items.map((p: { code: string }) => p.code)).toEqual([`${prefix}_high`, `${prefix}_mid`]);
    const byName = await api("GET", `${BASE}?criteria[code]=${prefix}&sorting[name]=asc`);
    expect(byName.body._embedded.items.map((p: { name: string }) => p.name)).toEqual(["High", "Low", "Mid"]);
    const filtered = await api("GET", `${BASE}?criteria[code]=${prefix}&criteria[name]=mi`);
    expect(filtered.body._embedded.items.map((p: { code: string }) => p.code)).toEqual([`${prefix}_mid`]);
    // Sylius' default set in lists.
    expect(res.body._embedded.items[0]).toEqual({ id: expect.any(Number), code: `${prefix}_high`, name: "High", priority: 9, _links: { self: { href: `${BASE}${prefix}_high` } } });
  });
});

describe("promotions: validation", () => {
  it("reports every failing field at once, in form order", async () => {
    const existing = await createPromotion();
    const res = await api("POST", BASE, {
      code: existing.code,
      name: "",
      description: 5,
      priority: "high",
      exclusive: 1,
      usageLimit: 0,
      startsAt: "2026-02-30T00:00:00",
      endsAt: "tomorrow",
      channels: [uniqueCode("NOPE")],
      rules: [{ type: "unknown_rule", configuration: {} }],
      actions: [{ type: "order_percentage_discount", configuration: { percentage: 150 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: children({
          code: ["The promotion with given code already exists."],
          name: ["Please enter promotion name."],
          description: ["This value is not valid."],
          priority: ["This value is not valid."],
          exclusive: ["This value is not valid."],
          usageLimit: ["This value is not valid."],
          startsAt: ["This value is not valid."],
          endsAt: ["This value is not valid."],
          channels: ["This value is not valid."],
          rules: ["This value is not valid."],
          actions: ["This value is not valid."],
        }),
      },
    });
  });

  it("refuses unknown rule and action types", async () => {
    const res = await api("POST", BASE, {
      code: uniqueCode("PROMO"),
      name: "Promo X",
      rules: [{ type: "customer_group", configuration: { group_code: "vip" } }],
      actions: [{ type: "free_gift", configuration: {} }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual(
      children({ rules: ["This value is not valid."], actions: ["This value is not valid."] }),
    );
  });

  it("refuses bad configurations: wrong shapes, bounds, unknown channels and products", async () => {
    const channel = await insertChannel();
    const cases: { rules?: unknown; actions?: unknown; field: "rules" | "actions" }[] = [
      { field: "rules", rules: [{ type: "cart_quantity", configuration: { count: 0 } }] },
      { field: "rules", rules: [{ type: "cart_quantity", configuration: { count: 2, extra: true } }] },
      { field: "rules", rules: [{ type: "cart_quantity" }] },
      { field: "rules", rules: [{ type: "item_total", configuration: { [channel.code]: { amount: -1 } } }] },
      { field: "rules", rules: [{ type: "item_total", configuration: { [channel.code]: { amount: "9,50" } } }] },
      { field: "rules", rules: [{ type: "item_total", configuration: { [channel.code]: { amount: 21474836.48 } } }] },
      { field: "rules", rules: [{ type: "item_total", configuration: { [uniqueCode("NOPE")]: { amount: 1 } } }] },
      { field: "rules", rules: [{ type: "contains_product", configuration: { product_code: uniqueCode("NOPE") } }] },
      { field: "rules", rules: { type: "cart_quantity", configuration: { count: 1 } } },
      { field: "actions", actions: [{ type: "order_fixed_discount", configuration: { amount: 100 } }] },
      { field: "actions", actions: [{ type: "order_percentage_discount", configuration: { percentage: "10 %" } }] },
      { field: "actions", actions: [{ type: "unit_percentage_discount", configuration: { [channel.code]: { percentage: -0.1 } } }] },
      { field: "actions", actions: [{ type: "unit_fixed_discount", configuration: { [uniqueCode("NOPE")]: { amount: 1 } } }] },
      { field: "actions", actions: [{ type: "shipping_percentage_discount", configuration: {} }] },
    ];
    for (const { field, ...body } of cases) {
      const res = await api("POST", BASE, { code: uniqueCode("PROMO"), name: "Promo X", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.children, JSON.stringify(body)).toEqual(children({ [field]: ["This value is not valid."] }));
    }
  });

  it("refuses an end before the start, also against the stored dates on update", async () => {
    const res = await api("POST", BASE, {
      code: uniqueCode("PROMO"),
      name: "Promo X",
      startsAt: "2026-05-02T00:00:00Z",
      endsAt: "2026-05-01T23:59:59Z",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toEqual(children({ endsAt: ["End date cannot be set prior start date."] }));

    const promotion = await createPromotion({ startsAt: "2026-05-02T00:00:00Z" });
    const update = await api("PATCH", `${BASE}${promotion.code}`, { endsAt: "2026-05-01T00:00:00Z" });
    expect(update.status).toBe(400);
    expect(update.body.errors.children).toEqual(children({ endsAt: ["End date cannot be set prior start date."] }));
    // Clearing the start makes the same end acceptable.
    const cleared = await api("PATCH", `${BASE}${promotion.code}`, { startsAt: null, endsAt: "2026-05-01T00:00:00Z" });
    expect(cleared.status).toBe(204);
  });
});

describe("promotions: update and delete", () => {
  it("PUT clears unsent fields, replaces sent collections, ignores the code (2 round trips)", async () => {
    const [ch1, ch2] = [await insertChannel(), await insertChannel()];
    const promotion = await createPromotion({
      description: "Kept",
      priority: 2,
      usageLimit: 10,
      startsAt: "2026-01-01T00:00:00Z",
      channels: [ch1.code],
      rules: [{ type: "cart_quantity", configuration: { count: 2 } }],
      actions: [{ type: "order_percentage_discount", configuration: { percentage: 5 } }],
    });
    const res = await api("PUT", `${BASE}${promotion.code}`, {
      code: "something_else",
      name: "Renamed",
      exclusive: true,
      usageLimit: null,
      channels: [ch2.code, ch1.code],
      rules: [],
      actions: [{ type: "unit_fixed_discount", configuration: { [ch2.code]: { amount: 2.5 } } }],
    });
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    const read = await api("GET", `${BASE}${promotion.code}`);
    const { usageLimit: _dropped, startsAt: _cleared, ...kept } = promotion;
    expect(read.body).toEqual({
      ...kept,
      name: "Renamed",
      exclusive: true,
      // Not sent: the priority takes a create's default and the start date is removed (Sylius' form submitted whole).
      priority: 0,
      channels: [shownChannel(ch1), shownChannel(ch2)],
      rules: [],
      actions: [{ id: expect.any(Number), type: "unit_fixed_discount", configuration: { [ch2.code]: { amount: 250 } } }],
      updatedAt: expect.any(String),
    });
    expect((await api("GET", `${BASE}something_else`)).status).toBe(404);
  });

  it("PATCH with a blank name is refused; with nothing, only updatedAt moves", async () => {
    const promotion = await createPromotion();
    const blank = await api("PATCH", `${BASE}${promotion.code}`, { name: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.children).toEqual(children({ name: ["Please enter promotion name."] }));
    expect((await api("PATCH", `${BASE}${promotion.code}`, {})).status).toBe(204);
    const read = await api("GET", `${BASE}${promotion.code}`);
    expect(read.body).toEqual({ ...promotion, updatedAt: expect.any(String) });
  });

  it("deletes (2 round trips), then it is gone", async () => {
    const channel = await insertChannel();
    const promotion = await createPromotion({ channels: [channel.code], rules: [{ type: "cart_quantity", configuration: { count: 1 } }] });
    const res = await api("DELETE", `${BASE}${promotion.code}`);
    expect(res.status).toBe(204);
    expect(d1RoundTrips(res.headers)).toBe(2);
    expect((await api("GET", `${BASE}${promotion.code}`)).status).toBe(404);
  });
});

describe("promotion configuration types", () => {
  it("parses stored rules and actions into typed values, or null", () => {
    expect(parseStoredRule({ type: "cart_quantity", configuration: { count: 2 } })).toEqual({
      type: "cart_quantity",
      configuration: { count: 2 },
    });
    expect(parseStoredRule({ type: "cart_quantity", configuration: { count: "2" } })).toBeNull();
    expect(parseStoredRule({ type: "nope", configuration: {} })).toBeNull();
    expect(parseStoredAction({ type: "unit_percentage_discount", configuration: { WEB: { percentage: 0.5 } } })).toEqual({
      type: "unit_percentage_discount",
      configuration: { WEB: { percentage: 0.5 } },
    });
    expect(parseStoredAction({ type: "order_fixed_discount", configuration: { WEB: { amount: 1.5 } } })).toBeNull();
  });

  it("parses ISO 8601 date-times to UTC", () => {
    expect(parseDateTime("2026-03-01T10:00:00+02:00")).toBe("2026-03-01T08:00:00.000Z");
    expect(parseDateTime("2026-03-01T10:00:00.5-0130")).toBe("2026-03-01T11:30:00.500Z");
    expect(parseDateTime("2026-03-01 10:00")).toBe("2026-03-01T10:00:00.000Z");
    expect(parseDateTime("2026-03-01")).toBe("2026-03-01T00:00:00.000Z");
    expect(parseDateTime("2026-02-29")).toBeNull();
    expect(parseDateTime("2026-03-01T24:00:00Z")).toBeNull();
    expect(parseDateTime("01/03/2026")).toBeNull();
  });
});
