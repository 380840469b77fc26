import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { createTaxCategory, createZone } from "../fixtures/references";
import { decimalText } from "../../src/data/queries/tax-rates";

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

const storedAmount = async (code: string) =>
  (await env.DB.prepare("SELECT amount FROM tax_rates WHERE code = ?").bind(code).first<{ amount: string }>())?.amount;

async function references() {
  return { category: await createTaxCategory(), zone: await createZone() };
}

describe("tax rates", () => {
  it("creates (201, 2 round trips) and reads (1 round trip) a rate with its category and zone", async () => {
    const { category, zone } = await references();
    const code = uniqueCode("R");
    const created = await api("POST", "/api/v1/tax-rates/", {
      code,
      name: "VAT 23",
      amount: 0.23,
      includedInPrice: true,
      calculator: "default",
      category: category.code,
      zone: zone.code,
    });
    expect(created.status).toBe(201);
    expect(d1RoundTrips(created.headers)).toBe(2);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code,
      name: "VAT 23",
      amount: 0.23,
      includedInPrice: true,
      calculator: "default",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      // Sylius 1.8 links the category and the zone, it does not embed them.
      _links: {
        self: { href: `/api/v1/tax-rates/${code}` },
        category: { href: `/api/v1/tax-categories/${category.code}` },
        zone: { href: `/api/v1/zones/${zone.code}` },
      },
    });
    expect(await storedAmount(code)).toBe("0.23");
    const read = await api("GET", `/api/v1/tax-rates/${code}`);
    expect(read.status).toBe(200);
    expect(d1RoundTrips(read.headers)).toBe(1);
    expect(read.body).toEqual(created.body);
  });

  it("stores the exact decimal text of the amount, with defaults for the flags", async () => {
    const { category, zone } = await references();
    const cases: [unknown, string, number][] = [
      ["0.070", "0.07", 0.07],
      [0.1, "0.1", 0.1],
      [1e-7, "0.0000001", 1e-7],
      ["10", "10", 10],
      [0, "0", 0],
    ];
    for (const [amount, text, number] of cases) {
      const code = uniqueCode("R");
      const res = await api("POST", "/api/v1/tax-rates/", { code, name: "r", amount, category: category.code, zone: zone.code });
      expect(res.status, JSON.stringify(amount)).toBe(201);
      expect(res.body).toMatchObject({ amount: number, includedInPrice: false, calculator: "default" });
      expect(await storedAmount(code)).toBe(text);
    }
  });

  it("normalises amounts without float arithmetic", () => {
    expect(decimalText(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(decimalText("007.50")).toBe("7.5");
    expect(decimalText(1.5e-7)).toBe("0.00000015");
    expect(decimalText("-1")).toBeNull();
    expect(decimalText("1e3")).toBeNull();
    expect(decimalText(Number.NaN)).toBeNull();
  });

  it("reports every failing field at once, in form order", async () => {
    const res = await api("POST", "/api/v1/tax-rates/", {
      code: "bad code",
      name: "",
      amount: "abc",
      includedInPrice: "no",
      calculator: "percent",
      category: "NO_SUCH_CATEGORY",
      zone: "",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        children: {
          name: { errors: ["Please enter tax rate name."] },
          category: { errors: ["This value is not valid."] },
          calculator: { errors: ["This value is not valid."] },
          amount: { errors: ["This value is not valid."] },
          includedInPrice: { errors: ["This value is not valid."] },
          zone: { errors: ["Please select tax zone."] },
          code: { errors: ["Tax rate code can only be comprised of letters, numbers, dashes and underscores."] },
        },
      },
    });
    const { category, zone } = await references();
    for (const amount of [10.5, -0.1, "1,5", true]) {
      const bad = await api("POST", "/api/v1/tax-rates/", { code: uniqueCode("R"), name: "r", amount, category: category.code, zone: zone.code });
      expect(bad.body.errors.children.amount, JSON.stringify(amount)).toEqual({ errors: ["This value is not valid."] });
    }
    const missing = await api("POST", "/api/v1/tax-rates/", { code: uniqueCode("R"), name: "r", category: category.code, zone: "NO_SUCH_ZONE" });
    expect(missing.body.errors.children).toMatchObject({
      amount: { errors: ["Please enter tax rate amount."] },
      category: {},
      zone: { errors: ["This value is not valid."] },
    });
  });

  it("rejects a duplicate code", async () => {
    const { category, zone } = await references();
    const code = uniqueCode("R");
    const body = { code, name: "r", amount: 0.1, category: category.code, zone: zone.code };
    expect((await api("POST", "/api/v1/tax-rates/", body)).status).toBe(201);
    const dup = await api("POST", "/api/v1/tax-rates/", body);
    expect(dup.status).toBe(400);
    expect(dup.body.errors.children.code).toEqual({ errors: ["The tax rate with given code already exists."] });
  });

  it("lists rates in creation order, linking their category and zone, in one round trip", async () => {
    const { category, zone } = await references();
    const prefix = uniqueCode("RL");
    for (const [suffix, amount] of [["b", 0.2], ["a", "0.05"]] as const) {
      await api("POST", "/api/v1/tax-rates/", { code: `${prefix}_${suffix}`, name: suffix, amount, category: category.code, zone: zone.code });
    }
    const res = await api("GET", `/api/v1/tax-rates/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(d1RoundTrips(res.headers)).toBe(1);
    expect(res.body.total).toBe(2);
    type Item = { code: string; amount: number; _links: { category: { href: string }; zone: { href: string } } };
    expect(res.body._embedded.items.map((r: Item) => [r.code, r.amount, r._links.category.href, r._links.zone.href])).toEqual([
      [`${prefix}_b`, 0.2, `/api/v1/tax-categories/${category.code}`, `/api/v1/zones/${zone.code}`],
      [`${prefix}_a`, 0.05, `/api/v1/tax-categories/${category.code}`, `/api/v1/zones/${zone.code}`],
    ]);
  });

  it("PUT and PATCH change what is sent; PUT unchecks includedInPrice when not sent, and keeps the required fields", async () => {
    const { category, zone } = await references();
    const code = uniqueCode("R");
    await api("POST", "/api/v1/tax-rates/", { code, name: "Old", amount: 0.2, includedInPrice: true, category: category.code, zone: zone.code });
    const put = await api("PUT", `/api/v1/tax-rates/${code}`, { code: "NEW_CODE", amount: "0.175" });
    expect(put.status).toBe(204);
    expect(d1RoundTrips(put.headers)).toBe(2);
    let read = await api("GET", `/api/v1/tax-rates/${code}`);
    expect(read.body).toMatchObject({
      code,
      name: "Old",
      amount: 0.175,
      // A checkbox the PUT leaves out (Sylius' CheckboxType submitted whole).
      includedInPrice: false,
      _links: { category: { href: `/api/v1/tax-categories/${category.code}` }, zone: { href: `/api/v1/zones/${zone.code}` } },
    });
    expect(await storedAmount(code)).toBe("0.175");

    const otherZone = await createZone();
    const patch = await api("PATCH", `/api/v1/tax-rates/${code}`, { zone: otherZone.code, includedInPrice: true });
    expect(patch.status).toBe(204);
    read = await api("GET", `/api/v1/tax-rates/${code}`);
    expect(read.body).toMatchObject({ name: "Old", amount: 0.175, includedInPrice: true, _links: { zone: { href: `/api/v1/zones/${otherZone.code}` } } });
    expect((await api("PATCH", `/api/v1/tax-rates/${code}`, { amount: "0.2" })).status).toBe(204);
    expect((await api("GET", `/api/v1/tax-rates/${code}`)).body.includedInPrice).toBe(true);

    const bad = await api("PATCH", `/api/v1/tax-rates/${code}`, { category: "NO_SUCH_CATEGORY", amount: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.children).toMatchObject({
      amount: { errors: ["Please enter tax rate amount."] },
      category: { errors: ["This value is not valid."] },
    });
  });

  it("answers 404 for an unknown rate and deletes a rate (204, 2 round trips)", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, "/api/v1/tax-rates/NO_SUCH_RATE", method === "PUT" || method === "PATCH" ? { name: "x" } : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Tax rate with code "NO_SUCH_RATE" does not exist.' });
    }
    const { category, zone } = await references();
    const code = uniqueCode("R");
    await api("POST", "/api/v1/tax-rates/", { code, name: "r", amount: 0.1, category: category.code, zone: zone.code });
    const del = await api("DELETE", `/api/v1/tax-rates/${code}`);
    expect(del.status).toBe(204);
    expect(d1RoundTrips(del.headers)).toBe(2);
    expect((await api("GET", `/api/v1/tax-rates/${code}`)).status).toBe(404);
  });
});
