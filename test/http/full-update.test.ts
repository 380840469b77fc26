/**
 * A PUT is Sylius' form submitted whole (Symfony's `clear_missing`): a field
 * the body leaves out takes its empty value (null, false for a checkbox, an
 * empty collection, the create's default); a PATCH keeps it. Each row: a
 * resource created with its optional fields set, the body of its required
 * fields alone, and how the read shows each optional field set and cleared.
 * A PATCH of that body keeps every field; a PUT of it clears every one.
 * (The variant's PUT keeps unsent fields: its own documented contract.)
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createChannel, createCountry, createCustomer, createShippingCategory, createTaxCategory, createZone, ensureLocales, uniqueProvinceCode } from "../fixtures/references";
import { createProduct, createPromotion } from "../fixtures/catalog";
import { shippingMethodSetup } from "../fixtures/shipping-methods";

type Body = Record<string, unknown>;
/** How the read shows a field: `read(body)` is `set` after the create (and a PATCH), `cleared` after a PUT. */
interface Field {
  read: (body: Body) => unknown;
  set: unknown;
  cleared: unknown;
}
interface Row {
  /** The resource's URL and the body of its required fields. */
  setup: () => Promise<{ url: string; required: Body; fields: Record<string, Field> }>;
}

const codes = (list: unknown) => (Array.isArray(list) ? list.map((item) => (typeof item === "string" ? item : (item as { code: string }).code)) : list);

const ROWS: Record<string, Row> = {
  "tax categories": {
    setup: async () => {
      const category = await createTaxCategory({ description: "Goods" });
      return {
        url: `/api/v1/tax-categories/${category.code}`,
        required: { name: "Standard" },
        fields: { description: { read: (b) => b.description, set: "Goods", cleared: undefined } },
      };
    },
  },
  "shipping categories": {
    setup: async () => {
      const category = await createShippingCategory({ description: "Heavy" });
      return {
        url: `/api/v1/shipping-categories/${category.code}`,
        required: { name: "Heavy goods" },
        fields: { description: { read: (b) => b.description, set: "Heavy", cleared: undefined } },
      };
    },
  },
  "promotion coupons": {
    setup: async () => {
      const promotion = await createPromotion({ couponBased: true });
      const code = uniqueCode("CPN");
      const url = `/api/v1/promotions/${promotion.code}/coupons/${code}`;
      expect((await api("POST", `/api/v1/promotions/${promotion.code}/coupons/`, { code, usageLimit: 5, perCustomerUsageLimit: 2, expiresAt: "2030-01-01" })).status).toBe(201);
      return {
        url,
        required: {},
        fields: {
          usageLimit: { read: (b) => b.usageLimit, set: 5, cleared: undefined },
          perCustomerUsageLimit: { read: (b) => b.perCustomerUsageLimit, set: 2, cleared: undefined },
          expiresAt: { read: (b) => b.expiresAt, set: "2030-01-01T00:00:00+00:00", cleared: undefined },
        },
      };
    },
  },
  customers: {
    setup: async () => {
      const group = uniqueCode("GRP");
      expect((await api("POST", "/api/v1/customer-groups/", { code: group, name: "Retail" })).status).toBe(201);
      const customer = await createCustomer({ firstName: "Ann", lastName: "Lee", birthday: "1990-05-01", gender: "f", group });
      return {
        url: `/api/v1/customers/${customer.id}`,
        required: { email: customer.email },
        fields: {
          firstName: { read: (b) => b.firstName, set: "Ann", cleared: undefined },
          lastName: { read: (b) => b.lastName, set: "Lee", cleared: undefined },
          birthday: { read: (b) => b.birthday, set: "1990-05-01T00:00:00+00:00", cleared: undefined },
          gender: { read: (b) => b.gender, set: "f", cleared: "u" },
          group: { read: (b) => (b.group as Body | undefined)?.code, set: group, cleared: undefined },
        },
      };
    },
  },
  countries: {
    setup: async () => {
      const country = await createCountry();
      const province = uniqueProvinceCode(country.code);
      expect((await api("PATCH", `/api/v1/countries/${country.code}`, { provinces: [{ code: province, name: "Province" }] })).status).toBe(204);
      return {
        url: `/api/v1/countries/${country.code}`,
        // The code is the only field an empty PUT fails.
        required: { code: country.code },
        fields: {
          enabled: { read: (b) => b.enabled, set: true, cleared: false },
          provinces: { read: (b) => codes(b.provinces), set: [province], cleared: [] },
        },
      };
    },
  },
  channels: {
    setup: async () => {
      // Another enabled channel: disabling the last one fails (`Must have at least one enabled entity`).
      await createChannel({ enabled: true });
      const menu = uniqueCode("MENU");
      expect((await api("POST", "/api/v1/taxons/", { code: menu, translations: { en_US: { name: menu, slug: menu.toLowerCase() } } })).status).toBe(201);
      const channel = await createChannel({ description: "Web", enabled: true, hostname: "shop.example.com", color: "blue", menuTaxon: menu });
      return {
        url: `/api/v1/channels/${channel.code}`,
        required: { name: channel.name, taxCalculationStrategy: "order_items_based" },
        fields: {
          description: { read: (b) => b.description, set: "Web", cleared: undefined },
          enabled: { read: (b) => b.enabled, set: true, cleared: false },
          hostname: { read: (b) => b.hostname, set: "shop.example.com", cleared: undefined },
          color: { read: (b) => b.color, set: "blue", cleared: undefined },
          menuTaxon: { read: (b) => (b.menuTaxon as { code?: string } | undefined)?.code, set: menu, cleared: undefined },
        },
      };
    },
  },
  "tax rates": {
    setup: async () => {
      const [category, zone] = [await createTaxCategory(), await createZone()];
      const code = uniqueCode("RATE");
      const body = { code, name: "VAT", amount: 0.2, calculator: "default", category: category.code, zone: zone.code };
      expect((await api("POST", "/api/v1/tax-rates/", { ...body, includedInPrice: true })).status).toBe(201);
      return {
        url: `/api/v1/tax-rates/${code}`,
        required: { name: "VAT", amount: 0.2, calculator: "default", category: category.code, zone: zone.code },
        fields: { includedInPrice: { read: (b) => b.includedInPrice, set: true, cleared: false } },
      };
    },
  },
  "payment methods": {
    setup: async () => {
      const channel = await createChannel();
      const code = uniqueCode("PAY");
      const translations = { en_US: { name: "Cheque" } };
      expect((await api("POST", "/api/v1/payment-methods/", { code, enabled: true, channels: [channel.code], translations })).status).toBe(201);
      return {
        url: `/api/v1/payment-methods/${code}`,
        required: { translations },
        fields: {
          enabled: { read: (b) => b.enabled, set: true, cleared: false },
          channels: { read: (b) => codes(b.channels), set: [channel.code], cleared: [] },
        },
      };
    },
  },
  "shipping methods": {
    setup: async () => {
      const { channel, zone, body } = await shippingMethodSetup();
      const [category, taxCategory] = [await createShippingCategory(), await createTaxCategory()];
      const rules = [{ type: "total_weight_less_than_or_equal", configuration: { weight: 20 } }];
      const created = body({ enabled: true, category: category.code, categoryRequirement: "match_all", taxCategory: taxCategory.code, rules });
      expect((await api("POST", "/api/v1/shipping-methods/", created)).status).toBe(201);
      return {
        url: `/api/v1/shipping-methods/${created.code}`,
        required: { zone: zone.code, calculator: "flat_rate" },
        fields: {
          enabled: { read: (b) => b.enabled, set: true, cleared: false },
          category: { read: (b) => (b.category as Body | undefined)?.code, set: category.code, cleared: undefined },
          categoryRequirement: { read: (b) => b.categoryRequirement, set: "match_all", cleared: "match_any" },
          taxCategory: { read: (b) => (b.taxCategory as Body | undefined)?.code, set: taxCategory.code, cleared: undefined },
          rules: { read: (b) => (b.rules as Body[]).map((rule) => rule.type), set: ["total_weight_less_than_or_equal"], cleared: [] },
          channels: { read: (b) => b.channels, set: [channel.code], cleared: [] },
        },
      };
    },
  },
  promotions: {
    setup: async () => {
      const channel = await createChannel();
      const promotion = await createPromotion({
        exclusive: true,
        usageLimit: 10,
        priority: 7,
        couponBased: true,
        startsAt: { date: "2026-01-01", time: "00:00" },
        endsAt: { date: "2036-01-01", time: "00:00" },
        channels: [channel.code],
        rules: [{ type: "cart_quantity", configuration: { count: 2 } }],
      });
      return {
        url: `/api/v1/promotions/${promotion.code}`,
        required: { name: "Promo" },
        fields: {
          exclusive: { read: (b) => b.exclusive, set: true, cleared: false },
          usageLimit: { read: (b) => b.usageLimit, set: 10, cleared: undefined },
          priority: { read: (b) => b.priority, set: 7, cleared: 0 },
          couponBased: { read: (b) => b.couponBased, set: true, cleared: false },
          startsAt: { read: (b) => b.startsAt, set: "2026-01-01T00:00:00+00:00", cleared: undefined },
          endsAt: { read: (b) => b.endsAt, set: "2036-01-01T00:00:00+00:00", cleared: undefined },
          channels: { read: (b) => codes(b.channels), set: [channel.code], cleared: [] },
          rules: { read: (b) => (b.rules as Body[]).map((rule) => rule.type), set: ["cart_quantity"], cleared: [] },
        },
      };
    },
  },
  "admin users": {
    setup: async () => {
      const username = uniqueCode("admin").toLowerCase();
      const required = { username, email: `${username}@example.com`, localeCode: "en_US" };
      const res = await api("POST", "/api/v1/users/", { ...required, plainPassword: "a-long-password", enabled: true, firstName: "Ann", lastName: "Lee" });
      expect(res.status).toBe(201);
      return {
        url: `/api/v1/users/${res.body.id}`,
        required,
        fields: {
          enabled: { read: (b) => b.enabled, set: true, cleared: false },
          firstName: { read: (b) => b.firstName, set: "Ann", cleared: undefined },
          lastName: { read: (b) => b.lastName, set: "Lee", cleared: undefined },
        },
      };
    },
  },
  taxons: {
    setup: async () => {
      await ensureLocales("en_US");
      const [parent, code] = [uniqueCode("ROOT"), uniqueCode("TX")];
      const translation = (name: string) => ({ en_US: { name, slug: name.toLowerCase() } });
      expect((await api("POST", "/api/v1/taxons/", { code: parent, translations: translation(parent) })).status).toBe(201);
      expect((await api("POST", "/api/v1/taxons/", { code, parent, enabled: true, translations: translation(code) })).status).toBe(201);
      return {
        url: `/api/v1/taxons/${code}`,
        required: { translations: translation(code) },
        fields: {
          parent: { read: (b) => (b.parent as Body | undefined)?.code, set: parent, cleared: undefined },
        },
      };
    },
  },
  products: {
    setup: async () => {
      const channel = await createChannel();
      const taxon = uniqueCode("TX");
      const option = uniqueCode("OPT");
      expect((await api("POST", "/api/v1/taxons/", { code: taxon, translations: { en_US: { name: taxon, slug: taxon.toLowerCase() } } })).status).toBe(201);
      expect((await api("POST", "/api/v1/product-options/", { code: option, translations: { en_US: { name: "Size" } }, values: [] })).status).toBe(201);
      const code = uniqueCode("P");
      const translations = { en_US: { name: "Mug", slug: code.toLowerCase() } };
      await createProduct({ code, translations, channels: [channel.code], mainTaxon: taxon, productTaxons: [taxon], options: [option] });
      return {
        url: `/api/v1/products/${code}`,
        required: { translations },
        fields: {
          channels: { read: (b) => codes(b.channels), set: [channel.code], cleared: [] },
          mainTaxon: { read: (b) => (b.mainTaxon as Body | undefined)?.code, set: taxon, cleared: undefined },
          productTaxons: { read: (b) => (b.productTaxons as { taxon: Body }[]).map((link) => link.taxon.code), set: [taxon], cleared: [] },
          options: { read: (b) => codes(b.options), set: [option], cleared: [] },
        },
      };
    },
  },
  "product options": {
    setup: async () => {
      const [first, code] = [uniqueCode("OPT"), uniqueCode("OPT")];
      const translations = { en_US: { name: "Size" } };
      expect((await api("POST", "/api/v1/product-options/", { code: first, translations })).status).toBe(201);
      const value = `${code}_s`;
      // Positioned first: a PUT without a position puts it last, as a create without one does.
      expect((await api("POST", "/api/v1/product-options/", { code, position: 0, translations, values: [{ code: value, translations: { en_US: { value: "S" } } }] })).status).toBe(201);
      const last = async () => {
        const list = await api("GET", "/api/v1/product-options/?sorting[position]=desc&limit=1");
        return list.body._embedded.items[0].position;
      };
      return {
        url: `/api/v1/product-options/${code}`,
        required: { translations },
        fields: {
          values: { read: (b) => codes(b.values), set: [value], cleared: [] },
          position: { read: (b) => b.position, set: 0, cleared: await last() },
        },
      };
    },
  },
};

describe("a PUT clears what it does not send, a PATCH keeps it (Sylius' clear_missing)", () => {
  for (const [resource, row] of Object.entries(ROWS)) {
    it(`${resource}: a PUT of the required fields alone clears each optional field; a PATCH of them keeps it`, async () => {
      const { url, required, fields } = await row.setup();
      const shown = (body: Body) => Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.read(body)]));
      const set = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.set]));
      const cleared = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.cleared]));
      const patch = await api("PATCH", url, required);
      expect(patch.status, JSON.stringify(patch.body)).toBe(204);
      expect(shown((await api("GET", url)).body)).toEqual(set);
      const put = await api("PUT", url, required);
      expect(put.status, JSON.stringify(put.body)).toBe(204);
      expect(shown((await api("GET", url)).body)).toEqual(cleared);
    });
  }
});
