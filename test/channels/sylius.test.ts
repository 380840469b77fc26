/**
 * Channels as Sylius 1.8's ChannelApiTest drives them (tests/Responses/Expected/channel/*.json):
 * ChannelBundle's and AdminApiBundle's Model.Channel.yml (detailed set for one channel,
 * `{id, code, _links}` in lists), CoreBundle's ChannelType over ChannelBundle's
 * (name … menuTaxon, then code and baseCurrency), Channel.xml (Channel and Core:
 * NotBlank on code, name, base currency, default locale and tax calculation strategy,
 * HasEnabledEntity) and validators.en.yml.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { TIMESTAMP, validationFailed } from "../fixtures/sylius";
import { createChannel, ensureCurrency, ensureLocales } from "../fixtures/references";

const PATH = "/api/v1/channels/";
const SHOP_BILLING_DATA = { children: { taxId: {}, company: {}, countryCode: {}, street: {}, city: {}, postcode: {} } };
/** ChannelType's children, all passing. */
const CHILDREN = {
  name: {},
  description: {},
  enabled: {},
  hostname: {},
  color: {},
  locales: {},
  defaultLocale: {},
  currencies: {},
  countries: {},
  defaultTaxZone: {},
  taxCalculationStrategy: {},
  themeName: {},
  contactEmail: {},
  skippingShippingStepAllowed: {},
  skippingPaymentStepAllowed: {},
  accountVerificationRequired: {},
  shopBillingData: SHOP_BILLING_DATA,
  menuTaxon: {},
  code: {},
  baseCurrency: {},
};

describe("channels (Sylius 1.8)", () => {
  it("show_response and index_response: the detailed set alone, {id, code, _links} in lists", async () => {
    await ensureLocales("en_US");
    await ensureCurrency("USD");
    const code = uniqueCode("WEB");
    const created = await api("POST", PATH, {
      code,
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      enabled: true,
      baseCurrency: "USD",
      defaultLocale: "en_US",
      taxCalculationStrategy: "order_items_based",
    });
    expect(created.status).toBe(201);
    const show = await api("GET", `${PATH}${code}`);
    expect(show.body).toEqual({
      id: created.body.id,
      code,
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      _links: { self: { href: `${PATH}${code}` } },
    });
    expect(created.body).toEqual(show.body);
    const list = await api("GET", `${PATH}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items).toEqual([{ id: created.body.id, code, _links: { self: { href: `${PATH}${code}` } } }]);
  });

  it("create_validation_fail_response: Sylius' messages for a form submitted empty, children in ChannelType's order", async () => {
    for (const body of [undefined, {}]) {
      const res = await api("POST", PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({
          ...CHILDREN,
          name: { errors: ["Please enter channel name."] },
          defaultLocale: { errors: ["Please enter channel default locale."] },
          taxCalculationStrategy: { errors: ["This value should not be blank."] },
          code: { errors: ["Please enter channel code."] },
          baseCurrency: { errors: ["Please enter channel base currency."] },
        }),
      );
    }
    const blank = await api("POST", PATH, { code: uniqueCode("C"), name: "x", baseCurrency: "USD", defaultLocale: "en_US", taxCalculationStrategy: null });
    expect(blank.body.errors.children.taxCalculationStrategy).toEqual({ errors: ["This value should not be blank."] });
  });

  it("update_validation_fail_response: a PUT without a body is a 400 (name and strategy blank), nothing changes", async () => {
    const channel = await createChannel();
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${channel.code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        validationFailed({
          ...CHILDREN,
          name: { errors: ["Please enter channel name."] },
          taxCalculationStrategy: { errors: ["This value should not be blank."] },
        }),
      );
    }
    expect((await api("GET", `${PATH}${channel.code}`)).body.name).toBe(channel.name);
    expect((await api("PATCH", `${PATH}${channel.code}`)).status).toBe(204);
  });

  it("HasEnabledEntity: the last enabled channel cannot be disabled (`Must have at least one enabled entity`)", async () => {
    const channel = await createChannel();
    const enabledOthers = await env.DB.prepare("SELECT id FROM channels WHERE enabled = 1 AND code <> ?").bind(channel.code).all<{ id: number }>();
    const ids = enabledOthers.results.map((row) => row.id);
    // Disable every other channel for the length of this test, then restore them.
    const setEnabled = (value: number) =>
      ids.length ? env.DB.prepare(`UPDATE channels SET enabled = ? WHERE id IN (${ids.map(() => "?").join(",")})`).bind(value, ...ids).run() : null;
    await setEnabled(0);
    try {
      const res = await api("PATCH", `${PATH}${channel.code}`, { enabled: false });
      expect(res.status).toBe(400);
      expect(res.body.errors.children.enabled).toEqual({ errors: ["Must have at least one enabled entity"] });
      expect((await api("GET", `${PATH}${channel.code}`)).body.enabled).toBe(true);
    } finally {
      await setEnabled(1);
    }
    expect((await api("PATCH", `${PATH}${channel.code}`, { enabled: false })).status).toBe(204);
  });
});

describe("ChannelApiTest", () => {
  it("it_does_not_allow_to_create_channel_without_specifying_required_data", async () => {
    const required = {
      name: { errors: ["Please enter channel name."] },
      defaultLocale: { errors: ["Please enter channel default locale."] },
      taxCalculationStrategy: { errors: ["This value should not be blank."] },
      code: { errors: ["Please enter channel code."] },
      baseCurrency: { errors: ["Please enter channel base currency."] },
    };
    // Sylius' test runs on a shop without channels: disable every enabled one for the length of this test.
    const enabled = await env.DB.prepare("SELECT id FROM channels WHERE enabled = 1").all<{ id: number }>();
    const ids = enabled.results.map((row) => row.id);
    const setEnabled = (value: number) =>
      ids.length ? env.DB.prepare(`UPDATE channels SET enabled = ? WHERE id IN (${ids.map(() => "?").join(",")})`).bind(value, ...ids).run() : null;
    await setEnabled(0);
    try {
      // No body: ChannelType's checkbox is unchecked, and no channel would be enabled.
      const res = await api("POST", PATH);
      expect(res.status).toBe(400);
      expect(res.body.errors.children).toMatchObject(required);
      expect(res.body.errors.children.enabled).toEqual({ errors: ["Must have at least one enabled entity"] });
    } finally {
      await setEnabled(1);
    }
    // With an enabled channel in the shop, `enabled` passes.
    await createChannel();
    const res = await api("POST", PATH);
    expect(res.body.errors.children).toMatchObject(required);
    expect(res.body.errors.children.enabled).toEqual({});
  });
});
