/**
 * Shipping methods as Sylius 1.8 defines them: AdminApiBundle's and ShippingBundle's
 * Model.ShippingMethod.yml (`_links.self` and `_links.zone`, tests/Responses/Expected/
 * shipping_method/show_response.json), ShippingMethodType with CoreBundle's
 * ShippingMethodTypeExtension (translations, position, category, categoryRequirement,
 * calculator, enabled, rules, zone, taxCategory, channels, then code and configuration),
 * ShippingMethod.xml / ShippingMethodTranslation.xml of both bundles and validators.en.yml:
 * translations are optional (a `Valid` collection), a sent name is 2..255 characters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";
import { ensureLocales } from "../fixtures/references";
import { SHIPPING_METHOD_FORM_CHILDREN, SHIPPING_METHODS_PATH, shippingMethodSetup } from "../fixtures/shipping-methods";

const PATH = SHIPPING_METHODS_PATH;
const CHILDREN = SHIPPING_METHOD_FORM_CHILDREN;
const setup = shippingMethodSetup;

describe("shipping methods (Sylius 1.8)", () => {
  beforeAll(async () => {
    await ensureLocales("en_US");
  });

  it("may be created without a name (translations are optional): the code names it", async () => {
    const { zone, body } = await setup();
    const created = await api("POST", PATH, body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: created.body.code, name: created.body.code, enabled: true, translations: [] });
    // show_response: Sylius' links (self and zone).
    expect(created.body._links).toEqual({
      self: { href: `${PATH}${created.body.code}` },
      zone: { href: `/api/v1/zones/${zone.code}` },
    });
    expect((await api("GET", `${PATH}${created.body.code}`)).body).toEqual(created.body);
  });

  it("reports a sent translation's failures inside its sub-form, with ShippingBundle's messages", async () => {
    const { body } = await setup();
    for (const [name, message] of [
      ["", "Please enter shipping method name."],
      ["x", "Shipping method name must be at least 2 characters long."],
      ["x".repeat(256), "Shipping method name must not be longer than 255 characters."],
    ]) {
      const res = await api("POST", PATH, body({ translations: { en_US: { name } } }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({ ...CHILDREN, translations: { children: { en_US: { children: { name: { errors: [message] }, description: {} } } } } }),
      );
    }
  });

  it("a PUT without a body is a 400 (calculator and zone blank), nothing changes", async () => {
    const { body } = await setup();
    const created = await api("POST", PATH, body({ translations: { en_US: { name: "UPS" } } }));
    for (const sent of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${created.body.code}`, sent);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({
          ...CHILDREN,
          calculator: { errors: ["Please select shipping method calculator."] },
          zone: { errors: ["Please select shipping method zone."] },
        }),
      );
    }
    expect((await api("GET", `${PATH}${created.body.code}`)).body).toEqual(created.body);
  });

  it("a method with rules still answers Sylius' show_response (id, code, enabled, _links self and zone)", async () => {
    const { channel, zone, body } = await setup();
    const rules = [{ type: "order_total_greater_than_or_equal", configuration: { [channel.code]: { amount: 5000 } } }];
    const created = await api("POST", PATH, body({ rules: [{ type: "order_total_greater_than_or_equal", configuration: { [channel.code]: { amount: 50 } } }] }));
    expect(created.status).toBe(201);
    const shown = await api("GET", `${PATH}${created.body.code}`);
    expect(shown.body).toMatchObject({
      id: expect.any(Number),
      code: created.body.code,
      enabled: true,
      rules,
      _links: { self: { href: `${PATH}${created.body.code}` }, zone: { href: `/api/v1/zones/${zone.code}` } },
    });
  });
});
