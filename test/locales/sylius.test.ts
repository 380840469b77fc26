/**
 * Locales as Sylius 1.8's LocaleApiTest drives them (tests/Responses/Expected/locale/*.json):
 * Model.Locale.yml (timestamps only in the Detailed group), LocaleType (a
 * choice: `code`), Locale.xml and LocaleBundle's validators.en.yml.
 */
import { describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { randomScript, uniqueLocaleCode } from "../fixtures/references";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";

const PATH = "/api/v1/locales/";

describe("locales (Sylius 1.8)", () => {
  it("create_validation_fail_response: `Please choose locale code.`", async () => {
    const res = await api("POST", PATH, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ code: { errors: ["Please choose locale code."] } }));
  });

  it("a code that is no locale is `This value is not valid.` (a choice field), a taken one `Locale code must be unique.`", async () => {
    for (const code of ["en US", "fr.FR", "english"]) {
      const res = await api("POST", PATH, { code });
      expect(res.body, code).toEqual(validationFailed({ code: { errors: ["This value is not valid."] } }));
    }
    const code = uniqueLocaleCode();
    expect((await api("POST", PATH, { code })).status).toBe(201);
    expect((await api("POST", PATH, { code })).body).toEqual(validationFailed({ code: { errors: ["Locale code must be unique."] } }));
  });

  it("create_response and show_response (Detailed): id, code, createdAt, updatedAt, self link", async () => {
    const code = uniqueLocaleCode();
    const created = await api("POST", PATH, { code });
    const expected = { id: expect.any(Number), code, createdAt: TIMESTAMP, updatedAt: TIMESTAMP, _links: { self: { href: `${PATH}${code}` } } };
    expect(created.body).toEqual(expected);
    expect(Object.keys(created.body)).toEqual(["id", "code", "createdAt", "updatedAt", "_links"]);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(expected);
  });

  it("index_response (Default): id, code, self link, in creation order", async () => {
    const script = randomScript();
    // Created in an order that is not the order of their codes.
    const codes = ["zzz", "aaa", "mmm"].map((language) => `${language}_${script}_001`);
    const ids: number[] = [];
    for (const code of codes) ids.push((await api("POST", PATH, { code })).body.id);
    const res = await api("GET", `${PATH}?criteria%5Bcode%5D=${script}`);
    expect(res.status).toBe(200);
    expect(res.body._embedded.items).toEqual(codes.map((code, i) => ({ id: ids[i], code, _links: { self: { href: `${PATH}${code}` } } })));
  });

  it("a PUT without a body is a 400 with the form's errors (not a 204)", async () => {
    const code = uniqueLocaleCode();
    await api("POST", PATH, { code });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailed({ code: { errors: ["Please choose locale code."] } }));
    }
    expect((await api("PUT", `${PATH}${code}`, { code })).status).toBe(204);
    expect((await api("PATCH", `${PATH}${code}`)).status).toBe(204);
  });
});
