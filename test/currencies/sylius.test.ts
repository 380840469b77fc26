/**
 * Currencies as Sylius 1.8's CurrencyApiTest drives them (tests/Responses/Expected/currency/*.json):
 * Model.Currency.yml (id and code; the model has no exchangeRate or enabled
 * any more, and no timestamps are exposed), CurrencyType (a choice: `code`),
 * Currency.xml and CurrencyBundle's validators.en.yml.
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { freeCurrencyCode } from "../fixtures/references";
import { expectCreationOrder, listAll, validationFailed } from "../fixtures/sylius";

const PATH = "/api/v1/currencies/";

describe("currencies (Sylius 1.8)", () => {
  it("create_validation_fail_response: `Please choose currency code.`", async () => {
    for (const body of [{}, { code: "" }, { code: null }]) {
      const res = await api("POST", PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ code: { errors: ["Please choose currency code."] } }));
    }
  });

  it("a code that is no currency is `This value is not valid.`, a taken one `Currency code must be unique.`", async () => {
    for (const code of ["US$", "usd", "USDX"]) {
      expect((await api("POST", PATH, { code })).body, code).toEqual(validationFailed({ code: { errors: ["This value is not valid."] } }));
    }
    const code = await freeCurrencyCode();
    expect((await api("POST", PATH, { code })).status).toBe(201);
    expect((await api("POST", PATH, { code })).body).toEqual(validationFailed({ code: { errors: ["Currency code must be unique."] } }));
  });

  it("create_response and show_response: exactly id, code and the self link (no timestamps)", async () => {
    const code = await freeCurrencyCode();
    const created = await api("POST", PATH, { code });
    const expected = { id: expect.any(Number), code, _links: { self: { href: `${PATH}${code}` } } };
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expected);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(expected);
  });

  it("index_response: the same keys, in creation order (not by code)", async () => {
    const [first, second] = [await freeCurrencyCode(), await freeCurrencyCode()].sort().reverse();
    await api("POST", PATH, { code: first });
    await api("POST", PATH, { code: second });
    const items = await listAll<{ id: number; code: string }>(PATH);
    expectCreationOrder(items);
    expect(items.findIndex((c) => c.code === first)).toBeLessThan(items.findIndex((c) => c.code === second));
    for (const item of items) expect(Object.keys(item)).toEqual(["id", "code", "_links"]);
  });

  it("a PUT without a body is a 400 with the form's errors (not a 204)", async () => {
    const code = await freeCurrencyCode();
    await api("POST", PATH, { code });
    const res = await api("PUT", `${PATH}${code}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ code: { errors: ["Please choose currency code."] } }));
  });
});
