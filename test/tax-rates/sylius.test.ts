/**
 * Tax rates as Sylius 1.8's TaxRateApiTest drives them (tests/Responses/Expected/tax_rate/*.json):
 * TaxationBundle's Model.TaxRate.yml and AdminApiBundle's (zone hidden,
 * `_links.category` and `_links.zone`), TaxRateType with CoreBundle's
 * TaxRateTypeExtension (name, category, calculator, amount, includedInPrice,
 * zone, then code), TaxRate.xml (Taxation and Core) and TaxationBundle's
 * validators.en.yml. Lists are in creation order.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";
import { createTaxCategory, createZone } from "../fixtures/references";

const PATH = "/api/v1/tax-rates/";

describe("tax rates (Sylius 1.8)", () => {
  it("show_response and index_response: links to the category and the zone instead of embedding them", async () => {
    const category = await createTaxCategory();
    const zone = await createZone();
    const code = uniqueCode("R");
    const created = await api("POST", PATH, { code, name: "Sales Tax 20%", amount: 0.2, category: category.code, zone: zone.code });
    const expected = {
      id: expect.any(Number),
      code,
      name: "Sales Tax 20%",
      amount: 0.2,
      includedInPrice: false,
      calculator: "default",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      _links: {
        self: { href: `${PATH}${code}` },
        category: { href: `/api/v1/tax-categories/${category.code}` },
        zone: { href: `/api/v1/zones/${zone.code}` },
      },
    };
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expected);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(expected);
    expect((await api("GET", `${PATH}?criteria%5Bcode%5D=${code}`)).body._embedded.items).toEqual([expected]);
    // The links resolve.
    expect((await api("GET", expected._links.category.href)).status).toBe(200);
    expect((await api("GET", expected._links.zone.href)).status).toBe(200);
  });

  it("lists in creation order, not by code", async () => {
    const category = await createTaxCategory();
    const zone = await createZone();
    const prefix = uniqueCode("RO");
    const codes = [`${prefix}_c`, `${prefix}_a`, `${prefix}_b`];
    for (const code of codes) await api("POST", PATH, { code, name: code, amount: 0.1, category: category.code, zone: zone.code });
    const res = await api("GET", `${PATH}?criteria%5Bcode%5D=${prefix}`);
    expect(res.body._embedded.items.map((r: { code: string }) => r.code)).toEqual(codes);
  });

  it("answers Sylius' messages, children in the form's order", async () => {
    const res = await api("POST", PATH, { calculator: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      validationFailed({
        name: { errors: ["Please enter tax rate name."] },
        category: { errors: ["Please select tax category."] },
        calculator: { errors: ["Please select tax calculator."] },
        amount: { errors: ["Please enter tax rate amount."] },
        includedInPrice: {},
        zone: { errors: ["Please select tax zone."] },
        code: { errors: ["Please enter tax rate code."] },
      }),
    );
    expect(Object.keys(res.body.errors.children)).toEqual(["name", "category", "calculator", "amount", "includedInPrice", "zone", "code"]);
    const bad = await api("POST", PATH, { code: "a b" });
    expect(bad.body.errors.children.code).toEqual({ errors: ["Tax rate code can only be comprised of letters, numbers, dashes and underscores."] });
  });

  it("a PUT without a body is a 400 with the form's errors (not a 204)", async () => {
    const category = await createTaxCategory();
    const zone = await createZone();
    const code = uniqueCode("R");
    await api("POST", PATH, { code, name: "Kept", amount: 0.1, category: category.code, zone: zone.code });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({
          name: { errors: ["Please enter tax rate name."] },
          category: { errors: ["Please select tax category."] },
          calculator: { errors: ["Please select tax calculator."] },
          amount: { errors: ["Please enter tax rate amount."] },
          includedInPrice: {},
          zone: { errors: ["Please select tax zone."] },
          code: {},
        }),
      );
    }
    expect((await api("GET", `${PATH}${code}`)).body.name).toBe("Kept");
    expect((await api("PATCH", `${PATH}${code}`)).status).toBe(204);
  });
});
